/**
 * The folio through the app: a booking's charges are its quote's lines (GCT adding up to the
 * quote's), payments, refunds, charges and voids move what it reads as paid exactly as the
 * contract's paymentStatusOf says, only the right people may do each, a refusal writes nothing,
 * and the database keeps the folio append-only and the booking's payment state its own.
 */
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BodyInputOf,
  type Extra,
  FOLIO_MESSAGES,
  type Folio,
  gctOn,
  pathFor,
  type PaymentStatus,
  paymentStatusOf,
  type PriceRules,
  type PricesBodyInput,
  REFUSAL_CODES,
} from '@rental/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MIGRATIONS_DIR, migrate } from '../src/db/migrate';
import { pgErrorCode, queryRows } from '../src/db/types';
import {
  type Account,
  authHeader,
  callWithStatus,
  createOwner,
  createStaff,
  createTestApp,
  createTestDatabase,
  describeDatabase,
  refusalOf,
  statusOf,
  type TestApp,
  type TestDatabase,
  testApi,
} from './helpers';
import { addCar, customersWithTokens, day } from './support/fleet';

const NO_RULES: PriceRules = {
  seasons: [],
  weeklyPercentOff: 0,
  monthlyPercentOff: 0,
  additionalDriverPerDay: 0,
  delivery: { airport: null, portmore: null, kingston: null },
};
const NOWHERE = '3f0e1c8e-0000-4000-8000-000000000000';

