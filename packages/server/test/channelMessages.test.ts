/**
 * WhatsApp and SMS beside e-mail, end to end on the server (issue 36, decision 128): a letter's
 * message is queued with its e-mail for a customer who chose a channel, sent by the REAL WhatsApp
 * and Twilio adapters to the local message sandbox over HTTP, and the sandbox's signed webhooks
 * move it: sent, delivered, read, in order whatever arrives twice or late; failed on WhatsApp and
 * sent again by SMS; a forged webhook refused; STOP; a reply kept on the booking; two senders at
 * once each sending a message once; a sender that died mid-send losing nothing.
 */
import { addDays, companyToday } from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelMessages } from '../src/db/schema';
import { queryRows } from '../src/db/types';
import { createChannelSender } from '../src/features/mail';
import { applyEarlyStatuses } from '../src/features/mail/channelStates';
import { applyHappenings } from '../src/features/mail/channelWebhooks';
import { type MessageSandbox, SANDBOX_TEST_NUMBERS, whatsappSignature } from '../src/features/messages';
import { type Account, callWithStatus, createOwner, createTestApp, describeDatabase, refusalOf, registerCustomer, testApi, type TestApp } from './helpers';
import { everyRow } from './support/everyRow';
import { addCar } from './support/fleet';
import { freePort } from './support/freePort';

type Row = typeof channelMessages.$inferSelect;

