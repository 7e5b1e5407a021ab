import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { DictionaryLanguage } from '../../../common/dictionary';
import type { WordEntry } from '../../../src/domain/word-lookup';
import { wordLookupMachine, type WordLookupRequest } from '../../../src/machines/word-lookup-machine';
import { deferred } from '../../support/fake-api';

const ENTRY: WordEntry = {
  query: 'went',
  lemma: 'go',
  senses: [{ partOfSpeech: 'verb', ipa: 'ɡəʊ', gloss: '去', definition: 'move', tags: [], frequencyRank: 30, headword: 'go' }],
};

function start(language: DictionaryLanguage = 'zh') {
  const calls: Array<{ input: WordLookupRequest; signal: AbortSignal; answer: ReturnType<typeof deferred<WordEntry | null>> }> = [];
  const actor = createActor(
    wordLookupMachine.provide({
      actors: {
        lookUpWord: fromPromise<WordEntry | null, WordLookupRequest>(({ input, signal }) => {
          const answer = deferred<WordEntry | null>();
          calls.push({ input, signal, answer });
          return answer.promise;
        }),
      },
    }),
    { input: { language } },
  ).start();
  return { actor, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('word look-up machine', () => {
  it('looks a tapped word up in the page language and shows the entry', async () => {
    const { actor, calls } = start('es');
    actor.send({ type: 'WORD_SELECTED', text: '“went,”' });
    expect(actor.getSnapshot().value).toBe('lookingUp');
    expect(calls[0]!.input).toEqual({ word: 'went', language: 'es' });
    calls[0]!.answer.resolve(ENTRY);
    await settle();
    expect(actor.getSnapshot().value).toBe('shown');
    expect(actor.getSnapshot().context.entry).toEqual(ENTRY);
  });

  it('asks for a word of a phrase with its phrase, and for the next word without the old one', async () => {
    const { actor, calls } = start('zh');
    actor.send({ type: 'WORD_SELECTED', text: 'gave', phrase: 'give up' });
    expect(calls[0]!.input).toEqual({ word: 'gave', language: 'zh', phrase: 'give up' });
    const withPhrase: WordEntry = { ...ENTRY, query: 'gave', lemma: 'give', phrase: { ...ENTRY, query: 'give up', lemma: 'give up' } };
    calls[0]!.answer.resolve(withPhrase);
    await settle();
    expect(actor.getSnapshot().context.entry?.phrase?.lemma).toBe('give up');
    actor.send({ type: 'WORD_SELECTED', text: 'harbour' });
    expect(calls[1]!.input).toEqual({ word: 'harbour', language: 'zh' });
    expect(actor.getSnapshot().context.phrase).toBeNull();
  });

  it('never sends numbers, addresses or punctuation, and says there is no entry', () => {
    const { actor, calls } = start();
    for (const text of ['2024', 'https://example.org/a', '—', 'A4']) {
      actor.send({ type: 'WORD_SELECTED', text });
      expect(actor.getSnapshot().value, text).toBe('noEntry');
      expect(actor.getSnapshot().context.selection).toBe(text);
    }
    expect(calls).toHaveLength(0);
  });

  it('says there is no entry when the dictionary answers with none', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'WORD_SELECTED', text: 'zzqxv' });
    calls[0]!.answer.resolve(null);
    await settle();
    expect(actor.getSnapshot().value).toBe('noEntry');
  });

  it('offers a retry after a failure, which asks again', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'WORD_SELECTED', text: 'went' });
    calls[0]!.answer.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toBe('lookingUp');
    expect(calls).toHaveLength(2);
    calls[1]!.answer.resolve(ENTRY);
    await settle();
    expect(actor.getSnapshot().value).toBe('shown');
  });

  it('replaces a pending look-up with a newer word: the old request is aborted and its answer ignored', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'WORD_SELECTED', text: 'went' });
    actor.send({ type: 'WORD_SELECTED', text: 'harbour' });
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.answer.resolve(ENTRY);
    await settle();
    expect(actor.getSnapshot().value).toBe('lookingUp');
    expect(actor.getSnapshot().context.word).toBe('harbour');
  });

  it('closes from any state, dropping what was shown', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'WORD_SELECTED', text: 'went' });
    actor.send({ type: 'CLOSED' });
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ selection: null, word: null, entry: null });
  });
});
