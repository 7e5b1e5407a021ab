/**
 * The lemma client's hash table of the cards' frequency list (GET /api/level-words/hashes, decision 46)
 * through src/api/binary-request.ts: a good table decoded, one that is not the table asked for refused
 * as a decode error saying why, the server's JSON error kept, a network failure retried.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listCheck } from '../../../common/lemma-contract';
import { encodeRankHashes, RANK_HASHES_FORMAT } from '../../../common/rank-hashes';
import { createLemmaClient } from '../../../src/api/lemma-client';
import { ApiError } from '../../../src/api/errors';

const list = ['the', 'be', 'go', 'harbour'];
const check = listCheck(list);
const table = encodeRankHashes(list, check);

function client(answer: () => Promise<Response>) {
  const asked: string[] = [];
  const lemmas = createLemmaClient({
    fetch: async (input) => {
      asked.push(String(input));
      return answer();
    },
    sleep: async () => undefined,
  });
  return { lemmas, asked };
}

const bytes = (view: Uint8Array) => new Response(view.slice().buffer, { headers: { 'content-type': 'application/octet-stream' } });

describe('the lemma client’s hash table of the frequency list', () => {
  it('asks for the table by the list’s check and decodes it, once per check', async () => {
    const { lemmas, asked } = client(async () => bytes(table));
    const decoded = await lemmas.rankedHashes(check);
    expect(decoded.check).toBe(check);
    expect(decoded.lo.length).toBe(list.length);
    await lemmas.rankedHashes(check);
    expect(asked).toEqual([`/api/level-words/hashes?v=${encodeURIComponent(check)}&f=${RANK_HASHES_FORMAT}`]);
  });

  it('refuses a truncated table, or another list’s, as a decode error saying why', async () => {
    const truncated = await client(async () => bytes(table.subarray(0, 20)))
      .lemmas.rankedHashes(check)
      .catch((error: unknown) => error);
    expect(truncated).toBeInstanceOf(ApiError);
    expect((truncated as ApiError).kind).toBe('decode');
    expect((truncated as ApiError).message).toMatch(/bytes for 4 words/);
    const other = ['the', 'be', 'go', 'tide'];
    const another = await client(async () => bytes(encodeRankHashes(other, listCheck(other))))
      .lemmas.rankedHashes(check)
      .catch((error: unknown) => error);
    expect((another as ApiError).message).toMatch(/is for list .*, not /);
  });

  it('keeps the server’s JSON error of a 404, and retries a network failure', async () => {
    const missing = await client(async () =>
      Response.json({ error: { code: 'not_found', message: 'No frequency list 4-1', parameter: 'v' } }, { status: 404 }),
    )
      .lemmas.rankedHashes(check)
      .catch((error: unknown) => error);
    expect((missing as ApiError).status).toBe(404);
    expect((missing as ApiError).serverError?.parameter).toBe('v');
    let attempts = 0;
    const flaky = client(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return bytes(table);
    });
    expect((await flaky.lemmas.rankedHashes(check)).check).toBe(check);
    expect(attempts).toBe(2);
  });

  it('answers a refused table (404) from memory for a minute, then asks again', async () => {
    vi.useFakeTimers();
    let served = false;
    const { lemmas, asked } = client(async () =>
      served
        ? bytes(table)
        : Response.json({ error: { code: 'not_found', message: 'No frequency list', parameter: 'v' } }, { status: 404 }),
    );
    const refused = await lemmas.rankedHashes(check).catch((error: unknown) => error);
    expect((refused as ApiError).status).toBe(404);
    expect(((await lemmas.rankedHashes(check).catch((error: unknown) => error)) as ApiError).status).toBe(404);
    expect(asked).toHaveLength(1);
    // Another node of a deploy, or the server after an update, serves it now.
    served = true;
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await lemmas.rankedHashes(check)).check).toBe(check);
    expect(asked).toHaveLength(2);
  });
});

afterEach(() => {
  vi.useRealTimers();
});
