import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
const { register } = await import('tsx/esm/api');
register();
const ROOT = '/work/main';
const load = (p) => import(pathToFileURL(join(ROOT, 'packages/server/src', p)).href);
const { openDatabase } = await load('db/open.ts');
const { sql } = await import('drizzle-orm');
const opened = await openDatabase({ dataDir: '/tmp/qt/pgdata' });
const { db } = opened;
await db.execute(sql`ANALYZE`);

const dash = await load('features/backOffice/dashboard.ts');
const tl = { ...(await load('features/timeline/service.ts')), ...(await load('features/timeline/today.ts')) };
const bk = await load('features/bookings/index.ts');
const cp = await load('features/carPapers/index.ts');
const { companyToday, addDays } = await import('@rental/contract');
const today = companyToday();
const from = addDays(today, -6);
const it = Number(process.argv[2] ?? 30);
const rows = [];
const time = async (name, fn) => {
  for (let i = 0; i < 3; i++) await fn();
  const t = [];
  for (let i = 0; i < it; i++) { const s = performance.now(); await fn(); t.push(performance.now() - s); }
  t.sort((a, b) => a - b);
  rows.push({ call: name, p50: t[Math.floor(it / 2)].toFixed(2), max: t.at(-1).toFixed(2) });
};
await time('dashboardData', () => dash.dashboardData(db, today));
await time('figures', () => db.execute(sql`SELECT sum(bookings) FROM derived.booking_figures`));
await time('occupancy-ish', () => db.execute(sql.raw(process.env.OCC)));
await time('cars count', () => db.execute(sql`SELECT count(*) FROM cars WHERE deleted_at IS NULL`));
await time('listOwnerBookings 10', () => bk.listOwnerBookings(db, { limit: 10 }));
await time('todaysMovements', () => tl.todaysMovements(db, today));
await time('papersDue', () => cp.papersDue(db, today));
await time('timeline 35', () => tl.timeline(db, from, 35, today));
await time('timeline JSON', async () => JSON.stringify(await tl.timeline(db, from, 35, today)));
const tlAnswer = await tl.timeline(db, from, 35, today);
await time('  stringify only', async () => JSON.stringify(tlAnswer));
await time('select 1', () => db.execute(sql`SELECT 1`));
console.table(rows);
console.log('timeline cars', tlAnswer.cars.length, 'bookings', tlAnswer.bookings.length, 'bytes', JSON.stringify(tlAnswer).length);
if (process.argv[3]) {
  for (const q of process.argv.slice(3)) {
    const r = await db.execute(sql.raw('EXPLAIN ANALYZE ' + q));
    console.log((r.rows ?? r).map((x) => x['QUERY PLAN']).join('\n'));
  }
}
await opened.close();
