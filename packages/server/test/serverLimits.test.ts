/**
 * The HTTP server's limits and its bounded stop, in this process on a real listening socket with
 * a Fastify app (the real server process is stopped the same way in shutdown.slow.test.ts): idle
 * keep-alive connections do not hold the stop, stalled half-sent requests are cut after the grace
 * period, and a request that finishes within it is answered.
 */
import { createServer } from 'node:http';
import { connect, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyServerLimits, closeWithin, connectionLimit, SERVER_LIMITS } from '../src/http/serverLimits';

/** A POST whose headers and first half of the body are sent; `finish()` sends the rest. */
function halfSentRequest(port: number, id: string) {
  const body = JSON.stringify({ name: 'Slow Sender', note: 'x'.repeat(200) });
  const half = Math.floor(body.length / 2);
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (d) => {
    answer += d;
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    `POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${id}\r\n\r\n${body.slice(0, half)}`,
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
    socket.write('GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  });
  return { socket, closed };
}

describe('server limits', () => {
  it('bounds connections (below the open-files limit) and header, keep-alive and idle times', () => {
    expect(connectionLimit(10_000, 1_048_576)).toBe(10_000);
    expect(connectionLimit(10_000, 1024)).toBe(768);
    expect(connectionLimit(10_000, undefined)).toBe(10_000);

    const server = createServer();
    applyServerLimits(server, Fastify().log);
    expect(server.maxConnections).toBeGreaterThanOrEqual(64);
    expect(server.maxConnections).toBeLessThanOrEqual(SERVER_LIMITS.maxConnections);
    expect(server.headersTimeout).toBe(15_000);
    expect(server.keepAliveTimeout).toBe(65_000);
    expect(server.timeout).toBe(120_000);
    // Sending a whole request is bounded by app.ts's requestTimeout: uploads.test.ts › slow clients.
  });
});

describe('stopping within a bounded time', () => {
  let app: FastifyInstance;
  let port: number;
  beforeEach(async () => {
    app = Fastify();
    app.get('/ping', async () => ({ success: true }));
    app.post('/echo', async (request, reply) => reply.code(201).send(request.body));
    applyServerLimits(app.server, app.log);
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  // Closed by the test (closeWithin); a second close is harmless.
  afterEach(() => app.close());

  /** Resolves once the server has received `n` requests whose id starts with `prefix`. */
  const received = (prefix: string, n: number) =>
    new Promise<void>((resolve) => {
      let seen = 0;
      const onRequest = (req: { headers: Record<string, unknown> }) => {
        if (String(req.headers['x-request-id'] ?? '').startsWith(prefix) && ++seen === n) {
          app.server.off('request', onRequest);
          resolve();
        }
      };
      app.server.on('request', onRequest);
    });

  it('closes idle keep-alive connections at once instead of waiting for them', async () => {
    const idle = await Promise.all([idleKeepAlive(port), idleKeepAlive(port), idleKeepAlive(port)]);
    const started = Date.now();
    // A grace period far longer than the stop may take: waiting on an idle socket would show.
    await closeWithin(app.server, () => app.close(), 30_000, app.log);
    expect(Date.now() - started).toBeLessThan(15_000);
    await Promise.all(idle.map((c) => c.closed));
  }, 60_000);

  it('answers a request that finishes within the grace period, then cuts five stalled half-sent requests', async () => {
    const arrived = received('stall-', 6);
    const stalled = Array.from({ length: 5 }, (_, i) => halfSentRequest(port, `stall-${i}`));
    const finishing = halfSentRequest(port, 'stall-finishing');
    await arrived;

    const grace = 3_000;
    const started = Date.now();
    const stopping = closeWithin(app.server, () => app.close(), grace, app.log);
    finishing.finish();
    await finishing.closed;
    expect(finishing.answer()).toMatch(/^HTTP\/1\.1 201 /);
    // Its connection, idle after the answer, is closed then, not kept until the grace period ends.
    expect(Date.now() - started).toBeLessThan(grace - 1_000);

    await stopping;
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(grace - 50);
    expect(took).toBeLessThan(grace + 15_000);
    await Promise.all(stalled.map((s) => s.closed));
    for (const s of stalled) expect(s.answer()).toBe('');
  }, 60_000);
});
