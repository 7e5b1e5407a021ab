// @vitest-environment node
/**
 * The story identity measures on their own (server/store/story-identity.ts): address normalisation, the
 * same-site rule for canonical addresses, and the near-duplicate measure, on texts no fixture feed holds.
 */
import { describe, expect, it } from 'vitest';
import {
  SIMILAR_TEXT_THRESHOLD,
  chooseStory,
  isSameSite,
  isStoryCanonical,
  storyUrlKey,
  textBands,
  textHash,
  textSimilarity,
  type StoryCandidate,
} from '../../server/store/story-identity';

describe('storyUrlKey', () => {
  it('gives every spelling of one address the same key', () => {
    const key = 'https://news.example.org/world/ferry-strike?page=2&section=local';
    for (const spelling of [
      'https://news.example.org/world/ferry-strike?page=2&section=local',
      'http://news.example.org/world/ferry-strike?page=2&section=local',
      'HTTPS://NEWS.Example.ORG/world/ferry-strike?section=local&page=2',
      'https://www.news.example.org/world/ferry-strike/?page=2&section=local',
      'https://news.example.org:443/world/ferry-strike?page=2&section=local#comments',
      'http://news.example.org:80/world/ferry-strike?utm_source=rss&utm_medium=feed&page=2&section=local',
      'https://news.example.org/world/ferry-strike?fbclid=IwAR0abc&gclid=xyz&mc_cid=1&mc_eid=2&ref=home&ocid=msn&section=local&page=2',
    ]) {
      expect(storyUrlKey(spelling), spelling).toBe(key);
    }
  });

  it('keeps what names another page: path case, other parameters, another port', () => {
    expect(storyUrlKey('https://example.org/World/Ferry')).not.toBe(storyUrlKey('https://example.org/world/ferry'));
    expect(storyUrlKey('https://example.org/story?id=41')).not.toBe(storyUrlKey('https://example.org/story?id=42'));
    expect(storyUrlKey('https://example.org:8443/story')).toBe('https://example.org:8443/story');
    expect(storyUrlKey('https://example.org/')).toBe('https://example.org/');
  });

  it('has no key for what is not an http(s) address', () => {
    expect(storyUrlKey('mailto:desk@example.org')).toBeUndefined();
    expect(storyUrlKey('javascript:alert(1)')).toBeUndefined();
    expect(storyUrlKey('not a url')).toBeUndefined();
  });
});

describe('isStoryCanonical', () => {
  it('trusts a canonical address of a page on its own site, never the site’s home page', () => {
    expect(isStoryCanonical('https://amp.example.org/news/a', 'https://example.org/news/a')).toBe(true);
    expect(isStoryCanonical('https://example.org/news/a', 'https://example.org/')).toBe(false);
    expect(isStoryCanonical('https://example.org/news/a', 'https://example.org')).toBe(false);
    expect(isStoryCanonical('https://example.org/news/a', 'https://example.org/?p=123')).toBe(true);
    expect(isStoryCanonical('https://example.org/news/a', 'https://other.org/news/a')).toBe(false);
  });
});

describe('isSameSite (which canonical addresses are trusted)', () => {
  it('accepts the same host and its www, mobile and AMP renderings', () => {
    expect(isSameSite('https://example.org/a', 'https://example.org/b')).toBe(true);
    expect(isSameSite('https://amp.example.org/a', 'https://www.example.org/a')).toBe(true);
    expect(isSameSite('https://m.example.org/a', 'http://example.org/a')).toBe(true);
  });

  it('refuses another host, another site under one public suffix, another port and other schemes', () => {
    expect(isSameSite('https://example.org/a', 'https://other.org/a')).toBe(false);
    expect(isSameSite('https://news.example.co.uk/a', 'https://shop.other.co.uk/a')).toBe(false);
    expect(isSameSite('https://sport.example.org/a', 'https://example.org/a')).toBe(false);
    expect(isSameSite('http://127.0.0.1:4000/a', 'http://127.0.0.1:5000/a')).toBe(false);
    expect(isSameSite('https://example.org/a', 'ftp://example.org/a')).toBe(false);
  });
});

