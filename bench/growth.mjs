#!/usr/bin/env node
/**
 * How the figures grow with the fleet and the books (issue 37): for each shape (cars x bookings) a
 * PGlite database, the BUILT server on a copy of it, logged in as the owner, and on each shape:
 *   - the staff's calls: the dashboard, Manage Bookings' first page, the timeline (5 weeks from this
 *     week's Monday and its first 50 cars, as the page asks) and the desk: p50/p99 on 1 connection (--requests after 20 for
 *     warm-up), then p99 and req/s at --connections for --duration s (autocannon);
 *   - the public reads: the fleet's first page, one car (going round 50 cars) and a week's
 *     availability (going round 8 weeks): p50 on 1 connection and req/s at --connections, each as a
 *     browser asks (Accept-Encoding: br, gzip) and as a plain client asks (none);
 *   - beside them, in the same run, GET /health, which should not grow (at the start and the end of
 *     each shape's round, both counted): it says what the machine was doing;
 *   - how long the shape took to seed, its folder's size, the server's memory and the load average.
 * Prints one markdown table (a row a shape) and, for each axis (shapes with the same bookings, shapes
 * with the same cars), each figure's ratio to the axis's smallest shape.
 * Not a test: it asserts nothing and is not part of CI; figures move with the machine's load.
 *
 *   npm run build && node bench/growth.mjs [--shapes 100x100000,500x100000,2000x100000,1000x10000,1000x100000,1000x1000000]
 *     [--keep DIR] [--requests 100] [--connections 4] [--duration 3] [--only dashboard,manage,timeline,desk,cars-page,car,availability]
 *     [--year-per-car 8] [--seed-only]
 *
 * Seeding: the year around today made as bench/seed.mjs makes it (a few cars and bookings through the
 * API, the rest inserted), --year-per-car bookings a car (8, as staff-pages' 1,000 cars x 8,000), at
 * most the shape's count; then older history inserted by one SQL statement (lib/history.mjs) up to
 * the shape's count, then VACUUM ANALYZE, so the server starts on a clean, counted table as a
 * long-running one would be.
 * --keep DIR: each shape is kept in DIR/<cars>x<bookings> (and each fleet's year in DIR/year-<cars>cars,
 * shared by the shapes of that fleet); a later run, with this build or another
 * (BENCH_SERVER_MAIN=<checkout>/packages/server/dist/main.js), starts from a copy of what is kept.
 * Without it everything is seeded in temporary folders and deleted afterwards.
 * --seed-only: seed (and keep) the shapes, measure nothing.
 * Seeding cost: the history is written as a restore writes (lib/history.mjs), ~0.3 ms a booking on a
 * quiet 2-core machine (92,152 in 27.5 s); the year of 1,000 cars ~20 s quiet, ~400 s at load 10.
 */
import { cp, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { Agent } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { addDays } from './lib/dates.mjs';
import { topUpHistory } from './lib/history.mjs';
import { percentile, rotating, runLoad, timed } from './lib/load.mjs';
import { SERVER_MAIN, ensureBuilt, freshDatabase, startServer } from './lib/server.mjs';
import { seedDatabase } from './seed.mjs';

const { values } = parseArgs({
  options: {
    shapes: { type: 'string', default: '100x100000,500x100000,2000x100000,1000x10000,1000x100000,1000x1000000' },
    keep: { type: 'string' },
    requests: { type: 'string', default: '100' },
    connections: { type: 'string', default: '4' },
    duration: { type: 'string', default: '3' },
    only: { type: 'string' },
    'year-per-car': { type: 'string', default: '8' },
    'seed-only': { type: 'boolean', default: false },
  },
});
const REQUESTS = Number(values.requests);
const CONNECTIONS = Number(values.connections);
const DURATION = Number(values.duration);
const YEAR_PER_CAR = Number(values['year-per-car']);
const WARM_UP = 20;
const BROWSER = { 'accept-encoding': 'br, gzip' };
const PLAIN = {};
const JSON_BODY = { 'content-type': 'application/json' };

const shapes = values.shapes.split(',').map((text) => {
  const match = text.trim().match(/^(\d+)x(\d+)$/);
  if (!match) throw new Error(`--shapes: ${text}? (e.g. 100x100000: 100 cars, 100,000 bookings)`);
  return { cars: Number(match[1]), bookings: Number(match[2]), name: `${match[1]}x${match[2]}` };
});

const load = () => loadavg().map((n) => n.toFixed(2));
const round = (n) => (n >= 100 ? Math.round(n) : n >= 10 ? Math.round(n * 10) / 10 : Math.round(n * 100) / 100);
const thousands = (n) => n.toLocaleString('en-US');
const log = (line) => console.log(`  ${line}`);

/** The company's today (America/Jamaica, as @rental/contract companyToday) and the timeline's Monday (timelineLayout weekStart). */
function companyToday() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Jamaica', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}
function weekStart(date) {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** A folder's size in bytes (files' lengths). */
async function folderBytes(dir) {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await folderBytes(path);
    else if (entry.isFile()) total += (await stat(path)).size;
  }
  return total;
}

