/**
 * Card payments end to end: the real WiPay adapter against the local sandbox over HTTP, the card
 * page submitted as a browser would, its redirect followed to our return route. Then what a
 * careful integration must survive: declines, forged and altered returns, replays, attempts that
 * never come back (expired, listed, closed by staff), refunds, and holds kept while paying.
 */
import { API, bookingChangeResponses, folioResponses, MESSAGES, PAYMENT_MESSAGES, paymentResponses, REFUSAL_CODES, responses } from '@rental/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, outbox, paymentAttempts } from '../src/db/schema';
import { queryRows } from '../src/db/types';
import { expireHolds } from '../src/features/bookings/holds';
import { expireOpenAttempts } from '../src/features/payments/openAttempts';
import { type PaymentSandbox, SANDBOX_API_KEY, startPaymentSandbox } from '../src/features/payments/sandbox/server';
import { wipayHash } from '../src/features/payments/wipay';
import {
  type Account,
  bookCar,
  callWithStatus,
  createOwner,
  createTestApp,
  describeDatabase,
  refusalOf,
  registerCustomer,
  statusOf,
  type TestApp,
  testApi,
} from './helpers';
import { addCar, day } from './support/fleet';

const APPROVED_CARD = '4111 1111 1111 1111';
const DECLINED_CARD = '4000 0000 0000 0002';

