/**
 * Changing a booking's dates or car (decision 095). One transaction: the booking's row is locked,
 * the rules of a new booking are asked of the new days, the booking is re-quoted by the contract's
 * quote(), and one UPDATE moves it. The old days are never let go before the new ones are held:
 * bookings_no_overlap and derived.car_days_taken (moved by the row's own trigger, migration 0018)
 * judge the row with its new days while it still holds the old ones, and a refusal rolls the whole
 * transaction back, so the booking stays exactly as it was.
 *
 * The preview (the "what would it cost" call) runs the very same transaction and rolls it back:
 * the same rules, the same answer, nothing kept.
 */
import {
  BOOKING_CHANGE_MESSAGES,
  type BookingChange,
  type BookingChangeWish,
  changeRefusal,
  companyToday,
  confirmAgain,
  FAR_AHEAD_HOLD_MINUTES,
  holdMinutesFor,
  isFarAhead,
  MESSAGES,
  paymentAfterChange,
  type Quote,
  rentalDays,
  wantedBooking,
} from '@rental/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { bookings, cars } from '../../db/schema';
import { holdFromNow, takeStep } from '../bookings';
import { type Database, isOverlapViolation, pgErrorCode, queryRows, raisedReason, readTogether, violatedConstraint } from '../../db/types';
import { HttpError } from '../../http/errors';
import { isId } from '../../db/ids';
import { getCompanySettings } from '../company';
import { checkDrivers } from '../bookings';
import type { EventLog } from '../../events';
import { refuseWhileCardPaymentOpen } from '../payments';
import { priceChangedRefusal, quoteCars, quoteWith, readPriceBook } from '../prices';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface ChangeActor {
  id: string;
  /** 'owner' is every staff member's role (staffRole says which); anything else is a customer. */
  role: string;
}

/** What is asked, and the total the customer saw (a different price now: 409 price_changed, nothing written). */
export type ChangeWish = BookingChangeWish & { expectedTotal?: number | undefined };

export interface ChangeOptions {
  /** Work it all out, then roll back: the preview. */
  preview: boolean;
  /** A new booking's hold (config HOLD_MINUTES): a confirmed booking sent back to staff gets one as long. */
  holdMinutes: number;
  /** Where the change's event is recorded: the customer's letter, and staff's when it goes back to them, are made from it. */
  events: EventLog;
  today?: string;
}

/** Carries the preview's answer out of the transaction it rolls back. */
class PreviewDone extends Error {
  constructor(readonly change: BookingChange) {
    super('preview: rolled back on purpose');
  }
}

export async function changeBooking(db: Database, actor: ChangeActor, bookingId: unknown, wish: ChangeWish, options: ChangeOptions): Promise<BookingChange> {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  try {
    return await db.transaction(async (tx) => {
      const change = await changeInside(tx, actor, bookingId, wish, options);
      if (options.preview) throw new PreviewDone(change);
      return change;
    });
  } catch (err) {
    if (err instanceof PreviewDone) return err.change;
    // Another booking of the new days (bookings_no_overlap), or a service block (car_days_taken).
    if (isOverlapViolation(err)) {
      throw new HttpError(
        409,
        violatedConstraint(err) === 'car_days_taken_no_overlap' ? BOOKING_CHANGE_MESSAGES.blockedDays : BOOKING_CHANGE_MESSAGES.datesTaken,
      );
    }
    if (pgErrorCode(err) === 'P0001' && raisedReason(err) === 'extra_sold_out') throw new HttpError(409, BOOKING_CHANGE_MESSAGES.extraSoldOut);
    throw err;
  }
}

const bookingColumns = {
  userId: bookings.userId,
  reference: bookings.reference,
  status: bookings.status,
  carId: bookings.carId,
  pickupDate: bookings.pickupDate,
  returnDate: bookings.returnDate,
  price: bookings.price,
  quote: bookings.quote,
  paymentStatus: bookings.paymentStatus,
  holdExpiresAt: bookings.holdExpiresAt,
  car: { brand: cars.brand, model: cars.model },
};