/**
 * A seeded folder (pgdata and manifest.json): the kept one, or made by `make(dir)` (which fills
 * dir/pgdata and answers the manifest). Kept folders are made under a name of this process's and
 * renamed when whole, so a folder with its name is complete and two runs never write one folder.
 */
async function keptOr(name, make) {
  if (!values.keep) {
    const { target } = await freshDatabase({});
    return { dir: target.dataDir, pgdata: join(target.dataDir, 'pgdata'), manifest: await make(target.dataDir), kept: false, reused: false };
  }
  const dir = join(values.keep, name);
  const manifestFile = join(dir, 'manifest.json');
  const found = { dir, pgdata: join(dir, 'pgdata'), kept: true };
  if (existsSync(manifestFile)) return { ...found, manifest: JSON.parse(await readFile(manifestFile, 'utf8')), reused: true };
  // A folder without its manifest is what a stopped run left.
  await rm(dir, { recursive: true, force: true });
  const part = `${dir}.part-${process.pid}`;
  await rm(part, { recursive: true, force: true });
  await mkdir(part, { recursive: true });
  const manifest = await make(part);
  await writeFile(join(part, 'manifest.json'), JSON.stringify(manifest));
  try {
    await rename(part, dir);
  } catch (err) {
    if (!existsSync(manifestFile)) throw err;
    // Another run kept the same shape first: its folder is used, ours dropped.
    await rm(part, { recursive: true, force: true });
    return { ...found, manifest: JSON.parse(await readFile(manifestFile, 'utf8')), reused: true };
  }
  return { ...found, manifest, reused: false };
}

/** The year around today for a fleet of `cars` (seed.mjs), kept for the fleet's other shapes. */
function seededYear(cars, bookings) {
  return keptOr(`year-${cars}cars-${bookings}`, (dir) =>
    seedDatabase({ dataDir: join(dir, 'pgdata'), cars, customers: Math.max(40, Math.round(cars / 5)), bookings, log: (line) => log(`year: ${line}`) }),
  );
}

/** A shape's database, seeded (the fleet's year, then older history), cleaned and counted; or the kept one. */
async function seededShape(shape) {
  const seeded = await keptOr(shape.name, async (dir) => {
    const yearBookings = Math.min(shape.bookings, YEAR_PER_CAR * shape.cars);
    const year = await seededYear(shape.cars, yearBookings);
    log(`seed: the year, ${thousands(year.manifest.bookingCount)} bookings, ${year.manifest.seconds.toFixed(1)} s${year.reused ? ' (kept, copied)' : ''}`);
    const pgdata = join(dir, 'pgdata');
    if (year.kept) await cp(year.pgdata, pgdata, { recursive: true });
    else await rename(year.pgdata, pgdata);
    if (!year.kept) await rm(year.dir, { recursive: true, force: true });
    let started = performance.now();
    const wanted = shape.bookings - year.manifest.bookingCount;
    const added = wanted > 0 ? await topUpHistory({ dataDir: pgdata }, wanted) : 0;
    const topUpSeconds = (performance.now() - started) / 1000;
    log(`seed: history, ${thousands(added)} bookings (${thousands(wanted - added)} left out: reference drawn by the seed), ${topUpSeconds.toFixed(1)} s`);
    started = performance.now();
    const db = await PGlite.create(pgdata, { extensions: { btree_gist } });
    try {
      await db.exec('VACUUM ANALYZE');
    } finally {
      await db.close();
    }
    const vacuumSeconds = (performance.now() - started) / 1000;
    log(`seed: VACUUM ANALYZE ${vacuumSeconds.toFixed(1)} s`);
    return {
      ...year.manifest,
      bookingCount: year.manifest.bookingCount + added,
      seeding: { yearSeconds: year.manifest.seconds, topUpSeconds, vacuumSeconds, seededAt: new Date().toISOString() },
    };
  });
  log(
    `seed: ${thousands(seeded.manifest.bookingCount)} bookings, ${seedSeconds(seeded.manifest).toFixed(1)} s to seed${seeded.reused ? ` (kept in ${seeded.dir})` : ''}`,
  );
  return seeded;
}