describe(`card payments (${describeDatabase})`, () => {
  let sandbox: PaymentSandbox;
  let t: TestApp;
  let owner: Account;
  let carId: string;
  let nextDay = 10;

  beforeAll(async () => {
    sandbox = await startPaymentSandbox({ port: 0 });
    // The real WiPay adapter, pointed at the sandbox as WIPAY_URL would point it.
    t = await createTestApp({
      config: { paymentProvider: 'wipay', wipay: { accountNumber: '1234567890', apiKey: SANDBOX_API_KEY, environment: 'sandbox', url: sandbox.url } },
    });
    owner = await createOwner(t.app);
    carId = (await addCar(t.app, owner.token))._id;
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  const startPayment = (token: string | undefined, bookingId: string) => callWithStatus(t.app, token, 'startPayment', { body: { bookingId } });

  /** A customer with a pending, unpaid booking of its own days. */
  async function customerWithBooking(price?: number): Promise<{ customer: Account; booking: { _id: string; reference: string; price: number } }> {
    const customer = await registerCustomer(t.app);
    const from = day(nextDay);
    nextDay += 3;
    const res = await callWithStatus(t.app, customer.token, 'createBooking', {
      body: { car: carId, pickupDate: from, returnDate: from, paymentMethod: 'upfront' },
    });
    expect(res.status).toBe(201);
    const booking = res.answer.booking;
    if (price !== undefined) {
      await t.db.update(bookings).set({ price }).where(eq(bookings.id, booking._id));
      booking.price = price;
    }
    return { customer, booking };
  }

  /** startPayment, then the card page as the browser gets it. */
  async function openCardPage(token: string, bookingId: string): Promise<{ pageUrl: string; html: string }> {
    const started = await startPayment(token, bookingId);
    expect(started.status).toBe(200);
    const { redirectUrl } = paymentResponses.started.parse(started.answer);
    const page = await fetch(redirectUrl);
    expect(page.status).toBe(200);
    return { pageUrl: redirectUrl, html: await page.text() };
  }

  /** Submits the card form as a browser would; answers the return address the sandbox sends the browser to. */
  async function submitCard(pageUrl: string, html: string, card: string): Promise<URL> {
    const action = new URL(/<form method="post" action="([^"]+)"/.exec(html)![1]!, pageUrl);
    const submitted = await fetch(action, {
      method: 'POST',
      body: new URLSearchParams({ card_number: card, expiry: '12/40', cvc: '123', name: 'Test Customer', action: 'pay' }),
      redirect: 'manual',
    });
    expect(submitted.status).toBe(303);
    const back = new URL(submitted.headers.get('location')!);
    expect(back.pathname).toBe(API.paymentReturn);
    return back;
  }

  /** Follows the provider's redirect to our return route; answers where we send the browser next. */
  async function arrive(back: URL | string): Promise<string> {
    const url = typeof back === 'string' ? back : back.pathname + back.search;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(303);
    return String(res.headers.location);
  }

  async function pay(token: string, bookingId: string, card: string): Promise<{ back: URL; landed: string }> {
    const { pageUrl, html } = await openCardPage(token, bookingId);
    const back = await submitCard(pageUrl, html, card);
    return { back, landed: await arrive(back) };
  }

  const bookingRow = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const attemptsOf = (bookingId: string) =>
    t.db.select().from(paymentAttempts).where(eq(paymentAttempts.bookingId, bookingId)).orderBy(asc(paymentAttempts.createdAt));
  const lettersOf = (bookingId: string) => t.db.select().from(outbox).where(eq(outbox.bookingId, bookingId)).orderBy(asc(outbox.id));
  const historyOf = (attemptId: string) =>
    queryRows<{ action: string; actorId: string | null; before: unknown; after: Record<string, unknown> | null }>(
      t.db,
      sql`SELECT action, actor_id::text AS "actorId", before, after FROM activity WHERE subject = 'payment' AND subject_id = ${attemptId} ORDER BY id`,
    );
  const detail = async (token: string, reference: string) =>
    responses.bookingDetail.parse(await testApi(t.app, token).call('userBooking', { params: { reference } })).booking;
  /** The booking's folio as its customer reads it. */
  const folioOf = async (token: string, bookingId: string) => {
    const res = await callWithStatus(t.app, token, 'folio', { params: { id: bookingId } });
    expect(res.status).toBe(200);
    return folioResponses.folio.parse(res.answer).folio;
  };
  const moneyIn = (folio: { payments: { kind: string; method: string; amount: number }[] }) => folio.payments.map((p) => [p.kind, p.method, p.amount]);
  /** Moves an attempt's start back in time: what the database's clock will say half an hour later. */
  const ageAttempt = (attemptId: string, minutes: number) =>
    t.db.execute(sql`UPDATE payment_attempts SET created_at = created_at - make_interval(mins => ${minutes}) WHERE id = ${attemptId}`);

  it('an approved card pays the booking, by card, and the customer gets a receipt by e-mail', async () => {
    const { customer, booking } = await customerWithBooking();
    const { pageUrl, html } = await openCardPage(customer.token, booking._id);
    // The card page shows the amount the server set and names its test cards.
    expect(html).toContain(`JMD ${booking.price}.00`);
    expect(html).toContain(APPROVED_CARD);
    expect(html).toContain(DECLINED_CARD);
    const landed = await arrive(await submitCard(pageUrl, html, APPROVED_CARD));

    expect(landed).toBe(`/my-bookings/${booking.reference}?payment=paid`);
    // Paid: no longer a hold the clock can end, whenever staff confirm it.
    expect(await bookingRow(booking._id)).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'card', status: 'pending', holdExpiresAt: null });
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(bookings.id, booking._id));
    expect((await expireHolds(t.db, t.app.events)).map((hold) => hold.id)).not.toContain(booking._id);
    expect((await bookingRow(booking._id)).status).toBe('pending');
    const [attempt] = await attemptsOf(booking._id);
    expect(attempt).toMatchObject({
      orderId: `${booking.reference}-1`,
      status: 'paid',
      amount: booking.price,
      currency: 'JMD',
      cardLast4: '1111',
      message: 'Transaction approved',
    });
    // Never the card number, anywhere in the attempt or its history.
    expect(JSON.stringify([attempt, await historyOf(attempt!.id)])).not.toMatch(/4111\s?1111/);

    const receipt = (await lettersOf(booking._id)).find((letter) => letter.kind === 'card_payment_received');
    expect(receipt).toMatchObject({ recipient: customer.user.email, subject: `Payment received for booking ${booking.reference}` });
    expect(receipt!.textBody).toContain('ending 1111');

    const shown = await detail(customer.token, booking.reference);
    expect(shown).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'card', cardPayment: { status: 'paid', message: 'Transaction approved' } });
    // The history has the attempt from its start to its payment.
    expect((await historyOf(attempt!.id)).map((entry) => [entry.action, (entry.after as { status?: string }).status])).toEqual([
      ['added', 'created'],
      ['changed', 'sent'],
      ['changed', 'paid'],
    ]);

    // The folio has the card payment of the amount charged, and nothing is owing.
    const folio = await folioOf(customer.token, booking._id);
    expect(moneyIn(folio)).toEqual([['payment', 'card', booking.price]]);
    expect(folio.totals.balance).toBe(0);

    // A paid booking is not paid again.
    expect(await refusalOf(startPayment(customer.token, booking._id))).toEqual({
      status: 409,
      answer: { success: false, message: REFUSAL_CODES.nothing_owing, code: 'nothing_owing' },
    });
    expect(await attemptsOf(booking._id)).toHaveLength(1);
  });

  it('a declined card leaves the booking unpaid, with the provider’s words on the attempt and the booking page', async () => {
    const { customer, booking } = await customerWithBooking();
    const { landed } = await pay(customer.token, booking._id, DECLINED_CARD);
    expect(landed).toBe(`/my-bookings/${booking.reference}?payment=failed`);
    expect(await bookingRow(booking._id)).toMatchObject({ paymentStatus: 'unpaid', paymentMethod: 'upfront' });
    expect(await attemptsOf(booking._id)).toMatchObject([{ status: 'failed', message: 'Card declined', cardLast4: '0002' }]);
    expect((await lettersOf(booking._id)).map((letter) => letter.kind)).not.toContain('card_payment_received');
    expect((await detail(customer.token, booking.reference)).cardPayment).toMatchObject({ status: 'failed', message: 'Card declined' });
    expect((await folioOf(customer.token, booking._id)).payments).toEqual([]);

    // The customer may try again: a new attempt, a new order id, and this time it is paid.
    const second = await pay(customer.token, booking._id, APPROVED_CARD);
    expect(second.landed).toBe(`/my-bookings/${booking.reference}?payment=paid`);
    expect((await attemptsOf(booking._id)).map((a) => [a.orderId, a.status])).toEqual([
      [`${booking.reference}-1`, 'failed'],
      [`${booking.reference}-2`, 'paid'],
    ]);
  });

  it('a forged return (wrong hash, or another payment’s return copied onto this order) changes nothing', async () => {
    const { customer, booking } = await customerWithBooking();
    const { pageUrl, html } = await openCardPage(customer.token, booking._id);
    const genuine = await submitCard(pageUrl, html, APPROVED_CARD);
    const before = { attempts: await attemptsOf(booking._id), letters: await lettersOf(booking._id) };

    const wrongHash = new URL(genuine);
    wrongHash.searchParams.set('hash', wipayHash(genuine.searchParams.get('transaction_id')!, genuine.searchParams.get('total')!, 'not-the-key'));
    const noHash = new URL(genuine);
    noHash.searchParams.delete('hash');
    const unknownOrder = new URL(genuine);
    unknownOrder.searchParams.set('order_id', 'WR-NOSUCH-1');
    // A real, paid return of another booking of the same amount, its order id changed to this one's
    // (WiPay's hash covers the transaction and the total, not the order id).
    const other = await customerWithBooking();
    const otherReturn = (await pay(other.customer.token, other.booking._id, APPROVED_CARD)).back;
    expect(otherReturn.searchParams.get('total')).toBe(genuine.searchParams.get('total'));
    const copied = new URL(otherReturn);
    copied.searchParams.set('order_id', genuine.searchParams.get('order_id')!);

    for (const forged of [wrongHash, noHash, copied]) expect(await arrive(forged)).toBe(`/my-bookings/${booking.reference}?payment=unverified`);
    expect(await arrive(unknownOrder)).toBe('/my-bookings?payment=unverified');
    expect(await attemptsOf(booking._id)).toEqual(before.attempts);
    expect(await lettersOf(booking._id)).toEqual(before.letters);
    expect((await bookingRow(booking._id)).paymentStatus).toBe('unpaid');

    // The genuine return still counts.
    expect(await arrive(genuine)).toBe(`/my-bookings/${booking.reference}?payment=paid`);
    expect((await bookingRow(booking._id)).paymentStatus).toBe('paid');
  });

  it('a return whose amount or currency is not the attempt’s changes nothing, even with a hash that matches its own total', async () => {
    const { customer, booking } = await customerWithBooking();
    const { pageUrl, html } = await openCardPage(customer.token, booking._id);
    const genuine = await submitCard(pageUrl, html, APPROVED_CARD);
    const transactionId = genuine.searchParams.get('transaction_id')!;
    const before = await attemptsOf(booking._id);

    const cheaper = new URL(genuine);
    cheaper.searchParams.set('total', '1.00');
    cheaper.searchParams.set('hash', wipayHash(transactionId, '1.00', SANDBOX_API_KEY));
    const dollars = new URL(genuine);
    dollars.searchParams.set('currency', 'USD');
    for (const altered of [cheaper, dollars]) expect(await arrive(altered)).toBe(`/my-bookings/${booking.reference}?payment=unverified`);
    expect(await attemptsOf(booking._id)).toEqual(before);
    expect(await bookingRow(booking._id)).toMatchObject({ paymentStatus: 'unpaid', paymentMethod: 'upfront' });
  });

  it('a replayed return (the browser reloads it) lands on the booking again and changes nothing more', async () => {
    const { customer, booking } = await customerWithBooking();
    const { back } = await pay(customer.token, booking._id, APPROVED_CARD);
    const [attempt] = await attemptsOf(booking._id);
    const letters = await lettersOf(booking._id);
    const history = await historyOf(attempt!.id);

    const folio = await folioOf(customer.token, booking._id);
    expect(await arrive(back)).toBe(`/my-bookings/${booking.reference}?payment=paid`);
    expect(await attemptsOf(booking._id)).toEqual([attempt]);
    expect(await lettersOf(booking._id)).toEqual(letters);
    expect(await historyOf(attempt!.id)).toEqual(history);
    // Paid once: one payment in the folio.
    expect(await folioOf(customer.token, booking._id)).toEqual(folio);
    expect(moneyIn(folio)).toEqual([['payment', 'card', booking.price]]);
  });

  it('an attempt that never comes back expires after 30 minutes, is listed for staff, who close it as paid; refunds are recorded', async () => {
    const { customer, booking } = await customerWithBooking();
    await openCardPage(customer.token, booking._id);
    const [attempt] = await attemptsOf(booking._id);
    expect(attempt!.status).toBe('sent');

    // Not yet: the customer may still be on the card page.
    expect(await expireOpenAttempts(t.db)).not.toContain(attempt!.orderId);
    const open = async () => paymentResponses.attempts.parse(await testApi(t.app, owner.token).call('paymentAttempts'));
    const closePayment = (token: string, body: { outcome: 'paid' | 'failed'; note?: string }) =>
      callWithStatus(t.app, token, 'closePayment', { params: { id: attempt!.id }, body });
    const refundPayment = (amount: number) => callWithStatus(t.app, owner.token, 'refundPayment', { params: { id: attempt!.id }, body: { amount } });
    expect((await open()).attempts.some((a) => a._id === attempt!.id)).toBe(false);

    await ageAttempt(attempt!.id, 31);
    expect(await expireOpenAttempts(t.db)).toContain(attempt!.orderId);
    expect((await open()).attempts.find((a) => a._id === attempt!.id)).toMatchObject({
      status: 'expired',
      reference: booking.reference,
      amount: booking.price,
    });
    expect((await detail(customer.token, booking.reference)).cardPayment).toMatchObject({ status: 'expired' });

    // Customers cannot see or settle attempts.
    expect(await statusOf(callWithStatus(t.app, customer.token, 'paymentAttempts'))).toBe(403);
    expect(await statusOf(closePayment(customer.token, { outcome: 'paid' }))).toBe(403);

    const closed = await closePayment(owner.token, { outcome: 'paid', note: 'Seen as paid in the WiPay dashboard' });
    expect(closed.status).toBe(200);
    expect(closed.answer).toMatchObject({ success: true, message: PAYMENT_MESSAGES.closedPaid, attempt: { status: 'paid' } });
    expect(await bookingRow(booking._id)).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'card' });
    expect((await lettersOf(booking._id)).map((letter) => letter.kind)).toContain('card_payment_received');
    expect((await open()).attempts.some((a) => a._id === attempt!.id)).toBe(false);
    await expect(closePayment(owner.token, { outcome: 'failed' })).rejects.toMatchObject({ status: 409, message: PAYMENT_MESSAGES.notOpen });

    // Refunds made in the provider's dashboard: at most what is left.
    const part = await refundPayment(1000);
    expect(part.status).toBe(200);
    expect(part.answer).toMatchObject({ message: PAYMENT_MESSAGES.refundRecorded, attempt: { status: 'refunded', refundedAmount: 1000 } });
    await expect(refundPayment(booking.price)).rejects.toMatchObject({ status: 409, message: PAYMENT_MESSAGES.refundTooMuch(booking.price - 1000, 'JMD') });
    expect((await refundPayment(booking.price - 1000)).status).toBe(200);
    expect((await attemptsOf(booking._id))[0]).toMatchObject({ status: 'refunded', refundedAmount: booking.price });
    // The folio has the payment and each refund; all of it given back while the booking stands, it owes its price again.
    const folio = await folioOf(customer.token, booking._id);
    expect(moneyIn(folio)).toEqual([
      ['payment', 'card', booking.price],
      ['refund', 'card', 1000],
      ['refund', 'card', booking.price - 1000],
    ]);
    expect(folio.totals.balance).toBe(booking.price);
    expect(folio.paymentStatus).toBe('unpaid');
    expect((await bookingRow(booking._id)).paymentStatus).toBe('unpaid');

    // Each step is in the history, by whom; staff's note only as "given".
    const history = await historyOf(attempt!.id);
    expect(history.map((entry) => (entry.after as { status?: string }).status)).toEqual(['created', 'sent', 'expired', 'paid', 'refunded', undefined]);
    expect(history.slice(3).every((entry) => entry.actorId === owner.user._id)).toBe(true);
    expect(JSON.stringify(history)).not.toContain('WiPay dashboard');
  });

  it('a pending booking whose hold ended is kept while its attempt is open, and expires once the attempt is 30 minutes old; a late payment is recorded and staff alerted', async () => {
    const { customer, booking } = await customerWithBooking();
    const { pageUrl, html } = await openCardPage(customer.token, booking._id);
    const [attempt] = await attemptsOf(booking._id);
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(bookings.id, booking._id));

    expect((await expireHolds(t.db, t.app.events)).map((hold) => hold.id)).not.toContain(booking._id);
    expect((await bookingRow(booking._id)).status).toBe('pending');

    await ageAttempt(attempt!.id, 31);
    expect((await expireHolds(t.db, t.app.events)).map((hold) => hold.id)).toContain(booking._id);
    await expireOpenAttempts(t.db);
    expect(await bookingRow(booking._id)).toMatchObject({ status: 'cancelled', statusReason: 'expired' });

    // The customer finally submits the card page: the money is taken, so it is recorded, the booking
    // stays cancelled, and its folio says the money is owed back.
    const landed = await arrive(await submitCard(pageUrl, html, APPROVED_CARD));
    expect(landed).toBe(`/my-bookings/${booking.reference}?payment=paid`);
    expect(await bookingRow(booking._id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_due', paymentMethod: 'card' });
    const folio = await folioOf(customer.token, booking._id);
    expect(moneyIn(folio)).toEqual([['payment', 'card', booking.price]]);
    expect(folio.totals.balance).toBe(-booking.price);
    expect((await attemptsOf(booking._id))[0]).toMatchObject({ status: 'paid' });
    const letters = await lettersOf(booking._id);
    const company = responses.company.parse(await testApi(t.app).call('company')).company;
    const alert = letters.find((letter) => letter.kind === 'card_payment_staff_alert');
    expect(alert).toMatchObject({ recipient: company.email });
    expect(alert!.textBody).toContain('after the booking was cancelled');
    expect(letters.find((letter) => letter.kind === 'card_payment_received')!.textBody).toContain('had been cancelled');
  });

  it("a card payment, and one that needs staff, are in the booking's history once, even when the return comes again", async () => {
    const eventsOf = async (bookingId: string) =>
      (await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(asc(bookingEvents.id))).filter((event) =>
        event.kind.startsWith('card_'),
      );

    const paid = await customerWithBooking();
    const { back } = await pay(paid.customer.token, paid.booking._id, APPROVED_CARD);
    await arrive(back);
    const [attempt] = await attemptsOf(paid.booking._id);
    expect(await eventsOf(paid.booking._id)).toMatchObject([
      {
        kind: 'card_paid',
        actorId: null,
        status: null,
        data: { orderId: attempt!.orderId, amount: paid.booking.price, currency: 'JMD', cardLast4: '1111', stillDue: 0 },
      },
    ]);
    expect(JSON.stringify((await eventsOf(paid.booking._id))[0]!.data)).not.toContain(paid.customer.user.email);
    expect((await lettersOf(paid.booking._id)).filter((letter) => letter.kind === 'card_payment_received')).toHaveLength(1);

    // Paid after its hold ended and the booking was cancelled: the receipt, and staff told why.
    const late = await customerWithBooking();
    const { pageUrl, html } = await openCardPage(late.customer.token, late.booking._id);
    const [open] = await attemptsOf(late.booking._id);
    await ageAttempt(open!.id, 31);
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(bookings.id, late.booking._id));
    await expireHolds(t.db, t.app.events);
    const lateBack = await submitCard(pageUrl, html, APPROVED_CARD);
    await arrive(lateBack);
    await arrive(lateBack);
    const happened = await eventsOf(late.booking._id);
    expect(happened.map((event) => event.kind)).toEqual(['card_paid', 'card_problem']);
    expect(happened[1]!.data).toMatchObject({ orderId: open!.orderId, why: expect.stringContaining('after the booking was cancelled') });
    const letters = await lettersOf(late.booking._id);
    expect(letters.filter((letter) => letter.kind === 'card_payment_received')).toHaveLength(1);
    expect(letters.filter((letter) => letter.kind === 'card_payment_staff_alert')).toHaveLength(1);
  });

  it('a part-paid booking pays the rest by card: the attempt is for the balance, and then the booking is paid', async () => {
    const { customer, booking } = await customerWithBooking();
    const part = 3000;
    const recorded = await callWithStatus(t.app, owner.token, 'recordPayment', {
      params: { id: booking._id },
      body: { method: 'cash', amount: part, reference: 'Receipt 118' },
    });
    expect(recorded.status).toBe(201);
    expect((await bookingRow(booking._id)).paymentStatus).toBe('part_paid');

    const { pageUrl, html } = await openCardPage(customer.token, booking._id);
    expect(html).toContain(`JMD ${booking.price - part}.00`);
    expect(await attemptsOf(booking._id)).toMatchObject([{ amount: booking.price - part, status: 'sent' }]);
    expect(await arrive(await submitCard(pageUrl, html, APPROVED_CARD))).toBe(`/my-bookings/${booking.reference}?payment=paid`);

    const folio = await folioOf(customer.token, booking._id);
    expect(moneyIn(folio)).toEqual([
      ['payment', 'cash', part],
      ['payment', 'card', booking.price - part],
    ]);
    expect(folio.totals.balance).toBe(0);
    expect(await detail(customer.token, booking.reference)).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'card' });
    const receipt = (await lettersOf(booking._id)).find((letter) => letter.kind === 'card_payment_received');
    expect(receipt!.textBody).toContain('Nothing more is due for this booking.');
  });

  it('a card page opened for 2 days pays only its amount: the booking cannot be stretched while the page is open, and once it expired a stretch leaves the rest owed', async () => {
    const car = await addCar(t.app, owner.token, { pricePerDay: 7000 });
    const customer = await registerCustomer(t.app);
    const made = await callWithStatus(t.app, customer.token, 'createBooking', {
      body: { car: car._id, pickupDate: day(20), returnDate: day(22), paymentMethod: 'upfront' },
    });
    expect(made.status).toBe(201);
    const booking = made.answer.booking;
    // 2 days at 7,000, with GCT.
    expect(booking.price).toBe(16_100);
    const { pageUrl, html } = await openCardPage(customer.token, booking._id);
    expect(html).toContain('JMD 16100.00');

    // While the page is open: no new dates (nor their price), no new drivers, by the customer or staff.
    const before = { row: await bookingRow(booking._id), folio: await folioOf(customer.token, booking._id), letters: await lettersOf(booking._id) };
    const stretch = { returnDate: day(52) };
    const refusedOpen = { success: false, message: REFUSAL_CODES.payment_open, code: 'payment_open' };
    for (const [token, endpoint] of [
      [customer.token, 'changeBooking'],
      [customer.token, 'bookingChangeQuote'],
      [owner.token, 'changeBooking'],
    ] as const) {
      expect(await refusalOf(callWithStatus(t.app, token, endpoint, { params: { id: booking._id }, body: stretch })), endpoint).toEqual({
        status: 409,
        answer: refusedOpen,
      });
    }
    const drivers = callWithStatus(t.app, customer.token, 'bookingDrivers', { params: { id: booking._id }, body: { drivers: [] } });
    expect(await refusalOf(drivers)).toEqual({ status: 409, answer: refusedOpen });
    expect(await bookingRow(booking._id)).toEqual(before.row);
    expect(await folioOf(customer.token, booking._id)).toEqual(before.folio);
    expect(await lettersOf(booking._id)).toEqual(before.letters);

    // The page never came back in time; once its attempt has expired the stretch goes through.
    const [attempt] = await attemptsOf(booking._id);
    await ageAttempt(attempt!.id, 31);
    expect(await expireOpenAttempts(t.db)).toContain(attempt!.orderId);
    const stretched = await callWithStatus(t.app, customer.token, 'changeBooking', { params: { id: booking._id }, body: stretch });
    expect(stretched.status).toBe(200);
    const { change } = bookingChangeResponses.changed.parse(stretched.answer);
    expect(change.after.days).toBe(32);

    // Then the customer pays the old page: what it charged is recorded, and the rest is still owed.
    expect(await arrive(await submitCard(pageUrl, html, APPROVED_CARD))).toBe(`/my-bookings/${booking.reference}?payment=paid`);
    const folio = await folioOf(customer.token, booking._id);
    expect(moneyIn(folio)).toEqual([['payment', 'card', 16_100]]);
    expect(folio.totals.balance).toBe(change.after.total - 16_100);
    expect(folio.paymentStatus).toBe('part_paid');
    expect(await detail(customer.token, booking.reference)).toMatchObject({ paymentStatus: 'part_paid' });
    const receipt = (await lettersOf(booking._id)).find((letter) => letter.kind === 'card_payment_received');
    expect(receipt!.textBody).toContain('is still to pay for this booking');
    expect(receipt!.textBody).not.toContain('Nothing more is due');

    // The rest, by card: a new attempt for the balance.
    const rest = await pay(customer.token, booking._id, APPROVED_CARD);
    expect(rest.landed).toBe(`/my-bookings/${booking.reference}?payment=paid`);
    expect((await attemptsOf(booking._id)).map((a) => [a.status, a.amount])).toEqual([
      ['paid', 16_100],
      ['paid', change.after.total - 16_100],
    ]);
    expect((await bookingRow(booking._id)).paymentStatus).toBe('paid');
  });

  it('money staff take while the card page is open is not lost: the card payment is recorded too, the folio says what is due back, and staff are alerted', async () => {
    const { customer, booking } = await customerWithBooking();
    const { pageUrl, html } = await openCardPage(customer.token, booking._id);
    const part = 2000;
    expect((await callWithStatus(t.app, owner.token, 'recordPayment', { params: { id: booking._id }, body: { method: 'cash', amount: part } })).status).toBe(
      201,
    );

    expect(await arrive(await submitCard(pageUrl, html, APPROVED_CARD))).toBe(`/my-bookings/${booking.reference}?payment=paid`);
    const folio = await folioOf(customer.token, booking._id);
    expect(moneyIn(folio)).toEqual([
      ['payment', 'cash', part],
      ['payment', 'card', booking.price],
    ]);
    expect(folio.totals.balance).toBe(-part);
    expect(folio.paymentStatus).toBe('refund_due');
    const alert = (await lettersOf(booking._id)).find((letter) => letter.kind === 'card_payment_staff_alert');
    expect(alert!.textBody).toContain('is due back to the customer');
  });

  it('40 starts at once open one card page: each is answered with it, and paying it pays once', async () => {
    const { customer, booking } = await customerWithBooking();
    const starts = await Promise.all(Array.from({ length: 40 }, () => startPayment(customer.token, booking._id)));
    expect(starts.map((res) => res.status)).toEqual(Array.from({ length: 40 }, () => 200));
    const pages = new Set(starts.map((res) => paymentResponses.started.parse(res.answer).redirectUrl));
    expect(pages.size).toBe(1);
    const [pageUrl] = [...pages];
    expect(await attemptsOf(booking._id)).toMatchObject([{ status: 'sent', amount: booking.price }]);

    // Later, the same page again (a reload, another tab).
    const later = await startPayment(customer.token, booking._id);
    expect(paymentResponses.started.parse(later.answer).redirectUrl).toBe(pageUrl);

    const html = await (await fetch(pageUrl!)).text();
    expect(await arrive(await submitCard(pageUrl!, html, APPROVED_CARD))).toBe(`/my-bookings/${booking.reference}?payment=paid`);
    expect(await attemptsOf(booking._id)).toMatchObject([{ status: 'paid' }]);
    expect(moneyIn(await folioOf(customer.token, booking._id))).toEqual([['payment', 'card', booking.price]]);
  });

  it('a "failed" return that is unsigned or wrongly signed changes nothing: the attempt stays open and its page is offered again', async () => {
    const { customer, booking } = await customerWithBooking();
    const { pageUrl, html } = await openCardPage(customer.token, booking._id);
    const declined = await submitCard(pageUrl, html, DECLINED_CARD);
    expect(declined.searchParams.get('status')).toBe('failed');
    const before = {
      attempts: await attemptsOf(booking._id),
      letters: await lettersOf(booking._id),
      folio: await folioOf(customer.token, booking._id),
      row: await bookingRow(booking._id),
    };
    expect(before.attempts).toMatchObject([{ status: 'sent' }]);

    const unsigned = new URL(declined);
    unsigned.searchParams.delete('hash');
    const wrongKey = new URL(declined);
    wrongKey.searchParams.set('hash', wipayHash(declined.searchParams.get('transaction_id')!, declined.searchParams.get('total')!, 'not-the-key'));
    for (const forged of [unsigned, wrongKey]) expect(await arrive(forged)).toBe(`/my-bookings/${booking.reference}?payment=unverified`);
    expect(await attemptsOf(booking._id)).toEqual(before.attempts);
    expect(await lettersOf(booking._id)).toEqual(before.letters);
    expect(await folioOf(customer.token, booking._id)).toEqual(before.folio);
    expect(await bookingRow(booking._id)).toEqual(before.row);

    // Still open: starting again answers the same page.
    const again = await startPayment(customer.token, booking._id);
    expect(paymentResponses.started.parse(again.answer).redirectUrl).toBe(pageUrl);

    // The provider's signed word closes it as not paid.
    expect(await arrive(declined)).toBe(`/my-bookings/${booking.reference}?payment=failed`);
    expect(await attemptsOf(booking._id)).toMatchObject([{ status: 'failed', message: 'Card declined' }]);
  });

  it('only the customer’s own booking, still to be paid, can be paid by card', async () => {
    const { booking } = await customerWithBooking();
    const stranger = await registerCustomer(t.app);
    expect(await refusalOf(startPayment(stranger.token, booking._id))).toEqual({
      status: 404,
      answer: { success: false, code: expect.any(String), message: MESSAGES.bookingNotFound },
    });
    expect(await statusOf(startPayment(undefined, booking._id))).toBe(401);
    expect(await attemptsOf(booking._id)).toEqual([]);

    const { customer, booking: cancelled } = await customerWithBooking();
    await t.db.update(bookings).set({ status: 'cancelled', statusReason: 'customer' }).where(eq(bookings.id, cancelled._id));
    await expect(startPayment(customer.token, cancelled._id)).rejects.toMatchObject({ status: 409, message: PAYMENT_MESSAGES.cancelled });
  });
});

