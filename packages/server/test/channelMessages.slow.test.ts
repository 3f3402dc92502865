/**
 * WhatsApp messages across a kill -9 (channel_messages, decision 128): a letter's message the
 * server had queued, or was sending, when it was killed is sent after the restart, and nothing is
 * lost. Both processes run the REAL WhatsApp adapter (MESSAGE_PROVIDER=whatsapp) against a gate in
 * this test process, which plays the provider down (503) or holding the request, or passes it on to
 * a message sandbox that outlives the servers: its list is what the customer's phone got.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, pathFor } from '@rental/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_DEFAULTS } from '../src/features/mail/channelSender';
import { type MessageSandbox, SANDBOX_WHATSAPP, startMessageSandbox } from '../src/features/messages';
import { createTestDatabase, describeDatabase, TEST_PASSWORD, uniqueEmail } from './helpers';
import { carForm, carUpload, day } from './support/fleet';
import { type ServerProcess, startServerProcess } from './support/serverProcess';
import { freePort } from './support/freePort';

async function call(server: ServerProcess, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

/** The provider as the servers see it: down, holding each request unanswered, or passing it to the sandbox. */
interface Gate {
  url: string;
  mode: 'down' | 'hold' | 'pass';
  /** Each send that reached the gate: the number it was for (E.164) and what the gate did with it. */
  seen: { to: string; mode: Gate['mode'] }[];
  close(): Promise<void>;
}

