import { ROUTES } from '@rental/contract';
import { expect } from 'vitest';
import { managersOnly, type Entry } from '../support/permissionMatrix';

/** Keyed as Fastify lists routes ("METHOD /path/:param"); see permissions.test.ts. What each car earns (docs/decisions/120): managers and owners. */
export const fleetReportEntries: Record<string, Entry> = {
  [`GET ${ROUTES.fleetReport.path}`]: {
    call: () => ({ method: 'GET', url: `${ROUTES.fleetReport.path}?from=2026-01-01&to=2026-11-30` }),
    expected: managersOnly(200),
    check: (res) => expect(res.json().report.months).toHaveLength(11),
  },
  // GET /api/owner/reports/fleet.csv, printed under the report's own path.
  'GET .csv': {
    call: () => ({ method: 'GET', url: `${ROUTES.fleetReportCsv.path}?from=2026-01-01&to=2026-11-30` }),
    expected: managersOnly(200),
    check: (res) => expect(res.body).toContain('Rented days'),
  },
};
