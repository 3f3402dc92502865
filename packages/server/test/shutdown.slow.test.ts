/**
 * SIGTERM to the real server process while slow clients hold it: five sockets that sent half a
 * request body and stalled, and idle keep-alive connections. The process must close them, close
 * its database cleanly and exit 0 within a bounded time; the data folder then opens again with
 * the data intact.
 */
import { connect } from 'node:net';
import { API } from '@rental/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHUTDOWN_GRACE_MS } from '../src/http/serverLimits';
import { describeDatabase, TEST_PASSWORD, uniqueEmail } from './helpers';
import { query } from './support/everyRow';
import { createReopenableDatabase, type ReopenableDatabase } from './support/reopenableDatabase';
import { startServerProcess } from './support/serverProcess';

/** A registration whose headers and half its body are sent, then nothing more. */
function stalledRequest(url: URL, id: string) {
  const body = JSON.stringify({ name: 'Stalled', email: uniqueEmail('stalled'), password: TEST_PASSWORD });
  const socket = connect(Number(url.port), url.hostname);
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    `POST ${API.register} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${id}\r\n\r\n${body.slice(0, body.length / 2)}`,
  );
  return { closed };
}

function idleKeepAlive(url: URL) {
  const socket = connect(Number(url.port), url.hostname);
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const answered = new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.write(`GET /health HTTP/1.1\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n\r\n`);
  return { closed, answered };
}

describe(`stopping the server process with slow clients (${describeDatabase})`, () => {
  let database: ReopenableDatabase;
  beforeAll(async () => {
    database = await createReopenableDatabase('shutdown');
  });
  afterAll(() => database?.drop());

  it('exits 0 within the grace period and a little more, with its database closed and its data intact', async () => {
    // At debug level the server logs each request as it arrives, before its body is read.
    const server = await startServerProcess({ ...database.env, LOG_LEVEL: 'debug' });
    try {
      const url = new URL(server.url);
      const email = uniqueEmail('kept');
      const registered = await fetch(`${server.url}${API.register}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Kept Customer', email, password: TEST_PASSWORD }),
      });
      expect(registered.status).toBe(201);

      const idle = [idleKeepAlive(url), idleKeepAlive(url)];
      await Promise.all(idle.map((c) => c.answered));
      const stalled = Array.from({ length: 5 }, (_, i) => stalledRequest(url, `stalled-${i}`));
      // The server has read each stalled request's headers (it logs them as they arrive).
      await expect
        .poll(
          () =>
            stalled.filter((_, i) =>
              server
                .output()
                .split('\n')
                .some((l) => l.includes(`"reqId":"stalled-${i}"`) && l.includes('"incoming request"')),
            ).length,
          {
            timeout: 30_000,
            interval: 50,
          },
        )
        .toBe(5);

      const started = Date.now();
      server.child.kill('SIGTERM');
      const exit = await server.exited;
      const took = Date.now() - started;
      expect(exit, server.output().split('\n').slice(-8).join('\n')).toEqual({ code: 0, signal: null });
      // Bounded: the grace period for requests in flight, then seconds to close the database.
      expect(took).toBeLessThan(SHUTDOWN_GRACE_MS + 15_000);
      expect(server.output()).toContain('closing their connections');
      expect(server.output()).toContain('Stopped.');
      await Promise.all([...idle, ...stalled].map((c) => c.closed));
    } finally {
      server.child.kill('SIGKILL');
    }

    // The data folder (or database) opens again, with what was written before the stop.
    const reopened = await database.open();
    try {
      const rows = await query<{ name: string }>(reopened.raw, 'SELECT name FROM users');
      expect(rows.map((r) => r.name)).toContain('Kept Customer');
      expect(rows.map((r) => r.name)).not.toContain('Stalled');
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
