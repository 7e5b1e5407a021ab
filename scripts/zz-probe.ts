import { openSqliteStore } from '../server/store/sqlite-store';
const store = openSqliteStore(process.argv[2]!);
function time(name: string, f: () => unknown) {
  f(); const n = 20; const t = performance.now(); let r: any; for (let i = 0; i < n; i++) r = f();
  console.log(name.padEnd(40), ((performance.now() - t) / n).toFixed(2), 'ms', 'total' in r ? `total=${r.total}${r.totalCapped ? '+' : ''}` : '');
}
const L = (q: object) => () => store.latest({ limit: 20, offset: 0, ...q });
time('latest', L({}));
for (const c of [{ category: 'health' }, { source: 'bbc' }, { difficulty: 'beginner' }, { category: 'health', difficulty: 'beginner' }, { category: 'health', source: 'bbc' }, { source: 'bbc', difficulty: 'beginner' }, { category: 'health', source: 'bbc', difficulty: 'beginner' }])
  time('latest ' + JSON.stringify(c), L(c));
time('latest offset 99980', L({ offset: 99980 }));
time('latest offset 50000 cat', L({ offset: 5000, category: 'health' }));
const S = (q: string, extra: object = {}) => () => store.search({ q, limit: 20, offset: 0, ...extra });
for (const q of ['zeppelin', 'harbor', 'city', 'people', 'people council', 'people council school', 'harb*', 'peo*', 'ciren', 'the of and to a in for on'])
  { time('search ' + q, S(q)); time('search ' + q + ' +cat', S(q, { category: 'health' })); }
time('search city offset 980', S('city', { offset: 980 }));
time('byId', () => store.byId('synthetic-1-500', 'zh') ?? {});
time('count', () => ({ total: store.count() }));
