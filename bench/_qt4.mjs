import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
const { register } = await import('tsx/esm/api');
register();
const load = (p) => import(pathToFileURL(join('/work/main/packages/server/src', p)).href);
const { openDatabase } = await load('db/open.ts');
const { eq, sql } = await import('drizzle-orm');
const schema = await load('db/schema.ts');
const read = await load('features/bookings/read.ts');
const opened = await openDatabase({ dataDir: '/tmp/qt/pgdata' });
const { db } = opened;
const build = () => db.select(read.staffBookingColumns).from(schema.bookings).innerJoin(schema.cars, eq(schema.cars.id, schema.bookings.carId)).innerJoin(schema.users, eq(schema.users.id, schema.bookings.userId)).orderBy(...read.newestFirst);
const prepared = build().limit(sql.placeholder('limit')).prepare('staff_newest');
const a = [], b = [];
for (let i = 0; i < 60; i++) {
  let s = performance.now(); await build().limit(10); a.push(performance.now() - s);
  s = performance.now(); await prepared.execute({ limit: 10 }); b.push(performance.now() - s);
}
const med = (x) => x.slice(10).sort((p, q) => p - q)[Math.floor((x.length - 10) / 2)].toFixed(2);
console.log('plain', med(a), 'prepared', med(b), 'load', (await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' '));
await opened.close();
