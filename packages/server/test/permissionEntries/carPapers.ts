import { randomUUID } from 'node:crypto';
import { pathFor, ROUTES } from '@rental/contract';
import { expect } from 'vitest';
import { multipart } from '../support/multipart';
import { smallPng } from '../support/images';
import { type Entry, managersOnly, staffOnly } from '../support/permissionMatrix';
import { day } from '../support/fleet';

/** Keyed as Fastify lists routes ("METHOD /path/:param"); see permissions.test.ts. A car's papers (docs/decisions/116). */
export const carPaperEntries: Record<string, Entry> = {
  // Printed below /api/owner/cars (Fastify's route list prints a path below another route's).
  'GET /:id/papers': {
    call: (w) => ({ method: 'GET', url: pathFor('carPapers', { id: w.car._id }) }),
    expected: staffOnly(200),
    check: (res) => expect(Array.isArray(res.json().papers.history)).toBe(true),
  },
  // A paper that expired yesterday: owners and managers pass the guard to hear it, and nothing is stored for anyone.
  'PUT /:id/papers': {
    call: (w) => ({ method: 'PUT', url: pathFor('saveCarPapers', { id: w.car._id }), payload: { papers: [{ kind: 'registration', expiresOn: day(-1) }] } }),
    expected: managersOnly(422),
    check: (res) => expect(res.json().code).toBe('car_paper_already_expired'),
  },
  // A paper that does not exist: only owners and managers learn so.
  'POST /:paperId/scan': {
    call: async (w) => {
      const form = await multipart({}, [{ name: 'file', bytes: await smallPng(40, 30), filename: 'scan.png', type: 'image/png' }]);
      return { method: 'POST', url: pathFor('uploadCarPaperScan', { id: w.car._id, paperId: randomUUID() }), headers: form.headers, payload: form.payload };
    },
    expected: managersOnly(404),
  },
  'GET /:paperId/scan': {
    call: (w) => ({ method: 'GET', url: pathFor('carPaperScan', { id: w.car._id, paperId: randomUUID() }) }),
    expected: staffOnly(404),
  },
  [`GET ${ROUTES.fleetPapers.path}`]: {
    call: () => ({ method: 'GET', url: pathFor('fleetPapers') }),
    expected: staffOnly(200),
    check: (res) => expect(Array.isArray(res.json().papers.bookingsPastExpiry)).toBe(true),
  },
};
