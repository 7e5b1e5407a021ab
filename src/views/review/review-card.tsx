import { useEffect, useId, useRef } from 'react';
import type { TextLanguage } from '../../../common/languages';
import type { SavedWord } from '../../domain/saved-words';
import { REVIEW_GRADES, type ReviewGrade } from '../../domain/scheduling';
import { MarkedSentence } from '../common/marked-sentence';
import { formatInterval, type ReviewTexts } from '../../domain/review-texts';
import { ArticleSourceLink } from '../common/article-source-link';

interface ReviewCardProps {
  word: SavedWord;
  /** 1-based place in the session, and the session's length. */
  position: number;
  total: number;
  side: 'front' | 'back';
  saving: boolean;
  intervals: Record<ReviewGrade, number> | null;
  texts: ReviewTexts;
  textLanguage: TextLanguage;
  pageLanguage: string;
  onReveal: () => void;
  onGrade: (grade: ReviewGrade) => void;
}

function Sentence({ word, label }: { word: SavedWord; label: string }) {
  if (word.sentence.trim() === '') return null;
  return <MarkedSentence word={word} className="review-sentence" label={label} />;
}

function Answer({ word, texts }: { word: SavedWord; texts: ReviewTexts }) {
  return (
    <div className="review-answer">
      {word.gloss !== null && word.glossLanguage !== 'en' ? (
        <p className="review-gloss" lang={word.glossLanguage}>
          <span className="visually-hidden">{texts.glossLabel}: </span>
          {word.gloss}
        </p>
      ) : null}
      {word.ipa ? (
        <p className="review-ipa">
          <span className="visually-hidden">{texts.pronunciation}: </span>/{word.ipa}/
        </p>
      ) : null}
      {word.definition ? (
        <p className="review-definition" lang="en">
          <span className="visually-hidden">{texts.englishDefinition}: </span>
          {word.definition}
        </p>
      ) : null}
    </div>
  );
}

/** One card: the word in its sentence; after Show answer, its meaning and the four grades. */
export function ReviewCard({
  word,
  position,
  total,
  side,
  saving,
  intervals,
  texts,
  textLanguage,
  pageLanguage,
  onReveal,
  onGrade,
}: ReviewCardProps) {
  const headingId = useId();
  const hintId = useId();
  const gradesId = useId();
  const keysId = useId();
  const revealRef = useRef<HTMLButtonElement>(null);
  const goodRef = useRef<HTMLButtonElement>(null);

  // Each new card takes focus on Show answer; the answer on Good, the grade most often right.
  useEffect(() => {
    if (side === 'front') revealRef.current?.focus();
    else goodRef.current?.focus();
  }, [side, position]);

  return (
    <article className="review-card" aria-labelledby={headingId} aria-busy={saving}>
      <p className="review-progress">{texts.progress(position, total)}</p>
      <h2 id={headingId} className="review-word" lang="en">
        {word.word}
        {word.lemma.toLowerCase() !== word.word.toLowerCase() ? <span className="review-lemma"> ({word.lemma})</span> : null}
      </h2>
      <Sentence word={word} label={texts.sentenceLabel} />
      <p className="review-source">
        {texts.fromArticle}{' '}
        <ArticleSourceLink pageLanguage={pageLanguage} articleId={word.articleId} title={word.articleTitle} untitled={texts.anArticle} />
      </p>
      {side === 'front' ? (
        <p className="review-reveal-row">
          <button
            ref={revealRef}
            type="button"
            className="button button-primary review-reveal"
            aria-describedby={hintId}
            onClick={onReveal}
          >
            {texts.reveal}
          </button>
          <span id={hintId} className="review-hint">
            {texts.revealHint}
          </span>
        </p>
      ) : (
        <>
          <Answer word={word} texts={texts} />
          <div className="review-grades" role="group" aria-labelledby={gradesId} aria-describedby={keysId}>
            <p id={gradesId} className="review-grades-label">
              {texts.gradesLabel}
            </p>
            <div className="review-grade-buttons">
              {REVIEW_GRADES.map((grade, index) => (
                <button
                  key={grade}
                  ref={grade === 'good' ? goodRef : undefined}
                  type="button"
                  className={`button review-grade review-grade-${grade}`}
                  aria-keyshortcuts={String(index + 1)}
                  // The machine takes no grade while one is written; the buttons say so rather than ignore a click.
                  disabled={saving}
                  onClick={() => onGrade(grade)}
                >
                  <span className="review-grade-name">{texts.grades[grade]}</span>
                  {intervals !== null ? (
                    <span className="review-grade-interval">{formatInterval(intervals[grade], textLanguage)}</span>
                  ) : null}
                  <kbd aria-hidden="true">{index + 1}</kbd>
                </button>
              ))}
            </div>
            <p id={keysId} className="review-hint">
              {texts.keysHint}
            </p>
            {saving ? (
              <p className="review-saving" role="status">
                {texts.saving}
              </p>
            ) : null}
          </div>
        </>
      )}
    </article>
  );
}