async function changeInside(tx: Tx, actor: ChangeActor, bookingId: string, wish: ChangeWish, options: ChangeOptions): Promise<BookingChange> {
  const today = options.today ?? companyToday();
  const asker = actor.role === 'owner' ? 'staff' : 'customer';
  await actAs(tx, actor.id);
  const read = () => tx.select(bookingColumns).from(bookings).innerJoin(cars, eq(cars.id, bookings.carId)).where(eq(bookings.id, bookingId));
  const [seen] = await read();
  // Someone else's booking does not exist, as far as a customer can tell.
  if (!seen || (asker === 'customer' && seen.userId !== actor.id)) throw new HttpError(404, MESSAGES.bookingNotFound);
  const asked = wantedBooking(seen, wish);
  const company = await getCompanySettings(tx);

  // A customer's driver must still meet the company's rules on the new days (a licence valid to the
  // new return day...). Their row is locked first, as a booking and a vetting decision lock it.
  if (asker === 'customer') {
    const [drivers] = await checkDrivers(tx, [{ userId: seen.userId, pickupDate: asked.pickupDate, returnDate: asked.returnDate, isStaff: false }], company);
    if (drivers?.refusal) throw drivers.refusal;
  }

  // The booking's row, locked: a status change, a check-out or another change waits for this one.
  const [current] = await read().for('update', { of: bookings });
  if (!current) throw new HttpError(404, MESSAGES.bookingNotFound);
  if (current.status !== seen.status || current.carId !== seen.carId || current.pickupDate !== seen.pickupDate || current.returnDate !== seen.returnDate) {
    throw new HttpError(409, BOOKING_CHANGE_MESSAGES.changedMeanwhile);
  }
  // A card page open for the old price would be paid against the new one.
  await refuseWhileCardPaymentOpen(tx, bookingId);
  const refused = changeRefusal(asker, current, wish, today);
  if (refused) throw new HttpError(refused.statusCode, refused.message);
  const wanted = wantedBooking(current, wish);
  const carChanges = wanted.carId !== current.carId;
  if (carChanges && !isId(wanted.carId)) throw new HttpError(404, BOOKING_CHANGE_MESSAGES.carNotFound);

  // The lock order of a new booking (bookCar.sql): the extras with a stock, then the cars, in id order.
  await tx.execute(sql`SELECT 1 FROM extras WHERE stock IS NOT NULL
                         AND id IN (SELECT extra_id FROM booking_extras WHERE booking_id = ${bookingId}::uuid)
                       ORDER BY id FOR NO KEY UPDATE`);
  const carIds = [...new Set([current.carId, wanted.carId])].sort();
  const lockedCars = await queryRows<{ id: string; is_available: boolean; deleted_at: string | null; brand: string; model: string }>(
    tx,
    sql`SELECT id, is_available, deleted_at, brand, model FROM cars WHERE id IN (${sql.join(
      carIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) ORDER BY id FOR NO KEY UPDATE`,
  );
  const newCar = lockedCars.find((car) => car.id === wanted.carId);
  if (!newCar || newCar.deleted_at !== null) throw new HttpError(404, BOOKING_CHANGE_MESSAGES.carNotFound);
  // A car staff took out of hire takes no new days; a rental already on the road keeps its own car.
  if (!newCar.is_available && (carChanges || current.status !== 'on_rent')) throw new HttpError(409, BOOKING_CHANGE_MESSAGES.carUnavailable);

  // The new price: the same quote() with the same choices (extras, other drivers, delivery), at today's prices.
  const [book, quotedCars] = await readTogether(
    tx,
    () => readPriceBook(tx, company),
    () => quoteCars(tx, [wanted.carId]),
  );
  const quoteCar = quotedCars.get(wanted.carId);
  if (!quoteCar) throw new HttpError(404, BOOKING_CHANGE_MESSAGES.carNotFound);
  const stored: Quote | null = current.quote;
  const priced = quoteWith(book, quoteCar, {
    pickupDate: wanted.pickupDate,
    returnDate: wanted.returnDate,
    extras: stored?.extras ?? [],
    additionalDrivers: stored?.additionalDrivers ?? 0,
    delivery: stored?.delivery ?? null,
  });
  if ('problem' in priced) throw new HttpError(422, priced.problem);
  const newQuote = priced.quote;
  const changedPrice = priceChangedRefusal(wish.expectedTotal, newQuote);
  if (changedPrice) throw changedPrice;

  // Days already taken by another booking or a block: the usual refusal, said without trying the
  // UPDATE. Under the cars' locks no new booking can take them meanwhile; the constraints still decide.
  const [taken] = await queryRows<{ block: boolean }>(
    tx,
    sql`SELECT block_id IS NOT NULL AS block FROM derived.car_days_taken
        WHERE car_id = ${wanted.carId}::uuid AND period && daterange(${wanted.pickupDate}::date, ${wanted.returnDate}::date, '[]')
          AND booking_id IS DISTINCT FROM ${bookingId}::uuid
        ORDER BY block_id IS NOT NULL LIMIT 1`,
  );
  if (taken) throw new HttpError(409, taken.block ? BOOKING_CHANGE_MESSAGES.blockedDays : BOOKING_CHANGE_MESSAGES.datesTaken);

  const payment = paymentAfterChange(current.paymentStatus, current.price, newQuote.total, newQuote.currency);
  const toConfirm = confirmAgain(asker, current, wanted, current.price, newQuote.total);
  // A hold moved far ahead is cut to what a new booking that far ahead gets; a change never lengthens
  // a hold. A confirmed booking sent back to staff is held as a new booking of these days would be.
  const hold = toConfirm
    ? holdFromNow(holdMinutesFor(wanted.pickupDate, options.holdMinutes, today))
    : current.status === 'pending' && isFarAhead(wanted.pickupDate, today)
      ? sql`least(${bookings.holdExpiresAt}, now() + make_interval(mins => ${FAR_AHEAD_HOLD_MINUTES}))`
      : bookings.holdExpiresAt;
  await tx
    .update(bookings)
    .set({
      carId: wanted.carId,
      pickupDate: wanted.pickupDate,
      returnDate: wanted.returnDate,
      price: newQuote.total,
      // The folio gets the difference as a line (0024_folio.sql) and says what is paid.
      quote: newQuote,
      holdExpiresAt: hold,
    })
    .where(eq(bookings.id, bookingId));
  // The change's event: what the booking was (its letters show it beside what it is now), never who.
  const told = {
    priceBefore: current.price,
    priceAfter: newQuote.total,
    byStaff: asker === 'staff',
    confirmAgain: toConfirm,
    before: { carId: current.carId, pickupDate: current.pickupDate, returnDate: current.returnDate, paymentStatus: current.paymentStatus },
  };
  // Back to staff: the booking's life takes the step (a customer's change of a confirmed booking), with the hold above.
  // Otherwise its status stays, and the event says so.
  if (toConfirm)
    await takeStep(tx, options.events, bookingId, 'confirmed', {
      event: 'change',
      actor: 'customer',
      actorId: actor.id,
      to: 'pending',
      holdExpiresAt: hold as SQL,
      data: told,
    });
  else await options.events.record(tx, [{ kind: 'change', bookingId, actorId: actor.id, data: { ...told, status: current.status } }]);
  // The extras must fit their stock on the new days too (raises extra_sold_out).
  if (newQuote.extras.length > 0) await tx.execute(sql`SELECT booking_extras_fit(${bookingId}::uuid)`);
  // A rental extended: its new return day gets its own reminder and, if it comes to that, its own overdue alert.
  if (current.status === 'on_rent' && wanted.returnDate !== current.returnDate) {
    await tx.execute(sql`UPDATE rentals SET overdue_alerted_at = NULL, return_reminded_at = NULL WHERE booking_id = ${bookingId}::uuid`);
  }

  const change: BookingChange = {
    bookingId,
    reference: current.reference,
    before: {
      pickupDate: current.pickupDate,
      returnDate: current.returnDate,
      days: rentalDays(current.pickupDate, current.returnDate),
      car: { _id: current.carId, name: `${current.car.brand} ${current.car.model}` },
      total: current.price,
      quote: stored,
    },
    after: {
      pickupDate: wanted.pickupDate,
      returnDate: wanted.returnDate,
      days: newQuote.days,
      car: { _id: wanted.carId, name: `${newCar.brand} ${newCar.model}` },
      total: newQuote.total,
      quote: newQuote,
    },
    difference: payment.difference,
    currency: newQuote.currency,
    paymentStatus: payment.paymentStatus,
    paymentNote: payment.note,
    confirmAgain: toConfirm,
  };
  return change;
}
