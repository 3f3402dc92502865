import { type BookingCreatedResponse, MESSAGES, rentalDatesProblem } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { retryTransientConflicts } from '../../db/retry';
import type { Database } from '../../db/types';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { availableCars } from '../cars/service';
import { startHoldSweeper } from './holds';
import { type Answer, bookOnce, idempotencyKeyOf, REPLAYED_HEADER } from './idempotency';
import { cancelOwnBooking, changeBookingStatus, createBooking, findUserBooking, listOwnerBookings, listUserBookings } from './service';

const bookingsRoutes: FastifyPluginAsync = async (app) => {
  const { holdMinutes } = app.config;
  startHoldSweeper(app);

  addEndpoint(app, 'checkAvailability', async (request) => {
    const query = request.body;
    const problem = rentalDatesProblem(query.pickupDate, query.returnDate);
    if (problem) throw new HttpError(400, problem.message);
    return { success: true as const, availableCars: await availableCars(app.db, query) };
  });

  addEndpoint(app, 'createBooking', async (request, reply) => {
    const input = request.body;
    const key = idempotencyKeyOf(request);
    const make = async (db: Database): Promise<Answer & { body: BookingCreatedResponse }> => ({
      statusCode: 201,
      body: { success: true, message: MESSAGES.bookingCreated, booking: await createBooking(db, request.user, input, holdMinutes, app.mail) },
    });
    const answer = await retryTransientConflicts<Answer & { replayed?: boolean }>(() =>
      key ? bookOnce(app.db, request.user.id, key, input, make) : make(app.db),
    );
    if (answer.replayed) reply.header(REPLAYED_HEADER, 'true');
    reply.code(answer.statusCode);
    return answer.body as BookingCreatedResponse;
  });

  addEndpoint(app, 'userBookings', async (request) => {
    return { success: true as const, bookings: await listUserBookings(app.db, request.user.id) };
  });

  addEndpoint(app, 'userBooking', async (request) => {
    const booking = await findUserBooking(app.db, request.user.id, request.params.reference);
    if (!booking) throw new HttpError(404, MESSAGES.bookingNotFound);
    return { success: true as const, booking };
  });

  addEndpoint(app, 'cancelBooking', async (request) => {
    const booking = await retryTransientConflicts(() => cancelOwnBooking(app.db, request.user.id, request.body.bookingId, undefined, app.mail));
    return { success: true as const, message: MESSAGES.bookingCancelled, booking };
  });

  addEndpoint(app, 'ownerBookings', async () => {
    return { success: true as const, bookings: await listOwnerBookings(app.db) };
  });

  addEndpoint(app, 'changeStatus', async (request) => {
    const { bookingId, status } = request.body;
    const booking = await retryTransientConflicts(() => changeBookingStatus(app.db, request.user, bookingId, status, holdMinutes, app.mail));
    return { success: true as const, message: MESSAGES.statusUpdated, booking };
  });
};

export default bookingsRoutes;
