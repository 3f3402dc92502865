#!/usr/bin/env node
/**
 * The staff's pages at scale: the BUILT server on a fresh PGlite database of 1,000 cars x 100,000
 * bookings (lib/load.mjs fleetShape(true)), logged in as the owner. For Manage Bookings, the timeline
 * (five weeks of a page of 50 cars, as the page asks; beside it the same call for the whole fleet, as
 * it was asked before pages), the dashboard, the desk (today's pickups and returns), the newest
 * booking's page (its folio), the fleet report (as the page opens: this year) and the statements (the
 * list, and one statement of 1,000 lines uploaded into the seed before the timings):
 *   1. the API calls the page makes on load, as Chromium made them (recorded, not guessed), each
 *      timed one after another on one connection (--requests after a warm-up), then with
 *      --connections at once (autocannon, --duration s); beside them, in the same run, two peers
 *      (GET /health and a cached car read) so the figures can be judged against the machine's state;
 *   2. Lighthouse 12 with its desktop config (simulated throttling) on the page, --runs times:
 *      medians of TBT, LCP, CLS, and from the median run (by TBT) the five longest main-thread
 *      tasks and the main-thread breakdown.
 * The session is the web app's: the owner's token in localStorage, written at each document's
 * start (after Lighthouse has cleared the origin's storage).
 * Not a test: it asserts nothing and is not part of CI; figures move with the machine's load.
 *
 *   npm run build && node bench/staff-pages.mjs [--requests 200] [--connections 4] [--duration 5]
 *     [--runs 3] [--only manage,timeline,dashboard,desk,booking,fleet-report,statements,statement] [--no-api] [--no-lighthouse] [--keep DIR] [--save DIR]
 *     [--against OTHER/packages/server/dist/main.js] [--pg [--pg-url URL]]
 *
 * --pg: on PostgreSQL (--pg-url, default postgres://postgres@127.0.0.1:5432/postgres) instead of PGlite;
 *   each run works on a new database that is dropped afterwards.
 * --keep DIR: seed once into DIR and start every later run from a copy of it (seeding takes minutes);
 * without it a new database is seeded and deleted afterwards. --save DIR writes each Lighthouse report (JSON).
 * BENCH_SERVER_MAIN=<checkout>/packages/server/dist/main.js measures another build (lib/server.mjs).
 * --against: a second build (another checkout's server; it serves that checkout's packages/web/dist)
 * measured in the same run on its own copy of the data, alternating with this one call by call and
 * Lighthouse run by Lighthouse run, so that both see the same machine.
 */
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { Agent } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import pg from 'pg';
import puppeteer from 'puppeteer-core';
import { withRetries } from './lib/lighthouseRun.mjs';
import { fleetShape, percentile, rotating, runLoad, seedFleet, timed } from './lib/load.mjs';
import { DEFAULT_PG_URL, ensureBuilt, freshDatabase, ownerToken, startServer } from './lib/server.mjs';
import { bookingsToPay, saveBenchAccount, statementOf, uploadStatement } from './lib/statement.mjs';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '200' },
    connections: { type: 'string', default: '4' },
    duration: { type: 'string', default: '5' },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    'no-api': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    keep: { type: 'string' },
    save: { type: 'string' },
    against: { type: 'string' },
    pg: { type: 'boolean', default: false },
    'pg-url': { type: 'string', default: DEFAULT_PG_URL },
  },
});
const POSTGRES_URL = values.pg ? values['pg-url'] : undefined;
const DATABASE_KIND = POSTGRES_URL ? 'PostgreSQL' : 'PGlite';

// lib/server.mjs reads BENCH_SERVER_MAIN once, when loaded: a second instance of it, loaded under
// another URL after setting the variable, starts the other build.
let startOtherServer;
if (values.against) {
  process.env.BENCH_SERVER_MAIN = values.against;
  ({ startServer: startOtherServer } = await import('./lib/server.mjs?against'));
  delete process.env.BENCH_SERVER_MAIN;
}

