/**
 * Changing bookings: staff set any status, a customer cancels their own (a new booking is made by
 * the booking desk, bookingDesk.ts). Every change adds a row to booking_events, in the same
 * transaction, so a booking's history is never missing a step.
 */
import {
  COUNTER_MESSAGES,
  COUNTER_STATUSES,
  DRIVER_MESSAGES,
  type Booking,
  type BookingStatus,
  companyToday,
  type StaffSetStatus,
  STATUSES_FREEING_DAYS,
  MESSAGES,
  type StaffBooking,
  type Role,
  type StaffRole,
  staffEventFor,
  REFUSAL_CODES,
} from '@rental/contract';
import { and, eq, sql } from 'drizzle-orm';
import { bookings, cars, users } from '../../db/schema';
import { actAs } from '../../db/actor';
import { MissingRowError, theRow } from '../../db/rows';
import { type Database, isOverlapViolation, raisedReason, violatedConstraint } from '../../db/types';
import { HttpError } from '../../http/errors';
import { isId } from '../../db/ids';
import type { EventLog } from '../../events';
import { holdFromNow, staffActor, takeStep } from './life';
import { findBooking, listStaffBookings } from './read';
import { refundOnCancel } from './folio';

export { findUserBooking, listStaffBookings as listOwnerBookings, listUserBookings } from './read';

export interface Actor {
  id: string;
  role: Role;
  /** Which staff role (the transition table's who); null or absent for a customer. */
  staffRole?: StaffRole | null;
}

const COUNTER: ReadonlySet<BookingStatus> = new Set(COUNTER_STATUSES);
const FREEING_DAYS: ReadonlySet<BookingStatus> = new Set(STATUSES_FREEING_DAYS);
const atCounter = (status: BookingStatus) => COUNTER.has(status);
const freesDays = (status: BookingStatus) => FREEING_DAYS.has(status);

/**
 * Owners may set pending, confirmed or cancelled, and mark a confirmed booking a no-show from its
 * pickup day (its days are free again). A booking at the counter (on rent, returned) changes only
 * through check-in. Moving a cancelled (or no-show) booking back to pending or confirmed claims its
 * days again; if someone booked them meanwhile the constraint refuses it (409), and a booking of a
 * car removed since stays cancelled (409).
 */
export async function changeBookingStatus(
  db: Database,
  actor: Actor,
  bookingId: unknown,
  status: StaffSetStatus,
  holdMinutes: number,
  events: EventLog,
  today = companyToday(),
): Promise<StaffBooking> {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  try {
    await db.transaction(async (tx) => {
      await actAs(tx, actor.id);
      const [current] = await tx
        .select({ status: bookings.status, pickupDate: bookings.pickupDate, carDeletedAt: cars.deletedAt, vetting: users.vettingStatus })
        .from(bookings)
        .innerJoin(cars, eq(cars.id, bookings.carId))
        .innerJoin(users, eq(users.id, bookings.userId))
        .where(eq(bookings.id, bookingId))
        .for('update', { of: bookings });
      if (!current) throw new HttpError(404, MESSAGES.bookingNotFound);
      if (atCounter(current.status)) throw new HttpError(409, COUNTER_MESSAGES.atCounter);
      if (status === 'no_show' && current.status !== 'no_show') {
        if (current.status !== 'confirmed') throw new HttpError(409, COUNTER_MESSAGES.noShowNotConfirmed);
        if (current.pickupDate > today) throw new HttpError(409, COUNTER_MESSAGES.noShowBeforePickup);
      }
      // A customer the company did not approve as a driver is not promised a car.
      if (status === 'confirmed' && current.status !== 'confirmed' && current.vetting === 'rejected') {
        throw new HttpError(409, DRIVER_MESSAGES.confirmDriverRejected);
      }
      // A removed car is promised to nobody: its cancelled bookings stay cancelled.
      if (freesDays(current.status) && !freesDays(status) && current.carDeletedAt) {
        throw new HttpError(409, MESSAGES.carRemovedCannotReactivate);
      }
      if (current.status === status) return;
      // The booking's life has the last word: a step its table does not list for this role is refused.
      const event = staffEventFor(current.status, status);
      if (!event) throw new HttpError(409, REFUSAL_CODES.step_not_allowed, 'step_not_allowed');
      // Back to pending (staff re-opening a booking): a fresh hold.
      // Its letter (a confirmation, a cancellation) is made from the step's event (features/mail).
      // A cancellation's event says what it pays back (its letter tells the customer).
      const data = event === 'cancel_by_staff' ? { refund: await refundOnCancel(tx, bookingId) } : undefined;
      await takeStep(tx, events, bookingId, current.status, {
        event,
        actor: staffActor(actor.staffRole),
        actorId: actor.id,
        reason: 'staff',
        to: status,
        holdExpiresAt: holdFromNow(holdMinutes),
        data,
      });
      // Re-opened: its extras must still fit their stock (another booking may have the last child seat now).
      if (freesDays(current.status)) await tx.execute(sql`SELECT booking_extras_fit(${bookingId}::uuid)`);
    });
  } catch (err) {
    // Only a block can clash with car_days_taken here: another booking meets bookings_no_overlap first.
    if (isOverlapViolation(err))
      throw new HttpError(409, violatedConstraint(err) === 'car_days_taken_no_overlap' ? MESSAGES.reactivateOverBlock : MESSAGES.reactivateConflict);
    if (raisedReason(err) === 'extra_sold_out') throw new HttpError(409, MESSAGES.reactivateExtraSoldOut);
    throw err;
  }
  return theRow(await listStaffBookings(db, { where: eq(bookings.id, bookingId) }), 'The changed booking');
}

/**
 * A customer cancels their own booking while it is a hold (pending), or confirmed with its
 * pickup after today in Jamaica. Its days are free the moment this commits.
 */
export async function cancelOwnBooking(db: Database, events: EventLog, userId: string, bookingId: unknown, today = companyToday()): Promise<Booking> {
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
    if (current.status === 'on_rent') throw new HttpError(409, COUNTER_MESSAGES.cancelOnRent);
    if (current.status === 'returned' || current.status === 'no_show') throw new HttpError(409, MESSAGES.pickupDayReached);
    if (current.status === 'confirmed' && current.pickupDate <= today) throw new HttpError(409, MESSAGES.pickupDayReached);
    const refund = await refundOnCancel(tx, bookingId);
    await takeStep(tx, events, bookingId, current.status, {
      event: 'cancel_by_customer',
      actor: 'customer',
      actorId: userId,
      reason: 'customer',
      data: { refund },
    });
  });
  const cancelled = await findBooking(db, eq(bookings.id, bookingId));
  if (!cancelled) throw new MissingRowError('The cancelled booking');
  return cancelled;
}