// Texts written for this test: two different stories on one subject, and versions of the first.
const HARBOUR = [
  'The harbour board in Westport voted on Monday to dredge the old fishing channel before the spring season.',
  'Fishermen have complained for two years that boats scrape the bottom at low tide, and several hulls were damaged last winter.',
  'The work will cost about four million dollars and will be paid for by a regional fund and a small rise in mooring fees.',
  'Board members said the dredged sand will be used to rebuild a beach that storms washed away near the lighthouse.',
  'Environmental groups asked the board to check the sand for old industrial waste before it is moved.',
  'The chair of the board promised that samples would be tested by an independent laboratory and the results published online.',
  'Work is expected to start in February and finish before the first boats leave for the spring catch.',
];
const HARBOUR_UPDATED = [
  ...HARBOUR.slice(0, 2),
  'The work will now cost nearly five million dollars after a second survey found more rock than expected.',
  ...HARBOUR.slice(3),
];
const HARBOUR_FESTIVAL = [
  'Westport will hold its first harbour festival in June, with music on the quay and boat races across the bay.',
  'The organisers expect around ten thousand visitors over the weekend and have asked residents to walk or cycle to the town centre.',
  'Local restaurants will sell fish dishes from stalls along the water, and children can take free sailing lessons.',
  'The harbour board agreed to close part of the fishing channel for the races, but only for three hours on Sunday morning.',
  'Volunteers are still needed to help with parking, first aid and cleaning the beach after the festival ends.',
  'Tickets for the evening concert go on sale next month at the library and the tourist office.',
];

describe('the text measures', () => {
  it('hashes the words, not their spacing, case or punctuation', () => {
    const respaced = HARBOUR.map((p) => `  ${p.toUpperCase().replaceAll(',', '')} `);
    expect(textHash(respaced)).toBe(textHash(HARBOUR));
    expect(textHash(HARBOUR_UPDATED)).not.toBe(textHash(HARBOUR));
  });

  it('finds an update that changes one sentence, or adds one, near-identical, and two stories on one subject apart', () => {
    const updated = textSimilarity(HARBOUR, HARBOUR_UPDATED);
    const extended = textSimilarity(HARBOUR, [...HARBOUR, 'The board will meet again in March to review the first results.']);
    const other = textSimilarity(HARBOUR, HARBOUR_FESTIVAL);
    expect(updated).toBeGreaterThanOrEqual(SIMILAR_TEXT_THRESHOLD);
    expect(extended).toBeGreaterThanOrEqual(SIMILAR_TEXT_THRESHOLD);
    expect(other).toBeLessThan(0.1);
  });

  it('puts near-identical texts in a shared MinHash band, and unrelated ones in none', () => {
    const shared = (a: string[], b: string[]) => textBands(a).filter((band) => textBands(b).includes(band)).length;
    expect(shared(HARBOUR, HARBOUR_UPDATED)).toBeGreaterThan(0);
    expect(shared(HARBOUR, HARBOUR_FESTIVAL)).toBe(0);
    expect(textBands(HARBOUR)).toEqual(textBands([...HARBOUR]));
  });
});

describe('chooseStory', () => {
  const candidate = (seq: number, id: string, flags: Partial<StoryCandidate> = {}): StoryCandidate => ({
    seq,
    id,
    byId: false,
    byAddress: false,
    bySameText: false,
    paragraphs: HARBOUR_FESTIVAL,
    ...flags,
  });

  it('takes the surest signal first and the oldest article among equals', () => {
    expect(chooseStory([candidate(5, 'five', { byAddress: true }), candidate(9, 'nine', { byId: true })], HARBOUR)?.id).toBe('nine');
    expect(chooseStory([candidate(7, 'seven', { byAddress: true }), candidate(3, 'three', { byAddress: true })], HARBOUR)).toMatchObject({
      id: 'three',
      matchedBy: 'address',
    });
    expect(
      chooseStory([candidate(2, 'two', { paragraphs: HARBOUR_UPDATED }), candidate(4, 'four', { bySameText: true })], HARBOUR),
    ).toMatchObject({ id: 'four', matchedBy: 'same text', sameText: true });
  });

  it('takes a similar text only above the threshold', () => {
    expect(chooseStory([candidate(1, 'festival'), candidate(2, 'harbour', { paragraphs: HARBOUR_UPDATED })], HARBOUR)).toMatchObject({
      id: 'harbour',
      matchedBy: 'similar text',
      sameText: false,
    });
    expect(chooseStory([candidate(1, 'festival')], HARBOUR)).toBeUndefined();
  });
});
