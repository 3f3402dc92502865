import { pathFor, ROUTES } from '@rental/contract';
import { expect } from 'vitest';
import { day, insertBooking } from '../support/fleet';
import { type Entry, type Role, type World } from '../support/permissionMatrix';

/** Each role changes a booking of its own making, far from the matrix's other days (150-190, 300+). */
const firstDay: Record<Role, number> = { anonymous: 200, otherCustomer: 205, customer: 210, agent: 215, manager: 220, owner: 225 };

const bookingFor = new Map<Role, Promise<string>>();
/**
 * A confirmed booking of the matrix's customer, one per role, made at the role's first call (before
 * any snapshot of "nothing changed"), so no entry disturbs the world's shared booking.
 */
function bookingOf(w: World, role: Role): Promise<string> {
  let made = bookingFor.get(role);
  if (!made) {
    made = insertBooking(w.app.db, {
      carId: w.car._id,
      userId: w.accounts.customer.user._id,
      pickupDate: day(firstDay[role]),
      returnDate: day(firstDay[role] + 1),
      status: 'confirmed',
    });
    bookingFor.set(role, made);
  }
  return made;
}

/** Staff change any booking, the customer their own; the other customer does not find it. */
const expected: Record<Role, number> = { anonymous: 401, otherCustomer: 404, customer: 200, agent: 200, manager: 200, owner: 200 };

/** Keyed as Fastify lists routes ("METHOD /path/:param"); see permissions.test.ts. */
export const bookingChangeEntries: Record<string, Entry> = {
  [`POST ${ROUTES.bookingChangeQuote.path}`]: {
    // Two days longer (the change below asks one): either order, each finds something to change.
    call: async (w, role) => ({
      method: 'POST',
      url: pathFor('bookingChangeQuote', { id: await bookingOf(w, role) }),
      payload: { returnDate: day(firstDay[role] + 3) },
    }),
    expected,
    check: (res) => expect(res.json().change.after.returnDate).toBeDefined(),
  },
  [`POST ${ROUTES.changeBooking.path}`]: {
    call: async (w, role) => ({
      method: 'POST',
      url: pathFor('changeBooking', { id: await bookingOf(w, role) }),
      payload: { returnDate: day(firstDay[role] + 2) },
    }),
    expected,
    check: (res, _w, role) => expect(res.json().change.after.returnDate).toBe(day(firstDay[role] + 2)),
  },
};
