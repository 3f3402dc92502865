import { randomUUID } from 'node:crypto';
import { pathFor } from '@rental/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../src/db/types';
import { registerCustomer } from '../helpers';
import { day } from '../support/fleet';
import { smallPng } from '../support/images';
import { multipart } from '../support/multipart';
import { type Entry, type World, managersOnly, staffOnly } from '../support/permissionMatrix';

/** A walk-in of the matrix's own, made before the first call (a refused call's "nothing changed" holds). */
const walkIns = new WeakMap<World, Promise<string>>();
function walkIn(w: World): Promise<string> {
  let id = walkIns.get(w);
  if (!id) {
    id = registerCustomer(w.app, { name: 'Matrix Walkin' }).then((account) => account.user._id);
    walkIns.set(w, id);
  }
  return id;
}

const LICENCE = {
  licenceNumber: 'JM 700 800',
  licenceCountry: 'Jamaica',
  licenceIssued: day(-6 * 365),
  licenceExpires: day(3 * 365),
  dateOfBirth: '1988-08-08',
};

/** The customer's own booking letter: it carries no link to copy. */
async function customerLetter(w: World): Promise<string> {
  const [row] = await queryRows<{ id: string }>(w.app.db, sql`SELECT id FROM outbox WHERE recipient = ${w.accounts.customer.user.email} ORDER BY id LIMIT 1`);
  return String(row!.id);
}

/** Keyed as Fastify lists routes ("METHOD /path/:param"); see permissions.test.ts. Walk-ins who drive off (docs/decisions/107). */
export const walkInEntries: Record<string, Entry> = {
  // Printed under GET /api/owner/customers (the staff's customer search), whose path they extend.
  'GET /:id/driver': {
    call: async (w) => ({ method: 'GET', url: pathFor('customerDriver', { id: await walkIn(w) }) }),
    expected: staffOnly(200),
    check: (res) => expect(res.json().customer.name).toBe('Matrix Walkin'),
  },
  'PUT /:id/driver': {
    call: async (w) => ({ method: 'PUT', url: pathFor('saveCustomerDriver', { id: await walkIn(w) }), payload: LICENCE }),
    expected: staffOnly(200),
  },
  'POST /:id/documents': {
    call: async (w) => {
      const body = await multipart({ kind: 'licence_front' }, [{ name: 'file', bytes: await smallPng(60, 40), filename: 'licence.png', type: 'image/png' }]);
      return { method: 'POST', url: pathFor('uploadCustomerDocument', { id: await walkIn(w) }), payload: body.payload, headers: body.headers };
    },
    expected: staffOnly(201),
  },
  // Printed under GET /api/owner/bookings/:id/counter's prefix: a booking that does not exist.
  'PUT /:id/drivers': {
    call: () => ({ method: 'PUT', url: pathFor('counterDrivers', { id: randomUUID() }), payload: { drivers: [] } }),
    expected: staffOnly(404),
  },
  // GET /api/owner/outbox/:id/link, named under GET /api/owner/outbox/:id: a letter with no link is not found, and agents may not ask.
  'GET /link': {
    call: async (w) => ({ method: 'GET', url: pathFor('outboxLink', { id: await customerLetter(w) }) }),
    expected: managersOnly(404),
  },
};
