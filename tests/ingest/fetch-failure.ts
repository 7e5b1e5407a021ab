import { FetchFailure } from '../../server/ingest/polite-fetcher';

/** The FetchFailure a fetch ends with; fails the test when it succeeds or fails otherwise. */
export async function failureOf(promise: Promise<unknown>): Promise<FetchFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchFailure) return error;
    throw error;
  }
  throw new Error('expected the fetch to fail');
}