describe(`card payments off, and the built-in sandbox (${describeDatabase})`, () => {
  it('with PAYMENT_PROVIDER=none the site refuses card payments in words, and changes nothing', async () => {
    const t = await createTestApp();
    try {
      const owner = await createOwner(t.app);
      const customer = await registerCustomer(t.app);
      const car = await addCar(t.app, owner.token);
      const booking = await bookCar(t.app, customer.token, car._id, day(5), day(6));
      const res = callWithStatus(t.app, customer.token, 'startPayment', { body: { bookingId: booking._id } });
      expect(await refusalOf(res)).toEqual({ status: 409, answer: { success: false, code: expect.any(String), message: MESSAGES.cardPaymentsOff } });
      expect(await t.db.select().from(paymentAttempts)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('with PAYMENT_PROVIDER=sandbox the server runs the sandbox itself and sends the customer to its page', async () => {
    const t = await createTestApp({ config: { paymentProvider: 'sandbox', host: '127.0.0.1' } });
    try {
      const owner = await createOwner(t.app);
      const customer = await registerCustomer(t.app);
      const car = await addCar(t.app, owner.token);
      const booking = await bookCar(t.app, customer.token, car._id, day(5), day(6));
      const res = await callWithStatus(t.app, customer.token, 'startPayment', { body: { bookingId: booking._id } });
      expect(res.status).toBe(200);
      const page = await fetch(res.answer.redirectUrl);
      expect(await page.text()).toContain('Payment sandbox: no real card is charged.');
      expect((await t.db.select().from(paymentAttempts))[0]).toMatchObject({ provider: 'sandbox', status: 'sent' });
    } finally {
      await t.close();
    }
  });
});
