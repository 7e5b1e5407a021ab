import { useState } from 'react';
import type { TextLanguage } from '../../../common/languages';
import { savedWordId } from '../../domain/saved-words';
import { savedWordsTextsFor } from '../../domain/saved-words-texts';
import { saveSourceFromEntry, wordToSave } from '../../domain/word-to-save';
import type { WordEntry } from '../../domain/word-lookup';
import { SavedWordsActorContext } from '../words/saved-words-context';
import { ArticleDetailActorContext } from './article-detail-context';
import { sentenceAround } from './body-sentences';

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
  const id = savedWordId(entry.lemma);
  const saved = SavedWordsActorContext.useSelector((snapshot) => snapshot.context.words.some((word) => word.id === id));
  const problem = SavedWordsActorContext.useSelector((snapshot) => snapshot.context.problem);
  const article = ArticleDetailActorContext.useSelector((snapshot) => snapshot.context.article);
  // A store that cannot be used is named once the learner tries to save, not on every entry.
  const [tried, setTried] = useState(false);

  const save = () => {
    setTried(true);
    if (saved || article === null) return;
    const word = anchor?.getRootNode() instanceof ShadowRoot ? (anchor.textContent ?? entry.query) : entry.query;
    const source = saveSourceFromEntry(entry, word, sentenceOf(anchor), textLanguage);
    actor.send({
      type: 'SAVE',
      word: wordToSave(source, { textLanguage, articleId: article.id, articleTitle: article.title, now: new Date() }),
    });
  };

  return (
    <>
      <button
        type="button"
        className={saved ? 'button word-save word-save-saved' : 'button word-save'}
        aria-label={saved ? texts.savedLabel(entry.lemma) : texts.saveLabel(entry.lemma)}
        onClick={save}
      >
        {saved ? texts.saved : texts.save}
      </button>
      {tried && problem !== null ? (
        <p className="word-save-problem" role="alert">
          {texts.problems[problem]}
        </p>
      ) : null}
    </>
  );
}
