import { ROUTES } from '@rental/contract';
import { expect } from 'vitest';
import { managersOnly, type Entry } from '../support/permissionMatrix';

/** Keyed as Fastify lists routes ("METHOD /path/:param"); see permissions.test.ts. GCT and the books (docs/decisions/115): managers and owners. */
export const booksEntries: Record<string, Entry> = {
  [`GET ${ROUTES.gctReport.path}`]: {
    call: () => ({ method: 'GET', url: `${ROUTES.gctReport.path}?month=2026-11` }),
    expected: managersOnly(200),
    check: (res) => expect(res.json().report.month).toBe('2026-11'),
  },
  // GET /api/owner/reports/gct/lines.csv, printed under the report's own path.
  'GET /lines.csv': {
    call: () => ({ method: 'GET', url: `${ROUTES.gctReportCsv.path}?month=2026-11` }),
    expected: managersOnly(200),
    check: (res) => expect(res.headers['content-type']).toContain('text/csv'),
  },
  [`GET ${ROUTES.journalCsv.path}`]: {
    call: () => ({ method: 'GET', url: `${ROUTES.journalCsv.path}?from=2026-11-01&to=2026-11-30` }),
    expected: managersOnly(200),
    check: (res) => expect(res.body).toContain('Journal No'),
  },
};
