#!/usr/bin/env node
/**
 * Booking storm: two instances of the built server on one new PostgreSQL database (one
 * on PGlite without --pg), 32 clients (connections, half on each instance, as behind a load
 * balancer) booking the same few cars over and over for a while, each attempt by a customer of
 * its own (a customer may hold only 3 pending bookings; the storm is about car-days). Prints
 * attempts/s, answers by status, errors (5xx and socket errors), the overlaps found in the
 * database afterwards, every 201 checked against the database, and each server's peak memory.
 * Not a test: it asserts nothing and is not part of CI.
 *
 *   node bench/storm.mjs --pg [--duration 10] [--clients 32] [--cars 20] [--days 300] [--log-level info] [--pg-functions]
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { addDays } from './lib/dates.mjs';
import { runLoad } from './lib/load.mjs';
import { mulberry32 } from './lib/random.mjs';
import { DEFAULT_PG_URL, ensureBuilt, freshDatabase, startServer } from './lib/server.mjs';
import { session } from './lib/session.mjs';

const { values } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    'pg-url': { type: 'string', default: DEFAULT_PG_URL },
    duration: { type: 'string', default: '10' },
    clients: { type: 'string', default: '32' },
    cars: { type: 'string', default: '20' },
    days: { type: 'string', default: '300' },
    'log-level': { type: 'string', default: 'info' },
    'max-customers': { type: 'string', default: '40000' },
    /** Print where PostgreSQL's time went, by PL/pgSQL function (bookings, triggers); PostgreSQL only. */
    'pg-functions': { type: 'boolean', default: false },
    /** A folder for the servers' CPU profiles (node --cpu-prof), written when they stop. */
    'cpu-prof': { type: 'string' },
  },
});
const duration = Number(values.duration);
const clients = Number(values.clients);
const carCount = Number(values.cars);
const windowDays = Number(values.days);
const customerCount = Number(values['max-customers']);
const JWT_SECRET = randomBytes(32).toString('hex');

