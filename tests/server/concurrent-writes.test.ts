// @vitest-environment node
/**
 * Issue 13, case 4: processes writing into one database at the same time wait for each
 * other instead of losing writes to SQLITE_BUSY.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../server/store/sqlite/sqlite-store';
import { makeTempDir } from './fixtures';

const ROOT = join(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

interface WriterReport {
  imported: number;
  updated: number;
  unchanged: number;
  failed: number;
  errors: string[];
}

function writer(database: string, from: number, to: number): Promise<WriterReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ['tests/support/concurrent-writer.ts', database, String(from), String(to)], { cwd: ROOT });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as WriterReport) : reject(new Error(`writer exited ${code}: ${err}`)),
    );
  });
}

describe('concurrent writers', () => {
  it('four processes writing 1,200 articles (half of them twice) lose none and duplicate none', async () => {
    const dir = makeTempDir();
    const database = join(dir, 'shared.db');
    openSqliteStore(database).close();
    try {
      // Overlapping ranges: every article from 300 to 900 is written by two processes at once.
      const reports = await Promise.all([
        writer(database, 0, 600),
        writer(database, 300, 900),
        writer(database, 600, 1200),
        writer(database, 0, 300),
      ]);
      const failed = reports.reduce((sum, r) => sum + r.failed, 0);
      expect(failed, JSON.stringify(reports.flatMap((r) => r.errors))).toBe(0);
      const db = new Database(database, { readonly: true });
      try {
        expect(db.prepare('SELECT count(*) FROM articles').pluck().get()).toBe(1200);
        expect(db.prepare('SELECT count(DISTINCT id) FROM articles').pluck().get()).toBe(1200);
        expect(db.prepare('SELECT count(*) FROM article_search').pluck().get()).toBe(1200);
      } finally {
        db.close();
      }
      const written = reports.reduce((sum, r) => sum + r.imported, 0);
      expect(written).toBe(1200);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
