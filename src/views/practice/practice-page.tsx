/** The practice page: the item on screen, the verdict with the right answer in its sentence, and the summary. */
import { useEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { Exercise } from '../../../common/exercise-contract';
import type { PracticeAnswer } from '../../domain/practice';
import { practiceTextsFor, type PracticeTexts } from '../../domain/practice-texts';
import { detailPath, listPath } from '../../domain/routing';
import { currentWord, lastVerdict, score, type practiceMachine, type PracticeContext } from '../../machines/practice-machine';
import { LoadingIndicator } from '../common/loading-indicator';
import { usePageLanguage, useTextLanguage } from '../use-texts';
import { PracticeActorContext } from './practice-context';
import { GapFillQuestion, ListeningQuestion, MatchQuestion, WordOrderQuestion } from './practice-questions';

type Status = 'loading' | 'question' | 'answered' | 'summary' | 'empty' | 'missing' | 'failed';

function statusOf(snapshot: SnapshotFrom<typeof practiceMachine>): Status {
  if (snapshot.matches('question')) return 'question';
  if (snapshot.matches('answered')) return 'answered';
  if (snapshot.matches('summary')) return 'summary';
  if (snapshot.matches('empty')) return 'empty';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('missing')) return 'missing';
  return 'loading';
}

function savingState(snapshot: SnapshotFrom<typeof practiceMachine>): boolean {
  return snapshot.matches({ answered: 'saving' }) || snapshot.matches({ summary: 'saving' });
}

/** What the right answer was, as the learner should read it. */
function rightAnswer(item: Exercise): string {
  switch (item.kind) {
    case 'gap_fill':
    case 'listening':
      return item.answer;
    case 'word_order':
      return item.sentence;
    case 'match':
      return item.pairs.map((pair) => `${pair.lemma} – ${pair.gloss}`).join('; ');
  }
}

function SaveButton({
  lemma,
  word,
  context,
  saving,
  texts,
}: {
  lemma: string;
  word: string;
  context: PracticeContext;
  saving: boolean;
  texts: PracticeTexts;
}) {
  const actor = PracticeActorContext.useActorRef();
  if (context.savedLemmas.includes(lemma)) return <span className="practice-saved">{texts.saved}</span>;
  const busy = saving && context.saving?.lemma === lemma;
  return (
    <button type="button" disabled={saving} onClick={() => actor.send({ type: 'SAVE', lemma })}>
      {busy ? texts.saving : texts.save(word)}
    </button>
  );
}

function Feedback({ item, context, saving, texts }: { item: Exercise; context: PracticeContext; saving: boolean; texts: PracticeTexts }) {
  const actor = PracticeActorContext.useActorRef();
  // Next waits while a miss is being recorded, or while the learner's words (is this one saved?) are still being read.
  const recording = PracticeActorContext.useSelector(
    (snapshot) => snapshot.matches({ answered: 'recordingMiss' }) || snapshot.matches({ answered: 'awaitingWords' }),
  );
  const verdict = lastVerdict(context);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const word = currentWord(context);
  const sentence = item.kind === 'match' ? undefined : item.sentence;
  return (
    <div className={`practice-feedback practice-${verdict ?? 'wrong'}`}>
      <h2 ref={heading} tabIndex={-1}>
        {verdict === 'right' ? texts.right : verdict === 'wrong-form' ? texts.wrongForm : texts.wrong}
      </h2>
      {verdict !== 'right' ? <p>{texts.rightAnswer(rightAnswer(item))}</p> : null}
      {sentence !== undefined ? (
        <blockquote lang="en">
          <span className="visually-hidden">{texts.inSentence}: </span>
          {sentence}
        </blockquote>
      ) : null}
      {word !== undefined && context.reviewedAgain.includes(word.lemma) ? <p>{texts.reviewBrought}</p> : null}
      {context.storeProblem ? <p role="alert">{texts.storeProblem}</p> : null}
      <div className="practice-actions">
        {word !== undefined && verdict === 'right' ? (
          <SaveButton lemma={word.lemma} word={word.word} context={context} saving={saving} texts={texts} />
        ) : null}{' '}
        <button type="button" className="button-primary" disabled={recording || saving} onClick={() => actor.send({ type: 'NEXT' })}>
          {texts.next}
        </button>
      </div>
    </div>
  );
}

