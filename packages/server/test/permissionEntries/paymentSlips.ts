import { pathFor, ROUTES } from '@rental/contract';
import { expect } from 'vitest';
import { bookings, documents } from '../../src/db/schema';
import { day } from '../support/fleet';
import { smallPng } from '../support/images';
import { multipart } from '../support/multipart';
import { type Entry, type World } from '../support/permissionMatrix';

/**
 * A cash-deposit booking of the matrix's customer, far from the other entries' days (280; the others: 150-265, 300+), made at the first
 * call (before any snapshot of "nothing changed"), with one slip already on it for the removal;
 * confirmed, so it holds none of the customer's three pending bookings (the booking entries make them).
 */
let made: Promise<{ bookingId: string; slipId: string }> | undefined;
function depositBooking(w: World) {
  made ??= (async () => {
    const userId = w.accounts.customer.user._id;
    const [booking] = await w.app.db
      .insert(bookings)
      .values({ carId: w.car._id, userId, pickupDate: day(280), returnDate: day(281), price: 1000, status: 'confirmed', paymentMethod: 'cash_deposit' })
      .returning({ id: bookings.id });
    const [slip] = await w.app.db
      .insert(documents)
      .values({ userId, kind: 'payment_slip', bookingId: booking!.id, content: Buffer.from('slip'), mimeType: 'image/webp', size: 4 })
      .returning({ id: documents.id });
    return { bookingId: booking!.id, slipId: slip!.id };
  })();
  return made;
}

/** Keyed as Fastify lists routes ("METHOD /path/:param"); see permissions.test.ts. A deposit slip (docs/decisions/110). */
export const paymentSlipEntries: Record<string, Entry> = {
  // The customer their own booking's, staff any; the other customer does not find it.
  [`GET ${ROUTES.paymentSlips.path}`]: {
    call: async (w) => ({ method: 'GET', url: pathFor('paymentSlips', { id: (await depositBooking(w)).bookingId }) }),
    expected: { anonymous: 401, otherCustomer: 404, customer: 200, agent: 200, manager: 200, owner: 200 },
    check: (res) => expect(res.json().slips.length).toBeGreaterThanOrEqual(0),
  },
  // Only the booking's customer sends one: staff, like anyone else, do not find the booking as theirs.
  [`POST ${ROUTES.sendPaymentSlip.path}`]: {
    call: async (w) => {
      const body = await multipart({}, [{ name: 'file', bytes: await smallPng(60, 40), filename: 'slip.png', type: 'image/png' }]);
      return { method: 'POST', url: pathFor('sendPaymentSlip', { id: (await depositBooking(w)).bookingId }), payload: body.payload, headers: body.headers };
    },
    expected: { anonymous: 401, otherCustomer: 404, customer: 201, agent: 404, manager: 404, owner: 404 },
  },
  // DELETE /api/bookings/:id/payment-slips/:slipId, printed under the slips' GET and POST path.
  'DELETE /:slipId': {
    call: async (w) => {
      const { bookingId, slipId } = await depositBooking(w);
      return { method: 'DELETE', url: pathFor('removePaymentSlip', { id: bookingId, slipId }) };
    },
    expected: { anonymous: 401, otherCustomer: 404, customer: 200, agent: 404, manager: 404, owner: 404 },
  },
};
