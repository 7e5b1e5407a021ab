/**
 * Versioned schema migrations, applied in order at start. A database written by an older
 * version is migrated forward in place (its data kept), never rebuilt. Each migration runs
 * in its own transaction and is recorded in schema_migrations and PRAGMA user_version.
 * Never edit a shipped migration; add a new one.
 */
import type Database from 'better-sqlite3';
import { MIGRATIONS } from './schema-history';

export { MIGRATIONS, totalCounterName, type Migration } from './schema-history';

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

export class SchemaTooNewError extends Error {}

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export interface MigrationReport {
  readonly from: number;
  readonly to: number;
  readonly applied: readonly string[];
}

/** Applies every migration above the database's version, up to `upTo` (tests stop early to build old files). */
export function migrate(db: Database.Database, upTo: number = LATEST_SCHEMA_VERSION): MigrationReport {
  const from = schemaVersion(db);
  if (from > LATEST_SCHEMA_VERSION) {
    throw new SchemaTooNewError(
      `The database is at schema version ${from}, newer than this server knows (${LATEST_SCHEMA_VERSION}). ` +
        'Run a newer server or point DATABASE_PATH at another file.',
    );
  }
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const applied: string[] = [];
  for (const migration of MIGRATIONS) {
    if (migration.version <= from || migration.version > upTo) continue;
    // IMMEDIATE, and the version checked again inside: two processes opening a new file at once
    // must not both apply the same migration.
    const ran = db
      .transaction(() => {
        if (schemaVersion(db) >= migration.version) return false;
        migration.up(db);
        record.run(migration.version, migration.name, new Date().toISOString());
        db.pragma(`user_version = ${migration.version}`);
        return true;
      })
      .immediate();
    if (ran) applied.push(`${migration.version}: ${migration.name}`);
  }
  return { from, to: schemaVersion(db), applied };
}