const REQUESTS = Number(values.requests);
const CONNECTIONS = Number(values.connections);
const DURATION = Number(values.duration);
const RUNS = Number(values.runs);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const TOKEN_STORAGE_KEY = 'token'; // @rental/contract constants.ts
const ACCEPT = { 'accept-encoding': 'br, gzip' };
// A month's statement of a busy account: 400 credits by reference, 300 by name, 200 unmatched, 100 debits.
const STATEMENT_LINES = 1000;
const PAGES = [
  { key: 'manage', label: 'Manage Bookings', path: '/owner/manage-bookings' },
  { key: 'timeline', label: 'Timeline (5 weeks)', path: '/owner/timeline' },
  { key: 'dashboard', label: 'Dashboard', path: '/owner' },
  { key: 'desk', label: 'Desk (today)', path: '/owner/desk' },
  // A booking's page with its folio: the newest booking's (BOOKING_ID is put in once logged in).
  { key: 'booking', label: "A booking's page (its folio)", path: '/owner/bookings/BOOKING_ID' },
  { key: 'fleet-report', label: 'Fleet report (this year)', path: '/owner/fleet-report' },
  // The statements, one uploaded before the timings (STATEMENT_ID is put in once it is).
  { key: 'statements', label: 'Statements', path: '/owner/statements' },
  { key: 'statement', label: `A statement (${STATEMENT_LINES.toLocaleString('en-US')} lines)`, path: '/owner/statements/STATEMENT_ID' },
].filter((p) => !values.only || values.only.split(',').includes(p.key));

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const round = (n) => (n >= 100 ? Math.round(n) : Math.round(n * 10) / 10);
const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** A copy of a seeded database (its folder, or on PostgreSQL a database made from it), for the other build's server. */
async function copyOf(database) {
  if (database.kind === 'postgres') return freshDatabase({ postgresUrl: POSTGRES_URL, template: database.name });
  return folderCopy(database.target.dataDir);
}

/** A new PGlite database holding a copy of the folder `dataDir`. */
async function folderCopy(dataDir) {
  const copy = await freshDatabase({});
  await rm(copy.target.dataDir, { recursive: true, force: true });
  await cp(dataDir, copy.target.dataDir, { recursive: true });
  return copy;
}

/**
 * The planner's statistics of a seeded PostgreSQL database, as autovacuum would have them on a
 * server that has run a while: a copy made from a template starts with the template's, and its
 * change counters at zero, so autovacuum would not analyse it during the run.
 */
