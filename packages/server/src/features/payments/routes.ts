/** Card payments: the customer starts one, the provider's page sends the browser back, staff settle what never came back. */
import { API, MESSAGES, PAYMENT_MESSAGES } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { closeAttempt, completeReturn, listAttempts, refundAttempt } from './attempts';
import { providerFromConfig } from './setup';
import { startAttempt } from './start';

const paymentRoutes: FastifyPluginAsync = async (app) => {
  const provider = await providerFromConfig(app);
  const returnUrl = `${app.mail.siteUrl}${API.paymentReturn}`;

  addEndpoint(app, 'startPayment', async (request) => {
    if (!provider) throw new HttpError(409, MESSAGES.cardPaymentsOff);
    const redirectUrl = await startAttempt(app.db, provider, request.user.id, request.body.bookingId, { returnUrl }, request.log);
    return { success: true as const, redirectUrl };
  });

  addEndpoint(app, 'paymentReturn', async (request, reply) => {
    let location = '/my-bookings?payment=unverified';
    if (provider) location = await completeReturn(app.db, provider, request.query, app.events, request.log);
    else request.log.warn('a card payment return arrived while card payments are off; nothing changed');
    return reply.header('cache-control', 'no-store').redirect(location, 303);
  });

  addEndpoint(app, 'paymentAttempts', async (request) => {
    return { success: true as const, attempts: await listAttempts(app.db, request.query.state ?? 'open') };
  });

  addEndpoint(app, 'closePayment', async (request) => {
    const closed = await closeAttempt(app.db, request.user.id, request.params.id, request.body, app.events);
    return { success: true as const, ...closed };
  });

  addEndpoint(app, 'refundPayment', async (request) => {
    const attempt = await refundAttempt(app.db, request.user.id, request.params.id, request.body);
    return { success: true as const, message: PAYMENT_MESSAGES.refundRecorded, attempt };
  });
};

export default paymentRoutes;
