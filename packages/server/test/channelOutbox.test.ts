/**
 * WhatsApp and SMS across the bookings, as staff see them (decision 128): the bookings whose
 * customer wrote and waits for an answer (the desk's badge), gone once staff open the booking's
 * messages; and every message of the two channels in the outbox, filtered and paged, with a
 * check-in code never readable. Customers' replies come through the REAL webhooks from the local
 * message sandbox, as in channelMessages.test.ts.
 */
import { addDays, companyToday, OUTBOX_PAGE_SIZE } from '@rental/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageSandbox } from '../src/features/messages';
import {
  type Account,
  callWithStatus,
  createOwner,
  createStaff,
  createTestApp,
  describeDatabase,
  refusalOf,
  registerCustomer,
  testApi,
  type TestApp,
} from './helpers';
import { addCar } from './support/fleet';
import { freePort } from './support/freePort';

describe(`customers waiting for an answer, and the WhatsApp and SMS outbox (${describeDatabase})`, () => {
  let t: TestApp;
  let sandbox: MessageSandbox;
  let owner: Account;
  let agent: Account;
  let carId: string;
  let nextDay = 3;

  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp({
      config: { messageProvider: 'sandbox', publicUrl: `http://127.0.0.1:${port}` },
      channelSender: { pollMs: 3_600_000, retryBaseMs: 1 },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    sandbox = t.app.messageChannels.sandbox!;
    owner = await createOwner(t.app);
    agent = await createStaff(t.app, 'agent');
    carId = (await addCar(t.app, owner.token))._id;
  }, 120_000);
  afterAll(() => t?.close());

  async function customerBooks(name: string, phone: string, channels: { whatsapp?: boolean; sms?: boolean }, days = nextDay) {
    const customer = await registerCustomer(t.app, { name, phone });
    await callWithStatus(t.app, customer.token, 'updateProfile', { body: { name, phone, ...channels } });
    const from = addDays(companyToday(), days);
    nextDay += 3;
    const { booking } = await testApi(t.app, customer.token).call('createBooking', {
      body: { car: carId, pickupDate: from, returnDate: addDays(from, 1), paymentMethod: 'upfront' },
    });
    return { customer, booking };
  }
  const send = () => t.app.channelSender!.runOnce();
  const reply = async (channel: 'whatsapp' | 'sms', from: string, body: string) => {
    sandbox.reply({ channel, from, body });
    await sandbox.idle();
  };

  it('lists the bookings whose customer wrote, newest first, with the count, the first words and the name, until staff open them', async () => {
    const first = await customerBooks('Shanice Waiting', '876 555 0231', { whatsapp: true });
    const second = await customerBooks('Devon Waiting', '876 555 0232', { sms: true });
    await send();
    await reply('whatsapp', '+18765550231', 'Hello, is the car ready?');
    await reply(
      'whatsapp',
      '+18765550231',
      'Can I pick up at 8 am instead of 10, since my flight lands early and I would rather not wait at the airport for two hours?',
    );
    await reply('sms', '+18765550232', 'Running late, there by noon');

    const staff = testApi(t.app, agent.token);
    const waiting = await staff.call('unreadMessages');
    const ours = waiting.bookings.filter((b) => [first.booking._id, second.booking._id].includes(b.bookingId));
    expect(ours).toEqual([
      {
        bookingId: second.booking._id,
        reference: second.booking.reference,
        customerName: 'Devon Waiting',
        unread: 1,
        lastAt: expect.any(String),
        lastWords: 'Running late, there by noon',
      },
      {
        bookingId: first.booking._id,
        reference: first.booking.reference,
        customerName: 'Shanice Waiting',
        unread: 2,
        lastAt: expect.any(String),
        lastWords: expect.stringMatching(/^Can I pick up at 8 am instead of 10, since my flight lands early.*…$/),
      },
    ]);
    expect(ours[1]!.lastWords.length).toBeLessThanOrEqual(101);
    expect(waiting.total).toBeGreaterThanOrEqual(2);

    // Staff's own answer does not take it off; opening the booking's messages does.
    await staff.call('sendBookingMessage', { params: { id: first.booking._id }, body: { channel: 'whatsapp', text: 'Yes, 8 is fine.' } });
    expect((await staff.call('unreadMessages')).bookings.some((b) => b.bookingId === first.booking._id)).toBe(true);
    await staff.call('bookingMessagesSeen', { params: { id: first.booking._id } });
    const after = await staff.call('unreadMessages');
    expect(after.bookings.map((b) => b.bookingId)).not.toContain(first.booking._id);
    expect(after.bookings.map((b) => b.bookingId)).toContain(second.booking._id);
    expect(after.total).toBe(waiting.total - 1);

    // A new message brings it back, counted from one again.
    await reply('whatsapp', '+18765550231', 'Thank you!');
    const again = (await staff.call('unreadMessages')).bookings.find((b) => b.bookingId === first.booking._id);
    expect(again).toMatchObject({ unread: 1, lastWords: 'Thank you!' });
  });

  it('is for staff only: a customer, even one who wrote, and a visitor are refused', async () => {
    const { customer } = await customerBooks('Nadia Curious', '876 555 0233', { whatsapp: true });
    await reply('whatsapp', '+18765550233', 'Who reads this?');
    expect((await refusalOf(testApi(t.app, customer.token).call('unreadMessages'))).status).toBe(403);
    expect((await refusalOf(testApi(t.app, customer.token).call('channelOutbox', { query: {} }))).status).toBe(403);
    expect((await refusalOf(testApi(t.app).call('unreadMessages'))).status).toBe(401);
    expect((await refusalOf(testApi(t.app).call('channelOutbox', { query: {} }))).status).toBe(401);
  });

  it('lists the messages of both channels both ways, newest first, by booking, channel and state, a page at a time', async () => {
    const { booking } = await customerBooks('Omar Outbox', '876 555 0234', { whatsapp: true });
    await send();
    await reply('whatsapp', '+18765550234', 'Got it, thanks');
    const staff = testApi(t.app, agent.token);
    const mine = await staff.call('channelOutbox', { query: { reference: booking.reference.toLowerCase() } });
    expect(mine).toMatchObject({ page: 1, pageSize: OUTBOX_PAGE_SIZE, total: 2, siteChannels: { whatsapp: true, sms: true } });
    expect(mine.messages.map((m) => [m.direction, m.channel, m.kind, m.state, m.bookingReference, m.phone])).toEqual([
      ['in', 'whatsapp', 'customer', 'received', booking.reference, '+18765550234'],
      ['out', 'whatsapp', expect.any(String), expect.stringMatching(/^(sent|delivered|read)$/), booking.reference, '+18765550234'],
    ]);
    expect(mine.messages[1]).toMatchObject({ template: expect.any(String), attempts: 1, sentAt: expect.any(String), bookingId: booking._id });
    expect(mine.messages[0]!.body).toBe('Got it, thanks');

    const received = await staff.call('channelOutbox', { query: { reference: booking.reference, state: 'received' } });
    expect(received.messages.map((m) => m.body)).toEqual(['Got it, thanks']);
    expect((await staff.call('channelOutbox', { query: { reference: booking.reference, channel: 'sms' } })).total).toBe(0);
    expect((await staff.call('channelOutbox', { query: { reference: 'WR-NOSUCH' } })).messages).toEqual([]);

    const all = await staff.call('channelOutbox', { query: {} });
    expect(all.messages.length).toBe(Math.min(all.total, OUTBOX_PAGE_SIZE));
    const dates = all.messages.map((m) => m.createdAt);
    expect(dates.every((at, i) => i === 0 || dates[i - 1]! >= at)).toBe(true);

    const refused = await refusalOf(staff.call('channelOutbox', { query: { state: 'lost' as never } }));
    expect(refused.status).toBe(400);
  });

  it('never shows a check-in code: not while it waits to be sent, not once sent, and never the secret', async () => {
    const customer = await registerCustomer(t.app, { name: 'Code Keeper', phone: '876 555 0235' });
    await callWithStatus(t.app, customer.token, 'updateProfile', { body: { name: customer.user.name, phone: '876 555 0235', sms: true } });
    const from = addDays(companyToday(), 2);
    const { booking } = await testApi(t.app, customer.token).call('createBooking', {
      body: { car: (await addCar(t.app, owner.token))._id, pickupDate: from, returnDate: addDays(from, 1), paymentMethod: 'upfront' },
    });
    await testApi(t.app, owner.token).call('changeStatus', { body: { bookingId: booking._id, status: 'confirmed' } });
    await send();
    await testApi(t.app, customer.token).call('sendCheckInCode', { params: { id: booking._id } });

    const codeRow = async () => {
      const { messages } = await testApi(t.app, owner.token).call('channelOutbox', { query: { reference: booking.reference } });
      const row = messages.find((m) => m.template === 'check_in_code');
      expect(row, 'the code message is listed').toBeDefined();
      return { row: row!, raw: JSON.stringify(messages) };
    };
    const waiting = await codeRow();
    expect(waiting.row.state).toBe('queued');
    expect(waiting.row.body).toContain('••••••');
    expect(waiting.row).not.toHaveProperty('secret');
    expect(waiting.raw).not.toContain('code-not-kept');

    await send();
    // The code as the customer's phone got it (by SMS, in its words).
    const got = sandbox.messages().find((m) => m.phone === '+18765550235' && m.direction === 'out' && /is your code/.test(m.text ?? ''));
    const code = /\d{6}/.exec(got?.text ?? '')?.[0];
    expect(code, 'the customer got the code').toMatch(/^\d{6}$/);
    const sent = await codeRow();
    expect(sent.row.state).toMatch(/^(sent|delivered|read)$/);
    expect(sent.row.body).toMatch(/^•••••• is your code to sign your rental agreement online/);
    expect(sent.raw).not.toContain(code);
    expect(waiting.raw).not.toContain(code);
    // The booking's own panel reads it the same way.
    const panel = await testApi(t.app, owner.token).call('bookingMessages', { params: { id: booking._id } });
    expect(panel.messages.find((m) => m.template === 'check_in_code')?.body).toMatch(/^••••••/);
  });
});