/** --requests one after another on one connection (after WARM_UP), going round `list`: sorted times, the last answer. */
async function oneByOne(base, list) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; i < WARM_UP; i++) await timed(agent, base, list[i % list.length]);
    const times = [];
    let last;
    for (let i = 0; i < REQUESTS; i++) {
      last = await timed(agent, base, list[i % list.length]);
      times.push(last.ms);
    }
    return { times: times.sort((a, b) => a - b), bytes: last.bytes, encoding: last.encoding };
  } finally {
    agent.destroy();
  }
}

/** --connections at once for --duration s, going round `list`. */
async function together(base, list) {
  const result = await runLoad({ url: base, connections: CONNECTIONS, duration: DURATION, requests: [{ setupRequest: rotating(list) }] });
  if (result.errors || result.non2xx) throw new Error(`${list[0].path}: errors ${result.errors}, non-2xx ${result.non2xx}`);
  return { rate: result.requests.average, p99: result.latency.p99 };
}

/** The figures of one shape, measured on a copy of its database. */
async function measure(shape, seeded) {
  const copy = await freshDatabase({});
  await rm(copy.target.dataDir, { recursive: true, force: true });
  await cp(seeded.pgdata, copy.target.dataDir, { recursive: true });
  const { manifest } = seeded;
  let server;
  try {
    const loadBefore = load();
    const started = performance.now();
    server = await startServer({ env: copy.env, logLevel: 'warn', startSeconds: 600 });
    const startSeconds = (performance.now() - started) / 1000;
    const base = server.baseUrl;
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: JSON_BODY,
      body: JSON.stringify({ email: manifest.owner.email, password: manifest.owner.password }),
    }).then((r) => r.json());
    if (!login.token) throw new Error(`Login failed: ${JSON.stringify(login)}`);
    const staff = { ...BROWSER, authorization: login.token };
    const today = companyToday();
    const carIds = manifest.cars.slice(0, 50).map((c) => c.id);
    const weeks = Array.from({ length: 8 }, (_, i) => {
      const pickupDate = addDays(today, 7 * (i + 1));
      return JSON.stringify({ location: 'Waterford, Portmore', pickupDate, returnDate: addDays(pickupDate, 7) });
    });
    const staffCalls = [
      { key: 'dashboard', path: '/api/owner/dashboard' },
      { key: 'manage', path: '/api/bookings/owner?limit=50' },
      // As the screen asks since decision 134: 5 weeks, the first page of 50 cars.
      { key: 'timeline', path: `/api/owner/timeline?from=${weekStart(today)}&days=35&carsFrom=0&cars=50` },
      { key: 'desk', path: '/api/owner/desk' },
    ];
    const publicCalls = [
      { key: 'cars-page', list: (accept) => [{ method: 'GET', path: '/api/user/cars/page', headers: accept }] },
      { key: 'car', list: (accept) => carIds.map((id) => ({ method: 'GET', path: `/api/user/car/${id}`, headers: accept })) },
      {
        key: 'availability',
        list: (accept) => weeks.map((body) => ({ method: 'POST', path: '/api/bookings/check-availability', headers: { ...accept, ...JSON_BODY }, body })),
      },
    ];
    const wanted = (key) => !values.only || values.only.split(',').includes(key);
    const figures = {};
    const health = [{ method: 'GET', path: '/health', headers: BROWSER }];
    const healthRuns = [await oneByOne(base, health)];
    const healthTogether = [await together(base, health)];
    for (const call of staffCalls.filter((c) => wanted(c.key))) {
      const list = [{ method: 'GET', path: call.path, headers: staff }];
      const alone = await oneByOne(base, list);
      const at = await together(base, list);
      figures[call.key] = { p50: percentile(alone.times, 50), p99: percentile(alone.times, 99), p99At: at.p99, bytes: alone.bytes, encoding: alone.encoding };
      log(
        `${call.key}: p50 ${round(figures[call.key].p50)} p99 ${round(figures[call.key].p99)} ms, p99 ${at.p99} ms at ${CONNECTIONS}; ${(alone.bytes / 1024).toFixed(1)} KB ${alone.encoding}; load ${load()[0]}`,
      );
    }
    for (const call of publicCalls.filter((c) => wanted(c.key))) {
      const figure = {};
      for (const [encoding, accept] of [
        ['br', BROWSER],
        ['plain', PLAIN],
      ]) {
        const alone = await oneByOne(base, call.list(accept));
        const at = await together(base, call.list(accept));
        figure[encoding] = { p50: percentile(alone.times, 50), rate: at.rate, bytes: alone.bytes, encoding: alone.encoding };
      }
      figures[call.key] = figure;
      log(
        `${call.key}: p50 ${round(figure.br.p50)} / ${round(figure.plain.p50)} ms, ${Math.round(figure.br.rate)} / ${Math.round(figure.plain.rate)} req/s (br / plain); ${(figure.br.bytes / 1024).toFixed(1)} KB ${figure.br.encoding}, ${(figure.plain.bytes / 1024).toFixed(1)} KB plain; load ${load()[0]}`,
      );
    }
    healthRuns.push(await oneByOne(base, health));
    healthTogether.push(await together(base, health));
    const healthTimes = healthRuns.flatMap((r) => r.times).sort((a, b) => a - b);
    figures.health = { p50: percentile(healthTimes, 50), p99: percentile(healthTimes, 99), p99At: Math.max(...healthTogether.map((r) => r.p99)) };
    return {
      shape,
      manifest,
      figures,
      startSeconds,
      rssMiB: server.memory().peakMiB,
      folderMiB: (await folderBytes(seeded.pgdata)) / 2 ** 20,
      loadBefore,
      loadAfter: load(),
    };
  } finally {
    await server?.stop();
    await copy.drop();
  }
}

