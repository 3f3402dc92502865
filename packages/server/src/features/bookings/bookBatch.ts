/**
 * One batch of booking requests, in one transaction: the database books each one under its own rules
 * (book_cars(), bookCar.sql beside this file), then the letters of every booking made and the answers kept for
 * Idempotency-Keys are written with them. An acknowledged booking therefore always has its e-mails,
 * and a retry with its key always finds its answer.
 */
import {
  BOOKING_REFUSALS,
  DRIVER_MESSAGES,
  type BookingCreatedResponse,
  type CreateBookingBody,
  holdMinutesFor,
  holdForPayment,
  isFarAhead,
  isBookingRefusal,
  MAX_PENDING_BOOKINGS,
  MAX_PENDING_BOOKINGS_PER_ADDRESS,
  MAX_PENDING_DAYS_PER_ADDRESS,
  MESSAGES,
  type Role,
} from '@rental/contract';
import { sql } from 'drizzle-orm';
import { type Database, pgErrorCode, queryRows, readTogether, type Tx } from '../../db/types';
import { rowAt, theRow } from '../../db/rows';
import { HttpError } from '../../http/errors';
import { getCompanySettings } from '../company';
import { checkDrivers } from './driverChecks';
import { priceChangedRefusal, quoteCars, quoteWith, readPriceBook } from '../prices';
import type { EventLog, RecordedEvent } from '../../events';
import { MESSAGE_KEY_REUSED, requestHash } from './idempotency';
import { type BookingRow, toBooking } from './read';

export interface BookingRequest {
  actor: { id: string; role: Role };
  /** Staff booking for a walk-in or phone customer: the booking is this customer's, made by the actor (features/staffBookings/bookForCustomer.ts). */
  forCustomer?: string;
  /** Staff confirm it at once: the customer's letter is the confirmation, which the caller writes. */
  confirmAtOnce?: boolean;
  input: CreateBookingBody;
  /** The request's Idempotency-Key, if it sent one. */
  key?: string;
  /** The address it came from (behind a proxy, as TRUST_PROXY tells), for the holds per address. */
  address?: string;
}

export interface BookingAnswer {
  statusCode: number;
  body: unknown;
  /** True when the answer is the one first given for this Idempotency-Key. */
  replayed: boolean;
}

/** What became of one request: an answer, a refusal, or "ask again" (a reference clash). */
export type BookingOutcome = { answer: BookingAnswer } | { refusal: HttpError } | { again: true };

export interface BookingRules {
  holdMinutes: number;
  /** Where each booking's 'book' event is recorded (its letters are made from it). */
  events: EventLog;
  /** A card provider is set up: paymentMethod 'card' may be chosen. */
  cardPayments: boolean;
}

/** book_car's booking: a BookingRow whose times are JSON strings. */
type Booked = {
  outcome: 'booked';
  booking: Omit<BookingRow, 'car' | 'holdExpiresAt' | 'createdAt'> & { holdExpiresAt: string | null; createdAt: string };
  car: BookingRow['car'];
};
type DatabaseAnswer = { n: number } & (
  Booked | { outcome: 'refused'; reason: string } | { outcome: 'replay'; hash: string; statusCode: number; response: unknown } | { outcome: 'again' }
);

/** The database's reasons (book_car's RAISE and the overlap) in the customer's words (the contract's list). */
function refusal(reason: string): HttpError {
  if (!isBookingRefusal(reason)) throw new Error(`book_car refused for a reason the application does not know: ${reason}`);
  const { statusCode, message } = BOOKING_REFUSALS[reason];
  return new HttpError(statusCode, message, reason);
}

/**
 * The batch's transaction got no answer to its COMMIT (the connection was lost): it may have
 * committed, so its requests must not be run again as new ones.
 */
export class BatchOutcomeUnknown extends Error {
  constructor(cause: unknown) {
    super('The database did not confirm the bookings of a batch.', { cause });
  }
}

