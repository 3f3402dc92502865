#!/usr/bin/env node
/**
 * The public reads against their ceiling: the built server on a fresh, seeded database,
 * and beside it a bare `node:http` server (its own process, like ours) that answers every request
 * with the very bytes ours sent for it: same status, same headers (content-encoding included),
 * same body. Both are measured in one run, alternating (ours, bare, ours, bare), with autocannon
 * and 10 connections, once per encoding: as a browser asks (Accept-Encoding: br, gzip), and as a
 * client that takes no compression (no Accept-Encoding: curl, scripts, some proxies), the bare
 * server then replaying our uncompressed bytes. Prints req/s, the ratio to the ceiling, p99, the
 * first (uncached) answer's time and the server's peak memory.
 * Not a test: it asserts nothing and is not part of CI.
 *
 *   node bench/api-ceiling.mjs [--pg] [--big] [--duration 3] [--rounds 4] [--warmup 2] [--connections 10] [--encodings br,identity]
 *
 * --big: 1,000 cars and 100,000 bookings (the seed's year around today, topped up with older
 * history) for check-availability's p99.
 * --encodings: which to measure, comma-separated: `br` (Accept-Encoding: br, gzip) and `identity`
 * (no Accept-Encoding header); both by default.
 * --only <text>: only the calls whose name holds it (e.g. `--only check-availability`).
 * --cpu-prof DIR: the server's CPU profile (node --cpu-prof), written to DIR when it stops.
 * BENCH_SERVER_MAIN=<checkout>/packages/server/dist/main.js measures another build (lib/server.mjs).
 */
import { fork } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { writeFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { addDays } from './lib/dates.mjs';
import { mulberry32 } from './lib/random.mjs';
import { DEFAULT_PG_URL, SERVER_MAIN, ensureBuilt, freshDatabase, startServer } from './lib/server.mjs';
import { fleetShape, rotating, runLoad, seedFleet } from './lib/load.mjs';

const { values } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    'pg-url': { type: 'string', default: DEFAULT_PG_URL },
    big: { type: 'boolean', default: false },
    duration: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '4' },
    connections: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    'log-level': { type: 'string', default: 'info' },
    encodings: { type: 'string', default: 'br,identity' },
    only: { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const { seed: shape, totalBookings } = fleetShape(values.big);
/** The request headers of each encoding measured: a browser's, and a client's that takes no compression. */
const ENCODINGS = { br: { 'accept-encoding': 'br, gzip' }, identity: {} };
const encodings = values.encodings.split(',').map((e) => e.trim());
for (const e of encodings) if (!(e in ENCODINGS)) throw new Error(`--encodings: ${e}? (br, identity)`);
const JSON_HEADERS = { 'content-type': 'application/json' };

const run = (options) => runLoad({ connections, duration, ...options });

/** Headers Node writes itself on every answer, which the bare server writes too. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The bare server's key of an answer: the same request in another encoding is another answer. */
const answerKey = (method, path, acceptEncoding, body) => `${method} ${path} ${acceptEncoding ?? ''} ${body ?? ''}`;

/** What ours answered to one request, byte for byte as it came (fetch would decompress it), to be replayed by the bare server. */
function capture(base, request) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(base + request.path, { method: request.method, headers: request.headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const ms = performance.now() - started;
        if (res.statusCode !== 200) return reject(new Error(`${request.method} ${request.path}: ${res.statusCode} ${body}`));
        const headers = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          if (!OWN_HEADERS.has(res.rawHeaders[i].toLowerCase())) headers.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        resolve({
          key: answerKey(request.method, request.path, request.headers['accept-encoding'], request.body),
          status: res.statusCode,
          headers,
          body: body.toString('base64'),
          ms,
          bytes: body.length,
          encoding: res.headers['content-encoding'] ?? 'identity',
        });
      });
    });
    req.on('error', reject);
    req.end(request.body);
  });
}

/** The bare node:http server in its own process: a map from request to recorded answer, nothing else. */
const BARE_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const answers = new Map(JSON.parse(fs.readFileSync(process.argv[2], 'utf8')).map((a) => [a.key, { status: a.status, headers: a.headers.flat(), body: Buffer.from(a.body, 'base64') }]));
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const a = answers.get(req.method + ' ' + req.url + ' ' + (req.headers['accept-encoding'] ?? '') + ' ' + Buffer.concat(chunks).toString());
    if (!a) { res.writeHead(404); res.end(); return; }
    res.writeHead(a.status, a.headers);
    res.end(a.body);
  });
});
server.keepAliveTimeout = 72000;
server.listen(0, '127.0.0.1', () => process.send(server.address().port));
`;

async function startBare(answers) {
  const file = join(tmpdir(), `rental-ceiling-${process.pid}.json`);
  const script = join(tmpdir(), `rental-ceiling-${process.pid}.cjs`);
  await writeFile(file, JSON.stringify(answers));
  await writeFile(script, BARE_SERVER);
  const child = fork(script, [file], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`bare server exited ${code}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await rm(file, { force: true });
      await rm(script, { force: true });
    },
  };
}

