import { describe, expect, it } from 'vitest';
import { decodeSavedWord } from '../../../src/domain/saved-word-codec';
import { savedWord } from '../../support/saved-word-fixtures';

describe('saved-word codec', () => {
  it('reads a stored word and drops properties the type does not have', () => {
    const word = savedWord({ lemma: 'harbour' });
    expect(decodeSavedWord({ ...word, injected: '<script>' })).toEqual({ word });
  });

  it.each([
    ['a missing card', { ...savedWord({ lemma: 'tide' }), card: undefined }],
    ['a date that is not one', { ...savedWord({ lemma: 'tide' }), savedAt: 'yesterday' }],
    ['an unknown card state', { ...savedWord({ lemma: 'tide' }), card: { ...savedWord({ lemma: 'tide' }).card, state: 7 } }],
    ['an empty lemma', { ...savedWord({ lemma: 'tide' }), lemma: ' ' }],
    ['not an object', 'tide'],
  ])('refuses %s with a reason', (_name, value) => {
    const result = decodeSavedWord(value);
    expect(result).toEqual({ reason: expect.stringMatching(/^Not a saved word/), fields: expect.any(Array) });
  });
});