/** Books every request of the batch (all in one transaction); outcomes in the requests' order. */
export async function bookBatch(db: Database, requests: readonly BookingRequest[], rules: BookingRules): Promise<BookingOutcome[]> {
  // Only a request with an Idempotency-Key needs its hash (to claim the key, or to compare with the stored one).
  const hashes = requests.map(({ key, input }) => (key === undefined ? undefined : requestHash(input)));
  const payload = payloadOf(requests, rules.holdMinutes, hashes);
  let workDone = false;
  try {
    return await db.transaction(async (tx) => {
      const outcomes = await bookInTransaction(tx, requests, rules, payload, hashes);
      workDone = outcomes.some((outcome) => 'answer' in outcome && !outcome.answer.replayed);
      return outcomes;
    });
  } catch (err) {
    // PostgreSQL's own refusal of the COMMIT (a deadlock in a deferred trigger) means rolled back;
    // no answer at all (a lost connection) means we cannot know.
    if (workDone && pgErrorCode(err) === undefined) throw new BatchOutcomeUnknown(err);
    throw err;
  }
}

type Payload = ReturnType<typeof payloadOf>[number];

/** The requests as book_cars reads them. */
function payloadOf(requests: readonly BookingRequest[], holdMinutes: number, hashes: (string | undefined)[]) {
  return requests.map(({ actor, input, key, address, forCustomer }, n) => ({
    n,
    userId: forCustomer ?? actor.id,
    // Whoever made it, for its history (booking_events): staff, when they booked for a customer.
    actorId: actor.id,
    // Staff booking for themselves skip the drivers' rules; a customer they book for does not.
    isStaff: actor.role === 'owner' && forCustomer === undefined,
    carId: input.car,
    pickupDate: input.pickupDate,
    returnDate: input.returnDate,
    holdMinutes: holdMinutesFor(input.pickupDate, holdMinutes),
    paymentMethod: input.paymentMethod,
    limitHolds: actor.role !== 'owner',
    ...(address === undefined ? {} : { address }),
    ...(key === undefined ? {} : { key, hash: hashes[n] }),
  }));
}

/**
 * The batch's work inside a transaction the caller opened: a staff booking for a new customer
 * creates the customer in the same one, so a refused booking leaves no account behind.
 */
