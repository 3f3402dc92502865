import { randomUUID } from 'node:crypto';
import { addDays, companyToday, pathFor, ROUTES } from '@rental/contract';
import { expect } from 'vitest';
import { multipart } from '../support/multipart';
import { type Entry, type Role, type World, managersOnly, staffOnly } from '../support/permissionMatrix';

/** The car a caller works on: each staff member their own spare car; customers are refused before it matters. */
const carOf = (w: World, role: Role) => (role === 'agent' || role === 'manager' || role === 'owner' ? w.spareCars[role] : w.car)._id;

/** Keyed as Fastify lists routes ("METHOD /path/:param"); see permissions.test.ts. Services that fall due (docs/decisions/117). */
export const maintenanceEntries: Record<string, Entry> = {
  [`GET ${ROUTES.maintenanceDue.path}`]: {
    call: () => ({ method: 'GET', url: pathFor('maintenanceDue') }),
    expected: staffOnly(200),
    check: (res) => expect(Array.isArray(res.json().cars)).toBe(true),
  },
  // A day gone by: owners and managers hear the blocks' own refusal, and nothing is blocked.
  [`POST ${ROUTES.serviceBlock.path}`]: {
    call: (w, role) => ({
      method: 'POST',
      url: pathFor('serviceBlock'),
      payload: { car: carOf(w, role), pickupDate: addDays(companyToday(), -3), returnDate: addDays(companyToday(), -2), items: ['Oil and filter'] },
    }),
    expected: managersOnly(400),
  },
  'GET /:id/maintenance-plan': {
    call: (w, role) => ({ method: 'GET', url: pathFor('maintenancePlan', { id: carOf(w, role) }) }),
    expected: staffOnly(200),
    check: (res) => expect(res.json().plan.items).toBeDefined(),
  },
  'PUT /:id/maintenance-plan': {
    call: (w, role) => ({
      method: 'PUT',
      url: pathFor('saveMaintenancePlan', { id: carOf(w, role) }),
      payload: { scope: 'car', items: [{ name: 'Oil and filter', everyKm: 5000, everyMonths: 6 }] },
    }),
    expected: managersOnly(200),
  },
  'GET /:id/services': {
    call: (w, role) => ({ method: 'GET', url: pathFor('carServices', { id: carOf(w, role) }) }),
    expected: staffOnly(200),
  },
  // A service dated tomorrow: owners and managers are refused it (400 service_date_future), and nothing is stored.
  'POST /:id/services': {
    call: async (w, role) => {
      const service = { date: addDays(companyToday(), 1), odometerKm: 10, items: ['Oil and filter'], cost: 0 };
      const form = await multipart({ service: JSON.stringify(service) });
      return { method: 'POST', url: pathFor('logCarService', { id: carOf(w, role) }), headers: form.headers, payload: form.payload };
    },
    expected: managersOnly(400),
    check: (res) => expect(res.json().code).toBe('service_date_future'),
  },
  'GET /:serviceId/receipt': {
    call: (w, role) => ({ method: 'GET', url: pathFor('carServiceReceipt', { id: carOf(w, role), serviceId: randomUUID() }) }),
    expected: staffOnly(404),
  },
};
