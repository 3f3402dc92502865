import { companyToday, addDays, pathFor, ROUTES } from '@rental/contract';
import { expect } from 'vitest';
import { type Entry, type Role, staffOnly, ownersOnly } from '../support/permissionMatrix';

/** Each staff member's own day (a counter agent may see and close no other); a customer's own id finds no staff member. */
const ownDay = (w: Parameters<Entry['call']>[0], role: Role) => (role === 'anonymous' ? undefined : w.accounts[role].user._id);

/** Keyed as Fastify lists routes ("METHOD /path/:param"); see permissions.test.ts. The day's cash-up (docs/decisions/114). */
export const cashUpEntries: Record<string, Entry> = {
  [`GET ${ROUTES.cashUp.path}`]: {
    call: (w, role) => ({ method: 'GET', url: `${ROUTES.cashUp.path}?date=${companyToday()}&staffId=${ownDay(w, role) ?? ''}` }),
    expected: staffOnly(200),
    check: (res) => expect(res.json().cashUp.drawer).toBeDefined(),
  },
  // Each closes their own day of a week ago (nothing else of the matrix falls on it), counting nothing.
  [`POST ${ROUTES.closeCashUp.path}`]: {
    call: (w, role) => ({
      method: 'POST',
      url: ROUTES.closeCashUp.path,
      payload: { date: addDays(companyToday(), -7), staffId: ownDay(w, role), countedCash: 0 },
    }),
    expected: staffOnly(201),
  },
  // Only the owner passes, to hear that their day of eight days ago is not closed (nothing of the matrix closes it): nothing changes.
  'POST /:date/reopen': {
    call: (w, role) => ({
      method: 'POST',
      url: pathFor('reopenCashUp', { date: addDays(companyToday(), -8) }),
      payload: { staffId: ownDay(w, role), reason: 'Recounted' },
    }),
    expected: ownersOnly(409),
    check: (res) => expect(res.json().code).toBe('day_not_closed'),
  },
};
