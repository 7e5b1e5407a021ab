/**
 * `DATABASE_URL=postgres://… npx tsx scripts/bench/postgres-snippet-cost.ts [N] [copies…]`: the database CPU of one body
 * snippet on PostgreSQL, `ts_headline` over the whole body (before decision 51) against `newsreader_snippet` (migration
 * v9: the part around the first hits, called here whatever the body's length), and whether the two give the same text. For the first N paths (default 40) of
 * each search class of uncached-scale.ts, the query is built as the store builds it (termQueries) and up to
 * 20 matching articles' bodies are read; each body is made `copies` times longer (default 1 and 6: the synthetic bodies
 * are ~1,000 characters, a news article's several thousand). CPU is the backend's, from /proc/<pid>/schedstat, less a
 * pass that reads the same bodies without a snippet. Read-only; the cluster must run on this machine, at schema v9.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { HIT_END, HIT_START } from '../../server/store/fts-query';
import { HEADLINE_OPTIONS, termQueries } from '../../server/store/postgres/postgres-rows';
import { classes, searchQueryOf } from './uncached-classes';

const url = process.env['DATABASE_URL'];
if (!url) throw new Error('DATABASE_URL is required');
const count = Number(process.argv[2] ?? 40);
const copiesList = process.argv.slice(3).map(Number);

const client = new pg.Client({ connectionString: url });
await client.connect();
const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
const backendNs = () => Number(readFileSync(`/proc/${rows[0]!.pid}/schedstat`, 'utf8').split(' ')[0]);

const snippets = {
  none: () => `length(d.body)::text || left($2::text, 0)`,
  whole: () => `ts_headline('english', d.body, q.q_headline, $2)`,
  part: () => `newsreader_snippet(d.body, q.q_headline, $2, '${HIT_START}${HIT_END}')`,
};

async function pass(queries: string[], copies: number, kind: keyof typeof snippets) {
  const answers: string[] = [];
  let bodies = 0;
  const start = backendNs();
  for (const q of queries) {
    const { exprs, params, headlineExprs } = termQueries(q, 3);
    const { rows: found } = await client.query<{ snippet: string }>(
      `WITH q AS (SELECT ${headlineExprs.join(' && ')} AS q_headline),
         d AS MATERIALIZED (SELECT repeat(a.body || E'\\n', $1) AS body FROM articles AS a
           WHERE a.search @@ (${exprs.join(' && ')}) ORDER BY a.seq DESC LIMIT 20)
       SELECT ${snippets[kind]()} AS snippet FROM d, q`,
      [copies, HEADLINE_OPTIONS, ...params],
    );
    bodies += found.length;
    answers.push(...found.map((row) => row.snippet));
  }
  return { ms: (backendNs() - start) / 1e6, bodies, answers };
}

console.log(`load ${loadavg()[0]!.toFixed(2)}`);
try {
  for (const found of classes(100_000, new Map()).filter((c) => c.name.startsWith('search'))) {
    const queries = found.paths.slice(0, count).map((path) => searchQueryOf(path).q);
    for (const copies of copiesList.length > 0 ? copiesList : [1, 6]) {
      await pass(queries, copies, 'whole'); // warm: the same rows, cached
      const none = await pass(queries, copies, 'none');
      const whole = await pass(queries, copies, 'whole');
      const part = await pass(queries, copies, 'part');
      const same = whole.answers.filter((answer, i) => answer === part.answers[i]).length;
      // SHOW=<n>: that many differing pairs, whole body first.
      const shown = whole.answers.flatMap((answer, i) => (answer === part.answers[i] ? [] : [[answer, part.answers[i]]]));
      for (const pair of shown.slice(0, Number(process.env['SHOW'] ?? 0))) console.log(pair.join('\n  ->  '));
      const per = (ms: number) => (((ms - none.ms) / none.bodies) * 1000).toFixed(0);
      console.log(
        `${found.name}, bodies x${copies} (${none.bodies} bodies): database CPU per snippet, whole body ${per(whole.ms)} µs, ` +
          `part ${per(part.ms)} µs; same text ${same} of ${whole.answers.length} (load ${loadavg()[0]!.toFixed(2)})`,
      );
    }
  }
} finally {
  await client.end();
}
