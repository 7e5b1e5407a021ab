import type { MissingHelp } from '../../../common/catalog';
import type { TextLanguage } from '../../../common/languages';
import { articleHelpTextsFor } from '../../domain/article-help-texts';

/** Names what this article still lacks in the learner's language; nothing when it lacks nothing. */
export function MissingHelpNotice({ missing, language }: { missing: readonly MissingHelp[]; language: TextLanguage }) {
  if (missing.length === 0) return null;
  const texts = articleHelpTextsFor(language);
  return (
    <aside className="missing-help" aria-labelledby="missing-help-title" lang={language}>
      <h2 id="missing-help-title">{texts.missingTitle}</h2>
      <p>{texts.missingIntro}</p>
      <ul>
        {missing.map((kind) => (
          <li key={kind}>{texts.missing[kind]}</li>
        ))}
      </ul>
    </aside>
  );
}
