import { pathFor, ROUTES } from '@rental/contract';
import { expect } from 'vitest';
import { bookings } from '../../src/db/schema';
import { day } from '../support/fleet';
import { signaturePng } from '../support/counter';
import { type Entry, type World } from '../support/permissionMatrix';

/**
 * Two bookings of the matrix's customer, on days no other entry takes (1 and 2: inside online
 * check-in's window), made at the first call: one confirmed (its code is sent), one cancelled (its
 * completion is refused with a code before anything is read of the code, so nothing is written).
 */
let made: Promise<{ open: string; cancelled: string }> | undefined;
function checkInBookings(w: World) {
  made ??= (async () => {
    const userId = w.accounts.customer.user._id;
    const row = (n: number, status: 'confirmed' | 'cancelled') => ({
      carId: w.car._id,
      userId,
      pickupDate: day(n),
      returnDate: day(n),
      price: 1000,
      status,
      paymentMethod: 'upfront' as const,
      ...(status === 'cancelled' ? { statusReason: 'customer' as const } : {}),
    });
    const [open] = await w.app.db.insert(bookings).values(row(1, 'confirmed')).returning({ id: bookings.id });
    const [cancelled] = await w.app.db.insert(bookings).values(row(2, 'cancelled')).returning({ id: bookings.id });
    return { open: open!.id, cancelled: cancelled!.id };
  })();
  return made;
}

/** Keyed as Fastify lists routes ("METHOD /path/:param"); see permissions.test.ts. Online check-in (docs/decisions/124). */
export const onlineCheckInEntries: Record<string, Entry> = {
  // The customer their own booking's state; staff may read it; the other customer does not find it.
  [`GET ${ROUTES.onlineCheckIn.path}`]: {
    call: async (w) => ({ method: 'GET', url: pathFor('onlineCheckIn', { id: (await checkInBookings(w)).open }) }),
    expected: { anonymous: 401, otherCustomer: 404, customer: 200, agent: 200, manager: 200, owner: 200 },
    check: (res) => expect(res.json().checkIn.open).toBe(true),
  },
  // The code proves who signs: only the booking's customer asks for it. POST /api/bookings/:id/online-check-in/code, printed under its parent path.
  'POST /code': {
    call: async (w) => ({ method: 'POST', url: pathFor('sendCheckInCode', { id: (await checkInBookings(w)).open }) }),
    expected: { anonymous: 401, otherCustomer: 404, customer: 200, agent: 404, manager: 404, owner: 404 },
  },
  [`POST ${ROUTES.completeCheckIn.path}`]: {
    call: async (w) => ({
      method: 'POST',
      url: pathFor('completeCheckIn', { id: (await checkInBookings(w)).cancelled }),
      payload: { pickupTime: '10:00', code: '123456', signature: await signaturePng() },
    }),
    expected: { anonymous: 401, otherCustomer: 404, customer: 409, agent: 404, manager: 404, owner: 404 },
  },
};