async function startGate(sandbox: MessageSandbox): Promise<Gate> {
  let server: Server;
  const gate: Gate = {
    url: '',
    mode: 'pass',
    seen: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    // A killed server resets the connection of the request held for it.
    request.on('error', () => {});
    response.on('error', () => {});
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const mode = gate.mode;
      gate.seen.push({ to: `+${(JSON.parse(body.toString('utf8')) as { to: string }).to}`, mode });
      // Held: no answer at all; the sender waits on it (up to its own timeout) with the message 'sending'.
      if (mode === 'hold') return;
      if (mode === 'down') {
        response.writeHead(503, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'Service temporarily unavailable', code: 2 } }));
        return;
      }
      void fetch(`${sandbox.url}${request.url}`, {
        method: request.method,
        headers: { authorization: request.headers.authorization ?? '', 'content-type': 'application/json' },
        body,
      })
        .then(async (answer) => {
          response.writeHead(answer.status, { 'content-type': 'application/json' });
          response.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gate.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return gate;
}

describe(`WhatsApp messages survive kill -9 (${describeDatabase})`, () => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let sandbox: MessageSandbox;
  let gate: Gate;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    // Every server of this file listens on one port (one at a time), where the sandbox sends its statuses.
    const port = await freePort();
    sandbox = await startMessageSandbox({ whatsapp: SANDBOX_WHATSAPP, whatsappWebhookUrl: `http://127.0.0.1:${port}/api/webhooks/whatsapp` });
    gate = await startGate(sandbox);
    const settings = {
      PORT: String(port),
      OWNER_EMAIL: uniqueEmail('owner'),
      OWNER_PASSWORD: TEST_PASSWORD,
      MESSAGE_PROVIDER: 'whatsapp',
      WHATSAPP_PHONE_NUMBER_ID: SANDBOX_WHATSAPP.phoneNumberId,
      WHATSAPP_ACCESS_TOKEN: SANDBOX_WHATSAPP.accessToken,
      WHATSAPP_APP_SECRET: SANDBOX_WHATSAPP.appSecret,
      WHATSAPP_VERIFY_TOKEN: SANDBOX_WHATSAPP.verifyToken,
      WHATSAPP_API_URL: `${gate.url}/v21.0`,
    };
    if (describeDatabase === 'postgres') {
      const database = await createTestDatabase();
      env = { ...settings, DATABASE_URL: database.url! };
      cleanup = database.close;
    } else {
      const dataDir = await mkdtemp(join(tmpdir(), 'rental-channels-'));
      env = { ...settings, DATA_DIR: dataDir };
      cleanup = () => rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await cleanup?.();
    await gate?.close();
    await sandbox?.close();
  });

  async function start(): Promise<ServerProcess> {
    const server = await startServerProcess(env);
    servers.push(server);
    return server;
  }

  /** On a fresh server: the owner adds a car, a customer who chose WhatsApp books it; the booking is acknowledged. */
  async function customerBooks(server: ServerProcess, phone: string) {
    const ownerToken = (await call(server, 'POST', API.login, { email: env.OWNER_EMAIL, password: TEST_PASSWORD })).json.token as string;
    const upload = await carUpload(carForm({ brand: 'Nissan', model: 'Note' }));
    const added = await fetch(`${server.url}${API.addCar}`, {
      method: 'POST',
      headers: { ...upload.headers, authorization: ownerToken },
      body: new Uint8Array(upload.payload),
    });
    expect(added.status).toBe(201);
    const carId = ((await added.json()) as { car: { _id: string } }).car._id;
    const name = 'Tashana Brown';
    const customerToken = (await call(server, 'POST', API.register, { name, email: uniqueEmail('whatsapp'), password: TEST_PASSWORD, phone })).json
      .token as string;
    expect((await call(server, 'PUT', API.updateProfile, { name, phone, whatsapp: true }, customerToken)).status).toBe(200);
    const booked = await call(
      server,
      'POST',
      API.createBooking,
      { car: carId, pickupDate: day(7), returnDate: day(9), paymentMethod: 'upfront' },
      customerToken,
    );
    expect(booked.status).toBe(201);
    return { bookingId: booked.json.booking._id as string, reference: booked.json.booking.reference as string };
  }

  /** The booking's messages as staff see them (one row each in channel_messages). */
  async function staffSee(server: ServerProcess, bookingId: string) {
    const ownerToken = (await call(server, 'POST', API.login, { email: env.OWNER_EMAIL, password: TEST_PASSWORD })).json.token as string;
    return async () =>
      (await call(server, 'GET', pathFor('bookingMessages', { id: bookingId }), undefined, ownerToken)).json.messages as {
        direction: string;
        channel: string;
        state: string;
        lastError: string | null;
      }[];
  }

  const received = (phone: string) => sandbox.messages().filter((m) => m.phone === phone && m.direction === 'out');

  async function kill(server: ServerProcess) {
    server.child.kill('SIGKILL');
    expect((await server.exited).signal).toBe('SIGKILL');
  }

  /** After the restart: the customer's phone got the letter's message once, and staff see it read (the sandbox's last word). */
  async function sentOnce(server: ServerProcess, bookingId: string, reference: string, phone: string, timeout: number) {
    await expect.poll(() => received(phone).length, { timeout, interval: 100 }).toBeGreaterThan(0);
    const [message] = received(phone);
    expect(message).toMatchObject({ channel: 'whatsapp', template: { name: 'booking_received' } });
    expect(message!.template!.params).toContain(reference);
    const messages = await staffSee(server, bookingId);
    await expect
      .poll(async () => (await messages()).map((m) => `${m.direction} ${m.channel} ${m.state}`), { timeout: 60_000, interval: 100 })
      .toEqual(['out whatsapp read']);
    await sandbox.idle();
    expect(received(phone)).toHaveLength(1);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  }

  it('a booking acknowledged while WhatsApp was down, then SIGKILL: its message goes after the restart, once', async () => {
    const phone = '+18765550131';
    gate.mode = 'down';
    const first = await start();
    expect(first.output()).toMatch(/Messages: WhatsApp \(Cloud API at http:\/\/127\.0\.0\.1/);
    const { bookingId, reference } = await customerBooks(first, '876 555 0131');
    // The sender tried, the provider said later: the message waits, queued, when the process dies.
    const messages = await staffSee(first, bookingId);
    await expect
      .poll(async () => (await messages()).map((m) => `${m.state} ${m.lastError === null ? '' : 'after a failed try'}`), { timeout: 30_000, interval: 100 })
      .toEqual(['queued after a failed try']);
    await kill(first);
    expect(gate.seen.filter((s) => s.to === phone).map((s) => s.mode)).toEqual(['down']);
    expect(received(phone)).toEqual([]);

    gate.mode = 'pass';
    const second = await start();
    // Its next try is due 30 s after the failed one (the sender's first pause).
    await sentOnce(second, bookingId, reference, phone, CHANNEL_DEFAULTS.retryBaseMs + 60_000);
  }, 300_000);

  it('SIGKILL while the message is being sent: the restarted server sends it, and it is not lost', async () => {
    const phone = '+18765550132';
    gate.mode = 'hold';
    const first = await start();
    const { bookingId, reference } = await customerBooks(first, '876 555 0132');
    const messages = await staffSee(first, bookingId);
    // The provider has the request and has not answered: the row is 'sending' under the killed process's lease.
    await expect.poll(() => gate.seen.filter((s) => s.to === phone).length, { timeout: 30_000, interval: 50 }).toBe(1);
    expect((await messages()).map((m) => m.state)).toEqual(['sending']);
    await kill(first);
    expect(received(phone)).toEqual([]);

    gate.mode = 'pass';
    const killedAt = Date.now();
    const second = await start();
    // PGlite: the restarted process is alone on its data, so a 'sending' row is a dead process's and is sent at
    // once (well before the lease would end). PostgreSQL may have other instances sending: the dead process's
    // lease (CHANNEL_DEFAULTS.leaseMs, two minutes) must run out first, and this waits for it.
    const timeout = describeDatabase === 'pglite' ? 60_000 : CHANNEL_DEFAULTS.leaseMs + 60_000;
    await sentOnce(second, bookingId, reference, phone, timeout);
    if (describeDatabase === 'pglite') expect(Date.now() - killedAt).toBeLessThan(CHANNEL_DEFAULTS.leaseMs);
  }, 420_000);
});
