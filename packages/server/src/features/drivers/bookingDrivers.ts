/**
 * The other drivers a customer names on their own booking, each checked by the company's rules on
 * its days. Naming them re-quotes the booking as if it had been quoted with them (withOtherDrivers):
 * its other lines stay as sold, the drivers' line and the total follow the number named, and the
 * folio gets the difference as an other-drivers line (0024_folio.sql). A confirmed
 * booking made dearer goes back to staff (pending, held as a new booking; confirmAgain), as a
 * customer's change of dates does. Staff name them too, at the counter until the keys go out
 * (byStaff, docs/decisions/107): the same rules and price, the difference owed with the keys.
 */
import {
  type AdditionalDriver,
  type Booking,
  canNameDrivers,
  companyToday,
  confirmAgain,
  driverProblems,
  DRIVER_MESSAGES,
  holdMinutesFor,
  MESSAGES,
  type Quote,
  WALK_IN_MESSAGES,
  withOtherDrivers,
} from '@rental/contract';
import { and, eq } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { bookings } from '../../db/schema';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { findBooking, holdFromNow, takeStep } from '../bookings';
import { isId } from '../../db/ids';
import { getCompanySettings } from '../company';
import { refuseWhileCardPaymentOpen } from '../payments';
import type { EventLog } from '../../events';
import { getPriceRules, priceChangedRefusal } from '../prices';

export interface DriversSaved {
  booking: Booking;
  /** The new total minus the old (0 when the drivers are free, or as many as before). */
  difference: number;
  /** A confirmed booking made dearer: it waits for staff again. */
  confirmAgain: boolean;
}

export interface DriversOptions {
  /** The total the customer saw: another price now is 409 price_changed, nothing saved. */
  expectedTotal?: number | undefined;
  /** A new booking's hold (config HOLD_MINUTES), for a confirmed booking sent back to staff. */
  holdMinutes: number;
  /** Where the drivers' change is recorded (staff's letter, when it goes back to them, is made from it). */
  events: EventLog;
  today?: string;
  /** Staff at the counter: any customer's booking, until the keys go out; never sent back to be confirmed. */
  byStaff?: boolean;
}

export async function setBookingDrivers(
  db: Database,
  userId: string,
  bookingId: string,
  drivers: AdditionalDriver[],
  options: DriversOptions,
): Promise<DriversSaved> {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  const today = options.today ?? companyToday();
  const saved = await db.transaction(async (tx) => {
    await actAs(tx, userId);
    const [booking] = await tx
      .select({ status: bookings.status, pickupDate: bookings.pickupDate, returnDate: bookings.returnDate, quote: bookings.quote, price: bookings.price })
      .from(bookings)
      .where(options.byStaff ? eq(bookings.id, bookingId) : and(eq(bookings.id, bookingId), eq(bookings.userId, userId)))
      .for('update');
    if (!booking) throw new HttpError(404, MESSAGES.bookingNotFound);
    // The drivers are part of what the open card page is paying for.
    await refuseWhileCardPaymentOpen(tx, bookingId);
    if (options.byStaff) {
      if (booking.status !== 'pending' && booking.status !== 'confirmed') throw new HttpError(409, WALK_IN_MESSAGES.counterDriversClosed);
    } else if (!canNameDrivers(booking, today)) throw new HttpError(409, DRIVER_MESSAGES.driversBookingClosed);
    const company = await getCompanySettings(tx);
    const problems = drivers.flatMap((driver) => driverProblems(driver, booking, company, driver.name).map((p) => p.message));
    if (problems.length > 0) throw new HttpError(422, problems.join(' '));
    // A booking from before quotes were kept has no lines to re-quote: its price stands.
    const quoted: Quote | null = booking.quote ? withOtherDrivers(booking.quote, drivers.length, (await getPriceRules(tx)).additionalDriverPerDay) : null;
    const total = quoted?.total ?? booking.price;
    const changed = quoted ? priceChangedRefusal(options.expectedTotal, quoted) : undefined;
    if (changed) throw changed;
    const toConfirm = confirmAgain(options.byStaff ? 'staff' : 'customer', booking, booking, booking.price, total);
    await tx
      .update(bookings)
      .set({
        additionalDrivers: drivers,
        ...(quoted ? { quote: quoted, price: quoted.total } : {}),
      })
      .where(eq(bookings.id, bookingId));
    const prices = { priceBefore: booking.price, priceAfter: total };
    if (toConfirm) {
      // Back to staff, as a customer's change of a confirmed booking: the booking's life takes the
      // step, held as a new booking would be. No dates moved: the drivers' event below tells staff.
      const holdExpiresAt = holdFromNow(holdMinutesFor(booking.pickupDate, options.holdMinutes, today));
      const data = { ...prices, byStaff: false, confirmAgain: true, before: null };
      await takeStep(tx, options.events, bookingId, 'confirmed', { event: 'change', actor: 'customer', actorId: userId, to: 'pending', holdExpiresAt, data });
    }
    await options.events.record(tx, [{ kind: 'drivers_changed', bookingId, actorId: userId, data: { ...prices, confirmAgain: toConfirm } }]);
    return { difference: total - booking.price, confirmAgain: toConfirm };
  });
  return { booking: (await findBooking(db, eq(bookings.id, bookingId)))!, ...saved };
}