function Summary({
  context,
  saving,
  texts,
  articleHref,
}: {
  context: PracticeContext;
  saving: boolean;
  texts: PracticeTexts;
  articleHref: string;
}) {
  const actor = PracticeActorContext.useActorRef();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="practice-summary">
      <h2 ref={heading} tabIndex={-1}>
        {texts.summaryTitle}
      </h2>
      <p className="practice-score">{texts.score(score(context), context.exercises.length)}</p>
      <h3>{texts.missedTitle}</h3>
      {context.missed.length === 0 ? <p>{texts.noneMissed}</p> : null}
      <ul className="practice-missed">
        {context.missed.map((word) => (
          <li key={word.lemma}>
            <span lang="en">{word.word}</span>{' '}
            <SaveButton lemma={word.lemma} word={word.word} context={context} saving={saving} texts={texts} />
          </li>
        ))}
      </ul>
      {context.storeProblem ? <p role="alert">{texts.storeProblem}</p> : null}
      <p className="practice-actions">
        <button type="button" onClick={() => actor.send({ type: 'RESTART' })}>
          {texts.again}
        </button>{' '}
        <a href={articleHref}>{texts.backToArticle}</a>
      </p>
    </div>
  );
}

export function PracticePage() {
  const texts = practiceTextsFor(useTextLanguage());
  const pageLanguage = usePageLanguage();
  const actor = PracticeActorContext.useActorRef();
  const status = PracticeActorContext.useSelector(statusOf);
  const saving = PracticeActorContext.useSelector(savingState);
  const context = PracticeActorContext.useSelector((snapshot) => snapshot.context);
  const item = context.exercises[context.index];
  const articleHref = detailPath(pageLanguage, context.articleId);
  const answer = (given: PracticeAnswer) => actor.send({ type: 'ANSWER', answer: given });
  return (
    <section className="page narrow practice" aria-labelledby="practice-heading">
      <h1 id="practice-heading">{texts.heading}</h1>
      {status === 'loading' ? <LoadingIndicator text={texts.loading} /> : null}
      {status === 'failed' ? (
        <div role="alert">
          <p>{texts.failedTitle}</p>
          <button type="button" onClick={() => actor.send({ type: 'RETRY' })}>
            {texts.retry}
          </button>
        </div>
      ) : null}
      {status === 'missing' ? (
        <p>
          {texts.missingTitle} <a href={listPath(pageLanguage)}>{texts.toArticles}</a>
        </p>
      ) : null}
      {status === 'empty' ? (
        <p>
          {texts.emptyTitle} <a href={articleHref}>{texts.backToArticle}</a>
        </p>
      ) : null}
      {(status === 'question' || status === 'answered') && item !== undefined ? (
        <div className="practice-item" lang="en">
          <p className="practice-progress" lang={pageLanguage}>
            {texts.progress(context.index + 1, context.exercises.length)}
          </p>
          {status === 'question' ? (
            <div key={context.index}>
              {item.kind === 'gap_fill' ? <GapFillQuestion item={item} texts={texts} onAnswer={answer} /> : null}
              {item.kind === 'listening' ? <ListeningQuestion item={item} texts={texts} onAnswer={answer} /> : null}
              {item.kind === 'word_order' ? <WordOrderQuestion item={item} texts={texts} onAnswer={answer} /> : null}
              {item.kind === 'match' ? <MatchQuestion item={item} texts={texts} onAnswer={answer} /> : null}
            </div>
          ) : (
            <div lang={pageLanguage}>
              <Feedback item={item} context={context} saving={saving} texts={texts} />
            </div>
          )}
        </div>
      ) : null}
      {status === 'summary' ? <Summary context={context} saving={saving} texts={texts} articleHref={articleHref} /> : null}
    </section>
  );
}