async function analyze(database) {
  const client = new pg.Client({ connectionString: database.target.databaseUrl });
  await client.connect();
  try {
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

/**
 * A seeded database: a new one, or (--keep) a copy of the one seeded the first time: its folder
 * (DIR/pgdata), or on PostgreSQL a database kept on the server and named in DIR/postgres.json.
 */
async function seededDatabase() {
  const log = (line) => console.log(`  seed: ${line}`);
  if (!values.keep) {
    const database = await freshDatabase({ postgresUrl: POSTGRES_URL });
    const manifest = await seedFleet(database.target, true, log);
    if (POSTGRES_URL) await analyze(database);
    return { database, manifest };
  }
  const manifestFile = join(values.keep, POSTGRES_URL ? 'postgres-manifest.json' : 'manifest.json');
  const keptFile = join(values.keep, 'postgres.json');
  const kept = join(values.keep, 'pgdata');
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
    if (POSTGRES_URL) {
      const { name } = JSON.parse(await readFile(keptFile, 'utf8'));
      console.log(`  seed: copying database ${name}`);
      return { database: await freshDatabase({ postgresUrl: POSTGRES_URL, template: name }), manifest };
    }
    console.log(`  seed: copying ${kept}`);
    return { database: await folderCopy(kept), manifest };
  }
  const database = await freshDatabase({ postgresUrl: POSTGRES_URL });
  const manifest = await seedFleet(database.target, true, log);
  await mkdir(values.keep, { recursive: true });
  if (POSTGRES_URL) {
    await analyze(database);
    // The seeded database stays as the template; this run works on a copy of it.
    await writeFile(keptFile, JSON.stringify({ name: database.name }));
    await writeFile(manifestFile, JSON.stringify(manifest));
    return { database: await freshDatabase({ postgresUrl: POSTGRES_URL, template: database.name }), manifest };
  }
  await cp(database.target.dataDir, kept, { recursive: true });
  await writeFile(manifestFile, JSON.stringify(manifest));
  return { database, manifest };
}

/**
 * One bank statement uploaded into the seeded database (this build's server, started and stopped for
 * it), before any copy is taken, so both builds see the same statement under the same id: its id.
 */
async function withStatement(database, manifest) {
  const toPay = await bookingsToPay(database.target, 2000);
  const server = await startServer({ env: database.env, logLevel: 'warn' });
  try {
    const base = server.baseUrl;
    const ownerSession = await ownerToken(base, manifest);
    await saveBenchAccount(base, ownerSession);
    const { answer } = await uploadStatement(base, ownerSession, statementOf(toPay, STATEMENT_LINES));
    console.log(`  statement: ${answer.statement.lines.length} lines uploaded (${toPay.length} bookings owing to draw from)`);
    return answer.statement.id;
  } finally {
    await server.stop();
  }
}

/**
 * The timeline call as the page makes it asks for a page of cars; the same call without the page
 * (carsFrom, cars, search left out) answers the whole fleet, as every call did before pages: timed beside it.
 */
function wholeFleetOf(path) {
  const url = new URL(path, 'http://localhost');
  if (!url.pathname.endsWith('/owner/timeline') || !url.searchParams.has('cars')) return undefined;
  for (const name of ['carsFrom', 'cars', 'search']) url.searchParams.delete(name);
  return url.pathname + url.search;
}

/** `count` requests one after another (after a few for warm-up): p50/p99/max ms and the body's size. */
async function sequential(base, path, headers, count) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; i < Math.min(20, count); i++) await timed(agent, base, { path, headers });
    const times = [];
    let last;
    for (let i = 0; i < count; i++) {
      last = await timed(agent, base, { path, headers });
      times.push(last.ms);
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1), bytes: last.bytes, encoding: last.encoding };
  } finally {
    agent.destroy();
  }
}

/** --connections at once for --duration s (autocannon). */
async function concurrent(base, requests) {
  const result = await runLoad({ url: base, connections: CONNECTIONS, duration: DURATION, requests: [{ setupRequest: rotating(requests) }] });
  if (result.errors || result.non2xx) throw new Error(`errors: ${result.errors}, non-2xx: ${result.non2xx}`);
  return { rate: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max };
}

/** The API calls a page makes on load, as Chromium made them (pictures left out, but counted). */
async function callsOnLoad(browser, base, path, token) {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 1350, height: 940 });
    await page.evaluateOnNewDocument((key, value) => localStorage.setItem(key, value), TOKEN_STORAGE_KEY, token);
    const calls = [];
    let pictures = 0;
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (!url.pathname.startsWith('/api/')) return;
      if (url.pathname.startsWith('/api/images/')) pictures++;
      else calls.push(`${req.method()} ${url.pathname}${url.search}`);
    });
    await page.goto(base + path, { waitUntil: 'networkidle0', timeout: 60_000 });
    const heading = await page.$eval('h1', (h) => h.textContent).catch(() => '(no h1)');
    return { calls: [...new Set(calls)], pictures, heading, dom: await page.evaluate(() => document.getElementsByTagName('*').length) };
  } finally {
    await page.close();
  }
}

