/**
 * One throwaway PostgreSQL cluster for the whole unit run (scripts/postgres/throwaway-cluster.ts);
 * test files each create their own database in it (tests/support/postgres.ts). PostgreSQL missing
 * fails the run: the contract tests are never skipped.
 */
import type { TestProject } from 'vitest/node';
import { startThrowawayCluster } from '../../scripts/postgres/throwaway-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startThrowawayCluster().catch((error: unknown) => {
    throw new Error(
      `The unit tests need PostgreSQL for the store contract (tests/store-contract): ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  });
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
