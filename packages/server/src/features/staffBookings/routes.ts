/** Staff book for walk-in and phone customers (docs/decisions/094). */
import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { bookForCustomer } from './bookForCustomer';
import { searchCustomers } from './customerSearch';

const staffBookingRoutes: FastifyPluginAsync = async (app) => {
  const rules = { holdMinutes: app.config.holdMinutes, events: app.events, cardPayments: app.config.paymentProvider !== 'none' };

  addEndpoint(app, 'customerSearch', async (request) => {
    return { success: true as const, customers: await searchCustomers(app.db, request.query.q) };
  });

  addEndpoint(app, 'staffBooking', async (request, reply) => {
    const answer = await bookForCustomer(app.db, request.user, request.body, rules);
    reply.code(201);
    return answer;
  });
};

export default staffBookingRoutes;
