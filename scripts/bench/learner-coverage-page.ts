/** The in-page code of scripts/bench/learner-coverage.ts (strings run in Chromium, with the bundle as window.coverageBench). */

/**
 * In the page: what the app does with the answers' texts to have the 20 cards' coverage
 * (src/api/http.ts parses and validates every body with io-ts; src/api/lemma-client.ts decodes;
 * src/app/use-sliced-coverage.ts works each card's coverage out). With `stored` (the learner's
 * statuses by rank as IndexedDB gives them back, decision 34) the frequency list is not used at all;
 * without it (a first visit with statuses, or the first page after a status changed) the list's hash table is
 * checked and the learner's keys hashed (`hashes`, decision 46; or, for comparison, the list's answer
 * is parsed), the ranks the cards need looked up, and the rest of the list filled in after the cards are shown
 * ('fill' pieces, at idle, to be kept; not with `skipFill`). `pieces` lists the time of each piece the app runs as a task
 * of its own (it gives the thread back between them).
 */
export const WORK = `
  window.cardsWork = ({ listText, hashes, tableEarly, cardsText, stored, statuses, skipFill }) => {
    const bench = window.coverageBench;
    const pieces = [];
    const timed = (work, name) => {
      const start = performance.now();
      const value = work();
      pieces.push({ name, ms: performance.now() - start });
      return value;
    };
    const valid = (codec, text) => {
      const result = codec.decode(JSON.parse(text));
      if (result._tag !== 'Right') throw new Error('invalid answer');
      return result.right;
    };
    // With no record, the app hashes the learner's keys once the statuses are read, before the cards'
    // answer is there (src/app/use-sliced-coverage.ts): a piece of its own, counted apart ('before').
    if (hashes !== undefined && stored === undefined) timed(() => bench.learnerKeyHashes(statuses), 'before: learner keys hashed');
    // When the app knows the list before the cards' answer (\`tableEarly\`, its check: named by the page,
    // decision 50, or the last record's after a status change), its table is fetched and the record
    // made before the answer too (the lemma client hands the cards the same table object, so the
    // record made then is found).
    let early;
    if (tableEarly !== undefined) {
      early = timed(() => {
        const table = bench.decodeRankHashes(hashes, tableEarly);
        bench.rankStatusesFromHashes(table, statuses);
        return table;
      }, 'before: ranks of the learner keys');
    }
    // The cards' answer in two marks: the body's JSON.parse, then io-ts (src/api/http.ts does both in one task).
    const cardsBody = timed(() => JSON.parse(cardsText), 'cards JSON.parse');
    const cards = timed(() => {
      const result = bench.LemmaInventoriesAnswerCodec.decode(cardsBody);
      if (result._tag !== 'Right') throw new Error('invalid answer');
      return result.right;
    }, 'cards io-ts');
    let byRank;
    if (stored !== undefined) {
      // The record as IndexedDB hands it over (a structured clone), then checked (decodeRankStatuses).
      // In two marks: the clone (IndexedDB's own work, here to count the copy), then the check.
      const record = timed(() => structuredClone(stored), 'record clone');
      byRank = timed(() => bench.decodeRankStatuses(record), 'record check');
      if (byRank === null || byRank.check !== cards.ranked) throw new Error('stored record refused');
    } else if (hashes !== undefined) {
      // Decision 46: the list's hash table as fetch's arrayBuffer() hands it over, checked, then the
      // learner's keys hashed and looked up in it (the whole record, nothing left for idle), in two marks.
      const table = early ?? timed(() => bench.decodeRankHashes(hashes, cards.ranked), 'hash table');
      byRank = timed(() => bench.rankStatusesFromHashes(table, statuses), 'ranks of the learner keys');
    } else {
      byRank = timed(() => {
        const list = bench.rankedListOf(valid(bench.LevelWordsAnswerCodec, listText), cards.ranked);
        if (!list.checked) throw new Error('the list answer has no check');
        return bench.unfilledRankStatuses(cards.ranked, list.words);
      }, 'list answer');
    }
    // As the app does (decision 57): with a stored record, the cards' decode is given it and tallies each card
    // for it in its own loop, and coverage reads the tally (the same record object); without one, nothing is given.
    const decoding = bench.decodedInventories(cards, undefined, stored !== undefined ? byRank : undefined);
    const inventories = [];
    for (let step = timed(() => decoding.next(), 'decode'); !step.done; step = timed(() => decoding.next(), 'decode')) inventories.push(step.value);
    if (stored !== undefined && inventories.some((each) => each.ranked?.tally?.codes !== byRank.codes)) throw new Error('the decode did not tally');
    const coverage = inventories.map((inventory) => timed(() => bench.coverageOf(inventory, statuses, byRank), 'coverage'));
    const fill = [];
    if (stored === undefined && hashes === undefined && skipFill !== true) {
      const filling = bench.filledRankStatuses(byRank, statuses);
      for (;;) {
        const start = performance.now();
        const step = filling.next();
        fill.push(performance.now() - start);
        if (step.done) break;
      }
    }
    return { pieces, coverage, fill };
  };
  window.learner = ({ known, saved }) => {
    const at = '2026-03-01T10:00:00.000Z';
    const records = known.map((id) => ({ id, status: 'known', source: 'placement', setAt: at }));
    const words = saved.map((id) => ({ id, savedAt: at, card: { scheduledDays: 3 } }));
    return window.coverageBench.statusMap(records, words);
  };
`;

