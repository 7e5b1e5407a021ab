import type { TextLanguage } from '../../../common/languages';
import { savedWordsTextsFor } from '../../domain/saved-words-texts';
import { saveSourceFromEntry } from '../../domain/word-to-save';
import { isSaved } from '../../machines/saved-words-selectors';
import type { WordEntry } from '../../domain/word-lookup';
import { SavedWordsActorContext } from '../words/saved-words-context';
import { ArticleDetailActorContext } from './article-detail-context';
import { sentenceAround } from './word-sentence';

/** The sentence of the body around the tapped word; '' when it came from the look-up field. */
function sentenceOf(anchor: HTMLElement | null): string {
  const root = anchor?.getRootNode();
  return anchor !== null && anchor !== undefined && root instanceof ShadowRoot ? sentenceAround(root, anchor) : '';
}

/** Save in the word entry: keeps the word with its meaning, sentence and article; "Saved" once kept. */
export function SaveWordButton({
  entry,
  anchor,
  textLanguage,
}: {
  entry: WordEntry;
  anchor: HTMLElement | null;
  textLanguage: TextLanguage;
}) {
  const texts = savedWordsTextsFor(textLanguage);
  const actor = SavedWordsActorContext.useActorRef();
  const saved = SavedWordsActorContext.useSelector((snapshot) => isSaved(snapshot.context, entry.lemma));
  const article = ArticleDetailActorContext.useSelector((snapshot) => snapshot.context.article);

  const save = () => {
    if (article === null) return;
    const word = anchor?.getRootNode() instanceof ShadowRoot ? (anchor.textContent ?? entry.query) : entry.query;
    const source = saveSourceFromEntry(entry, word, sentenceOf(anchor), textLanguage);
    actor.send({
      type: 'SAVE',
      source,
      article: { textLanguage, articleId: article.id, articleTitle: article.title },
    });
  };

  return (
    <button
      type="button"
      className={saved ? 'button word-save word-save-saved' : 'button word-save'}
      aria-label={saved ? texts.savedLabel(entry.lemma) : texts.saveLabel(entry.lemma)}
      onClick={save}
    >
      {saved ? texts.saved : texts.save}
    </button>
  );
}