describe(`WhatsApp and SMS messages sent and followed (${describeDatabase})`, () => {
  let t: TestApp;
  let sandbox: MessageSandbox;
  let carId: string;
  let codeCarId: string;
  let owner: Account;
  let nextDay = 3;

  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp({
      config: { messageProvider: 'sandbox', publicUrl: `http://127.0.0.1:${port}` },
      // Rounds are run by the tests (runOnce); a retry is due at once.
      channelSender: { pollMs: 3_600_000, retryBaseMs: 1 },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    sandbox = t.app.messageChannels.sandbox!;
    owner = await createOwner(t.app);
    carId = (await addCar(t.app, owner.token))._id;
    codeCarId = (await addCar(t.app, owner.token))._id;
  }, 120_000);
  afterAll(() => t?.close());

  /** A customer with this phone who chose these channels, and a booking of theirs (its letter: booking received). */
  async function customerBooks(phone: string, channels: { whatsapp?: boolean; sms?: boolean }) {
    const customer = await registerCustomer(t.app, { name: 'Kemar Message', phone });
    await callWithStatus(t.app, customer.token, 'updateProfile', { body: { name: customer.user.name, phone, ...channels } });
    const from = addDays(companyToday(), nextDay);
    nextDay += 3;
    const { booking } = await testApi(t.app, customer.token).call('createBooking', {
      body: { car: carId, pickupDate: from, returnDate: addDays(from, 1), paymentMethod: 'upfront' },
    });
    return { customer, booking };
  }
  const messagesOf = (bookingId: string): Promise<Row[]> =>
    t.db.select().from(channelMessages).where(eq(channelMessages.bookingId, bookingId)).orderBy(channelMessages.id);
  const send = () => t.app.channelSender!.runOnce();
  const sandboxSent = (phone: string) => sandbox.messages().filter((m) => m.phone === phone && m.direction === 'out');

  it('queues the letter\'s message with its e-mail, sends it by WhatsApp, and follows it to "read"', async () => {
    const phone = '+18765550111';
    const { booking } = await customerBooks('876 555 0111', { whatsapp: true });
    const [queued] = await messagesOf(booking._id);
    expect(queued).toMatchObject({ direction: 'out', channel: 'whatsapp', phone, template: 'booking_received', state: 'queued', secret: null });
    expect(queued!.body).toContain(booking.reference);
    await send();
    const [sent] = sandboxSent(phone);
    expect(sent?.template).toMatchObject({ name: 'booking_received', language: 'en' });
    expect(sent?.template?.params).toContain(booking.reference);
    await expect.poll(async () => (await messagesOf(booking._id))[0]?.state, { timeout: 30_000 }).toBe('read');
    const [read] = await messagesOf(booking._id);
    expect(read).toMatchObject({ providerId: sent!.id, attempts: 1 });
    expect(read!.deliveredAt).not.toBeNull();
    expect(read!.readAt).not.toBeNull();
  });

  it('keeps each status once and never goes back, whatever arrives twice or out of order', async () => {
    const { booking } = await customerBooks(SANDBOX_TEST_NUMBERS.disorder, { whatsapp: true });
    await send();
    await sandbox.idle();
    const [message] = await messagesOf(booking._id);
    expect(message).toMatchObject({ state: 'read' });
    expect(message!.deliveredAt).not.toBeNull();
    // The sandbox sent every status twice, read before delivered: the calls all answered 200.
    const calls = sandbox.callbacks().filter((call) => call.body.includes(message!.providerId!));
    expect(calls.length).toBeGreaterThanOrEqual(6);
    expect(calls.every((call) => call.status === 200)).toBe(true);
  });

  it('sends a WhatsApp message that failed again by SMS', async () => {
    const { booking } = await customerBooks(SANDBOX_TEST_NUMBERS.notOnWhatsApp, { whatsapp: true });
    await send();
    await expect
      .poll(async () => (await messagesOf(booking._id)).map((m) => `${m.channel} ${m.state}`), { timeout: 30_000 })
      .toEqual(['whatsapp failed', 'sms queued']);
    const [failed, fallback] = await messagesOf(booking._id);
    expect(failed!.lastError).toBeTruthy();
    expect(fallback).toMatchObject({ fallbackOf: failed!.id, body: failed!.body });
    await send();
    await expect.poll(async () => (await messagesOf(booking._id))[1]?.state, { timeout: 30_000 }).toBe('delivered');
    expect(sandboxSent(SANDBOX_TEST_NUMBERS.notOnWhatsApp).find((m) => m.channel === 'sms')?.text).toBe(failed!.body);
  });

  it('tries again later while the provider is down, and gives up on a number it refuses', async () => {
    const down = await customerBooks(SANDBOX_TEST_NUMBERS.providerDown, { sms: true });
    await send();
    const [waiting] = await messagesOf(down.booking._id);
    expect(waiting).toMatchObject({ channel: 'sms', state: 'queued', attempts: 1 });
    expect(waiting!.lastError).toBeTruthy();
    const refused = await customerBooks(SANDBOX_TEST_NUMBERS.unreachable, { sms: true });
    await send();
    expect((await messagesOf(refused.booking._id))[0]).toMatchObject({ state: 'failed' });
  });

  it("refuses a webhook without the provider's signature, and changes nothing", async () => {
    const { booking } = await customerBooks('876 555 0112', { whatsapp: true });
    await send();
    await sandbox.idle();
    const [message] = await messagesOf(booking._id);
    const before = await everyRow(t.database.opened.raw);
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        { changes: [{ field: 'messages', value: { statuses: [{ id: message!.providerId, status: 'failed', timestamp: '1', recipient_id: '18765550112' }] } }] },
      ],
    });
    for (const signature of [undefined, 'sha256=' + '0'.repeat(64)]) {
      const answer = await fetch(`${t.app.mail.siteUrl}/api/webhooks/whatsapp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature && { 'x-hub-signature-256': signature }) },
        body,
      });
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ success: false, code: 'webhook_not_signed' });
    }
    expect(await everyRow(t.database.opened.raw)).toEqual(before);
  });

  it('keeps a status that came before its message was known, and applies it once the message is', async () => {
    const { booking } = await customerBooks('876 555 0122', { whatsapp: true });
    const providerId = `wamid.early-${booking._id}`;
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            { field: 'messages', value: { statuses: [{ id: providerId, status: 'delivered', timestamp: '1764400000', recipient_id: '18765550122' }] } },
          ],
        },
      ],
    });
    const signature = whatsappSignature(body, sandbox.whatsapp.appSecret);
    const answer = await fetch(`${t.app.mail.siteUrl}/api/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body,
    });
    expect(answer.status).toBe(200);
    expect(await queryRows(t.db, sql`SELECT state FROM channel_statuses_early WHERE provider_id = ${providerId}`)).toEqual([{ state: 'delivered' }]);
    // The sender keeps the provider's answer a moment later (as if its own write came second).
    await t.db.execute(sql`UPDATE channel_messages SET state = 'sent', provider_id = ${providerId}, sent_at = now() WHERE booking_id = ${booking._id}`);
    await send();
    expect((await messagesOf(booking._id))[0]).toMatchObject({ state: 'delivered', providerId });
    expect(await queryRows(t.db, sql`SELECT state FROM channel_statuses_early WHERE provider_id = ${providerId}`)).toEqual([]);
  });

  it("applies a status whose message became known between the webhook's look and its keeping, once", async () => {
    const { booking } = await customerBooks('876 555 0123', { whatsapp: true });
    const providerId = `wamid.race-${booking._id}`;
    // The sender's write of the id lands, and its round looks for early statuses, just after the webhook looked.
    const senderWritesBetween = new Proxy(t.db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return async (query: Parameters<typeof t.db.execute>[0]) => {
          const chunks = (query as unknown as { queryChunks?: { value?: unknown }[] }).queryChunks ?? [];
          const text = chunks.map((chunk) => (Array.isArray(chunk.value) ? chunk.value.join('') : '')).join('');
          if (text.includes('INSERT INTO channel_statuses_early')) {
            await target.execute(
              sql`UPDATE channel_messages SET state = 'sent', provider_id = ${providerId}, sent_at = now() WHERE booking_id = ${booking._id}`,
            );
            expect(await applyEarlyStatuses(target, true)).toBe(0);
          }
          return target.execute(query);
        };
      },
    });
    await applyHappenings(
      senderWritesBetween,
      [{ kind: 'status', channel: 'whatsapp', providerId, state: 'failed', at: new Date(), error: { code: '131026', message: 'Not on WhatsApp' } }],
      true,
    );
    expect((await messagesOf(booking._id)).map((m) => `${m.channel} ${m.state}`)).toEqual(['whatsapp failed', 'sms queued']);
    expect(await queryRows(t.db, sql`SELECT state FROM channel_statuses_early WHERE provider_id = ${providerId}`)).toEqual([]);
  });

  it("leaves the fleet's cached answers trusted after a provider's webhook, as after no other write", async () => {
    const { customer, booking } = await customerBooks('876 555 0124', { whatsapp: true });
    await send();
    await sandbox.idle();
    const [message] = await messagesOf(booking._id);
    const fleetRead = async () => expect((await fetch(`${t.app.mail.siteUrl}/api/user/cars`)).status).toBe(200);
    await fleetRead();
    expect(t.app.fleetCache.version.known()).toBeDefined();
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        { changes: [{ field: 'messages', value: { statuses: [{ id: message!.providerId, status: 'read', timestamp: '2', recipient_id: '18765550124' }] } }] },
      ],
    });
    const answer = await fetch(`${t.app.mail.siteUrl}/api/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': whatsappSignature(body, sandbox.whatsapp.appSecret) },
      body,
    });
    expect(answer.status).toBe(200);
    // The next read of the fleet is answered from memory, not after asking the database.
    expect(t.app.fleetCache.version.known()).toBeDefined();
    await callWithStatus(t.app, customer.token, 'updateProfile', { body: { name: customer.user.name, phone: '876 555 0124', whatsapp: true } });
    expect(t.app.fleetCache.version.known()).toBeUndefined();
  });

  it('keeps a reply on the booking, and STOP turns WhatsApp off for that phone at once', async () => {
    const phone = '+18765550113';
    const { customer, booking } = await customerBooks('876-555-0113', { whatsapp: true });
    sandbox.reply({ channel: 'whatsapp', from: phone, body: 'Can I pick up at 9 instead?' });
    sandbox.reply({ channel: 'whatsapp', from: phone, body: 'STOP' });
    await sandbox.idle();
    const incoming = (await messagesOf(booking._id)).filter((m) => m.direction === 'in');
    expect(incoming.map((m) => [m.body, m.state, m.userId])).toEqual([
      ['Can I pick up at 9 instead?', 'received', customer.user._id],
      ['STOP', 'received', customer.user._id],
    ]);
    const { user } = await testApi(t.app, customer.token).call('userData');
    expect(user.messages?.whatsapp).toMatchObject({ on: false, stopped: { by: 'stop_reply' } });
  });

  it('sends each message once with two senders at once, and a message left mid-send by a dead sender is sent', async () => {
    const phone = '+18765550114';
    const bookings = [];
    for (let i = 0; i < 6; i++) bookings.push((await customerBooks('876 555 0114', { sms: true })).booking);
    const other = createChannelSender(t.db, t.app.log, t.app.messageChannels);
    await Promise.all([send(), other.runOnce(), send(), other.runOnce()]);
    await other.stop();
    expect(sandboxSent(phone).filter((m) => m.channel === 'sms')).toHaveLength(6);
    // A sender died after claiming a message (its lease still running): a sender alone on the database takes it at once.
    const { booking } = await customerBooks('876 555 0115', { sms: true });
    await t.db.execute(
      sql`UPDATE channel_messages SET state = 'sending', attempts = 1, locked_until = now() + interval '1 hour' WHERE booking_id = ${booking._id}`,
    );
    await send();
    expect((await messagesOf(booking._id))[0]?.state).toBe('sending');
    const alone = createChannelSender(t.db, t.app.log, t.app.messageChannels, { exclusive: true });
    await alone.runOnce();
    await alone.stop();
    // Sent, and by now perhaps already delivered or read (the sandbox reports at once).
    expect((await messagesOf(booking._id))[0]).toMatchObject({ state: expect.stringMatching(/^(sent|delivered|read)$/), attempts: 2 });
    expect(bookings).toHaveLength(6);
  });

  it('sends the check-in code by WhatsApp with its copy button, and keeps no copy of the code once sent', async () => {
    const phone = '+18765550119';
    const customer = await registerCustomer(t.app, { name: 'Code Reader', phone: '876 555 0119' });
    await callWithStatus(t.app, customer.token, 'updateProfile', { body: { name: customer.user.name, phone: '876 555 0119', whatsapp: true } });
    // Check-in opens nearer the pickup: a booking two days ahead, confirmed.
    const from = addDays(companyToday(), 2);
    const { booking } = await testApi(t.app, customer.token).call('createBooking', {
      body: { car: codeCarId, pickupDate: from, returnDate: addDays(from, 1), paymentMethod: 'upfront' },
    });
    await testApi(t.app, owner.token).call('changeStatus', { body: { bookingId: booking._id, status: 'confirmed' } });
    await send();
    await testApi(t.app, customer.token).call('sendCheckInCode', { params: { id: booking._id } });
    const [code] = (await messagesOf(booking._id)).filter((m) => m.template === 'check_in_code');
    expect(code!.secret).toMatch(/^\d{6}$/);
    expect(code!.params).not.toContain(code!.secret);
    expect(code!.body).not.toContain(code!.secret!);
    await send();
    const received = sandboxSent(phone).find((m) => m.template?.name === 'check_in_code');
    expect(received?.template?.params).toContain(code!.secret);
    const [kept] = (await messagesOf(booking._id)).filter((m) => m.template === 'check_in_code');
    expect(kept).toMatchObject({ state: expect.stringMatching(/^(sent|delivered|read)$/), secret: null });
    expect(JSON.stringify(kept)).not.toContain(code!.secret!);
  });

  it("shows staff a booking's messages both ways, and staff answer: as typed within WhatsApp's 24 hours, in a template after", async () => {
    const phone = '+18765550120';
    const { customer, booking } = await customerBooks('876 555 0120', { whatsapp: true });
    await send();
    const staff = testApi(t.app, owner.token);
    // The customer has not written yet: staff's words go in the staff_message template.
    const first = await staff.call('sendBookingMessage', {
      params: { id: booking._id },
      body: { channel: 'whatsapp', text: 'Your car is ready early.\nCome from 8 am.' },
    });
    expect(first.sent).toMatchObject({ template: 'staff_message', kind: 'staff_reply', state: 'queued' });
    expect(first.sent.body).toContain('Your car is ready early. Come from 8 am.');
    await send();
    expect(sandboxSent(phone).find((m) => m.template?.name === 'staff_message')?.template?.params).toContain('Your car is ready early. Come from 8 am.');

    sandbox.reply({ channel: 'whatsapp', from: phone, body: 'Thanks! 8 is fine.' });
    await sandbox.idle();
    const seenBefore = await staff.call('bookingMessages', { params: { id: booking._id } });
    expect(seenBefore.unseen).toBe(1);
    expect(seenBefore.whatsappOpenUntil).not.toBeNull();
    expect(seenBefore.customer).toMatchObject({ phone, whatsapp: true, whatsappStopped: false });
    expect(seenBefore.messages.map((m) => [m.direction, m.kind])).toEqual([
      ['out', expect.any(String)],
      ['out', 'staff_reply'],
      ['in', 'customer'],
    ]);
    // Within the window: as typed, no template.
    const second = await staff.call('sendBookingMessage', { params: { id: booking._id }, body: { channel: 'whatsapp', text: 'See you at 8.' } });
    expect(second.sent).toMatchObject({ template: null, body: 'See you at 8.' });
    await send();
    expect(sandboxSent(phone).some((m) => m.text === 'See you at 8.')).toBe(true);
    expect((await staff.call('bookingMessagesSeen', { params: { id: booking._id } })).unseen).toBe(0);
    expect((await staff.call('bookingMessages', { params: { id: booking._id } })).unseen).toBe(0);
    // Not the customer's to read.
    expect(
      (await callWithStatus(t.app, customer.token, 'bookingMessages', { params: { id: booking._id } }).catch((err: { status: number }) => err)).status,
    ).toBe(403);
  });

  it('refuses in words a message that cannot reach the customer, and writes nothing', async () => {
    const staff = (id: string, channel: 'whatsapp' | 'sms') =>
      refusalOf(testApi(t.app, owner.token).call('sendBookingMessage', { params: { id }, body: { channel, text: 'Hello' } }));
    const unsure = await customerBooks('0207 946 0018', {});
    const before = await everyRow(t.database.opened.raw);
    expect(await staff(unsure.booking._id, 'sms')).toMatchObject({ status: 409, answer: { code: 'message_customer_no_phone' } });
    expect(await everyRow(t.database.opened.raw)).toEqual(before);
    const stopped = await customerBooks('876 555 0121', { sms: true });
    sandbox.reply({ channel: 'sms', from: '+18765550121', body: 'stop' });
    await sandbox.idle();
    expect(await staff(stopped.booking._id, 'sms')).toMatchObject({ status: 409, answer: { code: 'message_customer_stopped' } });
    expect(
      await refusalOf(testApi(t.app, owner.token).call('sendBookingMessage', { params: { id: stopped.booking._id }, body: { channel: 'sms', text: '   ' } })),
    ).toMatchObject({
      status: 400,
    });
  });

  it("forgets a customer's messages, both ways, when they erase their account", async () => {
    const phone = '+18765550118';
    const { customer, booking } = await customerBooks('876 555 0118', { whatsapp: true });
    await send();
    sandbox.reply({ channel: 'whatsapp', from: phone, body: 'My name is Kemar and I live on Hope Road' });
    await sandbox.idle();
    expect((await messagesOf(booking._id)).length).toBeGreaterThanOrEqual(2);
    await testApi(t.app, customer.token).call('cancelBooking', { body: { bookingId: booking._id } });
    const erased = await callWithStatus(t.app, customer.token, 'deleteAccount', { body: { password: customer.password } });
    expect(erased.status).toBe(200);
    expect(
      await queryRows(t.db, sql`SELECT id FROM channel_messages WHERE phone = ${phone} OR body ILIKE '%Hope Road%' OR booking_id = ${booking._id}`),
    ).toEqual([]);
  });

  it('queues nothing for a customer who chose neither channel', async () => {
    const { booking } = await customerBooks('876 555 0116', {});
    expect(await messagesOf(booking._id)).toEqual([]);
  });
});

describe(`a site with MESSAGE_PROVIDER=none (${describeDatabase})`, () => {
  it('queues no message even for a customer who chose WhatsApp', async () => {
    const t = await createTestApp();
    try {
      const customer: Account = await registerCustomer(t.app, { phone: '876 555 0117' });
      await callWithStatus(t.app, customer.token, 'updateProfile', { body: { name: customer.user.name, phone: '876 555 0117', whatsapp: true } });
      const car = await addCar(t.app, (await createOwner(t.app)).token);
      const from = addDays(companyToday(), 5);
      await testApi(t.app, customer.token).call('createBooking', {
        body: { car: car._id, pickupDate: from, returnDate: addDays(from, 1), paymentMethod: 'upfront' },
      });
      expect(await queryRows(t.db, sql`SELECT id FROM channel_messages`)).toEqual([]);
      expect(t.app.channelSender).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
