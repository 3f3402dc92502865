/**
 * Changing bookings: a customer books (a hold, pending until staff confirm it), staff set any
 * status, a customer cancels their own. Every change adds a row to booking_events, in the same
 * transaction, so a booking's history is never missing a step.
 */
import {
  type Booking,
  type BookingStatus,
  bookingPrice,
  companyToday,
  type CreateBookingBody,
  MAX_PENDING_BOOKINGS,
  MESSAGES,
  type OwnerBooking,
  type Role,
  rentalDatesProblem,
  type StatusReason,
} from '@rental/contract';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { bankDetails, bookingEvents, bookings, cars, users } from '../../db/schema';
import { actAs } from '../../db/actor';
import { type Database, isOverlapViolation, isUniqueViolation } from '../../db/types';
import { HttpError } from '../../http/errors';
import { isId } from '../cars/ids';
import { getCompanySettings } from '../company/settings';
import {
  bookingCancelledLetter,
  bookingConfirmedLetter,
  bookingMadeLetter,
  bookingMadeStaffLetter,
  type BookingFacts,
  cancelledByCustomerLetter,
  DEFAULT_MAIL_SETTINGS,
  type MailSettings,
} from '../mail/letters';
import { bookingFacts, enqueue } from '../mail/outbox';
import { getBankDetails } from '../owner/bankDetails';
import { bookingColumns, bookingOwnColumns, findBooking, listOwnerBookings, toBooking } from './read';

export { findUserBooking, listOwnerBookings, listUserBookings } from './read';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface Actor {
  id: string;
  role: Role;
}

const holdEnd = (holdMinutes: number) => sql`now() + make_interval(mins => ${holdMinutes})`;

function isReferenceClash(err: unknown): boolean {
  return isUniqueViolation(err) && String((err as { constraint?: unknown }).constraint ?? (err as Error).message).includes('reference');
}

/**
 * Books a car for a customer. The dates follow the company's rules (today to a year ahead, at
 * most 90 days, inclusive), the price is the server's, and the booking starts as a pending hold
 * that ends `holdMinutes` from now. A customer holds at most MAX_PENDING_BOOKINGS at once (staff,
 * who book for callers, are not limited). Two bookings of one car can never share a day: the
 * database's exclusion constraint refuses the second insert whatever the concurrency (409).
 */
export async function createBooking(db: Database, actor: Actor, input: CreateBookingBody, holdMinutes: number, mail: MailSettings = DEFAULT_MAIL_SETTINGS): Promise<Booking> {
  const problem = rentalDatesProblem(input.pickupDate, input.returnDate);
  if (problem) throw new HttpError(400, problem.message);
  if (!isId(input.car)) throw new HttpError(404, MESSAGES.carNotFound);
  const carId = input.car;

  for (let attempt = 1; ; attempt++) {
    try {
      // The answer and the letters are made from what the transaction's own statements return: no
      // read of the booking after it is in (issue 13: fewer round trips per booking).
      return await db.transaction(async (tx) => {
        const customerColumns = { name: users.name, email: users.email, phone: users.phone };
        let customer: BookingFacts['customer'] | undefined;
        if (actor.role !== 'owner') {
          // The customer's row first, so two bookings of one customer count their holds one after the other.
          [customer] = await tx.select(customerColumns).from(users).where(eq(users.id, actor.id)).for('no key update');
          const [held] = await tx
            .select({ pending: count() })
            .from(bookings)
            .where(and(eq(bookings.userId, actor.id), eq(bookings.status, 'pending')));
          if ((held?.pending ?? 0) >= MAX_PENDING_BOOKINGS) throw new HttpError(409, MESSAGES.tooManyPendingBookings);
        }
        // One booking of a car at a time: two inserts of overlapping days racing on the exclusion
        // constraint can deadlock (each waits for the other's uncommitted row), so bookings of one car
        // queue on its row instead; the second then meets the first's committed booking (409) at once.
        // A delete or update of the car also waits until this booking is in, then sees it.
        const [car] = await tx
          .select({ pricePerDay: cars.pricePerDay, isAvailable: cars.isAvailable, ...bookingColumns.car })
          .from(cars)
          .where(and(eq(cars.id, carId), isNull(cars.deletedAt)))
          .for('no key update');
        if (!car) throw new HttpError(404, MESSAGES.carNotFound);
        if (!car.isAvailable) throw new HttpError(409, MESSAGES.carUnavailable);
        if (input.paymentMethod === 'cash_deposit') {
          const [bank] = await tx.select({ id: bankDetails.id }).from(bankDetails);
          if (!bank) throw new HttpError(409, MESSAGES.bankDetailsMissing);
        }
        const [inserted] = await tx
          .insert(bookings)
          .values({
            carId,
            userId: actor.id,
            pickupDate: input.pickupDate,
            returnDate: input.returnDate,
            price: bookingPrice(car.pricePerDay, input.pickupDate, input.returnDate),
            status: 'pending',
            paymentMethod: input.paymentMethod,
            holdExpiresAt: holdEnd(holdMinutes),
          })
          .returning(bookingOwnColumns);
        const row = inserted!;
        await tx.insert(bookingEvents).values({ bookingId: row.id, status: 'pending', actorId: actor.id });
        // Staff book for callers under their own account (no lock above): read it here.
        customer ??= (await tx.select(customerColumns).from(users).where(eq(users.id, actor.id)))[0];
        // The e-mails commit with the booking: an acknowledged booking always has them.
        const facts: BookingFacts = { ...row, car: { brand: car.brand, model: car.model, year: car.year, location: car.location }, customer: customer! };
        const company = await getCompanySettings(tx);
        const bank = input.paymentMethod === 'cash_deposit' ? await getBankDetails(tx) : null;
        await enqueue(tx, [bookingMadeLetter(facts, bank, company, mail), bookingMadeStaffLetter(facts, company, mail)]);
        return toBooking({ ...row, car: { id: car.id, imageId: car.imageId, brand: car.brand, model: car.model, year: car.year, category: car.category, location: car.location } });
      });
    } catch (err) {
      if (isOverlapViolation(err)) throw new HttpError(409, MESSAGES.datesTaken);
      // A new reference that happens to equal an old one (about one in a billion): make another.
      if (isReferenceClash(err) && attempt < 5) continue;
      throw err;
    }
  }
}

