import { ROUTES } from '@rental/contract';
import { expect } from 'vitest';
import { day } from '../support/fleet';
import { type Entry, type Role, staffOnly } from '../support/permissionMatrix';

/** Far days of each role's own (the matrix's other bookings are within 40 days): no two calls meet. */
const walkInDays: Record<Role, number> = { anonymous: 300, otherCustomer: 303, customer: 306, agent: 309, manager: 312, owner: 315 };

/** Keyed as Fastify lists routes ("METHOD /path/:param"); see permissions.test.ts. */
export const staffBookingEntries: Record<string, Entry> = {
  [`GET ${ROUTES.customerSearch.path}`]: {
    // The matrix's customer is found by their name; staff accounts never are.
    call: (w) => ({ method: 'GET', url: `${ROUTES.customerSearch.path}?q=${encodeURIComponent(w.accounts.customer.user.name)}` }),
    expected: staffOnly(200),
    check: (res, w) => {
      const ids = (res.json().customers as { _id: string }[]).map((c) => c._id);
      expect(ids).toContain(w.accounts.customer.user._id);
      for (const staff of ['agent', 'manager', 'owner'] as const) expect(ids).not.toContain(w.accounts[staff].user._id);
      expect(res.body).not.toMatch(/password|hash|token/i);
    },
  },
  [`POST ${ROUTES.staffBooking.path}`]: {
    // A walk-in with only a phone number, on days of the caller's own: refused callers create nobody.
    call: (w, role) => ({
      method: 'POST',
      url: ROUTES.staffBooking.path,
      payload: {
        customer: { name: `Walk-in for ${role}`, phone: '876 555 0142' },
        car: w.car._id,
        pickupDate: day(walkInDays[role]),
        returnDate: day(walkInDays[role] + 1),
        paymentMethod: 'upfront',
      },
    }),
    expected: staffOnly(201),
  },
};
