/**
 * The outbox across a kill -9: a booking acknowledged by a server that is killed the moment after
 * still has its e-mails, and the next start delivers them, once. The first process runs without
 * SMTP_URL, so nothing can have been sent before the kill: what arrives was kept by the database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@rental/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, describeDatabase, TEST_PASSWORD, uniqueEmail } from './helpers';
import { carUpload, carForm, day } from './support/fleet';
import { type ServerProcess, startServerProcess } from './support/serverProcess';
import { type SmtpSink, startSmtpSink } from './support/smtpSink';

async function call(server: ServerProcess, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

describe(`e-mails survive kill -9 (${describeDatabase})`, () => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let sink: SmtpSink;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
    const owner = { OWNER_EMAIL: uniqueEmail('owner'), OWNER_PASSWORD: TEST_PASSWORD, COMPANY_EMAIL: 'staff@example.com' };
    if (describeDatabase === 'postgres') {
      const database = await createTestDatabase();
      env = { ...owner, DATABASE_URL: database.url! };
      cleanup = database.close;
    } else {
      const dataDir = await mkdtemp(join(tmpdir(), 'rental-mail-'));
      env = { ...owner, DATA_DIR: dataDir };
      cleanup = () => rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await cleanup?.();
    await sink?.close();
  });

  it('a booking acknowledged just before SIGKILL gets its e-mails after the restart, each once', async () => {
    const first = await startServerProcess(env);
    servers.push(first);
    expect(first.output()).toMatch(/Mail: off: SMTP_URL is not set/);
    const ownerToken = (await call(first, 'POST', API.login, { email: env.OWNER_EMAIL, password: TEST_PASSWORD })).json.token as string;
    const upload = await carUpload(carForm({ brand: 'Toyota', model: 'Axio' }));
    const added = await fetch(`${first.url}${API.addCar}`, {
      method: 'POST',
      headers: { ...upload.headers, authorization: ownerToken },
      body: new Uint8Array(upload.payload),
    });
    expect(added.status).toBe(201);
    const carId = ((await added.json()) as { car: { _id: string } }).car._id;
    const customerEmail = uniqueEmail('killed');
    const customerToken = (
      await call(first, 'POST', API.register, { name: 'Shanice Campbell', email: customerEmail, password: TEST_PASSWORD, phone: '876 555 0123' })
    ).json.token as string;

    const booked = await call(
      first,
      'POST',
      API.createBooking,
      { car: carId, pickupDate: day(7), returnDate: day(9), paymentMethod: 'upfront' },
      customerToken,
    );
    expect(booked.status).toBe(201);
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    const reference = booked.json.booking.reference as string;

    const second = await startServerProcess({ ...env, SMTP_URL: sink.url });
    servers.push(second);
    expect(second.output()).toContain(`Mail: on: sent through 127.0.0.1:${sink.port}`);
    const [mail] = await sink.waitFor((m) => m.to.includes(customerEmail) && m.subject.includes(reference), { timeoutMs: 90_000 });
    expect(mail!.text).toContain('Shanice Campbell');
    expect(mail!.text).toContain(`/my-bookings/${reference}`);
    await sink.waitFor((m) => m.to.includes('staff@example.com') && m.subject.includes(reference), { timeoutMs: 90_000 });

    // The outbox, as staff see it, says sent; the SMTP server got each message once.
    const ownerAgain = (await call(second, 'POST', API.login, { email: env.OWNER_EMAIL, password: TEST_PASSWORD })).json.token as string;
    await expect
      .poll(
        async () =>
          ((await call(second, 'GET', API.ownerOutbox, undefined, ownerAgain)).json.messages as { subject: string; status: string }[])
            .filter((m) => m.subject.includes(reference))
            .map((m) => m.status),
        {
          timeout: 60_000,
          interval: 100,
        },
      )
      .toEqual(['sent', 'sent']);
    expect(sink.mails.filter((m) => m.subject.includes(reference))).toHaveLength(2);
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  }, 240_000);
});
