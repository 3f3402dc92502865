/** The day's cash-up: read a day, close it, an owner reopens it (cashUp.ts). */
import { CASH_UP_MESSAGES } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { closeDay, readCashUp, reopenDay } from './cashUp';

const cashUpRoutes: FastifyPluginAsync = async (app) => {
  addEndpoint(app, 'cashUp', async (request) => {
    return { success: true as const, cashUp: await readCashUp(app.db, request.user, request.query.date, request.query.staffId) };
  });

  addEndpoint(app, 'closeCashUp', async (request) => {
    const cashUp = await closeDay(app.db, app.events, request.user, request.body);
    return { success: true as const, message: CASH_UP_MESSAGES.closed, cashUp };
  });

  addEndpoint(app, 'reopenCashUp', async (request) => {
    const cashUp = await reopenDay(app.db, app.events, request.user, request.params.date, request.body.staffId, request.body.reason);
    return { success: true as const, message: CASH_UP_MESSAGES.reopened, cashUp };
  });
};

export default cashUpRoutes;
