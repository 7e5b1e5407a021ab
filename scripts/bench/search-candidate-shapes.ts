/**
 * `npx tsx scripts/bench/search-candidate-shapes.ts`: a SQLite search's candidates statement (search-index.ts) with the
 * words' FTS5 query written four ways, for the one-word and two-word classes of uncached-scale.ts (300 paths a class
 * from the 3,000th): as the store writes it, without the column filter, with the filter tag first, with a column filter
 * per word; mean process CPU ms per query in the third of three rounds, and how many answers are the store's rows.
 */
import Database from 'better-sqlite3';
import type { CategoryId } from '../../common/catalog';
import { ftsTermGroups } from '../../server/store/fts-query';
import { countedFor } from '../../server/store/search-pages';
import { tagToken } from '../../server/store/sqlite/search-index';
import { classes } from '../../scripts/bench/uncached-classes';
const db = new Database('/work/data/bench-scale-100000.db', { readonly: true, fileMustExist: true });
const cand = db
  .prepare('SELECT rowid FROM article_search WHERE article_search MATCH ? ORDER BY rowid DESC LIMIT CAST(? AS INTEGER)')
  .pluck();
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const shapes: Record<string, (w: string[], f: string) => string> = {
  current: (w, f) => `{title summary body} : (${w.join(' AND ')})${f}`,
  nocol: (w, f) => `(${w.join(' AND ')})${f}`,
  filterfirst: (w, f) => `${f.replace(/^ AND /, '')}${f ? ' AND ' : ''}{title summary body} : (${w.join(' AND ')})`,
  percol: (w, f) => w.map((x) => `{title summary body} : ${x}`).join(' AND ') + f,
};
for (const round of [1, 2, 3])
  for (const c of classes(100_000, new Map()).filter((c) => c.name.startsWith('search: two') || c.name.startsWith('search: one'))) {
    const qs = c.paths.slice(3000, 3300).map((path) => {
      const p = new URL(`http://x${path}`).searchParams;
      const cat = p.get('category') as CategoryId | null;
      const { words } = ftsTermGroups(p.get('q')!);
      return { words, f: cat ? ` AND tags : "${tagToken('category', cat)}"` : '', n: countedFor(Number(p.get('offset') ?? 0), 20) + 1 };
    });
    const base = qs.map((q) => JSON.stringify(cand.all(shapes.current!(q.words, q.f), q.n)));
    const line: string[] = [];
    for (const [name, shape] of Object.entries(shapes)) {
      const t = cpu();
      let same = 0;
      qs.forEach((q, i) => {
        const r = JSON.stringify(cand.all(shape(q.words, q.f), q.n));
        if (r === base[i]) same++;
      });
      line.push(`${name} ${((cpu() - t) / qs.length).toFixed(3)} ms (${same}/${qs.length} same)`);
    }
    if (round === 3) console.log(c.name, line.join(', '));
  }
