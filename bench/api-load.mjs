#!/usr/bin/env node
/**
 * API load benchmark: the built server on a fresh, seeded database (PGlite by default, a new
 * PostgreSQL database with --pg), then ~10 s of autocannon per endpoint, loopback only.
 * Prints requests/s, latency p50/p99, error counts and the server's memory. Not a test: it
 * asserts nothing and is not part of CI.
 *
 *   node bench/api-load.mjs [--pg] [--duration 10] [--connections 10] [--log-level info]
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { addDays } from './lib/dates.mjs';
import { mulberry32 } from './lib/random.mjs';
import { DEFAULT_PG_URL, seededServer } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    'pg-url': { type: 'string', default: DEFAULT_PG_URL },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    'log-level': { type: 'string', default: 'info' },
    only: { type: 'string' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const warmupSeconds = Number(values.warmup);

function run(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ connections, duration, ...options }, (err, result) => (err ? reject(err) : resolve(result)));
    // Keeps autocannon from printing its own progress bar and table.
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false, outputStream: { write() {} } });
  });
}

/** Round-robin over a list of request shapes. */
function rotating(list) {
  let i = 0;
  return (req) => ({ ...req, ...list[i++ % list.length] });
}

/** Single-day bookings on days no seeded booking touches, spread over cars, each used once. */
function freeSlots(manifest, random) {
  const slots = [];
  for (const car of manifest.cars) {
    const taken = new Set();
    for (const [pickup, ret] of car.occupied) for (let d = pickup; d <= ret; d = addDays(d, 1)) taken.add(d);
    // From tomorrow to 360 days ahead, inside the one-year booking limit even across midnight.
    for (let n = 1; n <= 360; n++) {
      const day = addDays(manifest.today, n);
      if (!taken.has(day)) slots.push({ car: car.id, day });
    }
  }
  for (let i = slots.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [slots[i], slots[j]] = [slots[j], slots[i]];
  }
  return slots;
}

async function login(baseUrl, email, password) {
  const res = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

async function bodySize(url, init) {
  const res = await fetch(url, init);
  const bytes = (await res.arrayBuffer()).byteLength;
  return { bytes, encoding: res.headers.get('content-encoding') ?? 'identity' };
}

console.log(`API load: ${values.pg ? 'PostgreSQL' : 'PGlite'}, ${connections} connections, ${duration} s per endpoint, LOG_LEVEL=${values['log-level']}`);
const env = await seededServer({ postgres: values.pg, postgresUrl: values['pg-url'], logLevel: values['log-level'] });
const { server, manifest } = env;
const base = server.baseUrl;
const random = mulberry32(7);
try {
  const startMemory = server.memory();
  // Bookings are made by staff (for callers): a customer may hold only 3 pending bookings, so
  // customers' tokens would turn every later attempt into a 409 and measure the refusal instead.
  const tokens = [await login(base, manifest.owner.email, manifest.owner.password)];

  const carIds = manifest.cars.map((c) => c.id);
  const availabilityBodies = Array.from({ length: 64 }, () => {
    const pickupDate = addDays(manifest.today, 1 + Math.floor(random() * 120));
    return JSON.stringify({ location: 'Waterford, Portmore', pickupDate, returnDate: addDays(pickupDate, 1 + Math.floor(random() * 6)) });
  });
  const slots = freeSlots(manifest, random);
  let nextSlot = 0;
  let bookingToken = 0;
  const json = { 'content-type': 'application/json' };

  const scenarios = [
    { name: 'GET /api/user/cars', path: '/api/user/cars', options: { url: `${base}/api/user/cars` } },
    {
      name: 'GET /api/user/car/:id',
      path: `/api/user/car/${carIds[0]}`,
      options: { url: base, requests: [{ method: 'GET', setupRequest: rotating(carIds.map((id) => ({ path: `/api/user/car/${id}` }))) }] },
    },
    {
      name: 'POST /api/bookings/check-availability',
      path: '/api/bookings/check-availability',
      init: { method: 'POST', headers: json, body: availabilityBodies[0] },
      options: {
        url: base,
        requests: [
          { method: 'POST', path: '/api/bookings/check-availability', headers: json, setupRequest: rotating(availabilityBodies.map((body) => ({ body }))) },
        ],
      },
    },
    {
      name: 'GET /api/images/:id',
      path: manifest.cars[0].image,
      options: { url: base, requests: [{ method: 'GET', setupRequest: rotating(manifest.cars.map((c) => ({ path: c.image }))) }] },
    },
    {
      name: 'GET / (index.html)',
      path: '/',
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      options: { url: `${base}/`, headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } },
    },
    {
      name: 'POST /api/bookings/create',
      bookings: true,
      options: {
        url: base,
        requests: [
          {
            method: 'POST',
            path: '/api/bookings/create',
            setupRequest: (req) => {
              // When every free day has been used, later requests repeat days and get 409s.
              const slot = slots[nextSlot++ % slots.length];
              return {
                ...req,
                headers: { ...json, authorization: tokens[bookingToken++ % tokens.length] },
                body: JSON.stringify({ car: slot.car, pickupDate: slot.day, returnDate: slot.day, paymentMethod: 'upfront' }),
              };
            },
          },
        ],
      },
    },
  ].filter((s) => !values.only || s.name.includes(values.only));

  const rows = [];
  for (const s of scenarios) {
    // Short warm-up (JIT, connection pool, PGlite's caches); not counted. Bookings skip it to keep free days.
    if (warmupSeconds > 0 && !s.bookings) await run({ ...s.options, duration: warmupSeconds });
    const r = await run(s.options);
    const size = s.path ? await bodySize(`${base}${s.path}`, s.init ?? { headers: s.headers }) : undefined;
    const statusCodes = Object.entries(r.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}:${count}`)
      .join(' ');
    rows.push({
      endpoint: s.name,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      requests: r.requests.total,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
      statuses: statusCodes,
      body: size ? `${(size.bytes / 1024).toFixed(1)} KB ${size.encoding}` : '',
      'RSS MiB': Math.round(server.memory().rssMiB),
    });
    console.log(`  ${s.name}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`);
  }
  const endMemory = server.memory();

  console.log('');
  console.log(`Results (${env.kind}, ${manifest.cars.length} cars, ${manifest.bookingCount} seeded bookings, ${connections} connections x ${duration} s):`);
  console.table(rows);
  const booked = rows.find((r) => r.endpoint.includes('create'));
  if (booked) console.log(`Bookings created: ${booked.statuses} (free single days available: ${slots.length}).`);
  console.log(
    `Server memory: RSS ${startMemory.rssMiB.toFixed(0)} MiB after start, ${endMemory.rssMiB.toFixed(0)} MiB after the run (peak ${endMemory.peakMiB.toFixed(0)} MiB).`,
  );
} finally {
  await env.close();
}
