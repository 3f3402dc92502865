/**
 * The fleet cache (decision 070): the public fleet reads are answered from encoded bytes kept per
 * fleet version and Jamaica day. What a customer must never notice: an acknowledged booking,
 * cancellation or car change missing from the next read, a 304 that hides a change, yesterday's
 * reserved days after midnight in Jamaica, or, on two instances, a change older than a second.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { API, addDays, companyToday, responses } from '@rental/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/open';
import { AnswerCache, identityOf } from '../src/features/fleetCache/encodedAnswers';
import {
  type Account,
  authHeader,
  callWithStatus,
  createOwner,
  createTestApp,
  createTestDatabase,
  describeDatabase,
  refusalOf,
  registerCustomer,
  TEST_DATABASE_URL,
  type TestApp,
  testApi,
} from './helpers';
import { addCar, day, insertBooking } from './support/fleet';

/** Long enough that nothing in these tests is seen thanks to the poll, unless a test waits for it. */
const NO_POLL = { pollMs: 600_000 };

async function reservedOf(app: FastifyInstance, carId: string) {
  const res = await callWithStatus(app, undefined, 'cars');
  expect(res.status).toBe(200);
  return responses.cars.parse(res.answer).cars.find((c) => c._id === carId)?.reservedDates;
}

/** A customer's booking of a car, with the status it was answered with (201 when made). */
const book = (app: FastifyInstance, token: string, car: string, pickupDate: string, returnDate: string) =>
  callWithStatus(app, token, 'createBooking', { body: { car, pickupDate, returnDate, paymentMethod: 'upfront' } });
const cancel = (app: FastifyInstance, token: string, bookingId: string) => callWithStatus(app, token, 'cancelBooking', { body: { bookingId } });

