import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { API, COMPANY, MESSAGES } from '@rental/contract';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { REDACTED_PATHS } from '../src/http/logging';
import { createTestApp, createTestDatabase, describeDatabase, TEST_PASSWORD, type TestApp, uniqueEmail } from './helpers';

/** A real pino logger whose lines land in an array. */
function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, logger: pino({ level: 'info', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, stream) };
}

describe(`the HTTP surface (${describeDatabase})`, () => {
  let t: TestApp;
  const log = capturedLogger();

  beforeAll(async () => {
    t = await createTestApp({
      logger: log.logger,
      beforeReady: (app) => {
        app.get('/api/test/explode', async () => {
          throw new Error('secret internal detail at /srv/app/src/thing.ts:12');
        });
      },
    });
  });
  afterAll(() => t?.close());

  it('answers /health after asking the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, status: 'ok', database: 'ok' });
  });

  it('answers unknown API paths with a JSON 404, whatever the method or Accept header', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/user/nothing'],
      ['DELETE', API.login],
      ['GET', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { accept: 'text/html,application/json' } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ success: false, code: expect.any(String), message: MESSAGES.notFound });
    }
  });

  it('never answers with a stack trace: an unexpected failure is a 500 with a general sentence, logged', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, code: expect.any(String), message: MESSAGES.serverError });
    expect(res.body).not.toContain('secret internal detail');
    expect(log.lines.some((l) => l.includes('secret internal detail') && l.includes('"level":50'))).toBe(true);
  });

  it('answers 413 for a JSON body over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API.login,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, code: expect.any(String), message: 'The request is too large.' });
  });

  it('sends security headers with a CSP that allows the map and nothing inline', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`frame-src ${COMPANY.mapOrigin}`);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('gives every answer a request id, keeping a sane one from the load balancer', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/health' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'lb-1234.abc' } });
    expect(given.headers['x-request-id']).toBe('lb-1234.abc');
    const hostile = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'bad id\n{"level":60}' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(log.lines.some((l) => l.includes('"reqId":"lb-1234.abc"'))).toBe(true);
  });

  it('logs each request once, when answered: what was asked, by whom, the status and the time taken', async () => {
    await t.app.inject({ method: 'GET', url: '/health?probe=1', headers: { 'x-request-id': 'one-line-1' } });
    const lines = log.lines.filter((l) => l.includes('"reqId":"one-line-1"')).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/health?probe=1' }, res: { statusCode: 200 } });
    expect(lines[0]?.responseTime).toEqual(expect.any(Number));
  });

  it('keeps passwords and tokens out of the log', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: API.register,
      payload: { name: 'Logged', email, password: TEST_PASSWORD },
    });
    const token = res.json().token as string;
    await t.app.inject({ method: 'GET', url: API.userData, headers: { authorization: token } });
    t.app.log.info({ password: TEST_PASSWORD, body: { password: TEST_PASSWORD }, token }, 'a careless log line');
    const all = log.lines.join('\n');
    expect(all).toContain('a careless log line');
    expect(all).not.toContain(TEST_PASSWORD);
    expect(all).not.toContain(token);
  });
});

/** Sends raw bytes to a listening server and reads everything it answers until it closes. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', (err) => (answer ? resolve(answer) : reject(err)));
    socket.on('close', () => resolve(answer));
    socket.write(request);
  });
}

function parseAnswer(raw: string): { status: number; headers: string; body: unknown } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head.toLowerCase(), body: JSON.parse(body) };
}

describe(`requests Node's HTTP parser refuses, over a real socket (${describeDatabase})`, () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t?.close());

  it('headers over the limit: 431 in our shape', async () => {
    const answer = parseAnswer(await rawExchange(port, `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.headers).toContain('content-type: application/json');
    expect(answer.body).toEqual({ success: false, code: expect.any(String), message: MESSAGES.requestHeadersTooLarge });
  });

  it('bytes that are not HTTP, and a broken request line: 400 in our shape', async () => {
    for (const request of ['HELLO THERE\r\n\r\n', 'GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n', 'GET / HTTP/1.1\r\nBad Header\r\n\r\n']) {
      const answer = parseAnswer(await rawExchange(port, request));
      expect(answer.status, request).toBe(400);
      expect(answer.body, request).toEqual({ success: false, code: expect.any(String), message: MESSAGES.requestMalformed });
    }
  });

  it('the server carries on answering afterwards', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/health`);
    expect(await res.json()).toEqual({ success: true, status: 'ok', database: 'ok' });
  });
});

describe(`HSTS (${describeDatabase})`, () => {
  it('is sent only when PUBLIC_URL is https', async () => {
    const database = await createTestDatabase();
    const hsts = async (publicUrl: string | undefined) => {
      const app = await buildApp({ db: database.db, config: testConfig({ publicUrl }), rateLimit: false });
      try {
        return (await app.inject({ method: 'GET', url: '/health' })).headers['strict-transport-security'];
      } finally {
        await app.close();
      }
    };
    try {
      expect(await hsts(undefined)).toBeUndefined();
      expect(await hsts('http://192.168.1.20:3000')).toBeUndefined();
      expect(await hsts('https://rent.example.com')).toBe('max-age=31536000');
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe(`login and register limits (${describeDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { max: 3, timeWindow: '1 minute' } });
  });
  afterAll(() => t?.close());

  it('answers 429 with a message after too many attempts from one address, per route', async () => {
    const attempt = (url: string, ip = '203.0.113.7') =>
      t.app.inject({ method: 'POST', url, remoteAddress: ip, payload: { email: 'nobody@example.com', password: 'wrong-password' } });
    for (let i = 0; i < 3; i++) expect((await attempt(API.login)).statusCode).toBe(401);
    const limited = await attempt(API.login);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, code: expect.any(String), message: MESSAGES.tooManyAttempts });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected, and register counts on its own.
    expect((await attempt(API.login, '203.0.113.8')).statusCode).toBe(401);
    expect((await attempt(API.register)).statusCode).toBe(400);
    // Other calls are not limited.
    expect((await t.app.inject({ method: 'GET', url: '/health', remoteAddress: '203.0.113.7' })).statusCode).toBe(200);
  });
});

// Needs a Redis server, like the PostgreSQL suite needs TEST_DATABASE_URL (CI sets both).
const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

describe.runIf(TEST_REDIS_URL)('the limit shared through Redis across instances', () => {
  const apps: FastifyInstance[] = [];
  let close: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const app of apps) await app.close();
    await close?.();
  });

  it('counts attempts made on two instances together', async () => {
    const database = await createTestDatabase();
    close = database.close;
    const nameSpace = `rental-test-${randomBytes(4).toString('hex')}-`;
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({
        db: database.db,
        config: testConfig({ redisUrl: TEST_REDIS_URL }),
        rateLimit: { max: 4, timeWindow: '1 minute', nameSpace },
      });
      await app.ready();
      apps.push(app);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await apps[i % 2]!.inject({
        method: 'POST',
        url: API.login,
        remoteAddress: '198.51.100.4',
        payload: { email: 'nobody@example.com', password: 'wrong-password' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });
});
