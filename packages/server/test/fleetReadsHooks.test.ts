/**
 * The car list and a car are answered from the fleet cache inside Fastify's lifecycle (decision
 * 080): a hook added for the whole app, even after the routes, sees those answers too, as a
 * header set on every answer, another origin's CORS grant and the request log would (the log counts
 * them in its summary lines: decision 130).
 */
import { Writable } from 'node:stream';
import { API } from '@rental/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED_PATHS } from '../src/http/logging';
import { type Account, createOwner, createTestApp, describeDatabase, type TestApp } from './helpers';
import { addCar, day } from './support/fleet';

const CLIENT = 'https://old-client.example.com';

describe(`cached fleet reads and the app's own hooks, over real HTTP (${describeDatabase})`, () => {
  let t: TestApp;
  let base: string;
  let owner: Account;
  const lines: string[] = [];
  /** Requests that reached the route's handler stage (a cached answer is sent before it). */
  let handled = 0;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp({
      logger: pino({ level: 'info', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, stream),
      config: { corsOrigins: [CLIENT] },
      fleetCache: { pollMs: 600_000 },
      requestSummary: { everyMs: 50, slowMs: 60_000 },
      // Added after every route, as a later change to app.ts (metrics, a header) would be.
      beforeReady: (app) => {
        app.addHook('onRequest', async (_request, reply) => {
          reply.header('x-seen-on-request', 'yes');
        });
        app.addHook('onSend', async (_request, reply, payload) => {
          reply.header('x-seen-on-send', 'yes');
          return payload;
        });
        app.addHook('preHandler', async (request) => {
          if (['cars', 'car', 'checkAvailability'].includes(request.routeOptions.config?.endpoint ?? '')) handled += 1;
        });
      },
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await createOwner(t.app);
  });
  afterAll(() => t?.close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers: { 'accept-encoding': 'br', ...headers } });
  const completedLines = (reqId: string) => lines.filter((line) => line.includes(`"reqId":"${reqId}"`) && line.includes('request completed'));
  /** Reads of a route the request log counted in its summary lines so far. */
  const counted = (route: string) =>
    lines
      .map((line) => JSON.parse(line) as { msg?: string; route?: string; count?: number })
      .filter((line) => line.msg === 'requests answered from the cache' && line.route === route)
      .reduce((sum, line) => sum + (line.count ?? 0), 0);

  it("sends every answer of the car list and a car, cached ones included, through the global hooks and into the request log's summary", async () => {
    const car = await addCar(t.app, owner.token);
    for (const [path, route] of [
      [API.cars, 'GET /api/user/cars'],
      [API.car(car._id), 'GET /api/user/car/:id'],
    ] as const) {
      const first = await get(path);
      expect(first.status).toBe(200);
      const handledBefore = handled;
      const countedBefore = counted(route);
      for (let n = 0; n < 3; n++) {
        const reqId = `hook-check-${path.length}-${n}`;
        const hit = await get(path, { 'x-request-id': reqId });
        expect(hit.status, path).toBe(200);
        expect(hit.headers.get('x-seen-on-request'), path).toBe('yes');
        expect(hit.headers.get('x-seen-on-send'), path).toBe('yes');
        expect(hit.headers.get('x-request-id')).toBe(reqId);
        expect(hit.headers.get('content-security-policy')).toContain("default-src 'self'");
        expect(await hit.text()).toBe(await first.clone().text());
        expect(completedLines(reqId), path).toHaveLength(0);
      }
      await expect.poll(() => counted(route), { timeout: 10_000, interval: 20 }).toBe(countedBefore + 3);
      // They were answered from the cache, before the route's validation and handler.
      expect(handled).toBe(handledBefore);
    }
  });

  const available = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(base + API.checkAvailability, {
      method: 'POST',
      headers: { 'accept-encoding': 'br', 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it("sends a cached availability answer through the global hooks and into the request log's summary, and checks every other body as before", async () => {
    const car = await addCar(t.app, owner.token, { location: 'Waterford, Portmore' });
    const dates = { pickupDate: day(50), returnDate: day(52) };
    const body = { location: 'Waterford, Portmore', ...dates };
    const first = await available(body);
    expect(first.status).toBe(200);
    const json = await first.text();
    expect(JSON.parse(json).availableCars.map((c: { _id: string }) => c._id)).toContain(car._id);
    const handledBefore = handled;
    const countedBefore = counted('POST /api/bookings/check-availability');
    for (let n = 0; n < 3; n++) {
      const reqId = `hook-check-available-${n}`;
      const hit = await available(body, { 'x-request-id': reqId });
      expect(hit.status).toBe(200);
      expect(hit.headers.get('x-seen-on-request')).toBe('yes');
      expect(hit.headers.get('x-seen-on-send')).toBe('yes');
      expect(hit.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(await hit.text()).toBe(json);
      expect(completedLines(reqId)).toHaveLength(0);
    }
    await expect.poll(() => counted('POST /api/bookings/check-availability'), { timeout: 10_000, interval: 20 }).toBe(countedBefore + 3);
    expect(handled).toBe(handledBefore);

    // A body the schema would change (the location trimmed) or refuse still goes through it.
    const padded = await available({ ...body, location: '  Waterford, Portmore ' });
    expect(padded.status).toBe(200);
    expect(await padded.text()).toBe(json);
    expect(handled).toBe(handledBefore + 1);
    for (const wrong of [{ ...body, pickupDate: 20 }, { ...body, returnDate: '2026-02-30' }, { location: body.location }, [body]]) {
      const refused = await available(wrong);
      expect(refused.status, JSON.stringify(wrong)).toBe(400);
      expect((await refused.json()).success).toBe(false);
    }
  });

  it('grants a listed origin on a cached answer, and answers 304 to the ETag it sent', async () => {
    const car = await addCar(t.app, owner.token);
    for (const path of [API.cars, API.car(car._id)]) {
      const first = await get(path, { origin: CLIENT });
      const hit = await get(path, { origin: CLIENT });
      expect(hit.status).toBe(200);
      expect(hit.headers.get('access-control-allow-origin')).toBe(CLIENT);
      expect(hit.headers.get('x-seen-on-send')).toBe('yes');
      const notModified = await get(path, { origin: CLIENT, 'if-none-match': first.headers.get('etag')! });
      expect(notModified.status).toBe(304);
      expect(notModified.headers.get('access-control-allow-origin')).toBe(CLIENT);
      expect(notModified.headers.get('x-seen-on-request')).toBe('yes');
    }
  });
});
