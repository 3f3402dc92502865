/**
 * A bank deposit's slip (docs/decisions/110): the customer sends the bank's slip or a screenshot of
 * the transfer on their own cash-deposit booking; it is kept as a document (cleaned, counted in the
 * quota, private, erased with the account), listed on the booking for the customer and staff, told
 * to staff by its event's letter, and it marks nothing paid. The customer removes a slip sent by
 * mistake until staff record a payment; another customer learns nothing of it.
 */
import { API, MAX_SLIPS_PER_BOOKING, pathFor, REFUSAL_CODES, SLIP_MESSAGES } from '@rental/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, documents, outbox } from '../src/db/schema';
import { queryRows } from '../src/db/types';
import { type Account, authHeader, bookCar, createOwner, createTestApp, describeDatabase, registerCustomer, type TestApp, testApi } from './helpers';
import { addCar, day, ownerCall } from './support/fleet';
import { NOT_AN_IMAGE, smallPng } from './support/images';
import { multipart } from './support/multipart';

const BANK = { bankName: 'NCB', accountHolderName: 'Waterford Rentals Ltd', branch: 'Portmore', accountNumber: '354-1027-889', accountType: 'Chequing' };

describe(`a bank deposit's slip (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let carId: string;
  let dayOffset = 10;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app, { name: 'Owner Slips' });
    expect((await ownerCall(t.app, owner.token, 'PUT', API.bankDetails, BANK)).statusCode).toBe(200);
    carId = (await addCar(t.app, owner.token))._id;
  });
  afterAll(() => t?.close());

  /** A booking of the customer's, on days no other test of this file takes. */
  async function booking(customer: Account, method: 'cash_deposit' | 'upfront' = 'cash_deposit') {
    dayOffset += 3;
    return bookCar(t.app, customer.token, carId, day(dayOffset), day(dayOffset + 1), method);
  }

  const send = async (token: string, bookingId: string, bytes: Buffer, type = 'image/png') => {
    const form = await multipart({}, [{ name: 'file', bytes, type, filename: 'slip.png' }]);
    return t.app.inject({
      method: 'POST',
      url: pathFor('sendPaymentSlip', { id: bookingId }),
      headers: { ...form.headers, ...authHeader(token) },
      payload: form.payload,
    });
  };
  const list = (token: string, bookingId: string) =>
    t.app.inject({ method: 'GET', url: pathFor('paymentSlips', { id: bookingId }), headers: authHeader(token) });
  const remove = (token: string, bookingId: string, slipId: string) =>
    t.app.inject({ method: 'DELETE', url: pathFor('removePaymentSlip', { id: bookingId, slipId }), headers: authHeader(token) });
  const file = (token: string | null, id: string) => t.app.inject({ method: 'GET', url: pathFor('document', { id }), headers: token ? authHeader(token) : {} });
  const slipRows = (bookingId: string) => t.db.select({ id: documents.id }).from(documents).where(eq(documents.bookingId, bookingId));

  it('is kept cleaned and private: its customer and staff read it, never cached; another customer and nobody learn nothing', async () => {
    const customer = await registerCustomer(t.app);
    const stranger = await registerCustomer(t.app);
    const { _id: bookingId } = await booking(customer);

    const sent = await send(customer.token, bookingId, await smallPng());
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ success: true, message: SLIP_MESSAGES.sent, slip: { mimeType: 'image/webp', removable: true } });
    const slipId = sent.json().slip._id as string;
    // Counted in the account's quota like the driver's documents, but not listed among them.
    const mine = await testApi(t.app, customer.token).call('userDocuments');
    expect(mine.documents).toEqual([]);
    expect(mine.storage.used).toBe(sent.json().slip.size);

    for (const reader of [customer, owner]) {
      const res = await file(reader.token, slipId);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, no-store');
      const listed = await list(reader.token, bookingId);
      expect(listed.statusCode).toBe(200);
      expect(listed.json().slips.map((s: { _id: string }) => s._id)).toEqual([slipId]);
    }
    expect((await file(stranger.token, slipId)).statusCode).toBe(404);
    expect((await file(null, slipId)).statusCode).toBe(401);
    expect((await list(stranger.token, bookingId)).statusCode).toBe(404);
    // Not theirs: refused before the file is read, and the slip stays.
    const intruder = await send(stranger.token, bookingId, await smallPng());
    expect(intruder.statusCode).toBe(404);
    expect((await remove(stranger.token, bookingId, slipId)).statusCode).toBe(404);
    // The driver's documents' removal does not reach a slip.
    expect((await t.app.inject({ method: 'DELETE', url: pathFor('deleteDocument', { id: slipId }), headers: authHeader(customer.token) })).statusCode).toBe(
      404,
    );
    expect(await slipRows(bookingId)).toHaveLength(1);
  });

  it('goes into the booking’s history and tells staff, marks the booking on Manage Bookings, and marks nothing paid', async () => {
    const customer = await registerCustomer(t.app);
    const { _id: bookingId, reference } = await booking(customer);
    expect((await send(customer.token, bookingId, await smallPng())).statusCode).toBe(201);

    const events = await t.db.select({ kind: bookingEvents.kind, data: bookingEvents.data }).from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId));
    expect(events.map((e) => e.kind)).toEqual(['book', 'payment_slip_sent']);
    expect(events[1]!.data).toMatchObject({ owing: expect.any(Number) });
    const letters = await t.db
      .select({ kind: outbox.kind, subject: outbox.subject })
      .from(outbox)
      .where(and(eq(outbox.bookingId, bookingId), eq(outbox.kind, 'payment_slip_staff')));
    expect(letters).toEqual([{ kind: 'payment_slip_staff', subject: `Deposit slip sent: booking ${reference}` }]);

    const listed = await testApi(t.app, owner.token).call('ownerBookings', { query: { q: reference } });
    expect(listed.bookings.map((b) => [b.reference, b.slipsSent, b.paymentStatus])).toEqual([[reference, 1, 'unpaid']]);
  });

  it('is refused with a code for a booking not paid by bank deposit, for a file that is neither a photo nor a PDF, and after the most a booking takes', async () => {
    const customer = await registerCustomer(t.app);
    const upfront = await booking(customer, 'upfront');
    const notDeposit = await send(customer.token, upfront._id, await smallPng());
    expect(notDeposit.statusCode).toBe(409);
    expect(notDeposit.json()).toEqual({ success: false, code: 'payment_slip_not_cash_deposit', message: REFUSAL_CODES.payment_slip_not_cash_deposit });

    const { _id: bookingId } = await booking(customer);
    const unreadable = await send(customer.token, bookingId, NOT_AN_IMAGE);
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toMatchObject({ code: 'document_unreadable' });
    const noFile = await t.app.inject({
      method: 'POST',
      url: pathFor('sendPaymentSlip', { id: bookingId }),
      headers: { ...(await multipart({ note: 'x' })).headers, ...authHeader(customer.token) },
      payload: (await multipart({ note: 'x' })).payload,
    });
    expect(noFile.statusCode).toBe(400);

    const png = await smallPng();
    for (let i = 0; i < MAX_SLIPS_PER_BOOKING; i++) expect((await send(customer.token, bookingId, png)).statusCode).toBe(201);
    const tooMany = await send(customer.token, bookingId, png);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ code: 'payment_slips_too_many', message: SLIP_MESSAGES.tooMany });
    expect(await slipRows(bookingId)).toHaveLength(MAX_SLIPS_PER_BOOKING);
  });

  it('can be removed by its customer until staff record a payment, then stays; a paid booking takes no more', async () => {
    const customer = await registerCustomer(t.app);
    const placed = await booking(customer);
    const bookingId = placed._id;
    const png = await smallPng();
    const first = (await send(customer.token, bookingId, png)).json().slip._id as string;
    const mistake = (await send(customer.token, bookingId, png)).json().slip._id as string;

    const removed = await remove(customer.token, bookingId, mistake);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(SLIP_MESSAGES.removed);
    expect((await file(customer.token, mistake)).statusCode).toBe(404);
    const kinds = await queryRows<{ kind: string }>(t.db, sql`SELECT kind FROM booking_events WHERE booking_id = ${bookingId} ORDER BY id`);
    expect(kinds.map((k) => k.kind)).toEqual(['book', 'payment_slip_sent', 'payment_slip_sent', 'payment_slip_removed']);

    // Staff find the money in the bank and record it: the slip is now part of the booking's money story.
    const paid = await t.app.inject({
      method: 'POST',
      url: pathFor('recordPayment', { id: bookingId }),
      headers: authHeader(owner.token),
      payload: { method: 'bank_deposit', amount: placed.price },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const kept = await remove(customer.token, bookingId, first);
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toEqual({ success: false, code: 'payment_slip_kept', message: SLIP_MESSAGES.kept });
    expect((await list(customer.token, bookingId)).json().slips).toEqual([expect.objectContaining({ _id: first, removable: false })]);

    const late = await send(customer.token, bookingId, png);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('payment_slip_not_needed');
  });

  it('is erased with the account', async () => {
    const customer = await registerCustomer(t.app);
    const { _id: bookingId } = await booking(customer);
    const slipId = (await send(customer.token, bookingId, await smallPng())).json().slip._id as string;
    // Erasure waits for an open booking to end: the customer cancels it first.
    expect((await t.app.inject({ method: 'POST', url: API.cancelBooking, headers: authHeader(customer.token), payload: { bookingId } })).statusCode).toBe(200);
    const erased = await t.app.inject({
      method: 'DELETE',
      url: API.deleteAccount,
      headers: authHeader(customer.token),
      payload: { password: customer.password },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await t.db.select({ id: documents.id }).from(documents).where(eq(documents.id, slipId))).toEqual([]);
    expect((await file(owner.token, slipId)).statusCode).toBe(404);
  });
});
