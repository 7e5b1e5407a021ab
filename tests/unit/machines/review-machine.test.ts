import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SavedWord } from '../../../src/domain/saved-words';
import { gradeCard } from '../../../src/domain/scheduling';
import { reviewMachine } from '../../../src/machines/review-machine';
import { WordStoreError, type UpdateCardOutcome } from '../../../src/platform/word-store';
import { deferred } from '../../support/fake-api';
import { LATER_CARD, LEARNING_CARD, REVIEW_CARD, REVIEW_NOW, savedWord } from '../../support/review-words';

const WORDS: SavedWord[] = [
  savedWord('harbour', { card: REVIEW_CARD }),
  savedWord('ferry', { card: LEARNING_CARD }),
  savedWord('tide'),
  savedWord('quay', { card: LATER_CARD }),
];

function start(load: () => Promise<readonly SavedWord[]> = async () => WORDS) {
  let clock = REVIEW_NOW;
  const saves: Array<{ word: SavedWord; expectedLastReview: string | null; answer: ReturnType<typeof deferred<UpdateCardOutcome>> }> = [];
  let loads = 0;
  const actor = createActor(
    reviewMachine.provide({
      actors: {
        loadDueWords: fromPromise(() => {
          loads += 1;
          return load();
        }),
        saveWord: fromPromise<UpdateCardOutcome, { word: SavedWord; expectedLastReview: string | null }>(({ input }) => {
          const answer = deferred<UpdateCardOutcome>();
          saves.push({ ...input, answer });
          return answer.promise;
        }),
      },
    }),
    { input: { now: () => clock } },
  ).start();
  return {
    actor,
    saves,
    loads: () => loads,
    advance: (ms: number) => {
      clock = new Date(clock.getTime() + ms);
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function gradeAndSave(session: ReturnType<typeof start>, grade: 'again' | 'hard' | 'good' | 'easy') {
  session.actor.send({ type: 'REVEAL' });
  session.actor.send({ type: 'GRADE', grade });
  expect(session.actor.getSnapshot().value).toBe('saving');
  session.saves[session.saves.length - 1]!.answer.resolve('updated');
  await settle();
}

describe('review machine', () => {
  it('shows the due words, the longest overdue first, and leaves the others out', async () => {
    const session = start();
    await settle();
    const { value, context } = session.actor.getSnapshot();
    expect(value).toBe('showingFront');
    expect(context.queue.map((word) => word.id)).toEqual(['tide', 'harbour', 'ferry']);
    expect(context.intervals?.good).toBeGreaterThan(0);
  });

  it('reveals, grades with FSRS at the clock time and saves the graded word', async () => {
    const session = start();
    await settle();
    session.actor.send({ type: 'GRADE', grade: 'good' });
    expect(session.actor.getSnapshot().value).toBe('showingFront');
    session.actor.send({ type: 'REVEAL' });
    expect(session.actor.getSnapshot().value).toBe('showingBack');
    session.actor.send({ type: 'GRADE', grade: 'good' });
    expect(session.saves).toHaveLength(1);
    expect(session.saves[0]!.word.card).toEqual(gradeCard(WORDS[2]!.card, 'good', REVIEW_NOW));
    session.saves[0]!.answer.resolve('updated');
    await settle();
    const { value, context } = session.actor.getSnapshot();
    expect(value).toBe('showingFront');
    expect(context.index).toBe(1);
    expect(context.reviewed).toEqual(['tide']);
    expect(context.grades.good).toBe(1);
  });

  it('puts a card graded Again back at the end of the session, and finishes with the count and next due date', async () => {
    const session = start();
    await settle();
    await gradeAndSave(session, 'again'); // tide: new, Again is 1 minute
    expect(session.actor.getSnapshot().context.queue.map((word) => word.id)).toEqual(['tide', 'harbour', 'ferry', 'tide']);
    await gradeAndSave(session, 'easy');
    await gradeAndSave(session, 'good');
    session.advance(60_000);
    await gradeAndSave(session, 'good');
    const { value, context } = session.actor.getSnapshot();
    expect(value).toBe('done');
    expect(context.reviewed).toEqual(['tide', 'harbour', 'ferry']);
    expect(context.grades).toEqual({ again: 1, hard: 0, good: 2, easy: 1 });
    // The earliest of each word's latest due date: tide's second grade, harbour's, ferry's, quay's.
    const finalDues = [session.saves[3]!, session.saves[1]!, session.saves[2]!].map((save) => save.word.card.due).concat(LATER_CARD.due);
    expect(context.nextDue).toBe([...finalDues].sort((a, b) => Date.parse(a) - Date.parse(b))[0]);
    expect(context.nextDue).not.toBe(session.saves[0]!.word.card.due);
  });

  it('brings a review card graded Again back after its relearning step of 10 minutes', async () => {
    const session = start(async () => [savedWord('harbour', { card: REVIEW_CARD })]);
    await settle();
    await gradeAndSave(session, 'again');
    expect(Date.parse(session.saves[0]!.word.card.due) - REVIEW_NOW.getTime()).toBe(10 * 60_000);
    expect(session.actor.getSnapshot().value).toBe('showingFront');
    expect(session.actor.getSnapshot().context.queue).toHaveLength(2);
    await gradeAndSave(session, 'hard');
    expect(session.actor.getSnapshot().value).toBe('done');
  });

  it('is empty when nothing is due, with the next due date, or none without words', async () => {
    const later = start(async () => [savedWord('quay', { card: LATER_CARD })]);
    await settle();
    expect(later.actor.getSnapshot().value).toBe('empty');
    expect(later.actor.getSnapshot().context.nextDue).toBe(LATER_CARD.due);
    const none = start(async () => []);
    await settle();
    expect(none.actor.getSnapshot().value).toBe('empty');
    expect(none.actor.getSnapshot().context.nextDue).toBeNull();
  });

  it('names the store problem when loading fails, and loads again on RETRY', async () => {
    let fail = true;
    const session = start(async () => {
      if (fail) throw new WordStoreError('unavailable', 'no IndexedDB');
      return WORDS;
    });
    await settle();
    expect(session.actor.getSnapshot().value).toBe('failed');
    expect(session.actor.getSnapshot().context.error).toBe('unavailable');
    fail = false;
    session.actor.send({ type: 'RETRY' });
    await settle();
    expect(session.loads()).toBe(2);
    expect(session.actor.getSnapshot().value).toBe('showingFront');
    expect(session.actor.getSnapshot().context.error).toBeNull();
  });

  it('keeps the graded word when saving fails and saves the same one on RETRY', async () => {
    const session = start();
    await settle();
    session.actor.send({ type: 'REVEAL' });
    session.actor.send({ type: 'GRADE', grade: 'hard' });
    session.saves[0]!.answer.reject(new WordStoreError('quotaFull', 'full'));
    await settle();
    expect(session.actor.getSnapshot().value).toBe('failed');
    expect(session.actor.getSnapshot().context.error).toBe('quotaFull');
    session.actor.send({ type: 'RETRY' });
    expect(session.actor.getSnapshot().value).toBe('saving');
    expect(session.saves[1]!.word).toEqual(session.saves[0]!.word);
    session.saves[1]!.answer.resolve('updated');
    await settle();
    expect(session.actor.getSnapshot().context.index).toBe(1);
    expect(session.actor.getSnapshot().context.grades.hard).toBe(1);
  });

  it('leaves a word deleted or graded in another tab as it is and goes on to the next card', async () => {
    const session = start();
    await settle();
    session.actor.send({ type: 'REVEAL' });
    session.actor.send({ type: 'GRADE', grade: 'good' });
    expect(session.saves[0]!.expectedLastReview).toBe(WORDS[2]!.card.lastReview);
    session.saves[0]!.answer.resolve('gone');
    await settle();
    let { value, context } = session.actor.getSnapshot();
    expect(value).toBe('showingFront');
    expect(context.index).toBe(1);
    expect(context.reviewed).toEqual([]);
    expect(context.words.map((word) => word.id)).not.toContain('tide');
    session.actor.send({ type: 'REVEAL' });
    session.actor.send({ type: 'GRADE', grade: 'again' });
    session.saves[1]!.answer.resolve('changed');
    await settle();
    ({ value, context } = session.actor.getSnapshot());
    expect(value).toBe('showingFront');
    // Not put back for later: the other tab's grade stands.
    expect(context.queue.map((word) => word.id)).toEqual(['tide', 'harbour', 'ferry']);
    expect(context.grades.again).toBe(0);
  });

  it('calls any other failure a plain failure', async () => {
    const session = start(async () => {
      throw new Error('boom');
    });
    await settle();
    expect(session.actor.getSnapshot().context.error).toBe('failed');
  });
});
