#!/usr/bin/env node
/**
 * A booking's folio at scale: GET /api/bookings/:id/folio on the BUILT server with a fresh PGlite
 * database of 1,000 cars x 100,000 bookings (lib/load.mjs fleetShape(true)), every booking with its
 * folio (the database writes the quote's lines as bookings are made), a third of them paid, one in
 * five with a charge at return, one in ten with that charge voided and a payment made twice and
 * given back. Timed as the owner, booking after booking from a sample spread over the whole table,
 * one request after another on one connection, each beside two peers in the same round so the
 * figures can be judged against the machine's state: GET /api/owner/bookings/:id/counter (the same
 * booking's counter view) and GET /health; then --connections at once for --duration s. The
 * target is p99 <= 20 ms.
 * Not a test: it asserts nothing and is not part of CI; figures move with the machine's load.
 *
 *   npm run build -w @rental/server && node bench/folio.mjs [--requests 500] [--sample 500] [--connections 4] [--duration 5]
 */
import { Agent, request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { fleetShape, rotating, runLoad, seedFleet } from './lib/load.mjs';
import { freshDatabase, ownerToken, startServer } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '500' },
    sample: { type: 'string', default: '500' },
    connections: { type: 'string', default: '4' },
    duration: { type: 'string', default: '5' },
  },
});
const REQUESTS = Number(values.requests);
const SAMPLE = Number(values.sample);
const CONNECTIONS = Number(values.connections);
const DURATION = Number(values.duration);
const ACCEPT = { 'accept-encoding': 'br, gzip' };

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const round = (n) => (n >= 100 ? Math.round(n) : Math.round(n * 10) / 10);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Money on the folios, written straight into the database before the server starts (as the
 * history is): payments, charges at return, a payment voided and refunded. Every row goes through
 * the folio's own triggers, which keep each booking's payment state. Returns the sample of booking
 * ids to read, spread over the table (a fixed order, the same each run).
 */
async function moneyOnFolios(dataDir, sample) {
  const db = await PGlite.create(dataDir, { extensions: { btree_gist } });
  try {
    await db.exec(`
      CREATE TEMP TABLE numbered AS SELECT id, price, row_number() OVER (ORDER BY md5(id::text)) AS n FROM bookings WHERE status <> 'cancelled';
      INSERT INTO folio_payments (booking_id, kind, method, amount, reference, note)
        SELECT id, 'payment', (ARRAY['cash', 'card', 'bank_deposit', 'bank_transfer'])[1 + n % 4], price, 'BENCH-' || n, 'Paid at the desk' FROM numbered WHERE n % 3 = 0 AND price > 0;
      INSERT INTO folio_lines (booking_id, kind, label, amount, gct)
        SELECT id, (ARRAY['late', 'fuel', 'damage', 'cleaning', 'toll'])[1 + (n / 5) % 5], 'Charge at return ' || n, 1000 + n % 9000, (1000 + n % 9000) * 15 / 100 FROM numbered WHERE n % 5 = 0;
      INSERT INTO folio_payments (booking_id, kind, method, amount, note)
        SELECT id, 'payment', 'cash', 2500, 'Paid twice by mistake' FROM numbered WHERE n % 10 = 0;
      INSERT INTO folio_payments (booking_id, kind, method, amount, note)
        SELECT id, 'refund', 'cash', 2500, 'The second payment given back' FROM numbered WHERE n % 10 = 0;
      INSERT INTO folio_lines (booking_id, kind, label, amount, gct, voids_line_id, reason)
        SELECT l.booking_id, l.kind, 'Voided: ' || l.label, -l.amount, -l.gct, l.id, 'Charged in error'
        FROM folio_lines l JOIN numbered b ON b.id = l.booking_id WHERE b.n % 10 = 0 AND l.label LIKE 'Charge at return %';
      ANALYZE folio_lines; ANALYZE folio_payments; ANALYZE bookings;`);
    const counts = (await db.query(`SELECT (SELECT count(*)::int FROM folio_lines) AS lines, (SELECT count(*)::int FROM folio_payments) AS payments`)).rows[0];
    const total = (await db.query('SELECT count(*)::int AS n FROM numbered')).rows[0].n;
    const step = Math.max(1, Math.floor(total / sample));
    const ids = (await db.query(`SELECT id FROM numbered WHERE n % $1 = 0 ORDER BY n LIMIT $2`, [step, sample])).rows.map((r) => r.id);
    return { ...counts, ids };
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

const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) };
};

