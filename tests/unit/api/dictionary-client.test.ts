// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createDictionaryClient } from '../../../src/api/dictionary-client';
import { fakeFetch, json, recordingSleep } from './fake-fetch';

const entry = (gloss: string, extra: Record<string, unknown> = {}) => ({
  part_of_speech: 'verb',
  ipa: '',
  definition: 'stop trying',
  tags: [],
  frequency_rank: null,
  gloss,
  ...extra,
});

describe('dictionary client', () => {
  it('asks for a word with the phrase it stands in, and decodes both entries', async () => {
    const fetch = fakeFetch(
      json({
        query: 'gave',
        lemma: 'give',
        entries: [entry('给')],
        phrase: { query: 'give up', lemma: 'give up', entries: [entry('放弃')] },
      }),
    );
    const { sleep } = recordingSleep();
    const client = createDictionaryClient({ fetch, sleep });
    const found = await client.lookUpWord('gave', 'zh', undefined, { phrase: 'give up', sentence: 'They gave <up> at dawn.' });
    expect(fetch.calls[0]!.url).toContain('/dictionary/gave?');
    expect(new URL(fetch.calls[0]!.url, 'http://x').searchParams.get('phrase')).toBe('give up');
    // Angle brackets, which the server refuses in a sentence, are left out.
    expect(new URL(fetch.calls[0]!.url, 'http://x').searchParams.get('sentence')).toBe('They gave  up  at dawn.');
    expect(found?.lemma).toBe('give');
    expect(found?.phrase?.lemma).toBe('give up');
    expect(found?.phrase?.senses[0]?.gloss).toBe('放弃');
  });

  it("keeps the mark that a gloss is another sense's", async () => {
    const fetch = fakeFetch(json({ query: 'antique', lemma: 'antique', entries: [entry('古董', { gloss_other_sense: true })] }));
    const { sleep } = recordingSleep();
    const found = await createDictionaryClient({ fetch, sleep }).lookUpWord('antique', 'zh');
    expect(found?.senses[0]).toMatchObject({ gloss: '古董', glossOtherSense: true });
    expect(found?.phrase).toBeUndefined();
  });
});
