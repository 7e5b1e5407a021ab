/**
 * The one pass decision 55 named and decision 57 measured, as a prototype for the paired bench only
 * (`learner-coverage-paired.ts --fused`): each card's numbers read once, the decode's checks (those of
 * common/lemma-entries.ts's strict reader) and the coverage (src/domain/coverage.ts's, by rank) in the
 * same loop, with no ranks or counts written. Not the app's code: the app's one pass (decision 57,
 * common/lemma-entries.ts readEntriesTallied) also writes the ranks and counts, for a record that changes.
 */
export const FUSED_WORK = `(({ cardsText, codes, check, known }) => {
  const bench = window.pairedBench;
  const at = '2026-03-01T10:00:00.000Z';
  const statuses = bench.statusMap(known.map((id) => ({ id, status: 'known', source: 'placement', setAt: at })), known.slice(-50).map((id) => ({ id, savedAt: at, card: { scheduledDays: 3 } })));
  const stored = { revision: 1, check, codes: Uint8Array.from(codes) };
  const CODE = { new: 0, learning: 1, known: 2, ignored: 3 };
  const fail = (message) => { throw new Error(message); };
  const card = (text, front, spelled, byRank) => {
    let values;
    try { values = JSON.parse('[' + text + ']'); } catch { fail('Bad inventory entries'); }
    const end = front + spelled.length;
    const table = byRank.codes;
    let position = 0, known = 0, counted = 0, newWords = 0, learningWords = 0, last = -1;
    for (let i = 0; i < values.length; i += 1) {
      const value = values[i];
      if ((value | 0) !== value) fail('Bad inventory entry');
      if (value < 0) {
        if (last < 0 || value === -1) fail('Bad inventory count');
        const extra = -value - 1;
        if (last === 2) { known += extra; counted += extra; } else if (last !== 3) counted += extra;
        last = -1;
        continue;
      }
      position += value;
      let code;
      if (position < front) code = table[position];
      else if (position < end) code = CODE[bench.statusOf(statuses, spelled[position - front])];
      else fail('outside the table');
      if (code === 2) { known += 1; counted += 1; }
      else if (code !== 3) { counted += 1; if (code === 0 || code === 255) newWords += 1; else learningWords += 1; }
      last = code;
    }
    const share = counted === 0 ? 1 : known / counted;
    return { share, newWords, learningWords };
  };
  const codec = bench.codecs.LemmaInventoriesAnswerCodec;
  const t0 = performance.now();
  const answer = codec.decode(JSON.parse(cardsText));
  if (answer._tag !== 'Right') throw new Error('invalid answer');
  const t1 = performance.now();
  const byRank = bench.decodeRankStatuses(structuredClone(stored));
  const t2 = performance.now();
  const { lemmas, inventories, ranked } = answer.right;
  const spelled = lemmas === '' ? [] : lemmas.split(' ');
  const front = bench.contract.listLengthOf(ranked);
  const coverage = [];
  for (let k = 0; k < inventories.length; k += 1) coverage.push(card(inventories[k].entries, front, spelled, byRank));
  const t3 = performance.now();
  window.fusedCoverage = coverage;
  // The decode and the coverage are one loop here: all of it is in the decode's column, none in the coverage's.
  return [t3 - t0, t1 - t0, t2 - t1, t3 - t2, 0];
})`;
