import { LEDGER_ACCOUNTS, ROUTES } from '@rental/contract';
import { expect } from 'vitest';
import { managersOnly, type Entry } from '../support/permissionMatrix';

/** Keyed as Fastify lists routes ("METHOD /path/:param"); see permissions.test.ts. The company's settings as staff edit them, account names included (decision 115). */
export const companyEntries: Record<string, Entry> = {
  [`GET ${ROUTES.staffCompany.path}`]: {
    call: () => ({ method: 'GET', url: ROUTES.staffCompany.path }),
    expected: managersOnly(200),
    check: (res) => expect(Object.keys(res.json().company)).toEqual(expect.arrayContaining([...LEDGER_ACCOUNTS])),
  },
};
