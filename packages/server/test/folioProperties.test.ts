/**
 * The folio under random use: 300 short lives of a booking (book, change dates, name drivers, pay,
 * refund, charge, void, cancel, re-open, no-show, check-out, check-in), all through the API. After
 * every step the folio adds up (balance = charged - paid + refunded), the booking reads as paid
 * exactly as the contract's paymentStatusOf says, a refund never gives back more than was paid,
 * a refusal writes nothing, and a cancelled or no-show booking holds no days of its car.
 */
import { API, FOLIO_MESSAGES, type Folio, pathFor, paymentStatusOf, REFUSAL_CODES, refundableOf } from '@rental/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverDetails, users } from '../src/db/schema';
import { queryRows } from '../src/db/types';
import { eq } from 'drizzle-orm';
import { type Account, authHeader, callWithStatus, createOwner, createStaff, createTestApp, describeDatabase, type TestApp } from './helpers';
import { checkInForm, checkOutForm, postCounter } from './support/counter';
import { addCar, customersWithTokens, day } from './support/fleet';

type Step =
  | { act: 'changeDates'; pickupIn: number; nights: number }
  | { act: 'nameDrivers'; count: number }
  | { act: 'pay'; amount: number; method: 'cash' | 'card' | 'bank_deposit' | 'bank_transfer' }
  | { act: 'refund'; amount: number | 'all' | 'half' }
  | { act: 'charge'; kind: 'damage' | 'toll' | 'fuel' | 'discount'; amount: number; gctApplies: boolean }
  | { act: 'void'; pick: number }
  | { act: 'status'; status: 'cancelled' | 'confirmed' | 'pending' | 'no_show' }
  | { act: 'checkOut' }
  | { act: 'checkIn'; cleaning: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ act: fc.constant('changeDates' as const), pickupIn: fc.integer({ min: 0, max: 3 }), nights: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ act: fc.constant('nameDrivers' as const), count: fc.integer({ min: 0, max: 2 }) }),
  fc.record({
    act: fc.constant('pay' as const),
    amount: fc.integer({ min: 1, max: 25_000 }),
    method: fc.constantFrom('cash' as const, 'card' as const, 'bank_deposit' as const, 'bank_transfer' as const),
  }),
  fc.record({
    act: fc.constant('refund' as const),
    amount: fc.oneof(fc.constant('all' as const), fc.constant('half' as const), fc.integer({ min: 1, max: 25_000 })),
  }),
  fc.record({
    act: fc.constant('charge' as const),
    kind: fc.constantFrom('damage' as const, 'toll' as const, 'fuel' as const, 'discount' as const),
    amount: fc.integer({ min: 1, max: 9_999 }),
    gctApplies: fc.boolean(),
  }),
  fc.record({ act: fc.constant('void' as const), pick: fc.nat() }),
  fc.record({
    act: fc.constant('status' as const),
    status: fc.constantFrom('cancelled' as const, 'confirmed' as const, 'pending' as const, 'no_show' as const),
  }),
  // The keys go out and come back more often than the rest is tried: both need the steps before them.
  { arbitrary: fc.record({ act: fc.constant('checkOut' as const) }), weight: 2 },
  { arbitrary: fc.record({ act: fc.constant('checkIn' as const), cleaning: fc.constantFrom(0, 1500) }), weight: 2 },
);

