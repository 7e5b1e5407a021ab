import { Link } from 'wouter';
import type { TextLanguage } from '../../../common/languages';
import { formatLongDate } from '../../domain/dates';
import { isDue, type SavedWord } from '../../domain/saved-words';
import type { SavedWordsTexts } from '../../domain/saved-words-texts';
import { detailPath } from '../../domain/routing';
import { sentenceParts } from '../../domain/word-export';

interface SavedWordItemProps {
  word: SavedWord;
  texts: SavedWordsTexts;
  textLanguage: TextLanguage;
  language: string;
  now: Date;
  onDelete: (id: string) => void;
}

export function SavedWordItem({ word, texts, textLanguage, language, now, onDelete }: SavedWordItemProps) {
  const headingId = `saved-word-${word.id.replace(/[^a-z0-9]+/gi, '-')}`;
  return (
    <li className="saved-word" aria-labelledby={headingId}>
      <div className="saved-word-head">
        <h3 id={headingId} className="saved-word-word" lang="en">
          {word.word}
        </h3>
        {word.lemma.toLowerCase() !== word.word.toLowerCase() ? (
          <p className="saved-word-lemma">
            {texts.lemma}: <span lang="en">{word.lemma}</span>
          </p>
        ) : null}
        {word.ipa ? (
          <p className="saved-word-ipa" lang="en">
            /{word.ipa}/
          </p>
        ) : null}
      </div>
      {word.gloss !== null ? (
        <p className="saved-word-gloss" lang={word.glossLanguage}>
          <span className="visually-hidden">{texts.gloss}: </span>
          {word.gloss}
        </p>
      ) : word.definition !== null ? (
        <p className="saved-word-gloss" lang="en">
          {word.definition}
        </p>
      ) : null}
      {word.sentence !== '' ? (
        <blockquote className="saved-word-sentence" lang="en">
          {sentenceParts(word.sentence, word.word).map((part, index) =>
            part.marked ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
          )}
        </blockquote>
      ) : null}
      <p className="saved-word-source">
        {texts.fromArticle}{' '}
        <Link href={detailPath(language, word.articleId)} lang={word.articleTitle === '' ? undefined : 'en'}>
          {word.articleTitle === '' ? texts.anArticle : word.articleTitle}
        </Link>
      </p>
      <p className="saved-word-dates">
        <span>{texts.savedOn(formatLongDate(word.savedAt, textLanguage))}</span>
        <span>{isDue(word, now) ? texts.dueNow : texts.dueOn(formatLongDate(word.card.due, textLanguage))}</span>
      </p>
      <button type="button" className="button saved-word-delete" aria-label={texts.delete(word.word)} onClick={() => onDelete(word.id)}>
        {texts.deleteButton}
      </button>
    </li>
  );
}
