#!/usr/bin/env node
/**
 * Dead rows on PGlite at scale: how long the server's cleaning (packages/server/src/db/pglite/
 * deadRows.ts) holds the database's one connection, table by table, at 1,000 cars x 100,000
 * bookings (lib/load.mjs fleetShape(true)), and what a request waiting meanwhile feels: a peer asks
 * one car by its key every 2 ms during the round, and the same for as long before it, so its wait
 * can be read beside its own baseline. Rounds, in order, on one database opened as the server opens
 * it (the PGlite thread, the same pool):
 *   1. the first round after a start, which cleans every table (PGlite forgets its counts of dead
 *      rows when it stops), on an install never cleaned before (the seed's own rows);
 *   2. ten minutes of a busy day: 60 bookings moved a step (confirmed, on rent, returned: each
 *      status change runs the database's own triggers, the kept figures among them) and 60 e-mails
 *      marked sent;
 *   3. a week without cleaning (the server was down): 3,000 bookings and 3,000 e-mails;
 *   4. the night's round: every table, indexes too; 5. the same after another 3,000.
 * Rounds 1-3 are the day's (no index cleanup).
 * Prints each round's tables (dead rows, ms held), the longest hold, and the peer's median and
 * slowest wait before and during. Target (issue 37): no hold longer than 100 ms.
 * Not a test: it asserts nothing and is not part of CI; figures move with the machine's load.
 *
 *   node bench/dead-rows.mjs [--keep DIR]
 *
 * --keep DIR: seed once into DIR and start every later run from a copy of it (seeding takes minutes).
 */
import { existsSync } from 'node:fs';
import { cp, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { fleetShape, seedFleet } from './lib/load.mjs';
import { freshDatabase, ROOT } from './lib/server.mjs';

const { values } = parseArgs({ options: { keep: { type: 'string' } } });
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

const { register } = await import('tsx/esm/api');
register();
const serverModule = (path) => import(pathToFileURL(join(ROOT, 'packages', 'server', 'src', path)).href);
const [{ openDatabase }, { cleanDeadRows }, { sql }] = await Promise.all([
  serverModule('db/open.ts'),
  serverModule('db/pglite/deadRows.ts'),
  import('drizzle-orm'),
]);

const { seed: shape, totalBookings } = fleetShape(true);
console.log(`Dead rows: PGlite, ${shape.cars} cars x ${totalBookings.toLocaleString('en-US')} bookings; Node ${process.version}; load average ${load()}`);
const kept = values.keep ? join(values.keep, 'seeded') : null;
const database = await freshDatabase({});
const started = performance.now();
if (kept && existsSync(join(values.keep, 'manifest.json'))) {
  await cp(kept, database.target.dataDir, { recursive: true });
} else {
  const manifest = await seedFleet(database.target, true, (line) => console.log(`  seed: ${line}`));
  if (kept) {
    await cp(database.target.dataDir, kept, { recursive: true });
    await writeFile(join(values.keep, 'manifest.json'), JSON.stringify(manifest));
  }
}
console.log(`  seeded in ${Math.round((performance.now() - started) / 1000)} s`);

const opened = await openDatabase({ dataDir: database.target.dataDir });
const { db } = opened;
const rows = async (query) => (await db.execute(query)).rows;
const [car] = await rows(sql`SELECT id FROM cars LIMIT 1`);

/** One car by its key, every 2 ms, until stopped: each wait in ms. */
function peer() {
  const waits = [];
  const state = { running: true };
  const done = (async () => {
    while (state.running) {
      const t = performance.now();
      await db.execute(sql`SELECT id, plate FROM cars WHERE id = ${car.id}`);
      waits.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  return async () => {
    state.running = false;
    await done;
    return waits.sort((a, b) => a - b);
  };
}
const med = (list) => list[Math.floor(list.length / 2)] ?? NaN;

/** Moves `count` bookings a step each (the server's own statuses, the database's own triggers), and marks as many e-mails sent. */
async function busy(count) {
  const steps = [
    ['confirmed', 'on_rent'],
    ['on_rent', 'returned'],
    ['pending', 'confirmed'],
  ];
  for (const [from, to] of steps) {
    await db.execute(
      sql`UPDATE bookings SET status = ${to} WHERE id IN (SELECT id FROM bookings WHERE status = ${from} ORDER BY random() LIMIT ${Math.ceil(count / 3)})`,
    );
  }
  await db.execute(sql`UPDATE outbox SET sent_at = now() WHERE id IN (SELECT id FROM outbox WHERE sent_at IS NULL LIMIT ${count})`);
  // The changes' counts where pg_stat_user_tables reads them (the server's own sessions flush them as they go).
  await db.execute(sql`SELECT pg_stat_force_next_flush()`);
  await new Promise((resolve) => setTimeout(resolve, 1500));
}

async function round(label, options) {
  const stopBefore = peer();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = await stopBefore();
  const stopDuring = peer();
  const t = performance.now();
  const cleaned = await cleanDeadRows(db, options);
  const total = performance.now() - t;
  const during = await stopDuring();
  const longest = cleaned.reduce((max, c) => Math.max(max, c.ms), 0);
  console.log(`\n${label} (load ${load()}): ${cleaned.length} tables in ${Math.round(total)} ms, the longest hold ${longest} ms`);
  console.log('| table | dead rows | ms held |\n|---|---|---|');
  for (const c of cleaned) console.log(`| ${c.table} | ${c.deadRows.toLocaleString('en-US')} | ${c.ms} |`);
  console.log(
    `peer (one car by its key): before median ${med(before).toFixed(1)} ms, slowest ${before.at(-1)?.toFixed(1)} ms (${before.length}); ` +
      `during median ${med(during).toFixed(1)} ms, slowest ${during.at(-1)?.toFixed(1)} ms (${during.length})`,
  );
}

try {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await round('1. The first round after a start, every table, on an install never cleaned', { everyTable: true });
  await round('1b. The first round after the next start, every table', { everyTable: true });
  await busy(60);
  await round('2. Ten minutes of a busy day: 60 bookings a step, 60 e-mails sent');
  await busy(3000);
  await round('3. A week without cleaning: 3,000 bookings a step, 3,000 e-mails sent');
  await round('4. The night: every table, indexes too', { everyTable: true, indexes: true });
  await busy(3000);
  await round('5. The night after a busy week: 3,000 bookings a step, every table, indexes too', { everyTable: true, indexes: true });
} finally {
  await opened.close();
  await database.drop();
}
console.log(`\nLoad average after: ${load()}`);
