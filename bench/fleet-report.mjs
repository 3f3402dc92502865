#!/usr/bin/env node
/**
 * What each car earns at scale: GET /api/owner/reports/fleet on the BUILT server with a fresh PGlite
 * database of 1,000 cars x 100,000 bookings (lib/load.mjs fleetShape(true)), every booking with its
 * folio (the database writes the quote's lines), one in five with a charge at return and one in ten
 * of those voided, ~9,000 one-day service blocks, and 20,000 services (20 a car over two years) when
 * the services table exists. Timed as the owner, one request after another on one connection, the
 * page's range (the last twelve months) and the longest (three years), each round beside two peers
 * so the figures can be judged against the machine's state: GET /api/owner/dashboard (its one
 * pass over every booking), GET /api/owner/reports/gct (last month's GCT, another report summed
 * from the folios) and GET /health. Target: p95 <= 300 ms for
 * the page's range.
 * Not a test: it asserts nothing and is not part of CI; figures move with the machine's load.
 *
 *   npm run build -w @rental/server && node bench/fleet-report.mjs [--rounds 100] [--keep DIR]
 */
import { existsSync } from 'node:fs';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { fleetShape, seedFleet } from './lib/load.mjs';
import { freshDatabase, ownerToken, startServer } from './lib/server.mjs';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '100' }, keep: { type: 'string' } } });
const ROUNDS = Number(values.rounds);
const WARM_UP = 5;
const TARGET_MS = 300;
const ACCEPT = { 'accept-encoding': 'br, gzip' };

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const round = (n) => (n >= 100 ? Math.round(n) : Math.round(n * 10) / 10);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const isoDay = (date) => date.toISOString().slice(0, 10);

/**
 * Charges at return, voids, service blocks and services, written straight into the database
 * before the server starts (as the history is), through the tables' own triggers.
 */
async function fleetCare(dataDir) {
  const db = await PGlite.create(dataDir, { extensions: { btree_gist } });
  try {
    await db.exec(`
      CREATE TEMP TABLE numbered AS SELECT id, row_number() OVER (ORDER BY md5(id::text)) AS n FROM bookings WHERE status <> 'cancelled';
      INSERT INTO folio_lines (booking_id, kind, label, amount, gct)
        SELECT id, (ARRAY['late', 'fuel', 'damage', 'cleaning', 'toll'])[1 + (n / 5) % 5], 'Charge at return ' || n, 1000 + n % 9000, (1000 + n % 9000) * 15 / 100 FROM numbered WHERE n % 5 = 0;
      INSERT INTO folio_lines (booking_id, kind, label, amount, gct, voids_line_id, reason)
        SELECT l.booking_id, l.kind, 'Voided: ' || l.label, -l.amount, -l.gct, l.id, 'Charged in error'
        FROM folio_lines l JOIN numbered b ON b.id = l.booking_id WHERE b.n % 10 = 0 AND l.label LIKE 'Charge at return %';
      -- One-day blocks on the free day between two of the history's rentals (lib/history.mjs: every 4 days from 190 days ago).
      INSERT INTO car_blocks (car_id, pickup_date, return_date, note)
        SELECT c.id, current_date - 191 - 4 * k, current_date - 191 - 4 * k, 'Service'
          FROM cars c CROSS JOIN generate_series(0, 90, 10) AS k
         WHERE NOT EXISTS (SELECT 1 FROM derived.car_days_taken d WHERE d.car_id = c.id AND d.period @> current_date - 191 - 4 * k);`);
    await db.exec('ANALYZE');
    const counts = (
      await db.query(
        `SELECT (SELECT count(*)::int FROM bookings) AS bookings, (SELECT count(*)::int FROM folio_lines) AS lines, (SELECT count(*)::int FROM car_blocks) AS blocks`,
      )
    ).rows[0];
    return { ...counts, services: 0 };
  } finally {
    await db.close();
  }
}

/** 20 services a car over the last two years, when the services table exists (its migration has run); how many were added. */
async function services(dataDir) {
  const db = await PGlite.create(dataDir, { extensions: { btree_gist } });
  try {
    if (!(await db.query(`SELECT to_regclass('car_services') IS NOT NULL AS there`)).rows[0].there) return 0;
    const added = await db.query(`
      INSERT INTO car_services (car_id, service_date, odometer_km, cost, garage, created_by)
      SELECT c.id, current_date - (k * 36 + (abs(hashtext(c.id::text)) % 30)), 5000 * (20 - k), 8000 + (abs(hashtext(c.id::text || k)) % 40000), 'Bench Garage',
             (SELECT id FROM users WHERE role = 'owner' ORDER BY created_at LIMIT 1)
        FROM cars c CROSS JOIN generate_series(0, 19) AS k`);
    await db.exec('ANALYZE car_services');
    return added.affectedRows;
  } finally {
    await db.close();
  }
}

/** One GET on a kept-alive connection, the body read to its end: ms and bytes. */
function timedGet(agent, base, path, headers) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(base + path, { agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (c) => (bytes += c.length));
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`GET ${path}: ${res.statusCode}`));
        resolve({ ms: performance.now() - started, bytes, encoding: res.headers['content-encoding'] ?? 'identity' });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const { seed: shape, totalBookings } = fleetShape(true);
