import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
const { register } = await import('tsx/esm/api');
register();
const load = (p) => import(pathToFileURL(join('/work/main/packages/server/src', p)).href);
const { openDatabase } = await load('db/open.ts');
const { sql, eq } = await import('drizzle-orm');
const schema = await load('db/schema.ts');
const read = await load('features/bookings/read.ts');
const opened = await openDatabase({ dataDir: '/tmp/qt/pgdata' });
const { db } = opened;
const q = db.select(read.staffBookingColumns).from(schema.bookings).innerJoin(schema.cars, eq(schema.cars.id, schema.bookings.carId)).innerJoin(schema.users, eq(schema.users.id, schema.bookings.userId)).orderBy(...read.newestFirst).limit(10);
const { sql: text, params } = q.toSQL();

await opened.raw.pool.query('ANALYZE'); for (let i = 0; i < 5; i++) await opened.raw.pool.query(text, params);
const r = await opened.raw.pool.query('EXPLAIN (ANALYZE, BUFFERS) ' + text, params);
console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
await opened.close();