export async function bookInTransaction(
  tx: Tx,
  requests: readonly BookingRequest[],
  rules: BookingRules,
  payload: Payload[] = payloadOf(
    requests,
    rules.holdMinutes,
    requests.map(({ key, input }) => (key === undefined ? undefined : requestHash(input))),
  ),
  hashes: (string | undefined)[] = payload.map((p) => ('hash' in p ? p.hash : undefined)),
): Promise<BookingOutcome[]> {
  const limits = {
    maxPending: MAX_PENDING_BOOKINGS,
    maxPendingPerAddress: MAX_PENDING_BOOKINGS_PER_ADDRESS,
    maxPendingDaysPerAddress: MAX_PENDING_DAYS_PER_ADDRESS,
  };
  const outcomes: BookingOutcome[] = Array.from({ length: requests.length });
  // The drivers' rules and the prices first: a refused request never reaches the cars.
  const company = await getCompanySettings(tx);
  const [drivers, book, quotedCars] = await readTogether(
    tx,
    () => checkDrivers(tx, payload, company),
    () => readPriceBook(tx, company),
    () =>
      quoteCars(
        tx,
        payload.map((p) => p.carId),
      ),
  );
  // A bank deposit's hold counts bank days (the company's holidays), not the clock's minutes.
  const now = new Date();
  for (const p of payload) {
    if (p.paymentMethod !== 'cash_deposit') continue;
    const hold = holdForPayment(p, rules.holdMinutes, company, now);
    Object.assign(p, { holdMinutes: hold.minutes, holdUntil: hold.until?.toISOString() });
  }
  const allowed = [];
  for (const [n, request] of payload.entries()) {
    const refused = rowAt(drivers, n, 'The drivers’ check of a request').refusal ?? priceRefusal(n);
    if (refused) outcomes[n] = { refusal: refused };
    else allowed.push(request);
  }
  function priceRefusal(n: number): HttpError | undefined {
    const { input } = rowAt(requests, n, 'The booking request');
    if (input.paymentMethod === 'card' && !rules.cardPayments) return new HttpError(409, MESSAGES.cardPaymentsOff);
    const car = quotedCars.get(input.car);
    // A car not in the fleet is book_car's to refuse (car_not_found), under its rules' order.
    if (!car) return undefined;
    const priced = quoteWith(book, car, input);
    if ('problem' in priced) return new HttpError(422, priced.problem);
    // The total the customer saw on the Confirm step must still be the price, else nothing is booked.
    const changed = priceChangedRefusal(input.expectedTotal, priced.quote);
    if (changed) return changed;
    Object.assign(rowAt(payload, n, 'The booking request’s payload'), {
      quote: priced.quote,
      quotedCar: { pricePerDay: car.pricePerDay, category: car.category },
    });
    return undefined;
  }
  if (allowed.length === 0) return outcomes;
  const row = theRow(
    await queryRows<{ answers: DatabaseAnswer[] }>(tx, sql`SELECT book_cars(${JSON.stringify(allowed)}::jsonb, ${JSON.stringify(limits)}::jsonb) AS answers`),
    'The answers of book_cars',
  );
  const booked: { n: number; made: Booked }[] = [];
  for (const answer of row.answers) {
    const { n } = answer;
    if (answer.outcome === 'refused') outcomes[n] = { refusal: refusal(answer.reason) };
    else if (answer.outcome === 'again') outcomes[n] = { again: true };
    else if (answer.outcome === 'replay') {
      outcomes[n] =
        answer.hash === hashes[n]
          ? { answer: { statusCode: answer.statusCode, body: answer.response, replayed: true } }
          : { refusal: new HttpError(422, MESSAGE_KEY_REUSED) };
    } else {
      booked.push({ n, made: answer });
    }
  }
  // Nothing written but refused key claims (rolled back): such a batch may simply run again.
  if (booked.length === 0) return outcomes;

  // Each booking's history starts with its 'book' event, and its e-mails are made from it: they
  // commit with the bookings, so an acknowledged booking always has them.
  const started: RecordedEvent[] = [];
  const kept: { userId: string; key: string; response: BookingCreatedResponse }[] = [];
  for (const { n, made } of booked) {
    const request = rowAt(requests, n, 'The booked request');
    const asked = rowAt(payload, n, 'The booked request’s payload');
    started.push({
      kind: 'book',
      bookingId: made.booking.id,
      actorId: asked.actorId,
      data: { status: 'pending', confirmAtOnce: request.confirmAtOnce === true },
    });
    const holdExpiresAt = made.booking.holdExpiresAt === null ? null : new Date(made.booking.holdExpiresAt);
    const booking = toBooking({ ...made.booking, holdExpiresAt, createdAt: new Date(made.booking.createdAt), car: made.car });
    // A hold cut short by a far-ahead pickup is said at once, in the answer the customer reads.
    const { pickupDate, paymentMethod } = asked;
    const message =
      paymentMethod !== 'cash_deposit' && isFarAhead(pickupDate) && asked.holdMinutes < rules.holdMinutes
        ? MESSAGES.bookingCreatedFarAhead
        : MESSAGES.bookingCreated;
    const body: BookingCreatedResponse = { success: true, message, booking };
    // Booked without driver details (a reservation): the customer reads what is still needed.
    if (rowAt(drivers, n, 'The drivers’ check of a booked request').detailsMissing) body.notice = DRIVER_MESSAGES.driverMissing;
    outcomes[n] = { answer: { statusCode: 201, body, replayed: false } };
    const { key } = request;
    if (key !== undefined) kept.push({ userId: asked.userId, key, response: body });
  }
  await rules.events.record(tx, started);
  if (kept.length > 0) {
    await tx.execute(sql`
      UPDATE idempotency_keys AS k SET status_code = 201, response = a.response
      FROM jsonb_to_recordset(${JSON.stringify(kept)}::jsonb) AS a("userId" uuid, key text, response jsonb)
      WHERE k.user_id = a."userId" AND k.key = a.key`);
  }
  return outcomes;
}
