// @vitest-environment node
/**
 * The order a learner practises an article's set in, through the practice machine as the app wires
 * it: the article's vocabulary first, then the learner's saved words, then the rest, within each kind
 * and in the places the server gave each kind; the server's items themselves are untouched.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Exercise, ExerciseSet } from '../../../common/exercise-contract';
import type { ExerciseApi } from '../../../src/api/exercise-client';
import { wiredPractice } from '../../../src/app/practice-wiring';
import type { StatusRecord } from '../../../src/domain/word-status';
import type { WordStore } from '../../../src/platform/word-store';
import { memoryWordStore } from '../../support/memory-word-store';
import { savedWord } from '../../support/saved-word-fixtures';

function gap(lemma: string, vocabulary = false): Exercise {
  const sentence = `The ${lemma} stood near the old pier for years.`;
  return {
    kind: 'gap_fill',
    text: sentence.replace(lemma, '___'),
    answer: lemma,
    options: [lemma, 'kettle', 'meadow', 'saddle'],
    lemma,
    part_of_speech: 'noun',
    sentence,
    ...(vocabulary ? { vocabulary: true as const } : {}),
  };
}

function heard(lemma: string, vocabulary = false): Exercise {
  const sentence = `A ${lemma} was heard across the bay at dawn.`;
  return {
    kind: 'listening',
    text: sentence.replace(lemma, '___'),
    answer: lemma,
    lemma,
    forms: [`${lemma}s`],
    sentence,
    ...(vocabulary ? { vocabulary: true as const } : {}),
  };
}

const order: Exercise = {
  kind: 'word_order',
  tiles: ['pier', 'the', 'gulls', 'circled', 'old', 'over'],
  sentence: 'gulls circled over the old pier',
};

/** Read, read, hear, order, read, read, hear: as the server interleaves them. */
const SET: ExerciseSet = {
  article_id: 'quiet-harbour',
  language: 'es',
  exercises: [gap('lighthouse', true), gap('anchor'), heard('buoy', true), order, gap('gull'), gap('mast'), heard('siren')],
};

async function practisedOrder(store: WordStore, statuses: readonly StatusRecord[] = []): Promise<string[]> {
  const api: ExerciseApi = { exercises: () => Promise.resolve(SET) };
  const learner = { loadLearner: () => Promise.resolve({ words: [], setAside: 0, statuses, finished: [] }) };
  const actor = createActor(
    wiredPractice(
      { api, store: () => Promise.resolve(store), statuses: () => Promise.resolve(learner), articleTitle: 'A quiet harbour' },
      'es',
      'quiet-harbour',
    ),
    { input: { articleId: 'quiet-harbour', language: 'es' } },
  ).start();
  await waitFor(actor, (snapshot) => snapshot.matches('question'));
  const labels = actor
    .getSnapshot()
    .context.exercises.map((exercise) => ('lemma' in exercise ? `${exercise.kind}:${exercise.lemma}` : exercise.kind));
  actor.stop();
  return labels;
}

describe('practice order for the learner', () => {
  it('keeps the server’s order when the learner has saved none of the answers', async () => {
    expect(await practisedOrder(memoryWordStore([savedWord({ lemma: 'harbour' })]))).toEqual([
      'gap_fill:lighthouse',
      'gap_fill:anchor',
      'listening:buoy',
      'word_order',
      'gap_fill:gull',
      'gap_fill:mast',
      'listening:siren',
    ]);
  });

  it('puts saved words right after the article’s vocabulary, within each kind and in its places', async () => {
    const store = memoryWordStore([savedWord({ lemma: 'mast' }), savedWord({ lemma: 'siren' }), savedWord({ lemma: 'lighthouse' })]);
    expect(await practisedOrder(store)).toEqual([
      'gap_fill:lighthouse',
      'gap_fill:mast',
      'listening:buoy',
      'word_order',
      'gap_fill:anchor',
      'gap_fill:gull',
      'listening:siren',
    ]);
  });

  it('orders the same saved words the same way every time (the items themselves unchanged)', async () => {
    const words = [savedWord({ lemma: 'gull' }), savedWord({ lemma: 'mast' })];
    const first = await practisedOrder(memoryWordStore(words));
    expect(await practisedOrder(memoryWordStore([...words].reverse()))).toEqual(first);
    expect(first).toEqual([
      'gap_fill:lighthouse',
      'gap_fill:gull',
      'listening:buoy',
      'word_order',
      'gap_fill:mast',
      'gap_fill:anchor',
      'listening:siren',
    ]);
  });

  it('counts words the learner marks learning with the saved ones; known words stay where they were', async () => {
    const setAt = '2026-03-01T10:00:00.000Z';
    const statuses: StatusRecord[] = [
      { id: 'gull', status: 'learning', source: 'hand', setAt },
      { id: 'anchor', status: 'known', source: 'hand', setAt },
    ];
    expect(await practisedOrder(memoryWordStore([savedWord({ lemma: 'mast' })]), statuses)).toEqual([
      'gap_fill:lighthouse',
      'gap_fill:gull',
      'listening:buoy',
      'word_order',
      'gap_fill:mast',
      'gap_fill:anchor',
      'listening:siren',
    ]);
  });

  it('a server-rendered set keeps the item on screen and reorders the rest once the learner’s words are read', async () => {
    // No vocabulary items: the learner's saved word would come first in a fetched set, but the page already shows the server's first.
    const plain: ExerciseSet = { ...SET, exercises: [gap('anchor'), gap('gull'), gap('mast'), heard('buoy'), heard('siren')] };
    const api: ExerciseApi = { exercises: () => Promise.reject(new Error('a server-rendered set is not fetched')) };
    const store = memoryWordStore([savedWord({ lemma: 'mast' }), savedWord({ lemma: 'siren' })]);
    const actor = createActor(wiredPractice({ api, store: () => Promise.resolve(store), articleTitle: '' }, 'es', 'quiet-harbour', plain), {
      input: { articleId: 'quiet-harbour', language: 'es', preloaded: plain },
    });
    const lemmas = () => actor.getSnapshot().context.exercises.map((exercise) => ('lemma' in exercise ? exercise.lemma : exercise.kind));
    expect(actor.getSnapshot().value).toBe('question');
    expect(lemmas()).toEqual(['anchor', 'gull', 'mast', 'buoy', 'siren']);
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.context.wordsKnown);
    expect(lemmas()).toEqual(['anchor', 'mast', 'gull', 'siren', 'buoy']);
    expect(actor.getSnapshot().context.savedLemmas).toEqual(['mast', 'siren']);
    expect(actor.getSnapshot().matches('question')).toBe(true);
    actor.stop();
  });
});
