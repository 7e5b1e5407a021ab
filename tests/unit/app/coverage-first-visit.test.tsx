/**
 * A first visit with statuses and no stored record (a restore from backup, a fresh record store):
 * the real app on the list, the real IndexedDB store (fake-indexeddb) and the real lemma client, its
 * fetch answering as GET /api/lemmas and GET /api/level-words/hashes do. When the page names the
 * cards' frequency list (common/page-data.ts rankedCheck, decision 50), the list's hash table is
 * fetched while the cards' inventories are still on their way, and while the statuses are still being read
 * when no record is current; a page naming an old list costs a refused request and the cards' own list is
 * used, never a wrong record.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { encodeInventories } from '../../../common/lemma-encode';
import { listCheck } from '../../../common/lemma-contract';
import { encodeRankHashes } from '../../../common/rank-hashes';
import { createLemmaClient } from '../../../src/api/lemma-client';
import { rankStatusesOf } from '../../../src/domain/rank-statuses';
import { statusMap, type StatusRecord } from '../../../src/domain/word-status';
import { createIndexedDbWordStore } from '../../../src/platform/indexeddb-word-store';
import type { StatusStore } from '../../../src/platform/word-store';
import { renderApp, servedAnswers } from '../../support/render-app';

const at = '2026-03-01T10:00:00.000Z';
const records: StatusRecord[] = [
  { id: 'the', status: 'known', source: 'hand', setAt: at },
  { id: 'harbour', status: 'known', source: 'hand', setAt: at },
];
const list = ['the', 'be', 'go', 'tide', 'harbour'];
const check = listCheck(list);
/** The list as it was before the server's dictionary gained a word. */
const oldCheck = listCheck(list.slice(0, 4));

/** The app's lemma client, every request logged in order; the cards' inventories held until `release()`. */
function heldLemmaClient() {
  const asked: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const client = createLemmaClient({
    fetch: async (input) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(`${url.pathname}${url.pathname.endsWith('hashes') ? ` ${url.searchParams.get('v')}` : ''}`);
      if (url.pathname === '/api/level-words/hashes') {
        if (url.searchParams.get('v') !== check)
          return Response.json({ error: { code: 'not_found', message: 'No such list', parameter: 'v' } }, { status: 404 });
        return new Response(encodeRankHashes(list, check).slice().buffer, { headers: { 'content-type': 'application/octet-stream' } });
      }
      if (url.pathname !== '/api/lemmas') throw new Error(`unexpected ${url.pathname}`);
      await released;
      // Each card: 10 words, "the" 5 and "harbour" 3 (known), "tide" 2 (new): 80%.
      const ids = url.searchParams.get('ids')!.split(',');
      const plain = ids.map((articleId) => ({
        articleId,
        words: 10,
        lemmas: [
          ['the', 5],
          ['harbour', 3],
          ['tide', 2],
        ] as Array<[string, number]>,
      }));
      return Response.json(encodeInventories(plain, undefined, list));
    },
  });
  return { client, asked, release };
}

async function firstVisit(named: string | undefined, options: { holdStatuses?: boolean; stored?: StatusStore } = {}) {
  const store = options.stored ?? createIndexedDbWordStore();
  if (options.stored === undefined) await store.putStatuses(records);
  const { client, asked, release } = heldLemmaClient();
  // The statuses' read held back too, when asked: the table must not wait for it.
  let readStatuses = () => {};
  const statusesHeld = new Promise<void>((resolve) => (readStatuses = resolve));
  const statusStore: StatusStore = options.holdStatuses
    ? { ...store, loadLearner: () => statusesHeld.then(() => store.loadLearner()) }
    : store;
  if (!options.holdStatuses) readStatuses();
  const firstAnswers = { ...servedAnswers({}), rankedCheck: () => named };
  const view = renderApp('/en/articles', { statusStore, lemmas: client, firstAnswers });
  return { store, asked, release, readStatuses, view };
}

describe('a first visit with statuses and no stored record', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
  });

  it("with the list named by the page: its hash table is fetched before the cards' inventories arrive, and the cards show the learner's coverage", async () => {
    const { store, asked, release } = await firstVisit(check);
    await waitFor(() => expect(asked).toContain(`/api/level-words/hashes ${check}`));
    // The inventories are still held: the table was asked for in parallel with them.
    expect(asked.filter((each) => each.includes('hashes'))).toEqual([`/api/level-words/hashes ${check}`]);
    release();
    const shown = await screen.findAllByTestId('coverage');
    expect(shown.length).toBeGreaterThan(0);
    for (const each of shown) {
      expect(each).toHaveAttribute('data-band', 'hard');
      expect(each).toHaveTextContent('80');
    }
    expect(asked.filter((each) => each.includes('hashes'))).toHaveLength(1);
    // The record made early is kept, for the list the cards point into and these statuses.
    await waitFor(async () => expect((await store.loadLearner()).byRank?.check).toBe(check));
    const kept = (await store.loadLearner()).byRank!;
    expect([...kept.codes]).toEqual([...rankStatusesOf(check, list, statusMap(records, [])).codes]);
  });

  it('with the list named by the page: its table is asked for while the statuses are still being read; once a record is kept, a new page asks for none', async () => {
    const { store, asked, release, readStatuses, view } = await firstVisit(check, { holdStatuses: true });
    await waitFor(() => expect(asked).toContain(`/api/level-words/hashes ${check}`));
    readStatuses();
    release();
    const shown = await screen.findAllByTestId('coverage');
    for (const each of shown) expect(each).toHaveTextContent('80');
    await waitFor(async () => expect((await store.loadLearner()).byRank?.check).toBe(check));
    view.unmount();

    // The record is current: the page names the list, but its table is not needed.
    const again = await firstVisit(check, { stored: store });
    again.release();
    await screen.findAllByTestId('coverage');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(again.asked.filter((each) => each.includes('hashes'))).toEqual([]);
  });

  it('with an old list named by the page: that table is refused, the cards’ own list is fetched, and coverage and the kept record are for it', async () => {
    const { store, asked, release } = await firstVisit(oldCheck);
    await waitFor(() => expect(asked).toContain(`/api/level-words/hashes ${oldCheck}`));
    release();
    const shown = await screen.findAllByTestId('coverage');
    for (const each of shown) expect(each).toHaveTextContent('80');
    expect(asked.filter((each) => each.includes('hashes'))).toEqual([
      `/api/level-words/hashes ${oldCheck}`,
      `/api/level-words/hashes ${check}`,
    ]);
    await waitFor(async () => expect((await store.loadLearner()).byRank?.check).toBe(check));
  });

  it("without a list named by the page: the table waits for the cards' inventories, as before", async () => {
    const { asked, release } = await firstVisit(undefined);
    await waitFor(() => expect(asked).toContain('/api/lemmas'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked.filter((each) => each.includes('hashes'))).toEqual([]);
    release();
    await screen.findAllByTestId('coverage');
    expect(asked.filter((each) => each.includes('hashes'))).toEqual([`/api/level-words/hashes ${check}`]);
  });
});
