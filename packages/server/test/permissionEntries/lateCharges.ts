import { pathFor, ROUTES } from '@rental/contract';
import { expect } from 'vitest';
import { bookings, folioLines, lateCharges } from '../../src/db/schema';
import { day } from '../support/fleet';
import { smallPng } from '../support/images';
import { multipart } from '../support/multipart';
import { managersOnly, type Entry, type World } from '../support/permissionMatrix';

/**
 * A returned booking of the matrix's customer, on days long past (290 days ago: no other entry's),
 * made at the first call, with one toll and its scan already on it for the reads.
 */
let made: Promise<{ bookingId: string; lateChargeId: string }> | undefined;
function returnedBooking(w: World) {
  made ??= (async () => {
    const userId = w.accounts.customer.user._id;
    const [booking] = await w.app.db
      .insert(bookings)
      .values({ carId: w.car._id, userId, pickupDate: day(-290), returnDate: day(-289), price: 1000, status: 'returned', paymentMethod: 'upfront' })
      .returning({ id: bookings.id });
    const [line] = await w.app.db
      .insert(folioLines)
      .values({ bookingId: booking!.id, kind: 'toll', label: 'Toll (Highway 2000): Portmore plaza', amount: 450, gct: 0 })
      .returning({ id: folioLines.id });
    const [charge] = await w.app.db
      .insert(lateCharges)
      .values({
        bookingId: booking!.id,
        lineId: line!.id,
        kind: 'toll',
        offenceDate: day(-289),
        amount: 450,
        description: 'Portmore plaza',
        scan: Buffer.from('scan'),
        scanType: 'image/webp',
      })
      .returning({ id: lateCharges.id });
    return { bookingId: booking!.id, lateChargeId: charge!.id };
  })();
  return made;
}

/** Keyed as Fastify lists routes ("METHOD /path/:param"); see permissions.test.ts. Tolls and tickets after the return (docs/decisions/119). */
export const lateChargeEntries: Record<string, Entry> = {
  // Owners and managers add one: a charge the customer is not there to see is a manager's decision.
  [`POST ${ROUTES.addLateCharge.path}`]: {
    call: async (w) => {
      const body = await multipart({ kind: 'toll', offenceDate: day(-289), amount: '300', description: 'Spanish Town plaza' }, [
        { name: 'file', bytes: await smallPng(60, 40), filename: 'toll.png', type: 'image/png' },
      ]);
      return { method: 'POST', url: pathFor('addLateCharge', { id: (await returnedBooking(w)).bookingId }), payload: body.payload, headers: body.headers };
    },
    expected: managersOnly(201),
  },
  // The booking's customer and staff read the list; the other customer does not find the booking.
  [`GET ${ROUTES.lateCharges.path}`]: {
    call: async (w) => ({ method: 'GET', url: pathFor('lateCharges', { id: (await returnedBooking(w)).bookingId }) }),
    expected: { anonymous: 401, otherCustomer: 404, customer: 200, agent: 200, manager: 200, owner: 200 },
    check: (res) => expect(res.json().lateCharges.length).toBeGreaterThanOrEqual(1),
  },
  [`GET ${ROUTES.lateChargeScan.path}`]: {
    call: async (w) => ({ method: 'GET', url: pathFor('lateChargeScan', { id: (await returnedBooking(w)).lateChargeId }) }),
    expected: { anonymous: 401, otherCustomer: 404, customer: 200, agent: 200, manager: 200, owner: 200 },
    check: (res) => expect(res.headers['cache-control']).toBe('private, no-store'),
  },
};
