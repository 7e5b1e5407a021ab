import Database from 'better-sqlite3';
const db = new Database(process.argv[2]!, { readonly: true });
function time(name: string, sql: string, p: object) {
  const st = db.prepare(sql); st.all(p); const n = 10; const t = performance.now(); for (let i = 0; i < n; i++) st.all(p);
  console.log(name.padEnd(50), ((performance.now() - t) / n).toFixed(2), 'ms');
}
for (const m of ['"harbor"', '"city"', '"people" AND "council" AND "school"', '"peo"*']) {
  time(m + ' rowids 1000', `SELECT rowid FROM article_search WHERE article_search MATCH @m ORDER BY rowid DESC LIMIT 1000`, { m });
  time(m + ' bm25 1000', `SELECT rowid, bm25(article_search,10,4,1) FROM article_search WHERE article_search MATCH @m ORDER BY rowid DESC LIMIT 1000`, { m });
  time(m + ' count 1001', `SELECT count(*) FROM (SELECT 1 FROM article_search WHERE article_search MATCH @m LIMIT 1001)`, { m });
  time(m + ' rowids 200', `SELECT rowid, bm25(article_search,10,4,1) FROM article_search WHERE article_search MATCH @m ORDER BY rowid DESC LIMIT 200`, { m });
}
import { searchSql } from '../server/store/list-queries';
const { page } = searchSql(false);
for (const m of ['"harbor"', '"city"']) {
  time(m + ' page', page, { match: m, limit: 20, offset: 0 });
  time(m + ' page no snippet', page.replace(/snippet\([^)]*\)/, "''"), { match: m, limit: 20, offset: 0 });
}
console.log(db.prepare('EXPLAIN QUERY PLAN ' + page).all({ match: '"harbor"', limit: 20, offset: 0 }).map((r: any) => r.detail).join('\n'));