// The table: one row a shape; each cell's numbers also give the ratio tables.
const STAFF = [
  ['dashboard', 'dashboard'],
  ['manage', 'Manage Bookings'],
  ['timeline', 'timeline'],
  ['desk', 'desk'],
];
const PUBLIC = [
  ['cars-page', 'cars/page'],
  ['car', 'car/:id'],
  ['availability', 'availability (week)'],
];
/** Each column: header and the numbers of a row (undefined when not measured). */
const COLUMNS = [
  { head: 'seed s (year + history + vacuum)', numbers: (r) => [seedSeconds(r.manifest)] },
  { head: 'folder MiB', numbers: (r) => [r.folderMiB] },
  { head: 'server peak MiB', numbers: (r) => [r.rssMiB] },
  { head: 'peer /health p50 / p99 / p99 @N', numbers: (r) => [r.figures.health.p50, r.figures.health.p99, r.figures.health.p99At] },
  ...STAFF.map(([key, label]) => ({
    head: `${label} p50 / p99 / p99 @N ms`,
    numbers: (r) => r.figures[key] && [r.figures[key].p50, r.figures[key].p99, r.figures[key].p99At],
  })),
  ...PUBLIC.map(([key, label]) => ({
    head: `${label} p50 br / plain ms, req/s @N br / plain`,
    numbers: (r) => r.figures[key] && [r.figures[key].br.p50, r.figures[key].plain.p50, r.figures[key].br.rate, r.figures[key].plain.rate],
  })),
];
const seedSeconds = (m) => m.seeding.yearSeconds + m.seeding.topUpSeconds + m.seeding.vacuumSeconds;
const shapeLabel = (r) => `${thousands(r.shape.cars)} x ${thousands(r.manifest.bookingCount)}`;

