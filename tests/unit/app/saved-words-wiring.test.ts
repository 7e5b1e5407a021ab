// @vitest-environment node
/**
 * A word saved from the article's vocabulary list is known only as printed ("authorizes"); the
 * article page looks it up before it is kept, so it is one card with the word the entry saves
 * ("authorize"), never a second card for the same word.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { PENDING_WORD_WRITES_KEY, wiredSavedWords, type LookUpWord } from '../../../src/app/saved-words-wiring';
import { decodeWriteJobs } from '../../../src/domain/saved-word-writes';
import { pendingWritesIn } from '../../../src/platform/pending-writes';
import { memoryStorage } from '../../../src/platform/storage';
import type { SavedWordsEvent } from '../../../src/machines/saved-words-machine';
import { memoryWordStore } from '../../support/memory-word-store';

const NOW = new Date('2026-03-10T08:00:00.000Z');
const ARTICLE = { textLanguage: 'zh', articleId: 'budget-vote', articleTitle: 'Budget vote' } as const;

const lookUp: LookUpWord = async (word) =>
  word === 'authorizes'
    ? {
        query: word,
        lemma: 'authorize',
        senses: [
          {
            partOfSpeech: 'verb',
            gloss: '授权',
            definition: 'give official permission',
            ipa: 'ˈɔːθəraɪz',
            tags: [],
            frequencyRank: 4000,
            headword: 'authorize',
          },
        ],
      }
    : null;

function fromVocabulary(word: string): SavedWordsEvent {
  return {
    type: 'SAVE',
    source: { word, lemma: word, gloss: '授权', ipa: null, definition: null, sentence: `The bill ${word} new spending.`, formOnly: true },
    article: ARTICLE,
  };
}

function fromEntry(word: string, lemma: string): SavedWordsEvent {
  return { type: 'SAVE', source: { word, lemma, gloss: '授权', ipa: null, definition: null, sentence: '' }, article: ARTICLE };
}

function start(store = memoryWordStore()) {
  const logic = wiredSavedWords(() => Promise.resolve(store), 'https://news.example', { now: () => NOW, lookUp });
  const actor = createActor(logic, { input: { now: () => NOW } }).start();
  const settled = () => waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }) && snapshot.context.jobs.length === 0);
  return { actor, store, settled };
}

describe('saving from the vocabulary list', () => {
  it('keeps the word under its dictionary form, with the IPA and definition the list lacked', async () => {
    const { actor, store, settled } = start();
    await settled();
    actor.send(fromVocabulary('authorizes'));
    await settled();
    const [kept] = (await store.load()).words;
    expect(kept).toMatchObject({
      id: 'authorize',
      lemma: 'authorize',
      word: 'authorizes',
      ipa: 'ˈɔːθəraɪz',
      definition: 'give official permission',
    });
    await waitFor(actor, (snapshot) => snapshot.context.words.map((word) => word.id).join() === 'authorize');
  });

  it('makes no second card when the entry then saves the same word, or the list saves it after the entry', async () => {
    const { actor, store, settled } = start();
    await settled();
    actor.send(fromVocabulary('authorizes'));
    await settled();
    await waitFor(actor, (snapshot) => snapshot.context.words.some((word) => word.id === 'authorize'));
    actor.send(fromEntry('authorized', 'authorize'));
    await settled();
    expect((await store.load()).words.map((word) => word.id)).toEqual(['authorize']);

    const other = start();
    await other.settled();
    other.actor.send(fromEntry('authorized', 'authorize'));
    await other.settled();
    other.actor.send(fromVocabulary('authorizes'));
    await other.settled();
    expect((await other.store.load()).words.map((word) => word.id)).toEqual(['authorize']);
  });

  it('keeps a word the dictionary does not know as printed', async () => {
    const { actor, store, settled } = start();
    await settled();
    actor.send(fromVocabulary('Salanek'));
    await settled();
    expect((await store.load()).words.map((word) => word.id)).toEqual(['salanek']);
  });
});

describe('a page left while a save is unfinished', () => {
  it('keeps the unfinished save when the machine stops, and the next page writes it in its dictionary form', async () => {
    const storage = memoryStorage();
    const journal = pendingWritesIn(PENDING_WORD_WRITES_KEY, decodeWriteJobs, storage);
    const store = memoryWordStore();
    // The first page's look-up never answers: the page is left while the save waits for it.
    const held = wiredSavedWords(() => Promise.resolve(store), 'https://news.example', {
      now: () => NOW,
      lookUp: () => new Promise(() => {}),
      pendingWrites: journal,
    });
    const first = createActor(held, { input: { now: () => NOW } }).start();
    await waitFor(first, (snapshot) => snapshot.matches({ ready: 'idle' }));
    first.send(fromVocabulary('authorizes'));
    await waitFor(first, (snapshot) => snapshot.matches({ ready: 'writing' }));
    first.stop();
    expect(store.records.size).toBe(0);
    expect(storage.get(PENDING_WORD_WRITES_KEY)).not.toBeNull();

    const next = createActor(
      wiredSavedWords(() => Promise.resolve(store), 'https://news.example', { now: () => NOW, lookUp, pendingWrites: journal }),
      {
        input: { now: () => NOW },
      },
    ).start();
    await waitFor(next, (snapshot) => snapshot.matches({ ready: 'idle' }) && snapshot.context.jobs.length === 0);
    expect((await store.load()).words.map((word) => [word.id, word.word])).toEqual([['authorize', 'authorizes']]);
    expect(storage.get(PENDING_WORD_WRITES_KEY), 'the journal is emptied once taken').toBeNull();
    next.stop();
    expect(storage.get(PENDING_WORD_WRITES_KEY), 'a page that stops with nothing queued keeps nothing').toBeNull();
  });

  it('a save that did commit before the page was left is written once, not twice', async () => {
    const storage = memoryStorage();
    const journal = pendingWritesIn(PENDING_WORD_WRITES_KEY, decodeWriteJobs, storage);
    const { actor, store, settled } = start();
    await settled();
    actor.send(fromEntry('authorized', 'authorize'));
    await settled();
    const [kept] = (await store.load()).words;
    journal.keep('earlier-page', [{ kind: 'add', words: [kept!], imported: false }]);
    const next = createActor(
      wiredSavedWords(() => Promise.resolve(store), 'https://news.example', { now: () => NOW, lookUp, pendingWrites: journal }),
      {
        input: { now: () => NOW },
      },
    ).start();
    await waitFor(next, (snapshot) => snapshot.matches({ ready: 'idle' }) && snapshot.context.jobs.length === 0);
    expect((await store.load()).words).toEqual([kept]);
  });
});
