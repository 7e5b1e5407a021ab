/**
 * `npx tsx scripts/bench/page-storage.ts [--db data/bench-scale-100000.db]`: how long one stored page
 * takes to read, by table layout and page size. Copies 30,000 Chinese pages from a database that
 * scripts/bench/scale.ts built into throwaway files (a WITHOUT ROWID table like article_html, and a
 * table with row ids; 4 KiB and 16 KiB pages), then reads 10,000 random ones warm. Prints µs a read.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

const at = process.argv.indexOf('--db');
const source = new Database(at >= 0 ? process.argv[at + 1]! : 'data/bench-scale-100000.db', { readonly: true, fileMustExist: true });
const pages = source.prepare("SELECT article_seq, html FROM article_html WHERE language = 'zh' AND article_seq <= 30000").all() as {
  article_seq: number;
  html: string;
}[];
source.close();

for (const pageSize of [4096, 16384]) {
  for (const withRowIds of [false, true]) {
    const path = join(tmpdir(), `page-storage-${pageSize}-${withRowIds}.db`);
    rmSync(path, { force: true });
    const db = new Database(path);
    db.pragma(`page_size = ${pageSize}`);
    db.exec(`CREATE TABLE pages (seq INTEGER, language TEXT, html TEXT, PRIMARY KEY (seq, language))${withRowIds ? '' : ' WITHOUT ROWID'}`);
    const insert = db.prepare(`INSERT INTO pages VALUES (?, 'zh', ?)`);
    db.transaction(() => pages.forEach((page) => insert.run(page.article_seq, page.html)))();
    const read = db.prepare(`SELECT html FROM pages WHERE seq = ? AND language = 'zh'`).pluck();
    const seqs = Array.from({ length: 10_000 }, (_, i) => 1 + ((i * 7919) % pages.length));
    for (const seq of seqs) read.get(seq);
    const started = performance.now();
    for (const seq of seqs) read.get(seq);
    const micros = ((performance.now() - started) * 1000) / seqs.length;
    console.log(
      `${String(pageSize).padStart(5)} B pages, ${withRowIds ? 'row ids      ' : 'WITHOUT ROWID'}: ${micros.toFixed(1)} µs a read`,
    );
    db.close();
    rmSync(path, { force: true });
  }
}