console.log(`Fleet report: PGlite, ${shape.cars} cars x ${totalBookings.toLocaleString('en-US')} bookings; load average ${load()}`);
const started = performance.now();
// --keep DIR: the seeded database is kept in DIR (a copy is taken for each run), so a second run skips the seeding.
const kept = values.keep ? join(values.keep, 'seeded') : null;
const database = await freshDatabase({});
let server;
try {
  let manifest;
  let care;
  if (kept && existsSync(join(values.keep, 'manifest.json'))) {
    await cp(kept, database.target.dataDir, { recursive: true });
    ({ manifest, care } = JSON.parse(await readFile(join(values.keep, 'manifest.json'), 'utf8')));
  } else {
    manifest = await seedFleet(database.target, true, (line) => console.log(`  seed: ${line}`));
    care = await fleetCare(database.target.dataDir);
    if (kept) {
      await cp(database.target.dataDir, kept, { recursive: true });
      await writeFile(join(values.keep, 'manifest.json'), JSON.stringify({ manifest, care }));
    }
  }
  if (!care.services) {
    // A database seeded before the services' migration: the server's start adds their table, then the services go in.
    await (await startServer({ env: database.env, logLevel: 'warn' })).stop();
    care.services = await services(database.target.dataDir);
    if (kept && care.services) {
      await rm(kept, { recursive: true, force: true });
      await cp(database.target.dataDir, kept, { recursive: true });
      await writeFile(join(values.keep, 'manifest.json'), JSON.stringify({ manifest, care }));
    }
  }
  console.log(
    `  seed: ${care.bookings.toLocaleString('en-US')} bookings, ${care.lines.toLocaleString('en-US')} folio lines, ${care.blocks.toLocaleString('en-US')} blocks, ` +
      `${care.services ? `${care.services.toLocaleString('en-US')} services` : 'no services table yet'}, ${Math.round((performance.now() - started) / 1000)} s`,
  );
  server = await startServer({ env: database.env, logLevel: 'warn' });
  const base = server.baseUrl;
  const ownerSession = await ownerToken(base, manifest);
  const headers = { ...ACCEPT, authorization: ownerSession };

  // The page's range when it opens (contract defaultFleetRange): the last twelve months, this one included.
  const now = new Date();
  const today = isoDay(now);
  const yearFrom = isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)));
  const threeYearsFrom = isoDay(new Date(Date.UTC(now.getUTCFullYear() - 3, now.getUTCMonth(), now.getUTCDate() + 1)));
  const lastMonth = isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))).slice(0, 7);
  const calls = [
    { label: `GET /api/owner/reports/fleet, 12 months (${yearFrom} to ${today})`, path: `/api/owner/reports/fleet?from=${yearFrom}&to=${today}`, headers },
    {
      label: `GET /api/owner/reports/fleet, 3 years (${threeYearsFrom} to ${today})`,
      path: `/api/owner/reports/fleet?from=${threeYearsFrom}&to=${today}`,
      headers,
    },
    { label: `GET /api/owner/reports/fleet.csv, 12 months`, path: `/api/owner/reports/fleet.csv?from=${yearFrom}&to=${today}`, headers },
    { label: 'peer: GET /api/owner/dashboard (one pass over every booking)', path: '/api/owner/dashboard', headers },
    { label: `peer: GET /api/owner/reports/gct?month=${lastMonth}`, path: `/api/owner/reports/gct?month=${lastMonth}`, headers },
    { label: 'peer: GET /health', path: '/health', headers: ACCEPT },
  ];
  const agents = calls.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
  const times = calls.map(() => []);
  const last = [];
  try {
    for (let i = 0; i < WARM_UP + ROUNDS; i++) {
      for (const [k, call] of calls.entries()) {
        const result = await timedGet(agents[k], base, call.path, call.headers);
        if (i >= WARM_UP) times[k].push(result.ms);
        last[k] = result;
      }
    }
  } finally {
    for (const agent of agents) agent.destroy();
  }

  console.log(
    `\nAPI, PGlite, 1,000 cars x 100,000 bookings, ${ROUNDS} rounds on 1 connection each (after ${WARM_UP} to warm up); load average after: ${load()}`,
  );
  console.log('| call | p50 / **p95** / p99 / max ms | answer |');
  console.log('|---|---|---|');
  const p95s = [];
  for (const [k, call] of calls.entries()) {
    const sorted = [...times[k]].sort((a, b) => a - b);
    p95s.push(percentile(sorted, 95));
    console.log(
      `| ${call.label} | ${round(percentile(sorted, 50))} / **${round(percentile(sorted, 95))}** / ${round(percentile(sorted, 99))} / ${round(sorted.at(-1))} | ${(last[k].bytes / 1024).toFixed(1)} KB ${last[k].encoding} |`,
    );
  }
  console.log(`\nTarget: the fleet report (12 months) p95 <= ${TARGET_MS} ms: ${p95s[0] <= TARGET_MS ? 'met' : 'NOT met'} (${round(p95s[0])} ms).`);
} finally {
  await server?.stop();
  await database.drop();
}
