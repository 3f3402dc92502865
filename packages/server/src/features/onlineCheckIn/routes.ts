/** Online check-in's three calls (contract schemas/onlineCheckIn.ts): the state of each step, the code, the completion. */
import { MESSAGES } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { findUserBooking } from '../bookings';
import { sendCode } from './code';
import { completeCheckIn } from './complete';
import { readCheckIn } from './facts';
import { checkInState } from './state';

/** A browser's own words can be long: kept to what identifies it. */
const USER_AGENT_MAX = 300;

const onlineCheckInRoutes: FastifyPluginAsync = async (app) => {
  const cardsOn = app.config.paymentProvider !== 'none';

  addEndpoint(app, 'onlineCheckIn', async (request) => {
    const facts = await readCheckIn(app.db, request.user, request.params.id);
    return { success: true as const, checkIn: await checkInState(app.db, facts, { cardsOn, now: new Date() }) };
  });

  addEndpoint(app, 'sendCheckInCode', async (request) => {
    const sent = await sendCode(app.db, app.events, request.user, request.params.id);
    return { success: true as const, message: `We sent a 6-digit code to ${sent.codeEmail}. It works for 10 minutes.`, ...sent };
  });

  addEndpoint(app, 'completeCheckIn', async (request) => {
    const userAgent = (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX);
    const reference = await completeCheckIn(app.db, app.events, app.config.publicUrl, request.user, request.params.id, request.body, {
      ip: request.ip,
      userAgent,
    });
    const booking = await findUserBooking(app.db, request.user.id, reference);
    if (!booking?.onlineCheckIn) throw new HttpError(404, MESSAGES.bookingNotFound);
    return { success: true as const, message: 'You are checked in. See you at the counter!', booking: { ...booking, onlineCheckIn: booking.onlineCheckIn } };
  });
};

export default onlineCheckInRoutes;
