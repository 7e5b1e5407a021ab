import type { SavedWord } from '../../domain/saved-words';
import { wordInSentence } from '../../domain/word-in-sentence';

/** The sentence a saved word was met in, with the word marked where it stands as a word. */
export function MarkedSentence({ word, className, label }: { word: SavedWord; className: string; label?: string }) {
  const parts = wordInSentence(word.sentence, word.word, word.lemma);
  return (
    <blockquote className={className} lang="en">
      {label === undefined ? null : <span className="visually-hidden">{label}: </span>}
      {parts === null ? (
        word.sentence
      ) : (
        <>
          {parts.before}
          <mark>{parts.word}</mark>
          {parts.after}
        </>
      )}
    </blockquote>
  );
}