/** Runs in the page: builds the status map once, then times the 20 cards (stored record) and the long article. */
export const MEASURE = `function ({ cardsText, storedCodes, check, longPlain, known, saved, runs, warmUp }) {
  const bench = window.coverageBench;
  const mapStart = performance.now();
  const statuses = window.learner({ known, saved });
  const mapMillis = performance.now() - mapStart;
  const stored = { revision: 1, check, codes: Uint8Array.from(storedCodes) };
  const time = (work) => {
    const all = [];
    for (let i = 0; i < runs + warmUp; i += 1) {
      const start = performance.now();
      work();
      all.push(performance.now() - start);
    }
    const measured = all.slice(warmUp).sort((a, b) => a - b);
    return { cold: all[0], median: measured[Math.floor(measured.length / 2)], max: measured[measured.length - 1] };
  };
  const cards = time(() => window.cardsWork({ cardsText, stored, statuses }));
  const long = time(() => bench.coverageOf(longPlain, statuses));
  return { mapMillis, cards, long };
}`;

/**
 * Runs first in a fresh page (nothing of this code run before): everything from the texts (the
 * cards' answer and the stored record, or the cards' and the list's answers) to the 20 cards'
 * coverage, in one go, or as the app's pieces, each timed apart.
 */
export const COLD = `function ({ cardsText, listText, hashBytes, tableEarly, storedCodes, check, known, saved, apart }) {
  const statuses = window.learner({ known, saved });
  // The table's bytes as fetch's arrayBuffer() would hand them over (not counted).
  const hashes = hashBytes === undefined ? undefined : Uint8Array.from(atob(hashBytes), (c) => c.charCodeAt(0)).buffer;
  const stored = storedCodes === undefined ? undefined : { revision: 1, check, codes: Uint8Array.from(storedCodes) };
  if (apart) {
    const { pieces, fill } = window.cardsWork({ listText, hashes, tableEarly, cardsText, stored, statuses });
    const longest = pieces.reduce((slowest, piece) => (piece.ms > slowest.ms ? piece : slowest));
    const sums = {};
    for (const piece of pieces) sums[piece.name] = (sums[piece.name] ?? 0) + piece.ms;
    // From the cards' answer on; what the app does before it arrives is in sums, apart.
    const total = pieces.filter((piece) => !piece.name.startsWith('before')).reduce((sum, piece) => sum + piece.ms, 0);
    return { total, longest: longest.ms, longestName: longest.name, pieces: pieces.length, sums, fill: fill.reduce((a, b) => a + b, 0), fillLongest: Math.max(0, ...fill), fillPieces: fill.length };
  }
  const start = performance.now();
  window.cardsWork({ listText, hashes, cardsText, stored, statuses });
  return { total: performance.now() - start };
}`;

/**
 * Runs in the page, traced (--trace): MEASURE's sequence, the article's runs each in a timer task of its own between
 * two marks (so the trace has each one's thread time); returns the article's times.
 */
export const TRACED_ARTICLE = `async function ({ cardsText, storedCodes, check, longPlain, known, saved, runs }) {
  const bench = window.coverageBench;
  const statuses = window.learner({ known, saved });
  const stored = { revision: 1, check, codes: Uint8Array.from(storedCodes) };
  for (let i = 0; i < runs; i += 1) window.cardsWork({ cardsText, stored, statuses });
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    times.push(await new Promise((resolve) => setTimeout(() => {
      performance.mark('long-' + i + '-start');
      const start = performance.now();
      bench.coverageOf(longPlain, statuses);
      const ms = performance.now() - start;
      performance.mark('long-' + i + '-end');
      resolve(ms);
    }, 0)));
  }
  return times;
}`;
