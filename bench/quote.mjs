#!/usr/bin/env node
/**
 * The quote call under load: the built server on a fresh database with 1,000 cars, and price rules
 * an owner saves through PUT /api/owner/prices (20 seasons with category percentages and some cars'
 * own rates, weekly and monthly rates, other drivers, delivery, four extras). POST
 * /api/bookings/quote is measured with autocannon beside two peers in the same run, alternating
 * (quote, a car, /health, quote, a car, /health, ...): GET /api/user/car/:id (a cached public
 * read) and /health (the floor: Fastify and the socket, no database). Every connection count
 * (10 and 1 by default) is measured that way. Prints p50/p99/req/s of each, the quote's ratio to
 * each peer, the server's CPU per request and the load average.
 * Not a test: it asserts nothing and is not part of CI.
 *
 *   node bench/quote.mjs [--pg] [--cars 1000] [--seasons 20] [--connections 10,1] [--rounds 3] [--duration 5] [--warmup 2]
 *                        [--cpu-prof DIR]
 *
 * BENCH_SERVER_MAIN=<checkout>/packages/server/dist/main.js measures another build (lib/server.mjs).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { addDays } from './lib/dates.mjs';
import { rotating, runLoad } from './lib/load.mjs';
import { mulberry32 } from './lib/random.mjs';
import { DEFAULT_PG_URL, SERVER_MAIN, ensureBuilt, freshDatabase, startServer } from './lib/server.mjs';
import { seedDatabase } from './seed.mjs';

const { values } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    'pg-url': { type: 'string', default: DEFAULT_PG_URL },
    cars: { type: 'string', default: '1000' },
    seasons: { type: 'string', default: '20' },
    connections: { type: 'string', default: '10,1' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '2' },
    'log-level': { type: 'string', default: 'info' },
    /** A folder for the server's CPU profile (node --cpu-prof), written when it stops. */
    'cpu-prof': { type: 'string' },
  },
});
const carCount = Number(values.cars);
const seasonCount = Number(values.seasons);
const connectionCounts = values.connections.split(',').map(Number);
const rounds = Number(values.rounds);
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const JSON_HEADERS = { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' };
const CATEGORIES = ['Sedan', 'SUV', 'Van', 'Hatchback', 'Cabriolet', 'Pickup', 'Minivan'];
const CLOCK_TICKS = 100;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/** CPU time a process has used so far, ms (user + system, Linux /proc; PGlite's thread included). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** A POST or PUT with a JSON body, as the owner (token) or anyone. */
async function call(base, method, path, body, token) {
  const headers = { 'content-type': 'application/json', ...(token && { authorization: token }) };
  const res = await fetch(`${base}${path}`, { method: method === 'PUT' ? 'PUT' : 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/**
 * What an owner with a busy year would save: seasons one after another through the coming year,
 * overlapping their neighbours (priority decides), each with percentages for a few categories and
 * its own rate for 50 cars; a few with a fewest-days rule of 2.
 */
function priceRules(manifest, random) {
  const carIds = manifest.cars.map((c) => c.id);
  const seasons = Array.from({ length: seasonCount }, (_, i) => {
    const startDate = addDays(manifest.today, Math.floor((i * 360) / seasonCount) + Math.floor(random() * 5));
    const categoryPercents = {};
    for (const category of CATEGORIES) if (random() < 0.5) categoryPercents[category] = Math.floor(random() * 61) - 20;
    const carRates = {};
    for (let n = 0; n < 50; n++) carRates[carIds[Math.floor(random() * carIds.length)]] = 5000 + Math.floor(random() * 15000);
    return {
      name: `Season ${i + 1}`,
      startDate,
      endDate: addDays(startDate, 10 + Math.floor(random() * 25)),
      priority: Math.floor(random() * 10),
      minDays: i % 7 === 3 ? 2 : null,
      carRates,
      categoryPercents,
    };
  });
  return {
    seasons,
    weeklyPercentOff: 10,
    monthlyPercentOff: 20,
    additionalDriverPerDay: 1500,
    delivery: { airport: 5000, portmore: 3000, kingston: 4000 },
    extras: [
      { name: 'Child seat', description: 'For children up to 4 years.', charge: 'per_day', price: 800, maxPerBooking: 3, stock: 12 },
      { name: 'Collision damage waiver', description: '', charge: 'per_day', price: 2500, maxPerBooking: 1, stock: null },
      { name: 'GPS', description: '', charge: 'per_day', price: 600, maxPerBooking: 1, stock: 20 },
      { name: 'Cooler with ice', description: '', charge: 'per_rental', price: 1500, maxPerBooking: 2, stock: null },
    ],
  };
}

/** 256 quote requests: any car, pickups through the coming year, 2-35 days; extras on a third, other drivers and delivery on some. */
function quoteBodies(manifest, extras, random) {
  const carIds = manifest.cars.map((c) => c.id);
  return Array.from({ length: 256 }, (_, i) => {
    const pickupDate = addDays(manifest.today, 1 + Math.floor(random() * 340));
    const body = { car: carIds[Math.floor(random() * carIds.length)], pickupDate, returnDate: addDays(pickupDate, 2 + Math.floor(random() * 34)) };
    if (i % 3 === 0) body.extras = extras.filter(() => random() < 0.5).map((e) => ({ id: e.id, quantity: 1 }));
    if (i % 4 === 1) body.additionalDrivers = 1 + Math.floor(random() * 2);
    if (i % 5 === 2) body.delivery = random() < 0.5 ? { place: 'airport', flightNumber: 'JM 123' } : { place: 'portmore', address: '12 Waterford Drive' };
    return JSON.stringify(body);
  });
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

console.log(
  `Quote: ${values.pg ? 'PostgreSQL' : 'PGlite'}, ${carCount} cars, ${seasonCount} seasons, connections ${connectionCounts.join(' and ')}, ` +
    `${rounds} x (${duration} s quote, ${duration} s car, ${duration} s /health) each`,
);
console.log(`  server: ${SERVER_MAIN}; load average before: ${load()}`);
ensureBuilt();
const database = await freshDatabase({ postgresUrl: values.pg ? values['pg-url'] : undefined });
let server;
try {
  const manifest = await seedDatabase({ ...database.target, cars: carCount, customers: 40, bookings: 2000, log: (line) => console.log(`  seed: ${line}`) });
  console.log(`  seed: ${manifest.cars.length} cars in ${manifest.seconds.toFixed(1)} s`);
  const nodeArgs = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', resolve(values['cpu-prof'])] : [];
  server = await startServer({ env: database.env, logLevel: values['log-level'], nodeArgs });
  const base = server.baseUrl;
  const random = mulberry32(11);

  const { token } = await call(base, 'POST', '/api/user/login', { email: manifest.owner.email, password: manifest.owner.password });
  const rules = priceRules(manifest, random);
  const saved = await call(base, 'PUT', '/api/owner/prices', rules, token);
  const carRates = saved.rules.seasons.reduce((n, s) => n + Object.keys(s.carRates).length, 0);
  console.log(`  prices: ${saved.rules.seasons.length} seasons (${carRates} cars' own rates), ${saved.extras.length} extras`);

  const bodies = quoteBodies(manifest, saved.extras, random);
  // Every request once before the load: all must be priced (a 4xx would measure the refusal instead).
  const lineCounts = [];
  for (const body of bodies) lineCounts.push((await call(base, 'POST', '/api/bookings/quote', JSON.parse(body))).quote.lines.length);
  console.log(`  ${bodies.length} distinct quote requests, all priced; ${median(lineCounts)} lines in the median quote (most ${Math.max(...lineCounts)})`);

  const carIds = manifest.cars.map((c) => c.id);
  const scenarios = [
    {
      name: 'POST /api/bookings/quote',
      requests: [{ method: 'POST', path: '/api/bookings/quote', headers: JSON_HEADERS, setupRequest: rotating(bodies.map((body) => ({ body }))) }],
    },
    {
      name: 'GET /api/user/car/:id',
      requests: [{ method: 'GET', headers: { 'accept-encoding': 'br, gzip' }, setupRequest: rotating(carIds.map((id) => ({ path: `/api/user/car/${id}` }))) }],
    },
    { name: 'GET /health', requests: [{ method: 'GET', path: '/health' }] },
  ];

  const tables = [];
  for (const connections of connectionCounts) {
    console.log(`  ${connections} connection(s): load average ${load()}`);
    for (const s of scenarios) await runLoad({ url: base, connections, duration: warmup, requests: s.requests });
    const totals = scenarios.map(() => ({ requests: 0, seconds: 0, p50s: [], p99s: [], bad: 0, cpu: 0 }));
    for (let round = 0; round < rounds; round++) {
      for (const [i, s] of scenarios.entries()) {
        const cpuBefore = cpuMs(server.pid);
        const r = await runLoad({ url: base, connections, duration, requests: s.requests });
        const t = totals[i];
        t.cpu += cpuMs(server.pid) - cpuBefore;
        t.requests += r.requests.total;
        t.seconds += r.duration;
        t.p50s.push(r.latency.p50);
        t.p99s.push(r.latency.p99);
        t.bad += r.non2xx + r.errors + r.timeouts;
        console.log(`    round ${round + 1} ${s.name}: ${Math.round(r.requests.total / r.duration)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`);
      }
    }
    tables.push({ connections, load: load(), totals });
  }

  const fmt = (n) => Math.round(n).toLocaleString('en-US');
  console.log('');
  console.log(
    `| connections | call | req/s | p50 ms (median of rounds) | p99 ms (each round) | server CPU µs per request | non-2xx + errors | quote's req/s ratio to it | load average after |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const { connections, load: after, totals } of tables) {
    const quoteRate = totals[0].requests / totals[0].seconds;
    for (const [i, s] of scenarios.entries()) {
      const t = totals[i];
      const rate = t.requests / t.seconds;
      const ratio = i === 0 ? '' : (quoteRate / rate).toFixed(2);
      console.log(
        `| ${connections} | ${s.name} | ${fmt(rate)} | ${median(t.p50s)} | ${t.p99s.join(', ')} | ${fmt((t.cpu * 1000) / t.requests)} | ${t.bad} | ${ratio} | ${i === 0 ? after : ''} |`,
      );
    }
  }
  const worst = Math.max(...tables.flatMap((t) => t.totals[0].p99s));
  console.log('');
  console.log(
    `Quote p99, worst round: ${worst} ms (target <= 20 ms). Server memory: peak RSS ${server.memory().peakMiB.toFixed(0)} MiB. Load average after: ${load()}`,
  );
} finally {
  await server?.stop();
  await database.drop();
}
