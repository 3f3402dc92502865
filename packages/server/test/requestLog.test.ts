/**
 * What the request log holds (decision 130): quick, successful reads answered from the fleet cache
 * are counted in one line per route and interval; every other request (a write, a refusal, a
 * failure, a read the cache did not answer) keeps a line of its own, and at LOG_LEVEL=debug every
 * request does.
 */
import { Writable } from 'node:stream';
import { API } from '@rental/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED_PATHS } from '../src/http/logging';
import { type Account, createOwner, createTestApp, describeDatabase, type TestApp } from './helpers';
import { addCar } from './support/fleet';

type Line = Record<string, unknown> & { msg?: string; reqId?: string };

function capturedLog(level: string) {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const text of chunk.toString().split('\n')) if (text) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  return { lines, logger: pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, stream) };
}

const SUMMARY = 'requests answered from the cache';

async function appWithLog(level: string) {
  const log = capturedLog(level);
  const t = await createTestApp({
    logger: log.logger,
    fleetCache: { pollMs: 600_000 },
    // Counted however slow this machine is: what is slow is not under test here.
    requestSummary: { everyMs: 50, slowMs: 60_000 },
    beforeReady: (app) => {
      app.get('/api/test/breaks', async () => {
        throw new Error('the disk is full');
      });
    },
  });
  return { t, log };
}

describe(`the request log (${describeDatabase})`, () => {
  let t: TestApp;
  let log: ReturnType<typeof capturedLog>;
  let owner: Account;

  beforeAll(async () => {
    ({ t, log } = await appWithLog('info'));
    owner = await createOwner(t.app);
  });
  afterAll(() => t?.close());

  const own = (reqId: string) => log.lines.filter((line) => line.reqId === reqId);
  const summaries = (route: string) => log.lines.filter((line) => line.msg === SUMMARY && line.route === route);
  const counted = (route: string) => summaries(route).reduce((sum, line) => sum + (line.count as number), 0);

  it('counts quick cached reads of a car in one summary line, and gives a refusal and a failure their own', async () => {
    const car = await addCar(t.app, owner.token);
    const path = API.car(car._id);
    // The first read after a change asks the database: a line of its own.
    const first = await t.app.inject({ method: 'GET', url: path, headers: { 'x-request-id': 'first-read' } });
    expect(first.statusCode).toBe(200);
    expect(own('first-read')).toMatchObject([{ msg: 'request completed', res: { statusCode: 200 } }]);

    const route = 'GET /api/user/car/:id';
    const before = counted(route);
    for (let n = 0; n < 5; n++) {
      const hit = await t.app.inject({ method: 'GET', url: path, headers: { 'x-request-id': `cached-${n}` } });
      expect(hit.statusCode).toBe(200);
    }
    const notModified = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'x-request-id': 'cached-304', 'if-none-match': String(first.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    await expect.poll(() => counted(route), { timeout: 10_000, interval: 20 }).toBe(before + 6);
    for (const reqId of ['cached-0', 'cached-4', 'cached-304']) expect(own(reqId), reqId).toEqual([]);
    const lines = summaries(route);
    const statuses = lines.reduce<Record<string, number>>((all, line) => {
      for (const [status, n] of Object.entries(line.statuses as Record<string, number>)) all[status] = (all[status] ?? 0) + n;
      return all;
    }, {});
    expect(statuses).toEqual({ 200: 5, 304: 1 });
    const last = lines[lines.length - 1]!;
    expect(last).toMatchObject({ level: 30, responseTime: { p50: expect.any(Number), p99: expect.any(Number), max: expect.any(Number) } });

    // A car that does not exist: refused, with a line of its own.
    const missing = await t.app.inject({ method: 'GET', url: API.car('0'.repeat(24)), headers: { 'x-request-id': 'no-such-car' } });
    expect(missing.statusCode).toBe(404);
    expect(own('no-such-car').map((line) => line.msg)).toContain('request completed');
    expect(own('no-such-car').find((line) => line.msg === 'request completed')).toMatchObject({ res: { statusCode: 404 } });

    // A failure: its error and its answer, each logged with the request's id.
    const broken = await t.app.inject({ method: 'GET', url: '/api/test/breaks', headers: { 'x-request-id': 'it-broke' } });
    expect(broken.statusCode).toBe(500);
    expect(own('it-broke').some((line) => line.level === 50 && JSON.stringify(line).includes('the disk is full'))).toBe(true);
    expect(own('it-broke').find((line) => line.msg === 'request completed')).toMatchObject({ res: { statusCode: 500 } });

    // A question the cache cannot answer (a body that is not one) goes to validation, and keeps its line.
    const refused = await t.app.inject({ method: 'POST', url: API.checkAvailability, headers: { 'x-request-id': 'not-cached' }, payload: {} });
    expect(refused.statusCode).toBe(400);
    expect(own('not-cached').find((line) => line.msg === 'request completed')).toMatchObject({ res: { statusCode: 400 } });
  });
});

describe(`the request log at LOG_LEVEL=debug (${describeDatabase})`, () => {
  let t: TestApp;
  let log: ReturnType<typeof capturedLog>;

  beforeAll(async () => {
    ({ t, log } = await appWithLog('debug'));
  });
  afterAll(() => t?.close());

  it('gives every cached read its own line', async () => {
    const owner = await createOwner(t.app);
    const car = await addCar(t.app, owner.token);
    await t.app.inject({ method: 'GET', url: API.car(car._id) });
    for (let n = 0; n < 3; n++) {
      const hit = await t.app.inject({ method: 'GET', url: API.car(car._id), headers: { 'x-request-id': `debug-${n}` } });
      expect(hit.statusCode).toBe(200);
      expect(log.lines.filter((line) => line.reqId === `debug-${n}` && line.msg === 'request completed')).toHaveLength(1);
    }
    expect(log.lines.filter((line) => line.msg === SUMMARY)).toEqual([]);
  });
});