/** The constraint a database error names (drizzle wraps the driver's error: look at the causes too). */
function violatedConstraint(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
  }
  return undefined;
}

/** Sets a status and records it, inside the caller's transaction. */
async function recordStatus(tx: Tx, bookingId: string, status: BookingStatus, reason: StatusReason | null, actorId: string | null, holdMinutes: number) {
  await tx
    .update(bookings)
    .set({
      status,
      statusReason: status === 'cancelled' ? reason : null,
      // Back to pending (staff re-opening a booking): a fresh hold.
      holdExpiresAt: status === 'pending' ? holdEnd(holdMinutes) : null,
    })
    .where(eq(bookings.id, bookingId));
  await tx.insert(bookingEvents).values({ bookingId, status, reason: status === 'cancelled' ? reason : null, actorId });
}

/**
 * Owners may set any status. Moving a cancelled booking back to pending or confirmed claims its
 * days again; if someone booked them meanwhile the constraint refuses it (409), and a booking of a
 * car removed since stays cancelled (409).
 */
export async function changeBookingStatus(db: Database, actor: Actor, bookingId: unknown, status: BookingStatus, holdMinutes: number, mail: MailSettings = DEFAULT_MAIL_SETTINGS): Promise<OwnerBooking> {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  try {
    await db.transaction(async (tx) => {
      await actAs(tx, actor.id);
      const [current] = await tx
        .select({ status: bookings.status, carDeletedAt: cars.deletedAt })
        .from(bookings)
        .innerJoin(cars, eq(cars.id, bookings.carId))
        .where(eq(bookings.id, bookingId))
        .for('update', { of: bookings });
      if (!current) throw new HttpError(404, MESSAGES.bookingNotFound);
      // A removed car is promised to nobody: its cancelled bookings stay cancelled.
      if (current.status === 'cancelled' && status !== 'cancelled' && current.carDeletedAt) {
        throw new HttpError(409, MESSAGES.carRemovedCannotReactivate);
      }
      if (current.status === status) return;
      await recordStatus(tx, bookingId, status, 'staff', actor.id, holdMinutes);
      // The customer hears of a confirmation or a cancellation (not of staff re-opening a booking).
      if (status === 'confirmed' || status === 'cancelled') {
        const facts = await bookingFacts(tx, bookingId);
        const company = await getCompanySettings(tx);
        await enqueue(tx, [status === 'confirmed' ? bookingConfirmedLetter(facts, company, mail) : bookingCancelledLetter(facts, company, mail)]);
      }
    });
  } catch (err) {
    // Only a block can clash with car_days_taken here: another booking meets bookings_no_overlap first (issue 12).
    if (isOverlapViolation(err)) throw new HttpError(409, violatedConstraint(err) === 'car_days_taken_no_overlap' ? MESSAGES.reactivateOverBlock : MESSAGES.reactivateConflict);
    throw err;
  }
  const [booking] = await listOwnerBookings(db, { where: eq(bookings.id, bookingId) });
  return booking!;
}

/**
 * A customer cancels their own booking while it is a hold (pending), or confirmed with its
 * pickup after today in Jamaica. Its days are free the moment this commits.
 */
export async function cancelOwnBooking(db: Database, userId: string, bookingId: unknown, today = companyToday(), mail: MailSettings = DEFAULT_MAIL_SETTINGS): Promise<Booking> {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  await db.transaction(async (tx) => {
    await actAs(tx, userId);
    const [current] = await tx
      .select({ status: bookings.status, pickupDate: bookings.pickupDate })
      .from(bookings)
      .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)))
      .for('update');
    if (!current) throw new HttpError(404, MESSAGES.bookingNotFound);
    if (current.status === 'cancelled') throw new HttpError(409, MESSAGES.alreadyCancelled);
    if (current.status === 'confirmed' && current.pickupDate <= today) throw new HttpError(409, MESSAGES.pickupDayReached);
    await recordStatus(tx, bookingId, 'cancelled', 'customer', userId, 0);
    await enqueue(tx, [cancelledByCustomerLetter(await bookingFacts(tx, bookingId), await getCompanySettings(tx), mail)]);
  });
  return (await findBooking(db, eq(bookings.id, bookingId)))!;
}
