// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { normalizeQuery, resolveLemma, suffixCandidates, type LemmaSource } from '../../server/dictionary/lemma';
import { spellingVariants } from '../../server/dictionary/spelling';

function source(headwords: Record<string, number>, forms: Record<string, string[]> = {}): LemmaSource {
  return {
    isHeadword: (w) => w in headwords,
    lemmasOf: (f) => forms[f] ?? [],
    rankOf: (w) => headwords[w] ?? 0,
  };
}

describe('normalizeQuery', () => {
  it.each([
    ['  Harbour ', 'harbour'],
    ['“Colour”', 'colour'],
    ['don’t', "don't"],
    ['(well-known),', 'well-known'],
    ['ＷＯＲＤ', 'word'],
    ['ministers’', 'ministers'],
  ])('%j → %j', (raw, word) => expect(normalizeQuery(raw)).toBe(word));

  it.each(['', '!!!', '2024', 'mp3', 'https://x.y', 'www.bbc', 'a@b.c', 'two words', 'a'.repeat(65)])('%j → undefined', (raw) => {
    expect(normalizeQuery(raw)).toBeUndefined();
  });
});

describe('resolveLemma', () => {
  it('prefers the lemma of a form, keeping the form’s own headword after it', () => {
    const s = source({ good: 110, better: 452 }, { better: ['good'] });
    expect(resolveLemma('better', s)).toEqual({ lemma: 'good', headwords: ['good', 'better'] });
  });

  it('keeps a form as lemma when it is the more frequent word', () => {
    const s = source({ data: 559, datum: 28458 }, { data: ['datum'] });
    expect(resolveLemma('data', s)?.lemma).toBe('data');
  });

  it('guesses regular inflections and spelling variants', () => {
    const s = source({ stop: 1, study: 1, color: 1, organise: 1, travel: 1, defence: 1, estrogen: 1 });
    expect(resolveLemma('stopping', s)?.lemma).toBe('stop');
    expect(resolveLemma('studies', s)?.lemma).toBe('study');
    expect(resolveLemma('colours', s)?.lemma).toBe('color');
    expect(resolveLemma('organizing', s)?.lemma).toBe('organise');
    expect(resolveLemma('traveling', s)?.lemma).toBe('travel');
    expect(resolveLemma('defense', s)?.lemma).toBe('defence');
    expect(resolveLemma('oestrogen', s)?.lemma).toBe('estrogen');
  });

  it('tries hyphenated words whole, joined, then by their last part', () => {
    const s = source({ email: 1, income: 1, 'well-known': 1 });
    expect(resolveLemma('well-known', s)?.lemma).toBe('well-known');
    expect(resolveLemma('e-mail', s)?.lemma).toBe('email');
    expect(resolveLemma('low-income', s)?.lemma).toBe('income');
  });

  it('strips a possessive', () => {
    expect(resolveLemma("minister's", source({ minister: 1 }))?.lemma).toBe('minister');
    expect(suffixCandidates("minister's")[0]).toBe('minister');
  });

  it('makes variants in both directions', () => {
    expect(spellingVariants('centre')).toContain('center');
    expect(spellingVariants('center')).toContain('centre');
    expect(spellingVariants('catalogue')).toContain('catalog');
    expect(spellingVariants('analyze')).toContain('analyse');
    expect(spellingVariants('anaemia')).toContain('anemia');
  });
});