describe(`the folio (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let manager: Account;
  let agent: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
    [manager, agent] = [await createStaff(t.app, 'manager'), await createStaff(t.app, 'agent')];
  });
  afterAll(() => t?.close());

  async function savePrices(body: PricesBodyInput): Promise<{ rules: PriceRules; extras: Extra[] }> {
    const res = await callWithStatus(t.app, owner.token, 'savePrices', { body });
    expect(res.status).toBe(200);
    return res.answer;
  }

  /** A customer of its own (each may hold only a few pending bookings) books a car of its own. */
  async function booked(choices: Partial<BodyInputOf<'createBooking'>> = {}, pricePerDay = 6000) {
    const car = await addCar(t.app, owner.token, { pricePerDay });
    const [customer] = await customersWithTokens(t.app, 1);
    const res = await callWithStatus(t.app, customer!.token, 'createBooking', {
      body: { car: car._id, pickupDate: day(20), returnDate: day(22), paymentMethod: 'upfront', ...choices },
    });
    expect(res.status).toBe(201);
    return { ...res.answer.booking, customer: customer!, car };
  }

  const readFolio = (token: string | undefined, id: string) => callWithStatus(t.app, token, 'folio', { params: { id } });
  async function folioOf(id: string): Promise<Folio> {
    const res = await readFolio(owner.token, id);
    expect(res.status).toBe(200);
    return res.answer.folio;
  }
  const recordPayment = (token: string, id: string, body: BodyInputOf<'recordPayment'>) =>
    callWithStatus(t.app, token, 'recordPayment', { params: { id }, body });
  const recordRefund = (token: string, id: string, body: BodyInputOf<'recordRefund'>) => callWithStatus(t.app, token, 'recordRefund', { params: { id }, body });
  const addCharge = (token: string, id: string, body: BodyInputOf<'addCharge'>) => callWithStatus(t.app, token, 'addCharge', { params: { id }, body });
  /** A body the contract's types would refuse, sent as it is. */
  const postRaw = (token: string, name: 'recordPayment' | 'addCharge', id: string, body: object) =>
    t.app.inject({ method: 'POST', url: pathFor(name, { id }), headers: authHeader(token), payload: body });
  const voidLine = (token: string, id: string, lineId: string, reason = 'Entered by mistake') =>
    callWithStatus(t.app, token, 'voidLine', { params: { id, lineId }, body: { reason } });

  async function ok(call: Promise<{ status: number; answer: { message: string; folio: Folio } }>, message: string): Promise<Folio> {
    const res = await call;
    expect(res.status).toBe(201);
    expect(res.answer.message).toBe(message);
    return res.answer.folio;
  }
  const pay = (id: string, amount: number, token = owner.token) => ok(recordPayment(token, id, { method: 'cash', amount }), FOLIO_MESSAGES.paymentRecorded);
  const refund = (id: string, amount: number) =>
    ok(recordRefund(manager.token, id, { method: 'cash', amount, note: 'Given back at the desk' }), FOLIO_MESSAGES.refundRecorded);
  const charge = (id: string, body: BodyInputOf<'addCharge'>, token = agent.token) => ok(addCharge(token, id, body), FOLIO_MESSAGES.chargeAdded);
  const setStatus = async (id: string, status: BodyInputOf<'changeStatus'>['status']) => {
    const res = await callWithStatus(t.app, owner.token, 'changeStatus', { body: { bookingId: id, status } });
    expect(res.status).toBe(200);
  };

  /** What staff's list and the customer's own booking say is paid. */
  async function shownStatus(booking: { _id: string; reference: string; customer: { token: string } }): Promise<PaymentStatus> {
    const listed = await testApi(t.app, owner.token).call('ownerBookings', { query: { limit: 5, q: booking.reference } });
    const own = await testApi(t.app, booking.customer.token).call('userBooking', { params: { reference: booking.reference } });
    const fromList = listed.bookings.find((b) => b._id === booking._id)!.paymentStatus;
    expect(own.booking.paymentStatus).toBe(fromList);
    return fromList;
  }

  /** The folio's sums hold, and every screen reads the payment state the contract's rule gives. */
  async function consistent(booking: { _id: string; reference: string; customer: { token: string } }): Promise<Folio> {
    const folio = await folioOf(booking._id);
    const { charged, paid, refunded, balance } = folio.totals;
    expect(balance).toBe(charged - paid + refunded);
    expect(charged).toBe(folio.lines.reduce((sum, l) => sum + l.amount + l.gct, 0));
    expect(folio.paymentStatus).toBe(paymentStatusOf(folio.totals));
    expect(await shownStatus(booking)).toBe(folio.paymentStatus);
    return folio;
  }

  async function countRows(bookingId: string) {
    const [row] = await queryRows<{ lines: number; payments: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM folio_lines WHERE booking_id = ${bookingId}) AS lines, (SELECT count(*)::int FROM folio_payments WHERE booking_id = ${bookingId}) AS payments`,
    );
    return row!;
  }

  describe('a new booking', () => {
    it('has its quote’s lines, discount, extras and delivery with GCT at 15% adding up to the quote’s, and owes its price', async () => {
      const { extras } = await savePrices({
        ...NO_RULES,
        weeklyPercentOff: 10,
        delivery: { airport: 4500, portmore: 2000, kingston: null },
        extras: [{ name: 'Child seat', description: 'For children up to 4 years.', charge: 'per_day', price: 800, maxPerBooking: 2, stock: null }],
      });
      const booking = await booked(
        {
          pickupDate: day(30),
          returnDate: day(37),
          extras: [{ id: extras[0]!.id, quantity: 2 }],
          delivery: { place: 'portmore', address: '12 Braeton Parkway' },
        },
        7777,
      );
      const quote = booking.quote!;
      expect(quote.gctPercent).toBe(15);
      expect(quote.lines.map((l) => l.kind)).toEqual(['days', 'discount', 'extra', 'delivery']);

      const folio = await consistent(booking);
      expect(folio.lines.map((l) => [l.kind, l.label, l.amount, l.by, l.voided])).toEqual([
        ['rental', quote.lines[0]!.label, 7 * 7777, null, false],
        ['discount', 'Weekly rate: 10% off', -Math.round(7 * 7777 * 0.1), null, false],
        ['extra', quote.lines[2]!.label, 2 * 7 * 800, null, false],
        ['delivery', 'Delivery and collection: 12 Braeton Parkway', 2000, null, false],
      ]);
      // Each line carries its share of the quote's GCT: the GCT on the running subtotal, less what the lines before carried.
      let running = 0;
      for (const [i, line] of folio.lines.entries()) {
        const before = running;
        running += quote.lines[i]!.amount;
        expect(line.gct).toBe(gctOn(running, 15) - gctOn(before, 15));
      }
      expect(folio.totals).toEqual({ charged: booking.price, gct: quote.gct, paid: 0, refunded: 0, balance: booking.price });
      expect(booking.price).toBe(quote.total);
      expect(folio.paymentStatus).toBe('unpaid');
      expect(folio.payments).toEqual([]);
      await savePrices({ ...NO_RULES, extras: [] });
    });

    it('adds up to the quote’s GCT where rounding each line alone would not', async () => {
      // 7777 and 1777 each round up alone (1166.55 and 266.55: 1434 together); on their sum 9554, GCT is 1433.1.
      const { extras } = await savePrices({
        ...NO_RULES,
        extras: [{ name: 'Cooler box', description: '', charge: 'per_rental', price: 1777, maxPerBooking: 1, stock: null }],
      });
      const booking = await booked({ pickupDate: day(40), returnDate: day(41), extras: [{ id: extras[0]!.id, quantity: 1 }] }, 7777);
      expect(gctOn(7777, 15) + gctOn(1777, 15)).toBe(1434);
      expect(booking.quote!.gct).toBe(1433);
      const folio = await consistent(booking);
      expect(folio.lines.map((l) => [l.amount, l.gct])).toEqual([
        [7777, 1167],
        [1777, 266],
      ]);
      expect(folio.totals).toMatchObject({ charged: 9554 + 1433, gct: 1433, balance: booking.price });
      await savePrices({ ...NO_RULES, extras: [] });
    });
  });

  it('is read by its customer and by staff; another customer or a visitor gets nothing', async () => {
    const booking = await booked();
    const mine = await readFolio(booking.customer.token, booking._id);
    expect(mine.status).toBe(200);
    expect(mine.answer.folio).toMatchObject({ bookingId: booking._id, reference: booking.reference, totals: { balance: booking.price } });
    for (const staff of [owner, manager, agent]) expect((await readFolio(staff.token, booking._id)).status).toBe(200);
    const [stranger] = await customersWithTokens(t.app, 1);
    const theirs = await refusalOf(readFolio(stranger!.token, booking._id));
    expect(theirs.status).toBe(404);
    expect(theirs.answer?.success).toBe(false);
    expect(await statusOf(readFolio(stranger!.token, 'not-a-booking'))).toBe(404);
    expect(await statusOf(readFolio(owner.token, NOWHERE))).toBe(404);
    expect(await statusOf(readFolio(undefined, booking._id))).toBe(401);
  });

  it('moves from unpaid to part paid, paid, refund due and refunded as payments, charges, refunds and the cancellation come', async () => {
    const booking = await booked();
    const price = booking.price;
    expect((await consistent(booking)).paymentStatus).toBe('unpaid');

    // A counter agent takes part of it.
    let folio = await pay(booking._id, 5000, agent.token);
    expect(folio.payments.map((p) => [p.kind, p.method, p.amount, p.by])).toEqual([['payment', 'cash', 5000, agent.user.name]]);
    expect((await consistent(booking)).paymentStatus).toBe('part_paid');
    folio = await pay(booking._id, price - 5000);
    expect(folio.totals.balance).toBe(0);
    expect((await consistent(booking)).paymentStatus).toBe('paid');

    // A discount given after payment: the company owes it back.
    folio = await charge(booking._id, { kind: 'discount', label: 'Loyal customer', amount: 2000, gctApplies: false });
    expect(folio.lines.at(-1)).toMatchObject({ kind: 'discount', label: 'Loyal customer', amount: -2000, gct: 0, by: agent.user.name });
    expect(folio.totals.balance).toBe(-2000);
    expect((await consistent(booking)).paymentStatus).toBe('refund_due');
    folio = await refund(booking._id, 2000);
    expect(folio.totals).toMatchObject({ paid: price, refunded: 2000, balance: 0 });
    expect((await consistent(booking)).paymentStatus).toBe('paid');

    // Cancelled: every charge voided, all that was kept is owed back; once given back it reads Refunded, not Paid.
    await setStatus(booking._id, 'cancelled');
    folio = await consistent(booking);
    expect(folio.totals).toMatchObject({ charged: 0, balance: -(price - 2000) });
    expect(folio.paymentStatus).toBe('refund_due');
    const originals = folio.lines.filter((l) => !l.voidsLineId);
    expect(originals.every((l) => l.voided)).toBe(true);
    const voids = folio.lines.filter((l) => l.voidsLineId);
    expect(voids.map((l) => l.voidsLineId).sort()).toEqual(originals.map((l) => l.id).sort());
    expect(voids.every((l) => l.reason === 'Booking cancelled' && l.label.startsWith('Voided: '))).toBe(true);
    await refund(booking._id, price - 2000);
    folio = await consistent(booking);
    expect(folio.totals).toEqual({ charged: 0, gct: 0, paid: price, refunded: price, balance: 0 });
    expect(folio.paymentStatus).toBe('refunded');
  });

  it('refunds: managers only, never more than was paid and not yet refunded; a refusal writes nothing', async () => {
    const booking = await booked();
    const tooMuch = { success: false, message: REFUSAL_CODES.refund_too_much, code: 'refund_too_much' };
    const refusedTooMuch = { status: 409, answer: tooMuch };
    expect(await refusalOf(recordRefund(manager.token, booking._id, { method: 'cash', amount: 1, note: 'Nothing was paid' }))).toEqual(refusedTooMuch);
    await pay(booking._id, 3000);
    expect(await statusOf(recordRefund(agent.token, booking._id, { method: 'cash', amount: 1000, note: 'At the desk' }))).toBe(403);
    expect(await refusalOf(recordRefund(owner.token, booking._id, { method: 'cash', amount: 3001, note: 'Too much' }))).toEqual(refusedTooMuch);
    expect(await statusOf(recordPayment(booking.customer.token, booking._id, { method: 'cash', amount: 100 }))).toBe(403);
    expect(await statusOf(recordPayment(owner.token, NOWHERE, { method: 'cash', amount: 100 }))).toBe(404);
    expect(await statusOf(recordPayment(owner.token, booking._id, { method: 'cash', amount: 0 }))).toBe(400);
    const badMethod = await postRaw(owner.token, 'recordPayment', booking._id, { method: 'cheque', amount: 100 });
    expect(badMethod.statusCode).toBe(400);
    expect(badMethod.json().message).toBe('Please choose how the money moved: card, bank deposit, cash or bank transfer.');
    expect(await countRows(booking._id)).toEqual({ lines: 1, payments: 1 });

    await refund(booking._id, 1000);
    expect(await refusalOf(recordRefund(manager.token, booking._id, { method: 'cash', amount: 2001, note: 'Too much' }))).toEqual(refusedTooMuch);
    const folio = await refund(booking._id, 2000);
    expect(folio.totals).toMatchObject({ paid: 3000, refunded: 3000, balance: booking.price });
    // All that was paid was given back while the booking still stands: it reads as the contract's rule says.
    expect((await consistent(booking)).paymentStatus).toBe(paymentStatusOf({ paid: 3000, refunded: 3000, balance: booking.price }));
  });

  it('charges: staff add them, GCT at the company’s rate when it applies, a discount lowers the balance', async () => {
    const booking = await booked();
    let folio = await charge(booking._id, { kind: 'damage', label: 'Scratch on the rear door', amount: 12_345, gctApplies: true });
    expect(folio.lines.at(-1)).toMatchObject({ kind: 'damage', amount: 12_345, gct: gctOn(12_345, 15), voided: false });
    folio = await charge(booking._id, { kind: 'toll', label: 'Highway 2000 toll', amount: 450, gctApplies: false }, owner.token);
    expect(folio.lines.at(-1)).toMatchObject({ kind: 'toll', amount: 450, gct: 0 });
    folio = await charge(booking._id, { kind: 'discount', label: 'Sorry for the wait', amount: 1000, gctApplies: true });
    expect(folio.lines.at(-1)).toMatchObject({ kind: 'discount', amount: -1000, gct: -gctOn(1000, 15) });
    expect(folio.totals.balance).toBe(booking.price + 12_345 + gctOn(12_345, 15) + 450 - 1000 - gctOn(1000, 15));
    expect((await consistent(booking)).paymentStatus).toBe('unpaid');

    expect(await statusOf(addCharge(booking.customer.token, booking._id, { kind: 'other', label: 'Mine', amount: 1, gctApplies: false }))).toBe(403);
    const badKind = await postRaw(agent.token, 'addCharge', booking._id, { kind: 'rental', label: 'More days', amount: 1, gctApplies: false });
    expect(badKind.statusCode).toBe(400);
    const noGctAnswer = await postRaw(agent.token, 'addCharge', booking._id, { kind: 'fuel', label: 'Refuel', amount: 3000 });
    expect([noGctAnswer.statusCode, noGctAnswer.json().message]).toEqual([400, 'Please say whether GCT applies.']);
    expect(await countRows(booking._id)).toEqual({ lines: 4, payments: 0 });
  });

  it('voids: managers only, a line once, never a voiding line, only a line of this booking', async () => {
    const booking = await booked();
    const other = await booked();
    let folio = await charge(booking._id, { kind: 'fuel', label: 'Refuel', amount: 3000, gctApplies: true });
    const fuel = folio.lines.at(-1)!;
    expect(await statusOf(voidLine(agent.token, booking._id, fuel.id))).toBe(403);
    folio = await ok(voidLine(manager.token, booking._id, fuel.id, 'The tank was full'), FOLIO_MESSAGES.lineVoided);
    const voiding = folio.lines.at(-1)!;
    expect(voiding).toMatchObject({
      kind: 'fuel',
      label: 'Voided: Refuel',
      amount: -3000,
      gct: -gctOn(3000, 15),
      voidsLineId: fuel.id,
      reason: 'The tank was full',
      by: manager.user.name,
    });
    expect(folio.lines.find((l) => l.id === fuel.id)!.voided).toBe(true);
    expect(folio.totals.balance).toBe(booking.price);

    const refusals: [Awaited<ReturnType<typeof refusalOf>>, number, keyof typeof REFUSAL_CODES][] = [
      [await refusalOf(voidLine(owner.token, booking._id, fuel.id)), 409, 'line_already_voided'],
      [await refusalOf(voidLine(owner.token, booking._id, voiding.id)), 409, 'void_of_void'],
      [await refusalOf(voidLine(owner.token, booking._id, NOWHERE)), 404, 'line_not_found'],
      [await refusalOf(voidLine(owner.token, booking._id, 'line-7')), 404, 'line_not_found'],
      [await refusalOf(voidLine(owner.token, other._id, fuel.id)), 404, 'line_not_found'],
    ];
    for (const [refused, status, code] of refusals) expect(refused).toEqual({ status, answer: { success: false, message: REFUSAL_CODES[code], code } });
    const noReason = await t.app.inject({
      method: 'POST',
      url: pathFor('voidLine', { id: booking._id, lineId: folio.lines[0]!.id }),
      headers: authHeader(owner.token),
      payload: {},
    });
    expect(noReason.statusCode).toBe(400);
    expect(await countRows(booking._id)).toEqual({ lines: 3, payments: 0 });
    expect(await countRows(other._id)).toEqual({ lines: 1, payments: 0 });

    // The rental line itself may be voided (a goodwill gesture): nothing is owed then.
    folio = await ok(voidLine(owner.token, booking._id, folio.lines[0]!.id), FOLIO_MESSAGES.lineVoided);
    expect(folio.totals).toMatchObject({ charged: 0, balance: 0 });
    expect((await consistent(booking)).paymentStatus).toBe('unpaid');
  });

  it('cancelling voids the charges added later too; re-opening adds the quote’s lines again', async () => {
    const booking = await booked();
    await charge(booking._id, { kind: 'cleaning', label: 'Sand in the boot', amount: 2500, gctApplies: true });
    await pay(booking._id, 1000);
    await setStatus(booking._id, 'cancelled');
    let folio = await consistent(booking);
    expect(folio.totals).toMatchObject({ charged: 0, paid: 1000, balance: -1000 });
    expect(folio.lines.filter((l) => !l.voidsLineId).every((l) => l.voided)).toBe(true);
    expect(folio.paymentStatus).toBe('refund_due');

    await setStatus(booking._id, 'confirmed');
    folio = await consistent(booking);
    const reopened = folio.lines.filter((l) => l.label.startsWith('Re-opened: '));
    expect(reopened.map((l) => [l.kind, l.amount + l.gct, l.voided])).toEqual([['rental', booking.price, false]]);
    // The cleaning charge stays voided: it is not the quote's.
    expect(folio.totals).toMatchObject({ charged: booking.price, paid: 1000, balance: booking.price - 1000 });
    expect(folio.paymentStatus).toBe('part_paid');
  });

  it('a booking paid, cancelled and refunded in full reads Refunded; re-opened it owes its price again and reads Not paid yet', async () => {
    const booking = await booked();
    await pay(booking._id, booking.price);
    await setStatus(booking._id, 'cancelled');
    await refund(booking._id, booking.price);
    expect((await consistent(booking)).paymentStatus).toBe('refunded');
    await setStatus(booking._id, 'pending');
    const folio = await consistent(booking);
    expect(folio.totals).toMatchObject({ charged: booking.price, paid: booking.price, refunded: booking.price, balance: booking.price });
    expect(folio.paymentStatus).toBe('unpaid');
  });

  it('“Record the balance as paid” pays what is owed, by the booking’s own method, and refuses when nothing is owing', async () => {
    const bank = {
      bankName: 'NCB',
      accountHolderName: 'Waterford Rentals Ltd',
      branch: 'Portmore',
      accountNumber: '123-456-789',
      accountType: 'Savings',
    } as const;
    expect((await callWithStatus(t.app, owner.token, 'bankDetails', { body: bank })).status).toBe(200);
    const booking = await booked({ paymentMethod: 'cash_deposit' });
    await pay(booking._id, 1500);
    const res = await callWithStatus(t.app, agent.token, 'changePaymentStatus', { body: { bookingId: booking._id, paymentStatus: 'paid' } });
    expect(res.status).toBe(200);
    expect(res.answer.booking).toMatchObject({ _id: booking._id, paymentStatus: 'paid', price: booking.price });
    const folio = await consistent(booking);
    expect(folio.payments.map((p) => [p.method, p.amount])).toEqual([
      ['cash', 1500],
      ['bank_deposit', booking.price - 1500],
    ]);
    const again = callWithStatus(t.app, agent.token, 'changePaymentStatus', { body: { bookingId: booking._id, paymentStatus: 'paid', method: 'card' } });
    expect(await refusalOf(again)).toEqual({ status: 409, answer: { success: false, message: REFUSAL_CODES.nothing_owing, code: 'nothing_owing' } });
    expect(await countRows(booking._id)).toEqual({ lines: 1, payments: 2 });
  });

  describe('the database', () => {
    it('overrides a payment state written by hand with the folio’s', async () => {
      const booking = await booked();
      await t.db.execute(sql`UPDATE bookings SET payment_status = 'paid' WHERE id = ${booking._id}`);
      expect(await shownStatus(booking)).toBe('unpaid');
      await pay(booking._id, 100);
      await t.db.execute(sql`UPDATE bookings SET payment_status = 'unpaid', price = price WHERE id = ${booking._id}`);
      expect(await shownStatus(booking)).toBe('part_paid');
    });

    it('refuses to change or remove a folio’s lines and payments, whoever asks', async () => {
      const booking = await booked();
      await pay(booking._id, 100);
      const before = await folioOf(booking._id);
      for (const statement of [
        sql`UPDATE folio_lines SET amount = 1 WHERE booking_id = ${booking._id}`,
        sql`DELETE FROM folio_lines WHERE booking_id = ${booking._id}`,
        sql`UPDATE folio_payments SET amount = 100000 WHERE booking_id = ${booking._id}`,
        sql`DELETE FROM folio_payments WHERE booking_id = ${booking._id}`,
      ]) {
        const error = await t.db.execute(statement).then(
          () => null,
          (err: unknown) => err,
        );
        expect(pgErrorCode(error)).toBe('23514');
        expect(`${(error as Error).message} ${((error as Error).cause as Error | undefined)?.message}`).toMatch(/never changed or removed/);
      }
      expect(await folioOf(booking._id)).toEqual(before);
    });

    it('folio_status_of and the contract’s paymentStatusOf agree on every sum', async () => {
      const amounts = [0, 1, 499, 500, 1000, 1500];
      const grid = [-500, ...amounts].flatMap((charged) => amounts.flatMap((paid) => amounts.map((refunded) => ({ charged, paid, refunded }))));
      const rows = await queryRows<{ charged: number; paid: number; refunded: number; status: string }>(
        t.db,
        sql`SELECT g.charged, g.paid, g.refunded, folio_status_of(g.charged, g.paid, g.refunded) AS status
            FROM jsonb_to_recordset(${JSON.stringify(grid)}::jsonb) AS g(charged int, paid int, refunded int)`,
      );
      expect(rows).toHaveLength(grid.length);
      const seen = new Set<string>();
      for (const { charged, paid, refunded, status } of rows) {
        const balance = charged - paid + refunded;
        expect([charged, paid, refunded, status]).toEqual([charged, paid, refunded, paymentStatusOf({ paid, refunded, balance })]);
        seen.add(status);
      }
      expect([...seen].sort()).toEqual(['paid', 'part_paid', 'refund_due', 'refunded', 'unpaid']);
    });
  });
});

