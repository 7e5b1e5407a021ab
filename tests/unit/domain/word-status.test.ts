import { describe, expect, it } from 'vitest';
import { placementAsKnown, restAsKnown, statusMap, statusOf, type StatusRecord } from '../../../src/domain/word-status';
import { decodeStatusRecord } from '../../../src/domain/word-status-codec';
import { savedWord } from '../../support/saved-word-fixtures';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const hand = (id: string, status: StatusRecord['status']): StatusRecord => ({ id, status, source: 'hand', setAt: NOW.toISOString() });

describe('word status', () => {
  it('is new for a word never marked, learning for a saved word, known once its review interval passed 21 days', () => {
    const young = savedWord({ lemma: 'harbour' });
    const mature = savedWord({ lemma: 'tide', card: { ...young.card, scheduledDays: 22, state: 2 } });
    const edge = savedWord({ lemma: 'quay', card: { ...young.card, scheduledDays: 21, state: 2 } });
    const map = statusMap([], [young, mature, edge]);
    expect(statusOf(map, 'harbour')).toBe('learning');
    expect(statusOf(map, 'tide')).toBe('known');
    expect(statusOf(map, 'quay')).toBe('learning');
    expect(statusOf(map, 'ferry')).toBe('new');
  });

  it('lets a record the learner set win over the saved word, and keys words by their lower-cased form', () => {
    const map = statusMap([hand('harbour', 'known'), hand('obama', 'ignored')], [savedWord({ lemma: 'harbour' })]);
    expect(statusOf(map, 'harbour')).toBe('known');
    expect(statusOf(map, 'Obama')).toBe('ignored');
  });

  it('finds a word written with capitals, spaces around it or a curly apostrophe under its key, and anything else is new', () => {
    const map = statusMap([hand("don't", 'known'), hand('ice cream', 'learning'), hand('élan', 'ignored')], []);
    expect(statusOf(map, 'Don’t')).toBe('known');
    expect(statusOf(map, " DON'T ")).toBe('known');
    expect(statusOf(map, 'Ice Cream')).toBe('learning');
    expect(statusOf(map, 'ÉLAN')).toBe('ignored');
    expect(statusOf(map, 'dont')).toBe('new');
    expect(statusOf(map, 'Harbour')).toBe('new');
    expect(statusOf(map, 'it’s')).toBe('new');
  });

  it('"I know the rest" marks only the still-new lemmas, once each, with its batch', () => {
    const records = restAsKnown(
      ['go', 'river', 'go', 'harbour', 'Bank'],
      [hand('river', 'new')],
      [savedWord({ lemma: 'harbour' })],
      'rest-1',
      NOW,
    );
    expect(records).toEqual([
      { id: 'go', status: 'known', source: 'rest', setAt: NOW.toISOString(), batch: 'rest-1' },
      { id: 'bank', status: 'known', source: 'rest', setAt: NOW.toISOString(), batch: 'rest-1' },
    ]);
  });

  it('the placement never overwrites a status set by hand or a saved word, but replaces an earlier placement', () => {
    const earlier: StatusRecord = { id: 'time', status: 'known', source: 'placement', setAt: '2026-01-01T00:00:00.000Z', batch: 'p-0' };
    const records = placementAsKnown(
      ['the', 'time', 'river', 'harbour'],
      [earlier, hand('river', 'new')],
      [savedWord({ lemma: 'harbour' })],
      'p-1',
      NOW,
    );
    expect(records.map((record) => record.id)).toEqual(['the', 'time']);
    expect(records.every((record) => record.source === 'placement' && record.batch === 'p-1')).toBe(true);
  });

  it('decodes a stored record and refuses anything else with a reason', () => {
    expect(decodeStatusRecord({ ...hand('go', 'known'), extra: 1 })).toEqual({ record: hand('go', 'known') });
    expect(decodeStatusRecord({ id: 'Go', status: 'known', source: 'hand', setAt: NOW.toISOString() })).toHaveProperty('reason');
    expect(decodeStatusRecord({ id: 'go', status: 'mastered', source: 'hand', setAt: NOW.toISOString() })).toHaveProperty('reason');
    expect(decodeStatusRecord({ id: 'go', status: 'known', source: 'hand', setAt: 'soon' })).toHaveProperty('reason');
  });
});
