/**
 * `npx tsx scripts/bench/search-phases.ts [--db data/bench-scale-100000.db]`: where a SQLite search's CPU goes, for the
 * whole-word search classes of uncached-scale.ts (300 paths a class from the 3,000th, as search-cpu.ts; prefixes left
 * out): the candidates (as far as a first page counts, decision 44), the ranking of the page's block (the heads
 * queries of search-index.ts's scores), the page's snippets and its 20 summary rows (one statement), each statement as the store
 * prepares it, timed apart in process CPU time. Second of two rounds. Read-only. On a file with article_terms (v13), also
 * the ranking from those rows (search-terms.ts, decision 56), and how many pages it ordered otherwise than the heads.
 */
import Database from 'better-sqlite3';
import type { CategoryId } from '../../common/catalog';
import { HIT_END, HIT_START, ftsTermGroups } from '../../server/store/fts-query';
import { SUMMARY_COLUMNS } from '../../server/store/sqlite/list-queries';
import { countedFor, rankedPage } from '../../server/store/search-pages';
import { tagToken } from '../../server/store/sqlite/search-index';
import { SearchTerms, scoreOf } from '../../server/store/sqlite/search-terms';
import { classes } from './uncached-classes';

const at = process.argv.indexOf('--db');
const db = new Database(at >= 0 ? process.argv[at + 1]! : 'data/bench-scale-100000.db', { readonly: true, fileMustExist: true });
const candidates = db
  .prepare('SELECT rowid FROM article_search WHERE article_search MATCH ? ORDER BY rowid DESC LIMIT CAST(? AS INTEGER)')
  .pluck();
const heads = db
  .prepare(
    `SELECT rowid FROM article_heads WHERE article_heads MATCH @match
      AND rowid BETWEEN CAST(@oldest AS INTEGER) AND CAST(@newest AS INTEGER)
      AND (@listed IS NULL OR +rowid IN (SELECT value FROM json_each(@listed)))`,
  )
  .pluck();
const summaries = db.prepare(`SELECT k.key AS key, ${SUMMARY_COLUMNS} FROM json_each(?) AS j
  JOIN search_keys AS k ON k.key = CAST(j.value AS INTEGER) JOIN articles AS a ON a.seq = k.article_seq`);
const snippets = db.prepare(`SELECT rowid AS seq, snippet(article_search, -1, '${HIT_START}', '${HIT_END}', '…', 24) AS snippet
  FROM article_search WHERE article_search MATCH ? AND rowid BETWEEN CAST(? AS INTEGER) AND CAST(? AS INTEGER)
  AND +rowid IN (SELECT value FROM json_each(?))`);
const hasTerms = db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'article_terms'").pluck().get() === 1;
const terms = hasTerms ? new SearchTerms(db) : undefined;
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const timed = <T>(phase: keyof typeof spent, work: () => T): T => {
  const started = cpuMs();
  const result = work();
  spent[phase] += cpuMs() - started;
  return result;
};
const spent = { candidates: 0, ranking: 0, termsRanking: 0, snippets: 0, summaries: 0 };

for (const round of [1, 2]) {
  for (const c of classes(100_000, new Map()).filter((c) => c.name.startsWith('search'))) {
    Object.assign(spent, { candidates: 0, ranking: 0, termsRanking: 0, snippets: 0, summaries: 0 });
    let count = 0;
    let differing = 0;
    for (const path of c.paths.slice(3000, 3300)) {
      const params = new URL(`http://x${path}`).searchParams;
      const category = params.get('category') as CategoryId | null;
      const offset = Number(params.get('offset') ?? 0);
      const { words, prefixes } = ftsTermGroups(params.get('q')!);
      if (prefixes.length > 0 || words.length === 0) continue;
      const filter = category ? ` AND tags : "${tagToken('category', category)}"` : '';
      const text = `{title summary body} : (${words.join(' AND ')})`;
      const found = timed('candidates', () => candidates.all(text + filter, countedFor(offset, 20) + 1) as number[]);
      const page = timed('ranking', () =>
        rankedPage(found, offset, 20, (block) => {
          const [newest, oldest] = [block[0]!, block[block.length - 1]!];
          const listed = words.length > 1 ? JSON.stringify(block) : null;
          const inRange = (match: string) => new Set(heads.all({ match: match + filter, oldest, newest, listed }) as number[]);
          const titleAny = inRange(`title : (${words.join(' OR ')})`);
          const titleAll =
            words.length > 1 && block.some((key) => titleAny.has(key)) ? inRange(`title : (${words.join(' AND ')})`) : titleAny;
          const summaryAny = inRange(`summary : (${words.join(' OR ')})`);
          return (key) => (titleAll.has(key) ? 20 : 0) + (titleAny.has(key) ? 10 : 0) + (summaryAny.has(key) ? 4 : 0);
        }),
      );
      if (terms) {
        const fromTerms = timed('termsRanking', () =>
          rankedPage(found, offset, 20, (block) => {
            const hits = terms.hits(words, block)!;
            return (key) => scoreOf(hits.get(key)!);
          }),
        );
        if (JSON.stringify(fromTerms) !== JSON.stringify(page)) differing++;
      }
      if (page.length === 0) continue;
      timed('snippets', () => snippets.all(text, Math.min(...page), Math.max(...page), JSON.stringify(page)));
      timed('summaries', () => summaries.all(JSON.stringify(page)));
      count++;
    }
    if (round === 2 && count > 0) {
      const mean = (ms: number) => (ms / count).toFixed(2);
      console.log(
        `${c.name}: ${count} pages; mean CPU ms: candidates ${mean(spent.candidates)}, ranking ${mean(spent.ranking)}, ` +
          `${terms ? `from article_terms ${mean(spent.termsRanking)} (${differing} pages ordered otherwise), ` : ''}` +
          `snippets ${mean(spent.snippets)}, 20 summaries ${mean(spent.summaries)}`,
      );
    }
  }
}
db.close();