/** CPU time used so far, ms (user + system, Linux /proc), by one process or by every PostgreSQL process on this machine. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
function postgresCpuMs() {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuMs(pid);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

const run = (options) => runLoad({ connections: clients, duration, ...options });

console.log(
  `Booking storm: ${values.pg ? 'PostgreSQL, two instances' : 'PGlite, one instance'}, ${clients} clients, ${carCount} cars, pickups over ${windowDays} days, ${duration} s, LOG_LEVEL=${values['log-level']}`,
);
ensureBuilt();
const database = await freshDatabase({ postgresUrl: values.pg ? values['pg-url'] : undefined });
const servers = [];
try {
  // The first start applies the migrations; the data goes in with the server stopped (PGlite's folder is its alone).
  const env = { ...database.env, JWT_SECRET, OWNER_EMAIL: 'owner@storm.example', OWNER_PASSWORD: 'storm-owner-password' };
  await (await startServer({ env, logLevel: 'warn' })).stop();

  const sql = await session(database.target);
  if (values['pg-functions'] && database.kind === 'postgres') {
    await sql.query(`ALTER DATABASE ${new URL(database.target.databaseUrl).pathname.slice(1)} SET track_functions = 'pl'`);
  }
  const today = await sql.query(`SELECT to_char(now() AT TIME ZONE 'America/Jamaica', 'YYYY-MM-DD') AS today`).then((r) => r[0].today);
  const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
    .webp()
    .toBuffer();
  const [image] = await sql.query(`INSERT INTO images (content, mime_type, width, height) VALUES ($1, 'image/webp', 8, 8) RETURNING id`, [picture]);
  const cars = await sql.query(
    `INSERT INTO cars (brand, model, year, price_per_day, category, transmission, fuel_type, seating_capacity, location, description, image_id)
     SELECT 'Toyota', 'Storm ' || n, 2022, 5000 + n, 'Sedan', 'Automatic', 'Gas', 5, 'Waterford, Portmore', 'Storm car', $1
       FROM generate_series(1, $2::int) AS n RETURNING id`,
    [image.id, carCount],
  );
  const customers = await sql.query(
    `INSERT INTO users (name, email, password_hash, phone) SELECT 'Customer ' || n, 'c' || n || '@storm.example', 'x', '876 555 0100' FROM generate_series(1, $1::int) AS n RETURNING id`,
    [customerCount],
  );
  await sql.close();
  const key = new TextEncoder().encode(JWT_SECRET);
  const tokens = await Promise.all(
    customers.map(({ id }) => new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(id).setIssuedAt().setExpirationTime('1h').sign(key)),
  );
  console.log(`  data: ${cars.length} cars, ${customers.length} customers with session tokens`);

  const instances = values.pg ? 2 : 1;
  const nodeArgs = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [];
  for (let i = 0; i < instances; i++) servers.push(await startServer({ env, logLevel: values['log-level'], nodeArgs }));

  const random = mulberry32(13);
  let next = 0;
  const attempt = (req) => {
    const n = next++;
    const pickupDate = addDays(today, 1 + Math.floor(random() * windowDays));
    return {
      ...req,
      method: 'POST',
      path: '/api/bookings/create',
      headers: { 'content-type': 'application/json', authorization: tokens[n % tokens.length] },
      body: JSON.stringify({
        car: cars[Math.floor(random() * cars.length)].id,
        pickupDate,
        returnDate: addDays(pickupDate, Math.floor(random() * 3)),
        paymentMethod: 'upfront',
      }),
    };
  };
  const cpuBefore = { node: servers.map((s) => cpuMs(s.pid)), postgres: postgresCpuMs(), client: process.cpuUsage() };
  const started = performance.now();
  const results = await Promise.all(
    servers.map((server) => run({ url: server.baseUrl, connections: clients / servers.length, requests: [{ setupRequest: attempt }] })),
  );
  const seconds = (performance.now() - started) / 1000;
  const nodeCpu = servers.reduce((sum, server, i) => sum + cpuMs(server.pid) - cpuBefore.node[i], 0);
  const postgresCpu = postgresCpuMs() - cpuBefore.postgres;
  const clientUsage = process.cpuUsage(cpuBefore.client);
  const clientCpu = (clientUsage.user + clientUsage.system) / 1000;
  if (next > tokens.length)
    console.log(
      `  NOTE: ${next} attempts for ${tokens.length} customers: some customers booked more than once (409s for the 3-pending limit count as answers).`,
    );

  const byStatus = {};
  let errors = 0;
  let total = 0;
  let p99 = 0;
  for (const r of results) {
    for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) byStatus[code] = (byStatus[code] ?? 0) + count;
    errors += r.errors + r.timeouts;
    total += r.requests.total;
    p99 = Math.max(p99, r.latency.p99);
  }
  const fiveXX = Object.entries(byStatus)
    .filter(([code]) => code >= '500')
    .reduce((sum, [, n]) => sum + n, 0);
  const memory = servers.map((s) => s.memory());
  for (const server of servers) await server.stop();

  const check = await session(database.target);
  const [{ overlaps }] = await check.query(
    `SELECT count(*)::int AS overlaps FROM bookings a JOIN bookings b
       ON a.car_id = b.car_id AND a.id < b.id AND a.status <> 'cancelled' AND b.status <> 'cancelled'
      AND daterange(a.pickup_date, a.return_date, '[]') && daterange(b.pickup_date, b.return_date, '[]')`,
  );
  const [{ live }] = await check.query(`SELECT count(*)::int AS live FROM bookings WHERE status <> 'cancelled'`);
  const functions =
    values['pg-functions'] && database.kind === 'postgres'
      ? await check.query(
          `SELECT funcname, calls, round(total_time::numeric, 1) AS total_ms, round(self_time::numeric, 1) AS self_ms FROM pg_stat_user_functions ORDER BY self_time DESC`,
        )
      : [];
  // Each statement outside BEGIN ... COMMIT is a transaction of its own: with the batches' commits, round trips' order of magnitude.
  const [{ transactions }] =
    database.kind === 'postgres'
      ? await check.query(`SELECT xact_commit + xact_rollback AS transactions FROM pg_stat_database WHERE datname = current_database()`)
      : [{ transactions: 0 }];
  await check.close();

  console.log('');
  console.log(
    '| attempts/s | attempts | 201 booked | 409 refused | other 4xx | 5xx | socket errors | p99 ms | overlaps in the database | bookings in the database | peak RSS MiB |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  const other4xx = Object.entries(byStatus)
    .filter(([code]) => code >= '400' && code < '500' && code !== '409')
    .reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `| ${Math.round(total / seconds).toLocaleString('en-US')} | ${total} | ${byStatus['201'] ?? 0} | ${byStatus['409'] ?? 0} | ${other4xx} | ${fiveXX} | ${errors} | ${p99} | ${overlaps} | ${live} | ${memory.map((m) => m.peakMiB.toFixed(0)).join(' / ')} |`,
  );
  if ((byStatus['201'] ?? 0) !== live)
    console.log(
      `  ${live - (byStatus['201'] ?? 0)} more live bookings in the database than 201s counted: requests still in flight when the clients stopped counting.`,
    );
  console.log(
    `CPU per attempt: ${(nodeCpu / total).toFixed(2)} ms in the server processes` +
      (values.pg ? `, ${(postgresCpu / total).toFixed(2)} ms in PostgreSQL (every postgres process on this machine, others' work included)` : '') +
      `, ${(clientCpu / total).toFixed(2)} ms in this benchmark's clients` +
      `; on 2 cores that is at most ${Math.round(2000 / ((nodeCpu + clientCpu + (values.pg ? postgresCpu : 0)) / total)).toLocaleString('en-US')} attempts/s with nothing else running.`,
  );
  if (database.kind === 'postgres')
    console.log(`PostgreSQL transactions per attempt (each lone statement is one): ${(Number(transactions) / total).toFixed(2)} (the seeding's few included)`);
  if (functions.length > 0) {
    console.log('\nPostgreSQL time by PL/pgSQL function (total includes what it calls; ms per attempt = self / attempts):');
    console.log('| function | calls | total ms | self ms | self ms per attempt |');
    console.log('|---|---|---|---|---|');
    for (const f of functions) console.log(`| ${f.funcname} | ${f.calls} | ${f.total_ms} | ${f.self_ms} | ${(Number(f.self_ms) / total).toFixed(3)} |`);
  }
} finally {
  for (const server of servers) await server.stop().catch(() => {});
  await database.drop();
}
