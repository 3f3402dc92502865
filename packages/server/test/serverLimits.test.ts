/**
 * The HTTP server's limits and its bounded stop, in this process on a real listening socket:
 * idle keep-alive connections do not hold the stop, stalled half-sent requests are cut after the
 * grace period, and a request that finishes within it is answered.
 */
import { connect, type Socket } from 'node:net';
import { API } from '@rental/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyServerLimits, closeWithin, connectionLimit, SERVER_LIMITS } from '../src/http/serverLimits';
import { createTestApp, TEST_PASSWORD, type TestApp, uniqueEmail } from './helpers';

/** A POST whose headers and first half of the body are sent; `finish()` sends the rest. */
function halfSentRegistration(port: number, id: string) {
  const body = JSON.stringify({ name: 'Slow Sender', email: uniqueEmail('slow'), password: TEST_PASSWORD });
  const half = Math.floor(body.length / 2);
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (d) => {
    answer += d;
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    `POST ${API.register} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${id}\r\n\r\n${body.slice(0, half)}`,
  );
  return { socket, closed, answer: () => answer, finish: () => socket.write(body.slice(half)) };
}

/** An idle keep-alive connection: one answered request, then nothing. */
async function idleKeepAlive(port: number): Promise<{ socket: Socket; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve) => {
    socket.once('data', () => resolve());
    socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  });
  return { socket, closed };
}

describe('server limits', () => {
  it('bounds connections (below the open-files limit) and header, keep-alive and idle times', async () => {
    expect(connectionLimit(10_000, 1_048_576)).toBe(10_000);
    expect(connectionLimit(10_000, 1024)).toBe(768);
    expect(connectionLimit(10_000, undefined)).toBe(10_000);

    const t = await createTestApp();
    try {
      applyServerLimits(t.app.server, t.app.log);
      const server = t.app.server;
      expect(server.maxConnections).toBeGreaterThanOrEqual(64);
      expect(server.maxConnections).toBeLessThanOrEqual(SERVER_LIMITS.maxConnections);
      expect(server.headersTimeout).toBe(15_000);
      expect(server.keepAliveTimeout).toBe(65_000);
      expect(server.timeout).toBe(120_000);
      // Sending a whole request stays bounded too (Fastify's requestTimeout, set in app.ts).
      expect(server.requestTimeout).toBeGreaterThan(server.headersTimeout);
      expect(server.requestTimeout).toBeLessThanOrEqual(120_000);
    } finally {
      await t.close();
    }
  });
});

describe('stopping within a bounded time', () => {
  let t: TestApp;
  let port: number;
  beforeEach(async () => {
    t = await createTestApp();
    applyServerLimits(t.app.server, t.app.log);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  // closeWithin closed the app; the database is closed here.
  afterEach(() => t.database.close());

  /** Resolves once the server has received `n` requests whose id starts with `prefix`. */
  const received = (prefix: string, n: number) =>
    new Promise<void>((resolve) => {
      let seen = 0;
      const onRequest = (req: { headers: Record<string, unknown> }) => {
        if (String(req.headers['x-request-id'] ?? '').startsWith(prefix) && ++seen === n) {
          t.app.server.off('request', onRequest);
          resolve();
        }
      };
      t.app.server.on('request', onRequest);
    });

  it('closes idle keep-alive connections at once instead of waiting for them', async () => {
    const idle = await Promise.all([idleKeepAlive(port), idleKeepAlive(port), idleKeepAlive(port)]);
    const started = Date.now();
    // A grace period far longer than the stop may take: waiting on an idle socket would show.
    await closeWithin(t.app.server, () => t.app.close(), 30_000, t.app.log);
    expect(Date.now() - started).toBeLessThan(15_000);
    await Promise.all(idle.map((c) => c.closed));
  }, 60_000);

  it('answers a request that finishes within the grace period, then cuts five stalled half-sent requests', async () => {
    const arrived = received('stall-', 6);
    const stalled = Array.from({ length: 5 }, (_, i) => halfSentRegistration(port, `stall-${i}`));
    const finishing = halfSentRegistration(port, 'stall-finishing');
    await arrived;

    const grace = 1_500;
    const started = Date.now();
    const stopping = closeWithin(t.app.server, () => t.app.close(), grace, t.app.log);
    finishing.finish();
    await finishing.closed;
    expect(finishing.answer()).toMatch(/^HTTP\/1\.1 201 /);
    // The finished request's connection is closed after its answer, not kept alive.
    expect(finishing.answer()).toMatch(/connection: close/i);

    await stopping;
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(grace - 50);
    expect(took).toBeLessThan(grace + 15_000);
    await Promise.all(stalled.map((s) => s.closed));
    for (const s of stalled) expect(s.answer()).toBe('');
  }, 60_000);
});