/** CPU time a process has used so far, ms (user + system, Linux /proc). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

console.log(
  `API ceiling: ${values.pg ? 'PostgreSQL' : 'PGlite'}, ${shape.cars} cars x ${totalBookings} bookings, ${connections} connections, ` +
    `${rounds} x (${duration} s ours, ${duration} s bare node:http), encodings: ${encodings.join(', ')} (br: Accept-Encoding: br, gzip; identity: none)`,
);
console.log(`  server: ${SERVER_MAIN}; load average before: ${load()}`);
ensureBuilt();
const database = await freshDatabase({ postgresUrl: values.pg ? values['pg-url'] : undefined });
let server;
let bare;
try {
  const manifest = await seedFleet(database.target, values.big, (line) => console.log(`  seed: ${line}`));
  const { bookingCount } = manifest;
  console.log(`  seed: ${manifest.cars.length} cars, ${bookingCount} bookings, in ${manifest.seconds.toFixed(1)} s (+ history)`);
  const nodeArgs = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [];
  server = await startServer({ env: database.env, logLevel: values['log-level'], nodeArgs });
  const base = server.baseUrl;
  const startMemory = server.memory();

  const random = mulberry32(7);
  const carIds = manifest.cars.map((c) => c.id).slice(0, 100);
  const availability = Array.from({ length: 64 }, () => {
    const pickupDate = addDays(manifest.today, 1 + Math.floor(random() * 120));
    return JSON.stringify({ location: 'Waterford, Portmore', pickupDate, returnDate: addDays(pickupDate, 1 + Math.floor(random() * 6)) });
  });
  const calls = [
    { name: 'GET /api/user/cars', target: 0.8, requests: (accept) => [{ method: 'GET', path: '/api/user/cars', headers: accept }] },
    { name: 'GET /api/user/car/:id', target: 0.8, requests: (accept) => carIds.map((id) => ({ method: 'GET', path: `/api/user/car/${id}`, headers: accept })) },
    {
      name: 'POST /api/bookings/check-availability',
      target: 0.5,
      requests: (accept) =>
        availability.map((body) => ({ method: 'POST', path: '/api/bookings/check-availability', headers: { ...accept, ...JSON_HEADERS }, body })),
    },
  ];
  // Each call in each encoding, side by side: the call's rows one after the other.
  const scenarios = calls
    .filter((call) => !values.only || call.name.includes(values.only))
    .flatMap((call) =>
      encodings.map((encoding) => ({ name: `${call.name} (${encoding})`, target: call.target, requests: call.requests(ENCODINGS[encoding]) })),
    );

  // Ours first, once per distinct request: the uncached answer's time, and the bytes to replay.
  const recorded = [];
  for (const scenario of scenarios) {
    scenario.captured = [];
    for (const request of scenario.requests) scenario.captured.push(await capture(base, request));
    recorded.push(...scenario.captured);
  }
  bare = await startBare(recorded);

  const rows = [];
  for (const scenario of scenarios) {
    const requests = [{ setupRequest: rotating(scenario.requests.map(({ method, path, headers, body }) => ({ method, path, headers, body }))) }];
    const totals = {
      ours: { requests: 0, seconds: 0, p99: 0, errors: 0, non2xx: 0, cpu: 0 },
      bare: { requests: 0, seconds: 0, p99: 0, errors: 0, non2xx: 0, cpu: 0 },
    };
    // Both warmed up first (JIT, connections), as api-load.mjs does; not counted.
    for (const url of [base, bare.baseUrl]) await run({ url, requests, duration: Number(values.warmup) });
    for (let round = 0; round < rounds; round++) {
      for (const [who, url, pid] of [
        ['ours', base, server.pid],
        ['bare', bare.baseUrl, bare.pid],
      ]) {
        const cpuBefore = cpuMs(pid);
        const result = await run({ url, requests });
        const t = totals[who];
        t.cpu += cpuMs(pid) - cpuBefore;
        t.requests += result.requests.total;
        t.seconds += result.duration;
        t.p99 = Math.max(t.p99, result.latency.p99);
        t.errors += result.errors + result.timeouts;
        t.non2xx += result.non2xx;
      }
    }
    const ours = totals.ours.requests / totals.ours.seconds;
    const ceiling = totals.bare.requests / totals.bare.seconds;
    const first = scenario.captured.map((c) => c.ms).sort((a, b) => a - b);
    rows.push({
      name: scenario.name,
      ours,
      ceiling,
      ratio: ours / ceiling,
      target: scenario.target,
      p99: totals.ours.p99,
      bareP99: totals.bare.p99,
      errors: totals.ours.errors + totals.ours.non2xx + totals.bare.errors + totals.bare.non2xx,
      body: `${(scenario.captured[0].bytes / 1024).toFixed(1)} KB ${scenario.captured[0].encoding}`,
      firstMs: first[Math.floor(first.length / 2)],
      cpuOurs: (totals.ours.cpu * 1000) / totals.ours.requests,
      cpuBare: (totals.bare.cpu * 1000) / totals.bare.requests,
    });
  }

  const end = server.memory();
  const fmt = (n) => Math.round(n).toLocaleString('en-US');
  console.log('');
  console.log(
    '| call | ours req/s | bare node:http, same bytes | ratio (target) | p99 ms ours / bare | server CPU µs per request ours / bare | errors | answer | first answer ms (median; uncached in the first encoding) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const verdict = r.ratio >= r.target ? 'ok' : 'BELOW';
    console.log(
      `| ${r.name} | ${fmt(r.ours)} | ${fmt(r.ceiling)} | ${r.ratio.toFixed(2)} (>= ${r.target}: ${verdict}) | ${r.p99} / ${r.bareP99} | ${Math.round(r.cpuOurs)} / ${Math.round(r.cpuBare)} | ${r.errors} | ${r.body} | ${r.firstMs.toFixed(1)} |`,
    );
  }
  console.log('');
  console.log(
    `Server memory: ${startMemory.rssMiB.toFixed(0)} MiB after start, ${end.rssMiB.toFixed(0)} MiB at the end, peak RSS ${end.peakMiB.toFixed(0)} MiB.`,
  );
  console.log(`Load average after: ${load()}`);
} finally {
  await bare?.stop();
  await server?.stop();
  await database.drop();
}
