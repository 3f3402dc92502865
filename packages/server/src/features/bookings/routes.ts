import { Readable } from 'node:stream';
import { BOOKINGS_PAGE_SIZE, type BookingCreatedResponse, companyToday, FOLIO_MESSAGES, MESSAGES, rentalDatesProblem } from '@rental/contract';
import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema';
import type { FastifyPluginAsync } from 'fastify';
import { retryTransientConflicts } from '../../db/retry';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { availableCars } from '../cars';
import { tripPrices } from '../prices';
import { answerJson, sendEncoded, answerKeys } from '../fleetCache';
import { bookingsCsv, csvFileName } from './bookingsCsv';
import { createBookingDesk } from './bookingDesk';
import { holdAddress } from './holdAddress';
import { idempotencyKeyOf, REPLAYED_HEADER } from './idempotency';
import { filtersWhere, staffBookingsJson, staffBookingsPage } from './staffList';
import { readHistory } from './history';
import { addCharge, readFolio, recordBalancePaid, recordPayment, recordRefund, voidLine } from './folio';
import { listStaffBookings } from './read';
import { cancelOwnBooking, changeBookingStatus, findUserBooking, listUserBookings } from './service';
import { theRow } from '../../db/rows';

const bookingsRoutes: FastifyPluginAsync = async (app) => {
  const { holdMinutes } = app.config;

  // From the fleet cache (decision 070): one answer per place and dates, per fleet version and day.
  addEndpoint(app, 'checkAvailability', async (request, reply) => {
    const { location, pickupDate, returnDate } = request.body;
    const { stamp, today } = await app.fleetCache.stamp();
    const problem = rentalDatesProblem(pickupDate, returnDate, today);
    if (problem) throw new HttpError(400, problem.message);
    const key = answerKeys.available(stamp, location, pickupDate, returnDate);
    // Each car with its price for these days (the prices' saves move the fleet's version too: 0034).
    const answer = await app.fleetCache.answers.get(key, async () => {
      const [free, prices] = await Promise.all([
        availableCars(app.db, { location, pickupDate, returnDate }, today),
        tripPrices(app.db, pickupDate, returnDate),
      ]);
      const priced = free.map((car) => ({ ...car, tripPrice: prices.priceOf(car) }));
      return answerJson(
        'checkAvailability',
        { success: true as const, availableCars: priced, ...(prices.priceNote ? { priceNote: prices.priceNote } : {}) },
        app.config.publicUrl,
      );
    });
    return sendEncoded(request, reply, answer);
  });

  // Every booking of this instance goes through one desk, which books them in batches (decision 073).
  const bookingDesk = createBookingDesk(app.db, { holdMinutes, events: app.events, cardPayments: app.config.paymentProvider !== 'none' });
  addEndpoint(app, 'createBooking', async (request, reply) => {
    const answer = await bookingDesk.book({ actor: request.user, input: request.body, key: idempotencyKeyOf(request), address: holdAddress(request.ip) });
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
    const booking = await retryTransientConflicts(() => cancelOwnBooking(app.db, app.events, request.user.id, request.body.bookingId));
    return { success: true as const, message: MESSAGES.bookingCancelled, booking };
  });

  addEndpoint(app, 'ownerBookings', async (request, reply) => {
    const { limit, cursor, ...filters } = request.query;
    if (limit !== undefined || cursor !== undefined) {
      const page = await staffBookingsPage(app.db, filters, { limit: limit ?? BOOKINGS_PAGE_SIZE, cursor });
      return { success: true as const, ...page };
    }
    // Every booking (SPEC's client): streamed as it is read, a chunk at a time, so a long list
    // neither builds one huge string nor holds other requests (docs/decisions/055).
    const where = filtersWhere(filters);
    return reply.type('application/json; charset=utf-8').send(Readable.from(staffBookingsJson(app.db, where, app.config.publicUrl)));
  });

  // What is paid is the folio's to say: "paid" records the balance as a payment.
  addEndpoint(app, 'changePaymentStatus', async (request) => {
    const { bookingId, method } = request.body;
    await recordBalancePaid(app.db, app.events, request.user.id, bookingId, method);
    const booking = theRow(await listStaffBookings(app.db, { where: eq(bookings.id, bookingId) }), 'The booking');
    return { success: true as const, message: MESSAGES.paymentStatusUpdated, booking };
  });

  addEndpoint(app, 'folio', async (request) => ({ success: true as const, folio: await readFolio(app.db, request.user, request.params.id) }));
  addEndpoint(app, 'bookingHistory', async (request) => ({ success: true as const, ...(await readHistory(app.db, request.params.id)) }));
  addEndpoint(app, 'recordPayment', async (request, reply) => {
    const folio = await retryTransientConflicts(() => recordPayment(app.db, app.events, request.user.id, request.params.id, request.body));
    reply.code(201);
    return { success: true as const, message: FOLIO_MESSAGES.paymentRecorded, folio };
  });
  addEndpoint(app, 'recordRefund', async (request, reply) => {
    const folio = await retryTransientConflicts(() => recordRefund(app.db, app.events, request.user.id, request.params.id, request.body));
    reply.code(201);
    return { success: true as const, message: FOLIO_MESSAGES.refundRecorded, folio };
  });
  addEndpoint(app, 'addCharge', async (request, reply) => {
    const folio = await retryTransientConflicts(() => addCharge(app.db, app.events, request.user.id, request.params.id, request.body));
    reply.code(201);
    return { success: true as const, message: FOLIO_MESSAGES.chargeAdded, folio };
  });
  addEndpoint(app, 'voidLine', async (request, reply) => {
    const folio = await retryTransientConflicts(() =>
      voidLine(app.db, app.events, request.user.id, request.params.id, request.params.lineId, request.body.reason),
    );
    reply.code(201);
    return { success: true as const, message: FOLIO_MESSAGES.lineVoided, folio };
  });

  addEndpoint(app, 'ownerBookingsCsv', async (request, reply) => {
    const where = filtersWhere(request.query);
    const csv = bookingsCsv(app.db, where, (err) => request.log.error({ err }, 'the bookings export stopped'));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFileName(companyToday())}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  addEndpoint(app, 'changeStatus', async (request) => {
    const { bookingId, status } = request.body;
    const booking = await retryTransientConflicts(() => changeBookingStatus(app.db, request.user, bookingId, status, holdMinutes, app.events));
    return { success: true as const, message: MESSAGES.statusUpdated, booking };
  });
};

export default bookingsRoutes;
