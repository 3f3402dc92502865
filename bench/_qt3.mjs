import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
const { register } = await import('tsx/esm/api');
register();
const load = (p) => import(pathToFileURL(join('/work/main/packages/server/src', p)).href);
const { openDatabase } = await load('db/open.ts');
const opened = await openDatabase({ dataDir: '/tmp/qt/pgdata' });
const pool = opened.raw.pool;
for (const text of process.argv.slice(2)) {
  for (let i = 0; i < 5; i++) await pool.query(text);
  const times = [];
  for (let i = 0; i < 5; i++) {
    const r = await pool.query('EXPLAIN (ANALYZE, SUMMARY) ' + text);
    const lines = r.rows.map((x) => x['QUERY PLAN']);
    times.push(lines.filter((l) => /Planning Time|Execution Time/.test(l)).map((l) => l.replace(/ Time: /, ' ').replace(' ms', '')).join(' '));
  }
  console.log(text.slice(0, 90), '\n   ', times.join(' | '));
}
await opened.close();
