import { useId } from 'react';
import { Link } from 'wouter';
import { detailPath } from '../../domain/routing';
import type { TextLanguage } from '../../../common/languages';
import { formatLocalDate } from '../../domain/local-dates';
import { isDue, type SavedWord } from '../../domain/saved-words';
import type { SavedWordsTexts } from '../../domain/saved-words-texts';
import { MarkedSentence } from '../common/marked-sentence';
import { ArticleSourceLink } from '../common/article-source-link';

interface SavedWordItemProps {
  word: SavedWord;
  texts: SavedWordsTexts;
  textLanguage: TextLanguage;
  language: string;
  now: Date;
  onDelete: (id: string) => void;
}

export function SavedWordItem({ word, texts, textLanguage, language, now, onDelete }: SavedWordItemProps) {
  // Ids made from the word would clash ("well-being" and "well being").
  const headingId = useId();
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
      {word.sentence !== '' ? <MarkedSentence word={word} className="saved-word-sentence" /> : null}
      <p className="saved-word-source">
        {texts.fromArticle}{' '}
        <ArticleSourceLink pageLanguage={language} articleId={word.articleId} title={word.articleTitle} untitled={texts.anArticle} />
        {' · '}
        <Link
          href={`${detailPath(language, word.articleId)}/practice`}
          aria-label={texts.practiseLabel(word.articleTitle === '' ? texts.anArticle : `“${word.articleTitle}”`)}
        >
          {texts.practise}
        </Link>
      </p>
      <p className="saved-word-dates">
        <span>{texts.savedOn(formatLocalDate(word.savedAt, textLanguage))}</span>
        <span>{isDue(word, now) ? texts.dueNow : texts.dueOn(formatLocalDate(word.card.due, textLanguage))}</span>
      </p>
      <button type="button" className="button saved-word-delete" aria-label={texts.delete(word.word)} onClick={() => onDelete(word.id)}>
        {texts.deleteButton}
      </button>
    </li>
  );
}