describe(`the folio under random sequences (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let manager: Account;
  let template: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
    manager = await createStaff(t.app, 'manager');
    template = (await addCar(t.app, owner.token, { brand: 'Nissan', model: 'Note', pricePerDay: 6500 }))._id;
  });
  afterAll(() => t?.close());

  /** A car and an approved driver of the run's own: no run meets another's days or pending limit. */
  async function freshRun() {
    const [car] = await queryRows<{ id: string }>(
      t.db,
      sql`INSERT INTO cars (brand, model, year, price_per_day, category, transmission, fuel_type, seating_capacity, location, description, image_id)
          SELECT brand, model, year, price_per_day, category, transmission, fuel_type, seating_capacity, location, description, image_id FROM cars WHERE id = ${template}
          RETURNING id`,
    );
    const [customer] = await customersWithTokens(t.app, 1);
    await t.db.insert(driverDetails).values({
      userId: customer!.id,
      licenceNumber: 'JM123456789',
      licenceCountry: 'Jamaica',
      licenceIssued: '2015-01-10',
      licenceExpires: '2035-01-10',
      dateOfBirth: '1985-05-05',
    });
    await t.db.update(users).set({ vettingStatus: 'approved' }).where(eq(users.id, customer!.id));
    return { carId: car!.id, customer: customer! };
  }

  const inject = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: authHeader(token), payload });

  async function folioOf(id: string): Promise<Folio> {
    const res = await callWithStatus(t.app, owner.token, 'folio', { params: { id } });
    expect(res.status).toBe(200);
    return res.answer.folio;
  }

  async function rowCounts(id: string) {
    const [row] = await queryRows<{ lines: number; payments: number; status: string; held: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM folio_lines WHERE booking_id = ${id}) AS lines,
                 (SELECT count(*)::int FROM folio_payments WHERE booking_id = ${id}) AS payments,
                 (SELECT count(*)::int FROM derived.car_days_taken WHERE booking_id = ${id}) AS held,
                 status
          FROM bookings WHERE id = ${id}`,
    );
    return row!;
  }

  /** What every step leaves true. */
  async function holds(booking: { _id: string; reference: string }, customerToken: string): Promise<Folio> {
    const folio = await folioOf(booking._id);
    const { charged, paid, refunded, balance } = folio.totals;
    expect(charged).toBe(folio.lines.reduce((sum, l) => sum + l.amount + l.gct, 0));
    expect(balance).toBe(charged - paid + refunded);
    expect(refunded).toBeLessThanOrEqual(paid);
    const mine = await callWithStatus(t.app, customerToken, 'userBooking', { params: { reference: booking.reference } });
    expect(mine.status).toBe(200);
    expect(mine.answer.booking.paymentStatus).toBe(paymentStatusOf(folio.totals));
    const stored = await rowCounts(booking._id);
    expect(stored.held).toBe(stored.status === 'cancelled' || stored.status === 'no_show' ? 0 : 1);
    return folio;
  }

  /** How often each step was done or refused: a run that refuses everything proves nothing. */
  const tally = new Map<string, { done: number; refused: number }>();
  const why = new Map<string, number>();
  function count(s: Step, res: { statusCode: number; json(): { message?: string } }) {
    const statusCode = res.statusCode;
    if (statusCode >= 300 && (s.act === 'checkOut' || s.act === 'checkIn')) {
      const reason = `${s.act}: ${res.json().message}`;
      why.set(reason, (why.get(reason) ?? 0) + 1);
    }
    const key = s.act === 'status' ? `status ${s.status}` : s.act;
    const entry = tally.get(key) ?? { done: 0, refused: 0 };
    if (statusCode < 300) entry.done += 1;
    else entry.refused += 1;
    tally.set(key, entry);
  }

  async function perform(s: Step, booking: { _id: string }, customerToken: string, before: Folio): Promise<void> {
    const res = await act(s, booking, customerToken, before);
    count(s, res);
  }

  async function act(s: Step, booking: { _id: string }, customerToken: string, before: Folio): Promise<{ statusCode: number; json(): { message?: string } }> {
    const id = booking._id;
    const counts = await rowCounts(id);
    const unchanged = async () => expect(await rowCounts(id)).toEqual(counts);
    switch (s.act) {
      case 'changeDates': {
        const res = await inject(owner.token, 'POST', pathFor('changeBooking', { id }), {
          pickupDate: day(s.pickupIn),
          returnDate: day(s.pickupIn + s.nights),
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        return res;
      }
      case 'nameDrivers': {
        const drivers = Array.from({ length: s.count }, (_, i) => ({
          name: `Driver ${i + 1}`,
          licenceNumber: `JM55500${i}`,
          licenceCountry: 'Jamaica',
          licenceIssued: '2012-03-01',
          licenceExpires: '2034-03-01',
          dateOfBirth: '1980-01-01',
        }));
        const res = await inject(customerToken, 'PUT', pathFor('bookingDrivers', { id }), { drivers });
        expect(res.statusCode, res.body).toBeLessThan(500);
        // Naming drivers is free here (no charge per other driver): the folio stays as it was.
        expect(await rowCounts(id)).toMatchObject({ lines: counts.lines, payments: counts.payments });
        return res;
      }
      case 'pay': {
        const res = await inject(owner.token, 'POST', pathFor('recordPayment', { id }), { method: s.method, amount: s.amount, reference: 'desk' });
        expect([res.statusCode, res.json().message]).toEqual([201, FOLIO_MESSAGES.paymentRecorded]);
        expect(res.json().folio.totals.paid).toBe(before.totals.paid + s.amount);
        return res;
      }
      case 'refund': {
        const refundable = refundableOf(before.totals);
        const amount = s.amount === 'all' ? Math.max(1, refundable) : s.amount === 'half' ? Math.max(1, Math.floor(refundable / 2)) : s.amount;
        const res = await inject(manager.token, 'POST', pathFor('recordRefund', { id }), { method: 'cash', amount, note: 'Given back' });
        if (amount <= refundable) {
          expect(res.statusCode, res.body).toBe(201);
          expect(res.json().folio.totals.refunded).toBe(before.totals.refunded + amount);
        } else {
          expect([res.statusCode, res.json()]).toEqual([409, { success: false, message: REFUSAL_CODES.refund_too_much, code: 'refund_too_much' }]);
          await unchanged();
        }
        return res;
      }
      case 'charge': {
        const res = await inject(owner.token, 'POST', pathFor('addCharge', { id }), {
          kind: s.kind,
          label: `A ${s.kind}`,
          amount: s.amount,
          gctApplies: s.gctApplies,
        });
        expect(res.statusCode, res.body).toBe(201);
        const added = (res.json().folio as Folio).lines.at(-1)!;
        expect(Math.sign(added.amount)).toBe(s.kind === 'discount' ? -1 : 1);
        return res;
      }
      case 'void': {
        const line = before.lines[s.pick % before.lines.length]!;
        const res = await inject(manager.token, 'POST', pathFor('voidLine', { id, lineId: line.id }), { reason: 'Checked again' });
        const expected = line.voidsLineId ? 'void_of_void' : line.voided ? 'line_already_voided' : null;
        if (expected) {
          expect([res.statusCode, res.json().code]).toEqual([409, expected]);
          await unchanged();
        } else {
          expect(res.statusCode, res.body).toBe(201);
          expect(res.json().folio.totals.charged).toBe(before.totals.charged - line.amount - line.gct);
        }
        return res;
      }
      case 'status': {
        const res = await inject(owner.token, 'POST', API.changeStatus, { bookingId: id, status: s.status });
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode === 200) expect((await rowCounts(id)).status).toBe(s.status);
        else await unchanged();
        return res;
      }
      case 'checkOut': {
        const res = await postCounter(t.app, owner.token, 'checkOut', id, await checkOutForm());
        expect(res.statusCode, res.body).toBeLessThan(500);
        return res;
      }
      case 'checkIn': {
        const res = await postCounter(t.app, owner.token, 'checkIn', id, checkInForm({ cleaning: s.cleaning }));
        expect(res.statusCode, res.body).toBeLessThan(500);
        return res;
      }
    }
  }

  it('adds up and reads as the contract says after every step of 300 random lives', { timeout: 600_000 }, async () => {
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(0, 0, 1, 2),
        fc.integer({ min: 1, max: 3 }),
        fc.boolean(),
        fc.array(step, { minLength: 1, maxLength: 6 }),
        async (pickupIn, nights, confirmed, sequence) => {
          const { carId, customer } = await freshRun();
          const made = await callWithStatus(t.app, customer.token, 'createBooking', {
            body: { car: carId, pickupDate: day(pickupIn), returnDate: day(pickupIn + nights), paymentMethod: 'upfront' },
          });
          expect(made.status).toBe(201);
          const booking = made.answer.booking;
          let folio = await holds(booking, customer.token);
          expect(folio.totals).toMatchObject({ charged: booking.price, balance: booking.price });
          // Half the lives start confirmed, so the keys can go out on the pickup day.
          if (confirmed) {
            await perform({ act: 'status', status: 'confirmed' }, booking, customer.token, folio);
            folio = await holds(booking, customer.token);
          }
          for (const s of sequence) {
            await perform(s, booking, customer.token, folio);
            folio = await holds(booking, customer.token);
            steps += 1;
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(steps).toBeGreaterThan(300);
    console.log(`folio properties, steps done/refused: ${[...tally].map(([key, { done, refused }]) => `${key} ${done}/${refused}`).join('; ')}`);
    console.log(`folio properties, the counter's refusals: ${[...why].map(([reason, n]) => `${n} × ${reason}`).join('; ')}`);
    for (const key of ['changeDates', 'nameDrivers', 'pay', 'refund', 'charge', 'void', 'status cancelled', 'status confirmed', 'checkOut']) {
      expect(tally.get(key)?.done, key).toBeGreaterThan(0);
    }
    // Refusals the folio must make were met too.
    expect(tally.get('refund')!.refused).toBeGreaterThan(0);
    expect(tally.get('void')!.refused).toBeGreaterThan(0);
  });
});
