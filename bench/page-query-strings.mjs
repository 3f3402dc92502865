#!/usr/bin/env node
/**
 * Server-drawn pages asked for with made-up query strings (`/?r=0.83…`), as a crawler, a
 * cache-buster or an attacker would: the built server on a fresh, seeded database, autocannon
 * asking for /, /cars and a car's page as a browser does (Accept: text/html, br). Prints, in one
 * run, pages/s without query strings and with a random one on every request, and /health's p99
 * with 20 connections of its own, alone and while each page load runs (the server draws pages on
 * the thread that answers /health, so a page drawn per request would stall it).
 * Not a test: it asserts nothing and is not part of CI.
 *
 *   node bench/page-query-strings.mjs [--pg] [--duration 10] [--connections 20] [--health-connections 20]
 *
 * BENCH_SERVER_MAIN=<checkout>/packages/server/dist/main.js runs another build (see bench/lib/server.mjs).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runLoad } from './lib/load.mjs';
import { DEFAULT_PG_URL, ROOT, SERVER_MAIN, seededServer } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    'pg-url': { type: 'string', default: DEFAULT_PG_URL },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    'health-connections': { type: 'string', default: '20' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const healthConnections = Number(values['health-connections']);
const PAGE_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br, gzip' };
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

if (!existsSync(join(ROOT, 'packages', 'web', 'dist-ssr', 'entry-server.js'))) {
  console.error('The web build has no server bundle (packages/web/dist-ssr): pages would not be drawn. Run `npm run build` first.');
  process.exit(2);
}

console.log(
  `Pages with made-up query strings: ${values.pg ? 'PostgreSQL' : 'PGlite'}, ${connections} connections for pages, ` +
    `${healthConnections} for /health, ${duration} s each; server ${SERVER_MAIN}`,
);
console.log(`Load average before: ${load()}`);
const env = await seededServer({ postgres: values.pg, postgresUrl: values['pg-url'], logLevel: 'warn' });
try {
  const base = env.server.baseUrl;
  const pages = ['/', '/cars', `/car-details/${env.manifest.cars[0].id}`];
  for (const path of pages) {
    const res = await fetch(base + path, { headers: PAGE_HEADERS });
    const html = await res.text();
    if (res.status !== 200 || !html.includes('id="server-state"')) throw new Error(`${path} was not drawn on the server (${res.status})`);
  }

  /** Each page in turn; with `random`, every request carries a query string never seen before. */
  function pageRequests(random) {
    let i = 0;
    return (req) => {
      const path = pages[i++ % pages.length];
      const query = random ? `?r=${randomBytes(6).toString('hex')}&utm_source=${i}` : '';
      return { ...req, method: 'GET', path: path + query, headers: PAGE_HEADERS };
    };
  }
  const pageLoad = (random) => runLoad({ url: base, connections, duration, requests: [{ setupRequest: pageRequests(random) }] });
  const healthLoad = () => runLoad({ url: `${base}/health`, connections: healthConnections, duration });

  // Warm up (JIT, the kept pages, connections); not counted.
  await runLoad({ url: base, connections, duration: 2, requests: [{ setupRequest: pageRequests(false) }] });

  const rows = [];
  const health = await healthLoad();
  rows.push({ run: '/health alone', pages: null, health });
  for (const random of [false, true]) {
    const [pagesResult, healthResult] = await Promise.all([pageLoad(random), healthLoad()]);
    rows.push({ run: random ? 'pages, a random query string each' : 'pages, no query string', pages: pagesResult, health: healthResult });
  }
  // The pages alone too: what the figures above cost the pages themselves.
  for (const random of [false, true])
    rows.push({ run: `${random ? 'pages, a random query string each' : 'pages, no query string'}, alone`, pages: await pageLoad(random), health: null });

  const fmt = (n) => Math.round(n).toLocaleString('en-US');
  const errors = (r) => (r ? r.errors + r.timeouts + r.non2xx : 0);
  console.log('');
  console.log(`| run | pages/s | pages p99 ms | /health req/s | /health p99 ms | /health max ms | errors |`);
  console.log('|---|---|---|---|---|---|---|');
  for (const { run, pages: p, health: h } of rows) {
    console.log(
      `| ${run} | ${p ? fmt(p.requests.average) : '-'} | ${p ? p.latency.p99 : '-'} | ${h ? fmt(h.requests.average) : '-'} | ${h ? h.latency.p99 : '-'} | ${h ? h.latency.max : '-'} | ${errors(p) + errors(h)} |`,
    );
  }
  console.log('');
  console.log(`Server memory: peak RSS ${env.server.memory().peakMiB.toFixed(0)} MiB. Load average after: ${load()}`);
} finally {
  await env.close();
}
