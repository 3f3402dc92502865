import { pathFor, ROUTES } from '@rental/contract';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { folioLines, folioPayments } from '../../src/db/schema';
import { day, insertBooking } from '../support/fleet';
import { type Entry, loggedIn, managersOnly, type Role, staffOnly, type World } from '../support/permissionMatrix';

/** Each role reads and writes the folio of a booking of its own, far from the matrix's other days (240-270). */
const firstDay: Record<Role, number> = { anonymous: 240, otherCustomer: 245, customer: 250, agent: 255, manager: 260, owner: 265 };

const bookingFor = new Map<Role, Promise<string>>();
/** The customer's confirmed booking (price 1,000) with 100 paid in cash, made at the role's first call. */
function bookingOf(w: World, role: Role): Promise<string> {
  let made = bookingFor.get(role);
  if (!made) {
    made = (async () => {
      const id = await insertBooking(w.app.db, {
        carId: w.car._id,
        userId: w.accounts.customer.user._id,
        pickupDate: day(firstDay[role]),
        returnDate: day(firstDay[role]),
        status: 'confirmed',
      });
      await w.app.db.insert(folioPayments).values({ bookingId: id, kind: 'payment', method: 'cash', amount: 100 });
      return id;
    })();
    bookingFor.set(role, made);
  }
  return made;
}

async function firstLineOf(w: World, bookingId: string): Promise<string> {
  const [line] = await w.app.db
    .select({ id: folioLines.id })
    .from(folioLines)
    .where(and(eq(folioLines.bookingId, bookingId), eq(folioLines.kind, 'rental')))
    .orderBy(asc(folioLines.seq))
    .limit(1);
  return line!.id;
}

/** The booking's customer reads their folio; the other customer does not find it. */
const readers: Record<Role, number> = { ...loggedIn(200), otherCustomer: 404 };

/** Keyed as Fastify lists routes ("METHOD /path/:param"); see permissions.test.ts. */
export const folioEntries: Record<string, Entry> = {
  [`GET ${ROUTES.folio.path}`]: {
    call: async (w, role) => ({ method: 'GET', url: pathFor('folio', { id: await bookingOf(w, role) }) }),
    expected: readers,
    check: (res) => expect(res.json().folio.totals.paid).toBeGreaterThanOrEqual(100),
  },
  [`POST ${ROUTES.recordPayment.path}`]: {
    call: async (w, role) => ({ method: 'POST', url: pathFor('recordPayment', { id: await bookingOf(w, role) }), payload: { method: 'cash', amount: 50 } }),
    expected: staffOnly(201),
  },
  [`POST ${ROUTES.recordRefund.path}`]: {
    call: async (w, role) => ({
      method: 'POST',
      url: pathFor('recordRefund', { id: await bookingOf(w, role) }),
      payload: { method: 'cash', amount: 10, note: 'Goodwill' },
    }),
    expected: managersOnly(201),
  },
  [`POST ${ROUTES.addCharge.path}`]: {
    call: async (w, role) => ({
      method: 'POST',
      url: pathFor('addCharge', { id: await bookingOf(w, role) }),
      payload: { kind: 'toll', label: 'Highway 2000 toll', amount: 450, gctApplies: false },
    }),
    expected: staffOnly(201),
  },
  [`POST ${ROUTES.voidLine.path}`]: {
    call: async (w, role) => {
      const id = await bookingOf(w, role);
      return { method: 'POST', url: pathFor('voidLine', { id, lineId: await firstLineOf(w, id) }), payload: { reason: 'Charged in error' } };
    },
    expected: managersOnly(201),
  },
  // Staff read what happened to a booking; its customer reads their own page's history, not this.
  [`GET ${ROUTES.bookingHistory.path}`]: {
    call: async (w, role) => ({ method: 'GET', url: pathFor('bookingHistory', { id: await bookingOf(w, role) }) }),
    expected: staffOnly(200),
    check: (res) => expect(Array.isArray(res.json().history)).toBe(true),
  },
  // "Paid" records the balance: each staff member pays a booking of their own (a second would owe nothing).
  [`POST ${ROUTES.changePaymentStatus.path}`]: {
    // Even the customer whose booking it is may not say it is paid.
    call: async (w, role) => ({
      method: 'POST',
      url: ROUTES.changePaymentStatus.path,
      payload: { bookingId: await bookingOf(w, role), paymentStatus: 'paid' },
    }),
    expected: staffOnly(200),
  },
};