function cell(numbers, column) {
  if (!numbers) return '-';
  if (column.head.startsWith('seed')) return String(Math.round(numbers[0]));
  if (column.head.includes('req/s')) return `${numbers.slice(0, 2).map(round).join(' / ')}, ${numbers.slice(2).map(Math.round).join(' / ')}`;
  return numbers.map(round).join(' / ');
}

function printTable(rows) {
  const heads = ['shape (cars x bookings)', ...COLUMNS.map((c) => c.head.replaceAll('@N', `@${CONNECTIONS}`)), 'load 1 min before -> after'];
  console.log(`| ${heads.join(' | ')} |`);
  console.log(`|${heads.map(() => '---').join('|')}|`);
  for (const r of rows)
    console.log(`| ${[shapeLabel(r), ...COLUMNS.map((c) => cell(c.numbers(r), c)), `${r.loadBefore[0]} -> ${r.loadAfter[0]}`].join(' | ')} |`);
}

/** Each figure's ratio to the axis's first (smallest) shape. */
function printRatios(title, rows) {
  const [first] = rows;
  console.log(`\n${title}: each figure / the same figure at ${shapeLabel(first)}`);
  const heads = ['shape', ...COLUMNS.map((c) => c.head.replaceAll('@N', `@${CONNECTIONS}`))];
  console.log(`| ${heads.join(' | ')} |`);
  console.log(`|${heads.map(() => '---').join('|')}|`);
  for (const r of rows) {
    const cells = COLUMNS.map((c) => {
      const [a, b] = [c.numbers(r), c.numbers(first)];
      if (!a || !b) return '-';
      return a.map((n, i) => `x${(n / b[i]).toFixed(n / b[i] >= 10 ? 0 : 1)}`).join(' / ');
    });
    console.log(`| ${[shapeLabel(r), ...cells].join(' | ')} |`);
  }
}

if (!values['seed-only']) ensureBuilt();
if (values.keep) await mkdir(values.keep, { recursive: true });
console.log(
  `Growth: PGlite, shapes ${shapes.map((s) => s.name).join(', ')}; ${REQUESTS} requests on 1 connection (after ${WARM_UP}), ${CONNECTIONS} connections x ${DURATION} s; server ${SERVER_MAIN}; load average ${load().join(', ')}`,
);
const rows = [];
for (const shape of shapes) {
  console.log(`\n${shape.name}: ${thousands(shape.cars)} cars, ${thousands(shape.bookings)} bookings; load ${load().join(', ')}`);
  const seeded = await seededShape(shape);
  try {
    if (values['seed-only']) continue;
    const row = await measure(shape, seeded);
    rows.push(row);
    log(`server started in ${row.startSeconds.toFixed(1)} s; row:`);
    printTable([row]);
  } finally {
    if (!seeded.kept) await rm(seeded.dir, { recursive: true, force: true });
  }
}
if (rows.length > 0) {
  console.log(`\nAll shapes; load average now ${load().join(', ')}`);
  printTable(rows);
  const axes = [];
  for (const r of rows) {
    const sameBookings = rows.filter((o) => o.shape.bookings === r.shape.bookings);
    const sameCars = rows.filter((o) => o.shape.cars === r.shape.cars);
    if (sameBookings.length > 1 && sameBookings[0] === r)
      axes.push([`Cars axis at ${thousands(r.shape.bookings)} bookings`, [...sameBookings].sort((a, b) => a.shape.cars - b.shape.cars)]);
    if (sameCars.length > 1 && sameCars[0] === r)
      axes.push([`Bookings axis at ${thousands(r.shape.cars)} cars`, [...sameCars].sort((a, b) => a.shape.bookings - b.shape.bookings)]);
  }
  for (const [title, list] of axes) printRatios(title, list);
}
