import { randomUUID } from 'node:crypto';
import { pathFor, ROUTES } from '@rental/contract';
import { expect } from 'vitest';
import { multipart } from '../support/multipart';
import { type Entry, managersOnly } from '../support/permissionMatrix';

/** An OFX for an account the company does not have: owners and managers are refused it (422), with nothing stored. */
const statementForm = () =>
  multipart({ bankAccount: '999 888 777' }, [
    { name: 'file', bytes: Buffer.from('OFXHEADER:100\n<OFX><BANKMSGSRSV1></BANKMSGSRSV1></OFX>'), filename: 's.ofx', type: 'application/x-ofx' },
  ]);

/** Keyed as Fastify lists routes ("METHOD /path/:param"); see permissions.test.ts. Bank statements (docs/decisions/113). */
export const statementEntries: Record<string, Entry> = {
  [`GET ${ROUTES.statements.path}`]: {
    call: () => ({ method: 'GET', url: pathFor('statements') }),
    expected: managersOnly(200),
    check: (res) => expect(Array.isArray(res.json().statements)).toBe(true),
  },
  [`POST ${ROUTES.uploadStatement.path}`]: {
    call: async () => {
      const form = await statementForm();
      return { method: 'POST', url: pathFor('uploadStatement'), headers: form.headers, payload: form.payload };
    },
    expected: managersOnly(422),
    check: (res) => expect(res.json().code).toBe('statement_bank_account_unknown'),
  },
  // Printed under /api/owner/statements, as Fastify's route list prints a path below another route's.
  ['POST /preview']: {
    call: async () => {
      const form = await statementForm();
      return { method: 'POST', url: pathFor('previewStatement'), headers: form.headers, payload: form.payload };
    },
    expected: managersOnly(422),
    check: (res) => expect(res.json().code).toBe('statement_bank_account_unknown'),
  },
  // Printed under /api/owner/statements/:id (whose GET shares the key "GET /:id" with another route's entry).
  ['POST /apply']: {
    call: () => ({ method: 'POST', url: pathFor('applyStatement', { id: randomUUID() }), payload: { lineIds: [randomUUID()] } }),
    expected: managersOnly(404),
  },
};
