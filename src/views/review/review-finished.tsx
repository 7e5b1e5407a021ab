import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { TextLanguage } from '../../../common/languages';
import { listPath, wordsPath } from '../../domain/routing';
import { REVIEW_GRADES, type ReviewGrade } from '../../domain/scheduling';
import { formatDue, type ReviewTexts, type StoreProblem } from '../../domain/review-texts';

/** A heading that takes focus when it appears, so a screen reader starts there. */
function FocusedHeading({ text }: { text: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h2 ref={ref} tabIndex={-1} className="review-finished-title">
      {text}
    </h2>
  );
}

function NextDue({ nextDue, texts, textLanguage }: { nextDue: string | null; texts: ReviewTexts; textLanguage: TextLanguage }) {
  if (nextDue === null) return null;
  return <p className="review-next-due">{texts.nextDue(formatDue(nextDue, textLanguage))}</p>;
}

interface DoneProps {
  reviewed: number;
  grades: Record<ReviewGrade, number>;
  nextDue: string | null;
  texts: ReviewTexts;
  textLanguage: TextLanguage;
  pageLanguage: string;
}

export function ReviewDone({ reviewed, grades, nextDue, texts, textLanguage, pageLanguage }: DoneProps) {
  return (
    <section className="review-finished review-done">
      <FocusedHeading text={texts.doneTitle} />
      <p className="review-count">{texts.reviewed(reviewed)}</p>
      <ul className="review-grade-counts">
        {REVIEW_GRADES.filter((grade) => grades[grade] > 0).map((grade) => (
          <li key={grade}>{texts.gradeCount(texts.grades[grade], grades[grade])}</li>
        ))}
      </ul>
      <NextDue nextDue={nextDue} texts={texts} textLanguage={textLanguage} />
      <p className="review-links">
        <Link href={wordsPath(pageLanguage)} className="button">
          {texts.toWords}
        </Link>
        <Link href={listPath(pageLanguage)} className="button">
          {texts.toArticles}
        </Link>
      </p>
    </section>
  );
}

interface EmptyProps {
  nextDue: string | null;
  texts: ReviewTexts;
  textLanguage: TextLanguage;
  pageLanguage: string;
}

export function ReviewEmpty({ nextDue, texts, textLanguage, pageLanguage }: EmptyProps) {
  return (
    <section className="review-finished review-empty">
      {nextDue === null ? (
        <>
          <FocusedHeading text={texts.noWordsTitle} />
          <p>{texts.noWordsBody}</p>
        </>
      ) : (
        <>
          <FocusedHeading text={texts.emptyTitle} />
          <NextDue nextDue={nextDue} texts={texts} textLanguage={textLanguage} />
        </>
      )}
      <p className="review-links">
        {nextDue === null ? null : (
          <Link href={wordsPath(pageLanguage)} className="button">
            {texts.toWords}
          </Link>
        )}
        <Link href={listPath(pageLanguage)} className="button button-primary">
          {texts.toArticles}
        </Link>
      </p>
    </section>
  );
}

export function ReviewProblem({ problem, texts, onRetry }: { problem: StoreProblem; texts: ReviewTexts; onRetry: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="error-panel review-problem" role="alert">
      <p className="error-message">{texts.problems[problem]}</p>
      <button ref={ref} type="button" className="button button-primary" onClick={onRetry}>
        {texts.tryAgain}
      </button>
    </div>
  );
}