describe(`fleet cache on one instance (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  /** The cache's clock: the tests move it to tomorrow in Jamaica. */
  let clock = new Date();

  beforeAll(async () => {
    t = await createTestApp({ fleetCache: { ...NO_POLL, now: () => clock } });
    owner = await createOwner(t.app);
  });
  afterAll(() => t?.close());

  it('shows a booking in the very next read of the list, the car and the availability', async () => {
    const car = await addCar(t.app, owner.token, { location: 'Waterford, Portmore' });
    const customer = await registerCustomer(t.app);
    const dates = { pickupDate: day(20), returnDate: day(22) };
    const available = () =>
      testApi(t.app)
        .call('checkAvailability', { body: { location: 'Waterford, Portmore', ...dates } })
        .then((answer) => answer.availableCars.map((c) => c._id));
    const reservedOfCar = async () => (await testApi(t.app).call('car', { params: { id: car._id } })).car.reservedDates;

    // Read (and so cache) all three first.
    expect(await reservedOf(t.app, car._id)).toEqual([]);
    expect(await reservedOfCar()).toEqual([]);
    expect(await available()).toContain(car._id);

    const booked = await book(t.app, customer.token, car._id, dates.pickupDate, dates.returnDate);
    expect(booked.status).toBe(201);

    expect(await reservedOf(t.app, car._id)).toEqual([dates]);
    expect(await reservedOfCar()).toEqual([dates]);
    expect(await available()).not.toContain(car._id);

    // Cancelled: the days are free again at once.
    const cancelled = await cancel(t.app, customer.token, booked.answer.booking._id);
    expect(cancelled.status).toBe(200);
    expect(await reservedOf(t.app, car._id)).toEqual([]);
    expect(await available()).toContain(car._id);
  });

  it('drops a car from the list the moment the owner marks it unavailable', async () => {
    const car = await addCar(t.app, owner.token);
    expect(await reservedOf(t.app, car._id)).toEqual([]);
    const toggled = await callWithStatus(t.app, owner.token, 'toggleCar', { body: { carId: car._id } });
    expect(toggled.status).toBe(200);
    expect(await reservedOf(t.app, car._id)).toBeUndefined();
  });

  it('answers 304 to the ETag it sent while nothing changed, and the new answer once something did', async () => {
    const car = await addCar(t.app, owner.token);
    const first = await t.app.inject({ method: 'GET', url: API.car(car._id) });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await t.app.inject({ method: 'GET', url: API.car(car._id), headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const customer = await registerCustomer(t.app);
    expect((await book(t.app, customer.token, car._id, day(5), day(6))).status).toBe(201);
    const after = await t.app.inject({ method: 'GET', url: API.car(car._id), headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().car.reservedDates).toEqual([{ pickupDate: day(5), returnDate: day(6) }]);
  });

  it('sends the same JSON as brotli, gzip or plain, whichever the client takes', async () => {
    await addCar(t.app, owner.token);
    const plain = await t.app.inject({ method: 'GET', url: API.cars });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const br = await t.app.inject({ method: 'GET', url: API.cars, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ method: 'GET', url: API.cars, headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(1);
  });

  it('sees a change made by another process (straight into the database) within a second', async () => {
    const polled = await createTestApp({ fleetCache: { pollMs: 200 } });
    try {
      const owner2 = await createOwner(polled.app);
      const car = await addCar(polled.app, owner2.token);
      expect(await reservedOf(polled.app, car._id)).toEqual([]);
      const started = Date.now();
      await insertBooking(polled.db, { carId: car._id, userId: owner2.user._id, pickupDate: day(3), returnDate: day(4) });
      await expect.poll(() => reservedOf(polled.app, car._id), { timeout: 5_000, interval: 50 }).toEqual([{ pickupDate: day(3), returnDate: day(4) }]);
      // On a busy machine the poll timer itself can be late; the promise is the 500 ms default plus a query.
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await polled.close();
    }
  });

  it('lets no cached answer outlive its day in Jamaica', async () => {
    const car = await addCar(t.app, owner.token);
    const customer = await registerCustomer(t.app);
    const today = companyToday(clock);
    // A rental that ends today: reserved today, over tomorrow.
    await insertBooking(t.db, { carId: car._id, userId: customer.user._id, pickupDate: today, returnDate: today });
    // Written behind the app's back: a write request makes the next read ask for the version.
    await refusalOf(testApi(t.app).call('login', { body: { email: 'nobody@example.com', password: 'x' } }));
    const stampToday = (await t.app.fleetCache.stamp()).stamp;
    expect(await reservedOf(t.app, car._id)).toEqual([{ pickupDate: today, returnDate: today }]);
    // Today's availability, cached: it is still a rental that may start today, until midnight.
    const todayOnly = { location: 'Waterford, Portmore', pickupDate: today, returnDate: today };
    for (let n = 0; n < 2; n++) expect((await callWithStatus(t.app, undefined, 'checkAvailability', { body: todayOnly })).status).toBe(200);

    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000);
    try {
      expect(companyToday(clock)).toBe(addDays(today, 1));
      expect((await t.app.fleetCache.stamp()).stamp).not.toBe(stampToday);
      expect(await reservedOf(t.app, car._id)).toEqual([]);
      // Dates are judged by the same day: today (by the real clock) is now in the past.
      await expect(testApi(t.app).call('checkAvailability', { body: todayOnly })).rejects.toMatchObject({
        status: 400,
        message: 'The pickup date cannot be in the past.',
      });
    } finally {
      clock = new Date();
    }
  });

  it('still answers writes to unknown addresses with our 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/no-such-call', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });

  it('keeps the JSON of answers asked for uncompressed within the size it is given, without pushing out what browsers read', async () => {
    const cache = new AnswerCache({ maxBytes: 512 * 1024 });
    const texts = Array.from({ length: 20 }, (_, n) =>
      JSON.stringify({ n, cars: Array.from({ length: 800 }, (_, i) => ({ i, name: `car ${i} of answer ${n}` })) }),
    );
    for (const [n, text] of texts.entries()) {
      const answer = await cache.get(`answer ${n}`, async () => text);
      expect(answer.identity).toBeUndefined();
      expect((await identityOf(answer)).toString()).toBe(text);
      expect(cache.size).toBeLessThanOrEqual(512 * 1024);
    }
    // Every encoded answer is still held. The first JSONs are kept, to be sent again without unzipping;
    // the later ones did not push them out while they were in use (they are unzipped each time).
    expect(cache.count).toBe(20);
    expect(cache.keptIdentity(cache.cached('answer 0')!)?.toString()).toBe(texts[0]);
    expect(cache.keptIdentity(cache.cached('answer 19')!)).toBeUndefined();
    expect((await identityOf(cache.cached('answer 19')!)).toString()).toBe(texts[19]);
  });

  it('keeps the JSON for plain clients within a bound of its own when given one, beside the encoded answers', async () => {
    const cache = new AnswerCache({ maxBytes: 512 * 1024, plainBytes: 2 * 1024 * 1024 });
    const texts = Array.from({ length: 20 }, (_, n) =>
      JSON.stringify({ n, cars: Array.from({ length: 800 }, (_, i) => ({ i, name: `car ${i} of answer ${n}` })) }),
    );
    for (const [n, text] of texts.entries()) {
      const answer = await cache.get(`answer ${n}`, async () => text);
      expect((await identityOf(answer)).toString()).toBe(text);
    }
    // Twenty JSONs of ~30 KB: more than a quarter of 512 KB, well within their own 2 MB. All are kept and sent again as they are.
    expect(cache.count).toBe(20);
    for (const [n, text] of texts.entries()) expect(cache.keptIdentity(cache.cached(`answer ${n}`)!)?.toString(), `answer ${n}`).toBe(text);
    expect(cache.size).toBeLessThanOrEqual(512 * 1024 + 2 * 1024 * 1024);
  });

  it('keeps its answers within the size it is given', async () => {
    const small = await createTestApp({ fleetCache: { ...NO_POLL, maxBytes: 64 * 1024 } });
    try {
      const owner2 = await createOwner(small.app);
      await addCar(small.app, owner2.token);
      for (let n = 1; n <= 60; n++) {
        const res = await callWithStatus(small.app, undefined, 'checkAvailability', {
          body: { location: 'Waterford, Portmore', pickupDate: day(n), returnDate: day(n + 1) },
        });
        expect(res.status).toBe(200);
      }
      expect(small.app.fleetCache.answers.size).toBeGreaterThan(0);
      expect(small.app.fleetCache.answers.size).toBeLessThanOrEqual(64 * 1024);
    } finally {
      await small.close();
    }
  });
});

describe(`fleet cache over real HTTP, where hits are sent before the handler (${describeDatabase})`, () => {
  let t: TestApp;
  let base: string;
  let owner: Account;

  beforeAll(async () => {
    t = await createTestApp({ fleetCache: NO_POLL });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await createOwner(t.app);
  });
  afterAll(() => t?.close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers: { 'accept-encoding': 'br', ...headers } });
  const headersOf = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => !['date', 'x-request-id'].includes(name)));

  it('answers a hit with the bytes and headers Fastify sent for it, and a fresh request id', async () => {
    const car = await addCar(t.app, owner.token);
    for (const path of [API.cars, API.car(car._id)]) {
      const first = await get(path);
      const second = await get(path, { 'x-request-id': 'hit-check-1' });
      expect(second.status).toBe(200);
      expect(headersOf(second)).toEqual(headersOf(first));
      expect(second.headers.get('x-request-id')).toBe('hit-check-1');
      expect(second.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(await second.text()).toBe(await first.text());
      const notModified = await get(path, { 'if-none-match': first.headers.get('etag')! });
      expect(notModified.status).toBe(304);
    }
  });

  /** A request as a client sends it that takes no compression: node:http adds no Accept-Encoding (fetch would). */
  const raw = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = httpRequest(base + path, { method, headers: body ? { ...headers, 'content-type': 'application/json' } : headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end(body);
    });

  it('sends a client that takes no compression the whole JSON a browser gets as brotli, under the same ETag, however often it asks', async () => {
    // Enough cars that the list is large (kept compressed only until a client asks for it plain).
    const cars = [await addCar(t.app, owner.token), await addCar(t.app, owner.token), await addCar(t.app, owner.token)];
    const calls = [
      { method: 'GET', path: API.cars },
      { method: 'GET', path: API.car(cars[0]!._id) },
      { method: 'POST', path: API.checkAvailability, body: JSON.stringify({ location: 'Waterford, Portmore', pickupDate: day(40), returnDate: day(42) }) },
    ];
    for (const { method, path, body } of calls) {
      const br = await raw(method, path, { 'accept-encoding': 'br, gzip' }, body);
      expect(br.status).toBe(200);
      const json = br.headers['content-encoding'] === 'br' ? brotliDecompressSync(br.body).toString() : br.body.toString();
      if (path === API.cars) expect(br.headers['content-encoding']).toBe('br');
      expect(JSON.parse(json).success).toBe(true);
      // The first plain request unzips the answer; the next ones are sent what it kept.
      for (let n = 0; n < 3; n++) {
        const plain = await raw(method, path, {}, body);
        expect(plain.status).toBe(200);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(plain.body.toString()).toBe(json);
        expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
        expect(plain.headers.etag).toBe(br.headers.etag);
        expect(plain.headers.vary).toBe(br.headers.vary);
        expect(plain.headers['cache-control']).toBe('no-cache');
      }
      const notModified = await raw(method, path, { 'if-none-match': br.headers.etag! }, body);
      expect(notModified.status).toBe(304);
      expect(notModified.body.length).toBe(0);
      // And a browser still gets brotli.
      const brAgain = await raw(method, path, { 'accept-encoding': 'br, gzip' }, body);
      expect(brAgain.headers['content-encoding']).toBe(br.headers['content-encoding']);
      expect(brAgain.body.equals(br.body)).toBe(true);
    }
  });

  it('never answers a hit from before a booking or a change the server has acknowledged', async () => {
    const car = await addCar(t.app, owner.token);
    const customer = await registerCustomer(t.app);
    const reserved = async () => ((await (await get(API.car(car._id))).json()) as { car: { reservedDates: unknown[] } }).car.reservedDates;
    const listed = async () => ((await (await get(API.cars)).json()) as { cars: { _id: string }[] }).cars.some((c) => c._id === car._id);
    expect(await reserved()).toEqual([]);
    expect(await listed()).toBe(true);
    const etag = (await get(API.car(car._id))).headers.get('etag')!;
    for (let n = 0; n < 3; n++) {
      const res = await fetch(base + API.createBooking, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...authHeader(customer.token) },
        body: JSON.stringify({ car: car._id, pickupDate: day(30 + n * 3), returnDate: day(31 + n * 3), paymentMethod: 'upfront' }),
      });
      expect(res.status).toBe(201);
      expect(await reserved()).toHaveLength(n + 1);
    }
    expect((await get(API.car(car._id), { 'if-none-match': etag })).status).toBe(200);
    const toggled = await fetch(base + API.toggleCar, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...authHeader(owner.token) },
      body: JSON.stringify({ carId: car._id }),
    });
    expect(toggled.status).toBe(200);
    expect(await listed()).toBe(false);
  });
});

/** The acknowledging instance shows it at once; the other within a second (it polls every 500 ms). */
async function seenOnBoth(acknowledged: FastifyInstance, other: FastifyInstance, carId: string, expected: { pickupDate: string; returnDate: string }[]) {
  const at = Date.now();
  expect(await reservedOf(acknowledged, carId)).toEqual(expected);
  await expect.poll(() => reservedOf(other, carId), { timeout: 5_000, interval: 20 }).toEqual(expected);
  expect(Date.now() - at).toBeLessThan(1_000);
}

// Several instances behind a load balancer share one PostgreSQL: a change acknowledged by one is
// in the other's answers within a second, whatever each had cached.
describe.runIf(TEST_DATABASE_URL)('fleet cache on two instances over PostgreSQL', () => {
  it('shows a booking and a cancellation made on one instance on the other within a second', async () => {
    const database = await createTestDatabase();
    const secondPool = await openDatabase({ databaseUrl: database.url!, poolSize: 5 });
    const config = testConfig();
    const [a, b] = [await buildApp({ db: database.db, config, rateLimit: false }), await buildApp({ db: secondPool.db, config, rateLimit: false })] as [
      FastifyInstance,
      FastifyInstance,
    ];
    try {
      await Promise.all([a.ready(), b.ready()]);
      const owner = await createOwner(a);
      const customer = await registerCustomer(a);
      const car = await addCar(a, owner.token);
      // B has its own cached list before the changes.
      await expect.poll(() => reservedOf(b, car._id), { timeout: 5_000, interval: 50 }).toEqual([]);

      // Booked on A, then cancelled on A, then booked on B: each seen by the other instance within a second.
      const booked = await book(a, customer.token, car._id, day(8), day(9));
      expect(booked.status).toBe(201);
      await seenOnBoth(a, b, car._id, [{ pickupDate: day(8), returnDate: day(9) }]);

      const cancelled = await cancel(a, customer.token, booked.answer.booking._id);
      expect(cancelled.status).toBe(200);
      await seenOnBoth(a, b, car._id, []);

      const etagOnA = (await a.inject({ method: 'GET', url: API.cars })).headers.etag as string;
      expect((await book(b, customer.token, car._id, day(12), day(12))).status).toBe(201);
      await seenOnBoth(b, a, car._id, [{ pickupDate: day(12), returnDate: day(12) }]);
      // A client holding A's earlier answer is not told it is still current.
      expect((await a.inject({ method: 'GET', url: API.cars, headers: { 'if-none-match': etagOnA } })).statusCode).toBe(200);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await secondPool.close();
      await database.close();
    }
  });
});