const { seed: shape, totalBookings } = fleetShape(true);
console.log(`Folio: PGlite, ${shape.cars} cars x ${totalBookings.toLocaleString('en-US')} bookings; load average ${load()}`);
const started = performance.now();
const database = await freshDatabase({});
let server;
try {
  const manifest = await seedFleet(database.target, true, (line) => console.log(`  seed: ${line}`));
  const money = await moneyOnFolios(database.target.dataDir, SAMPLE);
  console.log(
    `  seed: ${manifest.bookingCount.toLocaleString('en-US')} bookings, ${money.lines.toLocaleString('en-US')} folio lines, ${money.payments.toLocaleString('en-US')} payments and refunds, ${Math.round((performance.now() - started) / 1000)} s`,
  );
  server = await startServer({ env: database.env, logLevel: 'warn' });
  const base = server.baseUrl;
  const ownerSession = await ownerToken(base, manifest);
  const headers = { ...ACCEPT, authorization: ownerSession };

  const calls = [
    { label: 'GET /api/bookings/:id/folio', path: (id) => `/api/bookings/${id}/folio`, headers },
    { label: 'peer: GET /api/owner/bookings/:id/counter', path: (id) => `/api/owner/bookings/${id}/counter`, headers },
    { label: 'peer: GET /health', path: () => '/health', headers: ACCEPT },
  ];
  // Each call on its own kept-alive connection; the three asked in turn for the same booking.
  const agents = calls.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
  const times = calls.map(() => []);
  const last = [];
  try {
    for (let i = 0; i < 20 + REQUESTS; i++) {
      const id = money.ids[i % money.ids.length];
      for (const [k, call] of calls.entries()) {
        const result = await timedGet(agents[k], base, call.path(id), call.headers);
        if (i >= 20) times[k].push(result.ms);
        last[k] = result;
      }
    }
  } finally {
    for (const agent of agents) agent.destroy();
  }

  console.log(
    `\nTiming: ${REQUESTS} rounds over ${money.ids.length} bookings (1 connection each, after 20 for warm-up), then ${CONNECTIONS} connections x ${DURATION} s; load average ${load()}`,
  );
  const rows = [];
  for (const [k, call] of calls.entries()) {
    const row = { label: call.label, ...summary(times[k]), bytes: last[k].bytes, encoding: last[k].encoding };
    row.together = await runLoad({
      url: base,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [{ setupRequest: rotating(money.ids.map((id) => ({ method: 'GET', path: call.path(id), headers: call.headers }))) }],
    });
    if (row.together.errors || row.together.non2xx) throw new Error(`${call.label}: errors ${row.together.errors}, non-2xx ${row.together.non2xx}`);
    rows.push(row);
  }
  console.log(`\nAPI, PGlite, 1,000 cars x 100,000 bookings; load average after: ${load()}`);
  console.log(`| call | 1 conn p50 / p99 / max ms | ${CONNECTIONS} conn req/s | ${CONNECTIONS} conn p50 / p99 / max ms | answer |`);
  console.log('|---|---|---|---|---|');
  for (const r of rows) {
    const t = r.together;
    console.log(
      `| ${r.label} | ${round(r.p50)} / **${round(r.p99)}** / ${round(r.max)} | ${Math.round(t.requests.average)} | ${t.latency.p50} / **${t.latency.p99}** / ${t.latency.max} | ${(r.bytes / 1024).toFixed(1)} KB ${r.encoding} |`,
    );
  }
  console.log(`\nTarget: folio p99 <= 20 ms on 1 connection: ${rows[0].p99 <= 20 ? 'met' : 'NOT met'} (${round(rows[0].p99)} ms).`);
} finally {
  await server?.stop();
  await database.drop();
}
