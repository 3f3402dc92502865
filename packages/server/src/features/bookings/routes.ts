import {
  API,
  type AvailableCarsResponse,
  type BookingCreatedResponse,
  type BookingsResponse,
  changeStatusBody,
  checkAvailabilityBody,
  createBookingBody,
  type MessageResponse,
  MESSAGES,
  type OwnerBooking,
  type OwnerBookingsResponse,
  rentalDatesProblem,
} from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError, parseInput } from '../../http/errors';
import { requireOwner, requireUser } from '../auth/guards';
import { availableCars } from '../cars/service';
import { retryTransientConflicts } from '../../db/retry';
import type { Database } from '../../db/types';
import { type Answer, bookOnce, idempotencyKeyOf, REPLAYED_HEADER } from './idempotency';
import { changeBookingStatus, createBooking, listOwnerBookings, listUserBookings } from './service';

const bookingsRoutes: FastifyPluginAsync = async (app) => {
  app.post(API.checkAvailability, async (request): Promise<AvailableCarsResponse> => {
    const query = parseInput(checkAvailabilityBody, request.body);
    const problem = rentalDatesProblem(query.pickupDate, query.returnDate);
    if (problem) throw new HttpError(400, problem.message);
    return { success: true, availableCars: await availableCars(app.db, query) };
  });

  app.post(API.createBooking, { preHandler: requireUser }, async (request, reply): Promise<BookingCreatedResponse> => {
    const input = parseInput(createBookingBody, request.body);
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

  app.get(API.userBookings, { preHandler: requireUser }, async (request): Promise<BookingsResponse> => {
    return { success: true, bookings: await listUserBookings(app.db, request.user.id) };
  });

  app.get(API.ownerBookings, { preHandler: requireOwner }, async (): Promise<OwnerBookingsResponse> => {
    return { success: true, bookings: await listOwnerBookings(app.db) };
  });

  app.post(
    API.changeStatus,
    { preHandler: requireOwner },
    async (request): Promise<MessageResponse & { booking: OwnerBooking }> => {
      const { bookingId, status } = parseInput(changeStatusBody, request.body);
      const booking = await retryTransientConflicts(() => changeBookingStatus(app.db, bookingId, status));
      return { success: true, message: MESSAGES.statusUpdated, booking };
    },
  );
};

export default bookingsRoutes;
