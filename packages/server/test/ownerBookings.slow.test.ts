/**
 * 100,000 bookings: the whole list (SPEC's call, no parameters) is streamed in
 * chunks, so /health keeps answering while it is written; and the pages, filters and search stay
 * fast. Prints its figures (the /health latencies are the issue's measure: under 100 ms).
 */
import type { AddressInfo } from 'node:net';
import { API } from '@rental/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createOwner, createTestApp, describeDatabase, type TestApp } from './helpers';
import { addCar } from './support/fleet';

const BOOKINGS = 100_000;
const CUSTOMERS = 2_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

describe(`100,000 bookings (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
    const car = await addCar(t.app, owner.token);
    await t.db.execute(sql`
      INSERT INTO users (name, email, password_hash, phone)
      SELECT 'Customer ' || i || ' ' || md5(i::text), 'customer' || i || '@example.com', 'not-a-hash', '876 555 ' || lpad(i::text, 4, '0')
      FROM generate_series(1, ${CUSTOMERS}) AS i`);
    // One day each on the one car, far in the past, so no two live bookings share a day; made over
    // a span of time so that created_at orders them. References are numbered (i x 7919 written with
    // the reference's 32 characters): 100,000 random ones would clash now and then.
    await t.db.execute(sql`
      INSERT INTO bookings (reference, car_id, user_id, pickup_date, return_date, price, status, payment_method, created_at)
      SELECT 'WR-' || (SELECT string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + ((i * 7919) / (32 ^ k)::bigint % 32)::int, 1), '' ORDER BY k)
                       FROM generate_series(0, 5) AS k),
             ${car._id}::uuid, u.id, date '1900-01-01' + i, date '1900-01-01' + i, 8500,
             (ARRAY['pending', 'confirmed', 'cancelled'])[1 + i % 3],
             (ARRAY['upfront', 'cash_deposit'])[1 + i % 2],
             now() - make_interval(secs => ${BOOKINGS} - i)
      FROM generate_series(1, ${BOOKINGS}) AS i
      JOIN (SELECT id, row_number() OVER () AS n FROM users WHERE email LIKE 'customer%@example.com') u ON u.n = 1 + i % ${CUSTOMERS}`);
    // What is paid comes from each folio: a third part paid, a third paid in full (the database
    // derives each booking's payment state as the payments go in).
    await t.db.execute(sql`
      INSERT INTO folio_payments (booking_id, kind, method, amount, note)
      SELECT id, 'payment', 'cash', CASE WHEN n % 3 = 1 THEN 4000 ELSE price END, 'Seeded'
      FROM (SELECT id, price, row_number() OVER (ORDER BY created_at) AS n FROM bookings) b
      WHERE n % 3 <> 0`);
    await t.db.execute(sql`ANALYZE bookings`);
    await t.db.execute(sql`ANALYZE users`);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // Each booking inserted is also counted into the fleet report's kept figures (decision 121's
    // triggers), about a millisecond each: 4 minutes here on PGlite, 8 on PostgreSQL, on a busy machine.
  }, 1_800_000);
  afterAll(() => t?.close());

  const get = (path: string) => fetch(base + path, { headers: { authorization: owner.token } });

  it('lists every booking while /health keeps answering', { timeout: 600_000 }, async () => {
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    let done = false;
    // Read as it arrives, kept as bytes: decoding 60 MB into one string at the end would hold this
    // process (and the server in it) and be counted against /health.
    const list = (async () => {
      const res = await get(API.ownerBookings);
      expect(res.status).toBe(200);
      const chunks: Uint8Array[] = [];
      for await (const chunk of res.body!) chunks.push(chunk);
      done = true;
      return Buffer.concat(chunks);
    })();
    const latencies: number[] = [];
    let peakRss = rssBefore;
    while (!done) {
      const asked = performance.now();
      const health = await fetch(`${base}/health`);
      expect(health.status).toBe(200);
      await health.arrayBuffer();
      latencies.push(performance.now() - asked);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const bytes = await list;
    const seconds = (performance.now() - started) / 1000;
    const answer = JSON.parse(bytes.toString('utf8')) as { success: boolean; bookings: { _id: string }[] };
    expect(answer.success).toBe(true);
    expect(answer.bookings.length).toBe(BOOKINGS);
    expect(new Set(answer.bookings.map((b) => b._id)).size).toBe(BOOKINGS);

    const sorted = [...latencies].sort((a, b) => a - b);
    const figures = {
      database: describeDatabase,
      listSeconds: Number(seconds.toFixed(1)),
      listMB: Number((bytes.length / 1e6).toFixed(1)),
      healthChecks: sorted.length,
      healthP50ms: Number(percentile(sorted, 50).toFixed(1)),
      healthP95ms: Number(percentile(sorted, 95).toFixed(1)),
      healthMaxMs: Number(sorted.at(-1)!.toFixed(1)),
      rssGrowthMB: Math.round((peakRss - rssBefore) / 1e6),
    };
    console.log(`owner bookings, 100,000 listed: ${JSON.stringify(figures)}`);
    // Enough checks that the list really ran while /health was asked.
    expect(sorted.length).toBeGreaterThan(10);
    // The issue's target is 100 ms. The typical answer must meet it even on a machine shared with
    // other test runs; the slowest ones wait for a chunk on a busy CPU and get slack here (the
    // figures printed above are the measure). Without chunks, /health waited for the whole list.
    expect(percentile(sorted, 50)).toBeLessThan(100);
    expect(percentile(sorted, 95)).toBeLessThan(500);
  });

  it('pages, filters and search answer quickly', { timeout: 120_000 }, async () => {
    const timed = async (label: string, path: string) => {
      // The second run: the first warms the caches a busy server has warm anyway.
      await (await get(path)).arrayBuffer();
      const asked = performance.now();
      const res = await get(path);
      const body = (await res.json()) as { bookings: unknown[]; nextCursor: string | null };
      expect(res.status, label).toBe(200);
      return { label, ms: Math.round(performance.now() - asked), found: body.bookings.length, body };
    };
    const first = await timed('first page', `${API.ownerBookings}?limit=50`);
    const results = [
      first,
      await timed('next page', `${API.ownerBookings}?limit=50&cursor=${first.body.nextCursor}`),
      await timed('status', `${API.ownerBookings}?limit=50&status=cancelled`),
      await timed('payment state', `${API.ownerBookings}?limit=50&paymentStatus=part_paid`),
      await timed('dates', `${API.ownerBookings}?limit=50&from=1950-01-01&to=1950-03-01`),
      await timed('q: name', `${API.ownerBookings}?limit=50&q=Customer%201234`),
      await timed('q: e-mail', `${API.ownerBookings}?limit=50&q=customer77%40example.com`),
      await timed('q: phone', `${API.ownerBookings}?limit=50&q=555%200042`),
      await timed('q: nobody', `${API.ownerBookings}?limit=50&q=nobody-by-this-name`),
      await timed('q: reference prefix', `${API.ownerBookings}?limit=50&q=WR-ZZ`),
    ];
    console.log(`owner bookings, 100,000: ${results.map((r) => `${r.label} ${r.ms} ms (${r.found})`).join('; ')}`);
    expect(results.find((r) => r.label === 'dates')!.found).toBe(50);
    expect(results.find((r) => r.label === 'payment state')!.found).toBe(50);
    for (const r of results) expect(r.ms, r.label).toBeLessThan(2_000);
  });
});
