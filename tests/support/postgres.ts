/** A fresh database per test file in the run's throwaway cluster (postgres-global-setup.ts). */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export interface TestDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/** A role without superuser rights, as a hosted database's owner often is: it cannot CREATE EXTENSION rum. */
const PLAIN_ROLE = 'newsreader_plain';

/**
 * icuLocale: a database whose text sorts by that ICU locale (as a production database may), not by bytes.
 * plainOwner: the database owned by, and the URL logged in as, a role that is not a superuser.
 */
export async function createTestDatabase(options: { icuLocale?: string; plainOwner?: boolean } = {}): Promise<TestDatabase> {
  const base = inject('postgresUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client(base);
  await admin.connect();
  try {
    const locale = options.icuLocale?.replace(/[^A-Za-z0-9_-]/g, '');
    if (options.plainOwner) {
      // Test files run in parallel: the role may be made by another one at the same moment.
      await admin.query(
        `DO $$ BEGIN CREATE ROLE ${PLAIN_ROLE} LOGIN NOSUPERUSER; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`,
      );
    }
    await admin.query(
      (locale
        ? `CREATE DATABASE ${name} TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE '${locale}' LOCALE 'C'`
        : `CREATE DATABASE ${name}`) + (options.plainOwner ? ` OWNER ${PLAIN_ROLE}` : ''),
    );
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  if (options.plainOwner) url.username = PLAIN_ROLE;
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
