#!/usr/bin/env node
/**
 * Customers' reads while the staff work (decision 078): the built server on a fresh,
 * seeded database; 10 connections read cars by id (cached answers) for a while alone, then again
 * while 2 more connections, logged in as the owner, load the staff's pages (dashboard, bookings
 * list, timeline, history: uncached queries over every booking). Prints the customers' req/s and
 * p99 in both phases and the staff's req/s, so one build can be set against another (run it from
 * each checkout, alternately). Not a test: it asserts nothing and is not part of CI.
 *
 *   node bench/staff-and-customers.mjs [--pg] [--big] [--duration 5] [--rounds 2]
 */
import { parseArgs } from 'node:util';
import { addDays } from './lib/dates.mjs';
import { fleetShape, rotating, runLoad, seedFleet } from './lib/load.mjs';
import { DEFAULT_PG_URL, freshDatabase, ownerToken, startServer } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    'pg-url': { type: 'string', default: DEFAULT_PG_URL },
    big: { type: 'boolean', default: false },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '2' },
  },
});
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const { seed: shape, totalBookings } = fleetShape(values.big);
const ACCEPT = { 'accept-encoding': 'br, gzip' };
const load = (options) => runLoad({ duration, ...options });

console.log(
  `Customers and staff: ${values.pg ? 'PostgreSQL' : 'PGlite'}, ${shape.cars} cars x ${totalBookings} bookings, ${rounds} x (${duration} s customers alone, ${duration} s with staff)`,
);
const database = await freshDatabase({ postgresUrl: values.pg ? values['pg-url'] : undefined });
let server;
try {
  const manifest = await seedFleet(database.target, values.big);
  server = await startServer({ env: database.env, logLevel: 'warn' });
  const base = server.baseUrl;
  const ownerSession = await ownerToken(base, manifest);
  const staffHeaders = { ...ACCEPT, authorization: ownerSession };
  const from = addDays(manifest.today, -3);
  const staffPages = [
    '/api/owner/dashboard',
    '/api/bookings/owner?limit=50',
    `/api/owner/timeline?from=${from}&to=${addDays(from, 13)}`,
    '/api/owner/activity',
    '/api/bookings/owner?limit=50&status=pending',
  ].map((path) => ({ method: 'GET', path, headers: staffHeaders }));
  for (const { path } of staffPages) {
    const status = (await fetch(`${base}${path}`, { headers: staffHeaders })).status;
    if (status !== 200) throw new Error(`${path} answered ${status}`);
  }
  const customerReads = manifest.cars.slice(0, 100).map((c) => ({ method: 'GET', path: `/api/user/car/${c.id}`, headers: ACCEPT }));
  const customers = () => load({ url: base, connections: 10, requests: [{ setupRequest: rotating(customerReads) }] });
  const staff = () => load({ url: base, connections: 2, requests: [{ setupRequest: rotating(staffPages) }] });

  await load({ url: base, connections: 10, duration: 2, requests: [{ setupRequest: rotating(customerReads) }] }); // warm-up
  const sum = { alone: { requests: 0, seconds: 0, p99: [] }, busy: { requests: 0, seconds: 0, p99: [] }, staff: { requests: 0, seconds: 0, p99: [] } };
  const add = (into, result) => {
    into.requests += result.requests.total;
    into.seconds += result.duration;
    into.p99.push(result.latency.p99);
    if (result.errors || result.non2xx) throw new Error(`errors: ${result.errors}, non-2xx: ${result.non2xx}`);
  };
  for (let round = 0; round < rounds; round++) {
    add(sum.alone, await customers());
    const [busy, staffResult] = await Promise.all([customers(), staff()]);
    add(sum.busy, busy);
    add(sum.staff, staffResult);
  }
  const rate = (t) => Math.round(t.requests / t.seconds).toLocaleString('en-US');
  const p99 = (t) => t.p99.join(', ');
  console.log('\n| | customers req/s | customers p99 ms | staff pages/s | staff p99 ms |\n|---|---|---|---|---|');
  console.log(`| customers alone | ${rate(sum.alone)} | ${p99(sum.alone)} | | |`);
  console.log(`| with the staff | ${rate(sum.busy)} | ${p99(sum.busy)} | ${rate(sum.staff)} | ${p99(sum.staff)} |`);
  console.log(
    `\nCustomers keep ${(sum.busy.requests / sum.busy.seconds / (sum.alone.requests / sum.alone.seconds)).toFixed(2)} of their rate while the staff work. Peak RSS ${Math.round(server.memory().peakMiB)} MiB.`,
  );
} finally {
  await server?.stop();
  await database.drop();
}
