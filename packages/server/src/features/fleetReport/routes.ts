/** What each car earns: the report, and the same as a spreadsheet (report.ts). */
import { FLEET_REPORT_REFUSALS, type FleetSortColumn, fleetRangeProblem, type ResponseOf, type SortOrder, sortFleetRows } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/types';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { getCompanySettings } from '../company';
import { fleetCsv } from './csv';
import { fleetReport } from './report';

interface Asked {
  from?: string;
  to?: string;
  sort?: FleetSortColumn;
  order?: SortOrder;
}

async function reportAsked(db: Database, query: Asked) {
  const { from, to, sort = 'car', order = 'asc' } = query;
  const problem = fleetRangeProblem(from, to);
  if (problem || !from || !to) throw new HttpError(400, FLEET_REPORT_REFUSALS[problem ?? 'fleet_dates_not_valid'], problem ?? 'fleet_dates_not_valid');
  const company = await getCompanySettings(db);
  const report = await fleetReport(db, from, to, company.currency);
  return { ...report, cars: sortFleetRows(report.cars, sort, order) };
}

const fleetReportRoutes: FastifyPluginAsync = async (app) => {
  addEndpoint(app, 'fleetReport', async (request, reply) => {
    const answer: ResponseOf<'fleetReport'> = { success: true, report: await reportAsked(app.db, request.query) };
    // Written as it is made (docs/decisions/121), as the bookings list is: checking 1,000 cars' months
    // against the contract's schema on every call cost more than reading them (~70 of ~250 ms of
    // the main thread's time per call under load, bench/fleet-report.mjs with --cpu-prof). The
    // shape is the contract's type, checked by the compiler, and the tests' client checks the schema.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
  });

  addEndpoint(app, 'fleetReportCsv', async (request, reply) => {
    const report = await reportAsked(app.db, request.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="fleet-report-${report.from}-to-${report.to}.csv"`)
      .header('cache-control', 'no-store')
      .send(fleetCsv(report, report.cars));
  });
};

export default fleetReportRoutes;
