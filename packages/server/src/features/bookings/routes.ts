import { type BookingCreatedResponse, MESSAGES, rentalDatesProblem } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { retryTransientConflicts } from '../../db/retry';
import type { Database } from '../../db/types';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { availableCars } from '../cars/service';
import { type Answer, bookOnce, idempotencyKeyOf, REPLAYED_HEADER } from './idempotency';
import { changeBookingStatus, createBooking, listOwnerBookings, listUserBookings } from './service';

const bookingsRoutes: FastifyPluginAsync = async (app) => {
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
      body: { success: true, message: MESSAGES.bookingCreated, booking: await createBooking(db, request.user.id, input) },
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

  addEndpoint(app, 'ownerBookings', async () => {
    return { success: true as const, bookings: await listOwnerBookings(app.db) };
  });

  addEndpoint(app, 'changeStatus', async (request) => {
    const { bookingId, status } = request.body;
    const booking = await retryTransientConflicts(() => changeBookingStatus(app.db, bookingId, status));
    return { success: true as const, message: MESSAGES.statusUpdated, booking };
  });
};

export default bookingsRoutes;
