#!/usr/bin/env node
/**
 * Where an API call's time goes: the server's own service functions timed in this process on a
 * fresh seeded database, without HTTP. With PGlite the database runs on Node's main thread, so
 * these milliseconds are what caps requests/s; with PostgreSQL (--pg) they are mostly waiting.
 *
 *   node bench/query-timing.mjs [--pg] [--iterations 50]
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { addDays } from './lib/dates.mjs';
import { DEFAULT_PG_URL, ROOT, freshDatabase } from './lib/server.mjs';
import { seedDatabase } from './seed.mjs';

const { values } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    'pg-url': { type: 'string', default: DEFAULT_PG_URL },
    iterations: { type: 'string', default: '50' },
  },
});
const iterations = Number(values.iterations);
const database = await freshDatabase({ postgresUrl: values.pg ? values['pg-url'] : undefined });
try {
  const manifest = await seedDatabase({ ...database.target, log: (line) => console.log(`  seed: ${line}`) });
  // seedDatabase registered tsx, so the server's TypeScript modules load from here on.
  const load = (path) => import(pathToFileURL(join(ROOT, 'packages', 'server', 'src', path)).href);
  const { openDatabase } = await load('db/open.ts');
  const cars = await load('features/cars/service.ts');
  const { findImage } = await load('features/images/store.ts');
  const opened = await openDatabase(database.target);
  try {
    const { db } = opened;
    const ids = manifest.cars.map((c) => c.id);
    const list = await cars.listCarsForCustomers(db);
    const pickupDate = addDays(manifest.today, 30);
    const rows = [];
    const time = async (name, fn) => {
      for (let i = 0; i < 5; i++) await fn();
      const started = performance.now();
      for (let i = 0; i < iterations; i++) await fn();
      rows.push({ call: name, 'ms per call': Number(((performance.now() - started) / iterations).toFixed(2)) });
    };
    await time('listCarsForCustomers (GET /api/user/cars)', () => cars.listCarsForCustomers(db));
    await time('  of which reservedDatesOf(60 cars)', () => cars.reservedDatesOf(db, ids));
    await time('  JSON.stringify of the answer', async () => JSON.stringify({ success: true, cars: list }));
    await time('findCar (GET /api/user/car/:id)', () => cars.findCar(db, ids[3]));
    await time('availableCars (check-availability)', () =>
      cars.availableCars(db, { location: 'Waterford, Portmore', pickupDate, returnDate: addDays(pickupDate, 3) }),
    );
    await time('findImage (GET /api/images/:id)', () => findImage(db, manifest.cars[3].image.split('/').pop()));
    console.log(`\n${database.kind}, ${manifest.cars.length} cars, ${manifest.bookingCount} bookings, ${iterations} calls each:`);
    console.table(rows);
  } finally {
    await opened.close();
  }
} finally {
  await database.drop();
}
