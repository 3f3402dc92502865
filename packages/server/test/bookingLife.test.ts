/**
 * The transition table (contract bookingLife.ts) against the API: every status, every step staff
 * take from the status menu and the customer's own cancel, by every role, answered exactly as the
 * table says (moved to its status, or refused with nothing changed); and the database's
 * booking_holds_days() held to the table's holdsDays.
 */
import { BOOKING_STATUSES, type BookingStatus, holdsDays, lifeStep, ROUTES, STAFF_SET_STATUSES, staffEventFor, type StaffSetStatus } from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema';
import { queryRows } from '../src/db/types';
import { type Account, createOwner, createStaff, createTestApp, describeDatabase, type TestApp } from './helpers';
import { approvedCustomer } from './support/counter';
import { addCar, day, ownerCall } from './support/fleet';

describe(`the booking's life: the table, the API and the database agree (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let staff: Record<'agent' | 'manager' | 'owner', Account>;
  let customer: Account;
  let carId: string;
  let nextDay = 400;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
    staff = { owner, manager: await createStaff(t.app, 'manager'), agent: await createStaff(t.app, 'agent') };
    customer = await approvedCustomer(t.app, 'Life Walker');
    carId = (await addCar(t.app, owner.token, { brand: 'Toyota', model: 'Yaris', year: 2023 }))._id;
  }, 120_000);
  afterAll(() => t?.close());

  /** A booking in the given status, on days of its own (today for steps that need the pickup day). */
  async function bookingIn(status: BookingStatus, pickupToday: boolean): Promise<string> {
    const pickupDate = pickupToday ? day(0) : day(nextDay);
    if (pickupToday)
      await t.db.execute(sql`UPDATE bookings SET status = 'cancelled' WHERE car_id = ${carId} AND pickup_date = ${pickupDate}::date AND status <> 'cancelled'`);
    nextDay += 2;
    const [row] = await t.db
      .insert(bookings)
      .values({
        carId,
        userId: customer.user._id,
        pickupDate,
        returnDate: pickupDate,
        price: 9000,
        status,
        paymentMethod: 'upfront',
        holdExpiresAt: status === 'pending' ? sql`now() + interval '1 day'` : null,
      })
      .returning({ id: bookings.id });
    return row!.id;
  }

  const statusOf = async (id: string) => (await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]!.status;

  it('holds days in the database exactly where the table says', async () => {
    for (const status of BOOKING_STATUSES) {
      const [row] = await queryRows<{ holds: boolean }>(t.db, sql`SELECT booking_holds_days(${status}) AS holds`);
      expect(row!.holds, status).toBe(holdsDays(status));
    }
  });

  for (const from of BOOKING_STATUSES) {
    for (const to of STAFF_SET_STATUSES) {
      if (from === to) continue;
      for (const role of ['agent', 'manager', 'owner'] as const) {
        it(`staff (${role}) setting ${from} → ${to} does what the table says`, async () => {
          const event = staffEventFor(from, to as StaffSetStatus);
          const step = event ? lifeStep(from, event, role) : null;
          const id = await bookingIn(from, to === 'no_show');
          const res = await ownerCall(t.app, staff[role].token, 'POST', ROUTES.changeStatus.path, { bookingId: id, status: to });
          if (step) {
            expect(res.statusCode, res.body).toBe(200);
            expect(await statusOf(id)).toBe(step.to);
          } else {
            expect(res.statusCode, res.body).toBe(409);
            expect(res.json().message).toMatch(/\w/);
            expect(await statusOf(id)).toBe(from);
          }
        });
      }
    }
    it(`the customer cancelling a ${from} booking does what the table says`, async () => {
      const step = lifeStep(from, 'cancel_by_customer', 'customer');
      const id = await bookingIn(from, false);
      const res = await ownerCall(t.app, customer.token, 'POST', ROUTES.cancelBooking.path, { bookingId: id });
      if (step) {
        expect(res.statusCode, res.body).toBe(200);
        expect(await statusOf(id)).toBe(step.to);
      } else {
        expect(res.statusCode, res.body).toBe(409);
        expect(await statusOf(id)).toBe(from);
      }
    });
  }
});
