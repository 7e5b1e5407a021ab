/** A fresh database per test file in the run's throwaway cluster (postgres-global-setup.ts). */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export interface TestDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/** icuLocale: a database whose text sorts by that ICU locale (as a production database may), not by bytes. */
export async function createTestDatabase(options: { icuLocale?: string } = {}): Promise<TestDatabase> {
  const base = inject('postgresUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client(base);
  await admin.connect();
  try {
    const locale = options.icuLocale?.replace(/[^A-Za-z0-9_-]/g, '');
    await admin.query(
      locale
        ? `CREATE DATABASE ${name} TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE '${locale}' LOCALE 'C'`
        : `CREATE DATABASE ${name}`,
    );
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client(base);
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
