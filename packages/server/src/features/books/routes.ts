/** GCT and the books (docs/decisions/115): the month's GCT, its lines as a CSV, the journal for the accountant. */
import { addDays, BOOKS_REFUSALS, isMonth, journalRangeProblem } from '@rental/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { getCompanySettings } from '../company';
import { csvText, GCT_HEADER, gctCsvRows } from './csv';
import { gctLines, gctMonth } from './gct';
import { JOURNAL_HEADERS, journalRows, moneyEvents } from './journal';

function monthAsked(month: unknown): string {
  if (!isMonth(month)) throw new HttpError(400, BOOKS_REFUSALS.month_not_valid, 'month_not_valid');
  return month;
}

const sendCsv = (reply: FastifyReply, name: string, text: string) =>
  reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store').send(text);

const booksRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  addEndpoint(app, 'gctReport', async (request) => {
    return { success: true as const, report: await gctMonth(app.db, monthAsked(request.query.month)) };
  });

  addEndpoint(app, 'gctReportCsv', async (request, reply) => {
    const month = monthAsked(request.query.month);
    const lines = await gctLines(app.db, month);
    const report = await gctMonth(app.db, month);
    return sendCsv(reply, `gct-${month}.csv`, csvText(GCT_HEADER, gctCsvRows(lines, report)));
  });

  addEndpoint(app, 'journalCsv', async (request, reply) => {
    const { from, to, layout = 'quickbooks' } = request.query;
    const problem = journalRangeProblem(from, to);
    if (problem || !from || !to) throw new HttpError(400, BOOKS_REFUSALS[problem ?? 'date_not_valid'], problem ?? 'date_not_valid');
    const company = await getCompanySettings(app.db);
    const events = await moneyEvents(app.db, from, addDays(to, 1));
    const name = `journal-${layout === 'xero' ? 'xero-' : ''}${from}-to-${to}.csv`;
    return sendCsv(reply, name, csvText(JOURNAL_HEADERS[layout], journalRows(events, company, layout)));
  });
};

export default booksRoutes;