/** One Lighthouse desktop run on a page with the owner's session. */
async function lighthouseRun(browser, url, token) {
  const page = await browser.newPage();
  try {
    await page.evaluateOnNewDocument((key, value) => localStorage.setItem(key, value), TOKEN_STORAGE_KEY, token);
    const result = await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, desktopConfig, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
      throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}: not logged in?`);
    if (values.save) await writeFile(join(values.save, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), JSON.stringify(lhr));
    const numeric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: numeric('first-contentful-paint'),
      lcp: numeric('largest-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
      tbt: numeric('total-blocking-time'),
      dom: numeric('dom-size'),
      longTasks: (lhr.audits['long-tasks']?.details?.items ?? [])
        .map((t) => ({ url: t.url, ms: t.duration, at: t.startTime }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5),
      mainThread: (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((i) => ({ group: i.groupLabel ?? i.group, ms: i.duration })),
    };
  } finally {
    await page.close();
  }
}

ensureBuilt();
if (values.save) await mkdir(values.save, { recursive: true });
const { seed: shape, totalBookings } = fleetShape(true);
console.log(`Staff pages: ${DATABASE_KIND}, ${shape.cars} cars x ${totalBookings.toLocaleString('en-US')} bookings; load average ${load()}`);
const started = performance.now();
const { database, manifest } = await seededDatabase();
console.log(`  seed: ${manifest.bookingCount.toLocaleString('en-US')} bookings, ${Math.round((performance.now() - started) / 1000)} s`);
if (PAGES.some((p) => p.path.includes('STATEMENT_ID'))) {
  const id = await withStatement(database, manifest);
  for (const page of PAGES) page.path = page.path.replace('STATEMENT_ID', id);
}
const otherDatabase = values.against ? await copyOf(database) : undefined;
/** This build, and with --against the other: { label, server, base, token }. */
const builds = [];
let chrome;
let browser;
try {
  builds.push({ label: 'this build', server: await startServer({ env: database.env, logLevel: 'warn' }) });
  if (otherDatabase) builds.push({ label: 'against', server: await startOtherServer({ env: otherDatabase.env, logLevel: 'warn' }) });
  for (const build of builds) {
    build.base = build.server.baseUrl;
    const ownerSession = await ownerToken(build.base, manifest);
    build.token = ownerSession;
    build.headers = { ...ACCEPT, authorization: ownerSession };
  }
  const [main] = builds;
  // Both builds hold copies of one seed: the newest booking is the same in both.
  const newest = await fetch(`${main.base}/api/bookings/owner?limit=1`, { headers: { authorization: main.token } }).then((r) => r.json());
  const bookingId = newest.bookings?.[0]?._id;
  if (!bookingId) throw new Error(`No booking to open: ${JSON.stringify(newest).slice(0, 200)}`);
  for (const page of PAGES) page.path = page.path.replace('BOOKING_ID', bookingId);
  const column = (build) => (builds.length > 1 ? ` (${build.label})` : '');
  chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });

  const peers = [
    { label: 'peer: GET /health', path: '/health', headers: () => ACCEPT },
    { label: 'peer: GET /api/user/car/:id (cached)', path: `/api/user/car/${manifest.cars[0].id}`, headers: () => ACCEPT },
  ];
  const onLoad = [];
  for (const page of PAGES) {
    for (const build of builds) {
      const found = await callsOnLoad(browser, build.base, page.path, build.token);
      if (build === main) onLoad.push({ page, ...found });
      console.log(
        `\n${page.label} (${page.path})${column(build)}: h1 "${found.heading}", ${found.dom} elements, ${found.pictures} pictures; API calls on load:`,
      );
      for (const call of found.calls) console.log(`  ${call}`);
    }
  }

  if (!values['no-api']) {
    console.log(
      `\nTiming: ${REQUESTS} requests one after another (1 connection, after 20 for warm-up), then ${CONNECTIONS} connections x ${DURATION} s; load average ${load()}`,
    );
    const apiRows = [];
    const seen = new Set();
    /** Each build in turn: one after another, then (calls, not peers) at once. */
    const timeAll = async (page, label, path, headers, together) => {
      for (const build of builds) {
        const row = { page: page.label, call: label + column(build), ...(await sequential(build.base, path, headers(build), REQUESTS)) };
        if (together) row.together = await concurrent(build.base, [{ method: 'GET', path, headers: headers(build) }]);
        apiRows.push(row);
        if (together) console.log(`  ${row.call}: p99 ${round(row.p99)} ms alone, ${row.together.p99} ms at ${CONNECTIONS} connections; load ${load()}`);
      }
    };
    for (const { page, calls } of onLoad) {
      for (const peer of peers) await timeAll(page, peer.label, peer.path, peer.headers, false);
      for (const call of calls) {
        const [method, path] = call.split(' ');
        if (method !== 'GET' || seen.has(path)) continue;
        seen.add(path);
        await timeAll(page, `GET ${path}`, path, (build) => build.headers, true);
        const whole = wholeFleetOf(path);
        if (whole && !seen.has(whole)) {
          seen.add(whole);
          await timeAll(page, `GET ${whole} (whole fleet)`, whole, (build) => build.headers, true);
        }
      }
    }
    const peerTogether = await concurrent(main.base, [{ method: 'GET', path: peers[1].path, headers: ACCEPT }]);
    console.log(`\nAPI, ${DATABASE_KIND}, 1,000 cars x 100,000 bookings; load average after: ${load()}`);
    console.log(`| page | call | 1 conn p50 / p99 / max ms | ${CONNECTIONS} conn req/s | ${CONNECTIONS} conn p50 / p99 / max ms | answer |`);
    console.log('|---|---|---|---|---|---|');
    for (const r of apiRows) {
      const together = r.together ? `${Math.round(r.together.rate)} | ${r.together.p50} / **${r.together.p99}** / ${r.together.max}` : ' | ';
      console.log(
        `| ${r.page} | ${r.call} | ${round(r.p50)} / **${round(r.p99)}** / ${round(r.max)} | ${together} | ${(r.bytes / 1024).toFixed(1)} KB ${r.encoding} |`,
      );
    }
    console.log(
      `| | peer: car/:id at ${CONNECTIONS} connections | | ${Math.round(peerTogether.rate)} | ${peerTogether.p50} / ${peerTogether.p99} / ${peerTogether.max} | |`,
    );
  }

  if (!values['no-lighthouse']) {
    const version = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
    const rows = [];
    const loadBefore = load();
    for (const page of PAGES) {
      const runs = new Map(builds.map((build) => [build, []]));
      for (let i = 0; i < RUNS; i++) {
        for (const build of builds) {
          const run = await withRetries(() => lighthouseRun(browser, `${build.base}${page.path}`, build.token));
          runs.get(build).push(run);
          console.log(
            `  ${page.label}${column(build)} run ${i + 1}: TBT ${Math.round(run.tbt)} LCP ${Math.round(run.lcp)} CLS ${run.cls.toFixed(3)} perf ${run.performance}; load ${load()}`,
          );
        }
      }
      for (const build of builds) {
        const list = runs.get(build);
        const byTbt = [...list].sort((a, b) => a.tbt - b.tbt);
        const m = (key) => median(list.map((r) => r[key]));
        rows.push({
          label: page.label + column(build),
          performance: m('performance'),
          fcp: m('fcp'),
          lcp: m('lcp'),
          cls: m('cls'),
          tbt: m('tbt'),
          dom: m('dom'),
          tbts: list.map((r) => Math.round(r.tbt)),
          medianRun: byTbt[Math.floor(byTbt.length / 2)],
        });
      }
    }
    console.log(`\nLighthouse ${version}, desktop config (simulated throttling), median of ${RUNS}; load average ${loadBefore} before, ${load()} after`);
    console.log('| page | performance | FCP ms | LCP ms | CLS | TBT ms (each run) | DOM elements |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of rows)
      console.log(
        `| ${r.label} | ${r.performance} | ${Math.round(r.fcp)} | ${Math.round(r.lcp)} | ${r.cls.toFixed(3)} | **${Math.round(r.tbt)}** (${r.tbts.join(', ')}) | ${Math.round(r.dom)} |`,
      );
    for (const r of rows) {
      console.log(
        `\n${r.label}, the median run's five longest tasks: ${r.medianRun.longTasks.map((t) => `${Math.round(t.ms)} ms at ${Math.round(t.at)} (${String(t.url).split('/').at(-1) || t.url})`).join('; ') || 'none'}`,
      );
      console.log(`  main thread: ${r.medianRun.mainThread.map((g) => `${g.group} ${Math.round(g.ms)}`).join(', ')}`);
    }
  }
} finally {
  await browser?.disconnect();
  chrome?.kill();
  for (const build of builds) await build.server.stop();
  await database.drop();
  await otherDatabase?.drop();
}