/**
 * The upgrade to the folio (0024): every booking so far gets its lines, and what was marked paid
 * becomes payments, as the migration's comments say: "paid" a payment of the price (by card, each
 * paid attempt and its refunds instead), "deposit received" a payment of the price it was marked
 * against (before the change that made it part paid), and a returned rental's charges and the
 * deposit kept against them.
 */
describe(`the upgrade that gives every booking its folio (${describeDatabase})`, () => {
  const MIGRATION = '0024_folio.sql';
  let work: string;
  let database: TestDatabase;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'rental-0024-'));
    for (const name of (await readdir(DEFAULT_MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql') && f < MIGRATION)) {
      await copyFile(join(DEFAULT_MIGRATIONS_DIR, name), join(work, name));
    }
    database = await createTestDatabase({ migrationsDir: work });
  });
  afterAll(async () => {
    await database?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('turns the payment states marked by hand, card payments and returned rentals into folios that read the same', async () => {
    const target = database.opened.raw;
    const one = async <R>(text: string, values: unknown[] = []) => (await target.pool.query(text, values)).rows[0] as R;
    const run = (text: string, values: unknown[] = []) => target.pool.query(text, values);

    const { id: customer } = await one<{ id: string }>(
      "INSERT INTO users (name, email, password_hash) VALUES ('Marcia Campbell', 'marcia@example.com', 'x') RETURNING id",
    );
    const { id: agentId } = await one<{ id: string }>(
      "INSERT INTO users (name, email, password_hash) VALUES ('Desk Agent', 'desk@example.com', 'x') RETURNING id",
    );
    await run("INSERT INTO images (id, content, mime_type, width, height) VALUES ('00000000-0000-4000-8000-000000000024', '\\x00', 'image/webp', 1, 1)");
    const { id: car } = await one<{ id: string }>(
      `INSERT INTO cars (brand, model, year, price_per_day, category, transmission, fuel_type, seating_capacity, location, description, image_id)
       VALUES ('Toyota', 'Corolla', 2021, 5000, 'Sedan', 'Automatic', 'Gas', 5, 'Portmore', 'A car', '00000000-0000-4000-8000-000000000024') RETURNING id`,
    );
    let nextDay = 0;
    const booking = async (values: { price: number; status?: string; method?: string; paymentStatus?: string; quote?: object }) => {
      nextDay += 3;
      const date = day(-400 + nextDay);
      const row = await one<{ id: string }>(
        `INSERT INTO bookings (car_id, user_id, pickup_date, return_date, price, status, payment_method, payment_status, quote)
         VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          car,
          customer,
          date,
          values.price,
          values.status ?? 'confirmed',
          values.method ?? 'upfront',
          values.paymentStatus ?? 'unpaid',
          values.quote ? JSON.stringify(values.quote) : null,
        ],
      );
      return row.id;
    };
    const quote = {
      lines: [
        { kind: 'days', label: 'Toyota Corolla', quantity: 2, unitPrice: 5000, amount: 10_000 },
        { kind: 'extra', label: 'Child seat', quantity: 1, unitPrice: 1777, amount: 1777 },
      ],
      subtotal: 11_777,
      gctPercent: 15,
      gct: 1767,
      total: 13_544,
      currency: 'JMD',
      securityDeposit: 5000,
      days: 2,
      extras: [],
      additionalDrivers: 0,
      delivery: null,
    };

    const unpaid = await booking({ price: 5000 });
    const paidByHand = await booking({ price: 13_544, quote, paymentStatus: 'paid' });
    const priceAgreed = await booking({ price: 14_000, quote });
    const depositReceived = await booking({ price: 9000, method: 'cash_deposit', paymentStatus: 'deposit_received' });
    // Paid, then the dates changed and the price rose: staff's change made it "deposit received" (the history keeps the price before).
    const priceRose = await booking({ price: 10_000, method: 'cash_deposit', paymentStatus: 'paid' });
    await run("UPDATE bookings SET price = 12000, payment_status = 'deposit_received' WHERE id = $1", [priceRose]);
    const cancelledPaid = await booking({ price: 7000, status: 'cancelled', paymentStatus: 'paid' });
    const byCard = await booking({ price: 8000, method: 'card', paymentStatus: 'paid' });
    const cardRefunded = await booking({ price: 6000, method: 'card', paymentStatus: 'paid', status: 'cancelled' });
    const attempt = (bookingId: string, orderId: string, amount: number, status: string, refunded = 0) =>
      one<{ id: string }>(
        `INSERT INTO payment_attempts (booking_id, order_id, provider, amount, currency, status, refunded_amount, transaction_id)
         VALUES ($1, $2, 'sandbox', $3, 'JMD', $4, $5, $6) RETURNING id`,
        [bookingId, orderId, amount, status, refunded, `TX-${orderId}`],
      );
    const { id: cardAttempt } = await attempt(byCard, 'ORD-1', 8000, 'paid');
    await attempt(byCard, 'ORD-2', 8000, 'failed');
    const { id: refundedAttempt } = await attempt(cardRefunded, 'ORD-3', 6000, 'refunded', 6000);
    // Returned late and short of fuel: 4000 + 1000 and GCT on them, 5000 of the deposit kept, 750 still owing.
    const returned = await booking({ price: 8000, status: 'returned', paymentStatus: 'paid' });
    const charges = [
      { kind: 'late', label: 'Late return: 1 extra day at 4,000 a day', amount: 4000 },
      { kind: 'fuel', label: 'Fuel: 2 eighths of a tank missing', amount: 1000 },
      { kind: 'gct', label: 'GCT 15% on the charges', amount: 750 },
    ];
    await run(
      `INSERT INTO rentals (booking_id, checked_out_by, licence_number, odometer_out, fuel_out, deposit_amount, deposit_method, signature, agreement_pdf,
                            checked_in_at, checked_in_by, returned_at, odometer_in, fuel_in, charges, charges_total, deposit_refunded, deposit_kept, owing, receipt_number)
       VALUES ($1, $2, 'L-123', 1000, 8, 5000, 'card', '\\x00', '\\x00', now(), $2, now(), 1200, 6, $3, 5750, 0, 5000, 750, 'R-0001')`,
      [returned, agentId, JSON.stringify(charges)],
    );

    expect(await migrate(target)).toContain(MIGRATION);

    type Line = { kind: string; label: string; amount: number; gct: number; voids: boolean };
    type Payment = { kind: string; method: string; amount: number; reference: string; note: string; attempt_id: string | null };
    const folio = async (id: string) => ({
      lines: (await run('SELECT kind, label, amount, gct, voids_line_id IS NOT NULL AS voids FROM folio_lines WHERE booking_id = $1 ORDER BY seq', [id]))
        .rows as Line[],
      payments: (await run('SELECT kind, method, amount, reference, note, attempt_id FROM folio_payments WHERE booking_id = $1 ORDER BY seq', [id]))
        .rows as Payment[],
      status: (await one<{ payment_status: string }>('SELECT payment_status FROM bookings WHERE id = $1', [id])).payment_status,
    });
    const line = (kind: string, label: string, amount: number, gct = 0, voids = false): Line => ({ kind, label, amount, gct, voids });
    const payment = (amount: number, values: Partial<Payment> = {}): Payment => ({
      kind: 'payment',
      method: 'cash',
      amount,
      reference: '',
      note: 'Marked "paid" before the folio',
      attempt_id: null,
      ...values,
    });

    expect(await folio(unpaid)).toEqual({ lines: [line('rental', 'Rental', 5000)], payments: [], status: 'unpaid' });
    // The quote's lines, each with its share of the quote's GCT.
    const quoted = [line('rental', 'Toyota Corolla', 10_000, 1500), line('extra', 'Child seat', 1777, 267)];
    expect(await folio(paidByHand)).toEqual({ lines: quoted, payments: [payment(13_544)], status: 'paid' });
    // A price that was not the quote's total is said as it is.
    expect(await folio(priceAgreed)).toEqual({ lines: [...quoted, line('change', 'Price agreed', 456)], payments: [], status: 'unpaid' });
    expect(await folio(depositReceived)).toEqual({
      lines: [line('rental', 'Rental', 9000)],
      payments: [payment(9000, { method: 'bank_deposit', note: 'Marked "deposit received" before the folio' })],
      status: 'paid',
    });
    expect(await folio(priceRose)).toEqual({
      lines: [line('rental', 'Rental', 12_000)],
      payments: [payment(10_000, { method: 'bank_deposit', note: 'Marked "deposit received" before the folio' })],
      status: 'part_paid',
    });
    expect(await folio(cancelledPaid)).toEqual({
      lines: [line('rental', 'Rental', 7000), line('rental', 'Voided: Rental', -7000, 0, true)],
      payments: [payment(7000)],
      status: 'refund_due',
    });
    expect(await folio(byCard)).toEqual({
      lines: [line('rental', 'Rental', 8000)],
      payments: [payment(8000, { method: 'card', reference: 'TX-ORD-1', note: 'Card payment ORD-1', attempt_id: cardAttempt })],
      status: 'paid',
    });
    expect(await folio(cardRefunded)).toEqual({
      lines: [line('rental', 'Rental', 6000), line('rental', 'Voided: Rental', -6000, 0, true)],
      payments: [
        payment(6000, { method: 'card', reference: 'TX-ORD-3', note: 'Card payment ORD-3', attempt_id: refundedAttempt }),
        payment(6000, { kind: 'refund', method: 'card', reference: 'TX-ORD-3', note: 'Card refund ORD-3', attempt_id: refundedAttempt }),
      ],
      status: 'refunded',
    });
    const back = await folio(returned);
    expect(back).toEqual({
      lines: [
        line('rental', 'Rental', 8000),
        line('late', charges[0]!.label, 4000),
        line('fuel', charges[1]!.label, 1000),
        line('other', 'GCT 15% on the charges', 0, 750),
      ],
      payments: [payment(8000), payment(5000, { method: 'card', reference: 'security deposit', note: 'Kept from the security deposit at return' })],
      status: 'part_paid',
    });
    // What the receipt said was still owing is the folio's balance.
    const charged = back.lines.reduce((sum, l) => sum + l.amount + l.gct, 0);
    expect(charged - back.payments.reduce((sum, p) => sum + p.amount, 0)).toBe(750);

    // Every state is one the contract knows; "deposit received" is gone.
    const states = (await run('SELECT DISTINCT payment_status FROM bookings ORDER BY 1')).rows.map((r: { payment_status: string }) => r.payment_status);
    expect(states).toEqual(['paid', 'part_paid', 'refund_due', 'refunded', 'unpaid']);
    // And from now on the database keeps each folio: a booking changed after the upgrade gets its line.
    await run('UPDATE bookings SET price = 6000 WHERE id = $1', [unpaid]);
    expect((await folio(unpaid)).lines.at(-1)).toMatchObject({ kind: 'change', amount: 1000 });
  });
});
