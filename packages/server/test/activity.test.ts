/**
 * The history: every change staff care about is recorded by the database with
 * who, when, before and after; nobody can change it; owners read it newest first in pages.
 */
import { type ActivityEntry, type ActivityKind, activityResponses, DEFAULT_COMPANY, type QueryOf, ROUTES } from '@rental/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema';
import { pgErrorCode, queryRows } from '../src/db/types';
import { expireHolds } from '../src/features/bookings/holds';
import {
  type Account,
  authHeader,
  bookCar,
  callWithStatus,
  createOwner,
  createStaff,
  createTestApp,
  describeDatabase,
  registerCustomer,
  type TestApp,
  testApi,
} from './helpers';
import { approvedCustomer, checkInForm, confirmedBooking, paidCheckOutForm, postCounter } from './support/counter';
import { addCar, carForm, day, insertBooking } from './support/fleet';

const oldestFirst = (entries: ActivityEntry[]) => entries.sort((a, b) => (BigInt(a._id) < BigInt(b._id) ? -1 : 1));

describe(`the history (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app, { name: 'Ann Brown' });
  });
  afterAll(() => t?.close());

  const history = async (query: QueryOf<'ownerActivity'> = {}, token = owner.token) =>
    activityResponses.activity.parse(await testApi(t.app, token).call('ownerActivity', { query }));
  /** The car form as the owner's page sends it on an edit: its details, no new picture. */
  const carEdit = (overrides: Parameters<typeof carForm>[0]) => {
    const form = new FormData();
    form.append('carData', JSON.stringify(carForm(overrides)));
    return form;
  };
  /** Entries about one thing, oldest first (the API answers newest first). */
  const about = async (kind: ActivityKind, subjectId: string): Promise<ActivityEntry[]> =>
    oldestFirst((await history({ kind, limit: 200 })).entries.filter((e) => e.subjectId === subjectId));

  it('records a car added, its price, its availability and its removal, with who did it', async () => {
    const car = await addCar(t.app, owner.token, { brand: 'Toyota', model: 'Yaris', pricePerDay: 8500 });
    const api = testApi(t.app, owner.token);
    await api.call('updateCar', { params: { id: car._id }, form: carEdit({ brand: 'Toyota', model: 'Yaris', pricePerDay: 9000 }) });
    // Saving the form unchanged is not a change.
    await api.call('updateCar', { params: { id: car._id }, form: carEdit({ brand: 'Toyota', model: 'Yaris', pricePerDay: 9000 }) });
    await api.call('toggleCar', { body: { carId: car._id } });
    await api.call('deleteCar', { body: { carId: car._id } });

    const entries = await about('car', car._id);
    expect(entries.map((e) => e.action)).toEqual(['added', 'changed', 'changed', 'changed']);
    for (const entry of entries) {
      expect(entry.actor).toEqual({ _id: owner.user._id, name: 'Ann Brown' });
      expect(entry.subjectName).toBe('Toyota Yaris');
      expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 120_000);
    }
    expect(entries[0]!.after).toMatchObject({ brand: 'Toyota', model: 'Yaris', price_per_day: 8500, is_available: true });
    expect(entries[1]).toMatchObject({ before: { price_per_day: 8500 }, after: { price_per_day: 9000 } });
    expect(entries[2]).toMatchObject({ before: { is_available: true }, after: { is_available: false } });
    expect(entries[3]!.before).toEqual({ deleted_at: null });
    expect(entries[3]!.after!.deleted_at).toEqual(expect.any(String));
  });

  it('names the counter agent who handed the keys over and took them back, on the booking, its payment and the car', async () => {
    const agent = await createStaff(t.app, 'agent', { name: 'Dwayne Clarke' });
    const car = await addCar(t.app, owner.token, { plate: '4410 KJ', odometerKm: 10_000 } as never);
    const customer = await approvedCustomer(t.app, 'Shanice Williams');
    const booking = await confirmedBooking(t.app, owner, customer, car._id, day(0), day(2));
    const out = await postCounter(t.app, agent.token, 'checkOut', booking._id, await paidCheckOutForm(t.app, agent.token, booking._id, { odometerKm: 10_100 }));
    expect(out.statusCode).toBe(200);
    const back = await postCounter(t.app, agent.token, 'checkIn', booking._id, checkInForm({ odometerKm: 10_400, fuelEighths: 6 }));
    expect(back.statusCode).toBe(200);

    const byAgent = { _id: agent.user._id, name: 'Dwayne Clarke' };
    const steps = (await about('booking', booking._id)).filter((e) => e.after && 'status' in e.after);
    expect(steps.map((e) => [e.after!.status, e.actor])).toEqual([
      ['confirmed', { _id: owner.user._id, name: 'Ann Brown' }],
      ['on_rent', byAgent],
      ['returned', byAgent],
    ]);
    // The rental paid with the keys: the folio makes the booking paid, as the agent's doing. The
    // return's fuel charge is paid from the deposit in the same step: the booking never reads part paid.
    const paid = (await about('booking', booking._id)).filter((e) => e.after && 'payment_status' in e.after);
    expect(paid.map((e) => [e.after!.payment_status, e.actor])).toEqual([['paid', byAgent]]);
    const odometer = (await about('car', car._id)).filter((e) => e.action === 'changed' && e.after && 'odometer_km' in e.after);
    expect(odometer.map((e) => [e.after!.odometer_km, e.actor])).toEqual([
      [10_100, byAgent],
      [10_400, byAgent],
    ]);
  });

  it('records status changes by staff and by the customer, and payments received; a new booking is not an entry', async () => {
    const car = await addCar(t.app, owner.token);
    const customer = await registerCustomer(t.app, { name: 'Carl Reid' });
    const booking = await bookCar(t.app, customer.token, car._id, day(30), day(32));
    expect(await about('booking', booking._id)).toEqual([]);

    await testApi(t.app, owner.token).call('changeStatus', { body: { bookingId: booking._id, status: 'confirmed' } });
    // A part payment at the desk: the folio makes the booking part paid.
    const paid = await callWithStatus(t.app, owner.token, 'recordPayment', { params: { id: booking._id }, body: { method: 'cash', amount: 5000 } });
    expect(paid.status).toBe(201);
    await testApi(t.app, customer.token).call('cancelBooking', { body: { bookingId: booking._id } });

    const entries = await about('booking', booking._id);
    // Cancelling frees the customer of the charges, so the 5000 paid is now owed back: the folio says so, as the customer's doing.
    expect(entries).toHaveLength(4);
    expect(entries[0]).toMatchObject({
      actor: { name: 'Ann Brown' },
      subjectName: booking.reference,
      before: { status: 'pending' },
      after: { status: 'confirmed' },
    });
    expect(entries[1]).toMatchObject({ actor: { name: 'Ann Brown' }, before: { payment_status: 'unpaid' }, after: { payment_status: 'part_paid' } });
    expect(entries[2]).toMatchObject({
      actor: { _id: customer.user._id, name: 'Carl Reid' },
      before: { status: 'confirmed' },
      after: { status: 'cancelled', status_reason: 'customer' },
    });
    expect(entries[3]).toMatchObject({ actor: { _id: customer.user._id }, before: { payment_status: 'part_paid' }, after: { payment_status: 'refund_due' } });
  });

  it('records nothing for a change the database refused: the entry rolls back with it', async () => {
    const car = await addCar(t.app, owner.token);
    const [first, second] = await Promise.all([registerCustomer(t.app), registerCustomer(t.app)]);
    const old = await bookCar(t.app, first.token, car._id, day(60), day(61));
    const staff = testApi(t.app, owner.token);
    await staff.call('changeStatus', { body: { bookingId: old._id, status: 'cancelled' } });
    const taken = await callWithStatus(t.app, second.token, 'createBooking', {
      body: { car: car._id, pickupDate: day(61), returnDate: day(62), paymentMethod: 'upfront' },
    });
    expect(taken.status).toBe(201);
    // Re-opening the cancelled booking would claim a day now taken: refused after the UPDATE ran.
    await expect(staff.call('changeStatus', { body: { bookingId: old._id, status: 'confirmed' } })).rejects.toMatchObject({ status: 409 });
    const entries = await about('booking', old._id);
    expect(entries.map((e) => e.after)).toEqual([{ status: 'cancelled', status_reason: 'staff' }]);
  });

  it('records an expired hold as done by the site itself', async () => {
    const car = await addCar(t.app, owner.token);
    const customer = await registerCustomer(t.app);
    const id = await insertBooking(t.db, { carId: car._id, userId: customer.user._id, pickupDate: day(40), returnDate: day(41) });
    await t.db.execute(sql`UPDATE ${bookings} SET hold_expires_at = now() - interval '1 minute' WHERE id = ${id}`);
    const expired = await expireHolds(t.db, t.app.events);
    expect(expired.map((hold) => hold.id)).toContain(id);
    const entries = await about('booking', id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: null, before: { status: 'pending' }, after: { status: 'cancelled', status_reason: 'expired' } });
  });

  it('records bank details with account numbers cut to their last 4 digits', async () => {
    const save = (accountNumber: string, branch = 'Portmore') =>
      testApi(t.app, owner.token).call('bankDetails', {
        body: { bankName: 'NCB', accountHolderName: 'Waterford Car Rental', branch, accountNumber, accountType: 'Savings' },
      });
    const since = (await history({ kind: 'bank_details', limit: 1 })).entries[0]?._id ?? '0';
    await save('1234-5678-1234');
    await save('9876-5432-9876', 'Spanish Town');
    const page = await history({ kind: 'bank_details' });
    const entries = oldestFirst(page.entries.filter((e) => BigInt(e._id) > BigInt(since)));
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({
      actor: { name: 'Ann Brown' },
      before: { account_number: '…1234', branch: 'Portmore' },
      after: { account_number: '…9876', branch: 'Spanish Town' },
    });
    const body = JSON.stringify(page);
    expect(body).not.toContain('5678');
    expect(body).not.toContain('5432');
  });

  it('records service blocks added and removed, with their car and days', async () => {
    const car = await addCar(t.app, owner.token, { brand: 'Nissan', model: 'Note' });
    const made = await callWithStatus(t.app, owner.token, 'createBlock', {
      body: { car: car._id, pickupDate: day(50), returnDate: day(52), note: 'New tyres' },
    });
    expect(made.status).toBe(201);
    const block = made.answer.block;
    await testApi(t.app, owner.token).call('deleteBlock', { params: { id: block._id } });
    const entries = await about('block', block._id);
    expect(entries.map((e) => e.action)).toEqual(['added', 'removed']);
    expect(entries[0]).toMatchObject({
      actor: { name: 'Ann Brown' },
      subjectName: 'Nissan Note',
      after: { car_id: car._id, pickup_date: day(50), return_date: day(52), note: 'New tyres' },
    });
    expect(entries[1]).toMatchObject({ subjectName: 'Nissan Note', before: { pickup_date: day(50), return_date: day(52) }, after: null });
  });

  it('records the company settings that changed', async () => {
    await testApi(t.app, owner.token).call('updateCompany', { body: { ...DEFAULT_COMPANY, phone: '+1 876 555 0199' } });
    const [latest] = (await history({ kind: 'company', limit: 1 })).entries;
    expect(latest).toMatchObject({ actor: { name: 'Ann Brown' }, before: { phone: DEFAULT_COMPANY.phone }, after: { phone: '+1 876 555 0199' } });
  });

  it('cannot be changed or removed, even by SQL', async () => {
    const count = async () => (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM activity`))[0]!.n;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    for (const statement of [sql`UPDATE activity SET action = 'added'`, sql`DELETE FROM activity`, sql`DELETE FROM activity WHERE false`]) {
      const refusal = await t.db.execute(statement).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(pgErrorCode(refusal)).toBe('42501');
    }
    expect(await count()).toBe(before);
  });

  it('pages newest first, never showing an entry twice while changes keep coming', async () => {
    const car = await addCar(t.app, owner.token);
    const toggle = () => testApi(t.app, owner.token).call('toggleCar', { body: { carId: car._id } });
    for (let i = 0; i < 7; i++) await toggle();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { entries: ActivityEntry[]; nextCursor: string | null } = await history({ kind: 'car', limit: 3, ...(cursor ? { cursor } : {}) });
      expect(page.entries.length).toBeLessThanOrEqual(3);
      seen.push(...page.entries.map((e) => e._id));
      cursor = page.nextCursor;
      pages += 1;
      // New entries while paging land before the first page, never on a later one.
      if (pages === 1) await toggle();
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const ids = seen.map(BigInt);
    expect([...ids].sort((a, b) => (a < b ? 1 : -1))).toEqual(ids);
    // Every car entry there was before the extra toggle is on some page.
    const all = (await history({ kind: 'car', limit: 200 })).entries.map((e) => e._id);
    expect(all.slice(1)).toEqual(seen);
    // Only cars with kind=car; every kind without.
    expect((await history({ kind: 'car', limit: 200 })).entries.every((e) => e.kind === 'car')).toBe(true);
    expect(new Set((await history({ limit: 200 })).entries.map((e) => e.kind)).size).toBeGreaterThan(2);
  });

  it('refuses a page that cannot be read in plain words, and customers', async () => {
    // Raw requests: these queries are ones the typed client cannot send (a kind that is none, a cursor of letters).
    const refused: Record<string, string>[] = [{ limit: '0' }, { limit: '201' }, { cursor: 'abc' }, { kind: 'users' }];
    for (const query of refused) {
      const res = await t.app.inject({ method: 'GET', url: ROUTES.ownerActivity.path, query, headers: authHeader(owner.token) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).not.toMatch(/limit|cursor|kind|bank_details/);
    }
    const customer = await registerCustomer(t.app);
    await expect(testApi(t.app, customer.token).call('ownerActivity')).rejects.toMatchObject({ status: 403 });
    await expect(testApi(t.app).call('ownerActivity')).rejects.toMatchObject({ status: 401 });
  });
});
