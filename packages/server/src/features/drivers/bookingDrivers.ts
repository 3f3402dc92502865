/** The other drivers a customer names on their own booking, each checked by the company's rules on its days. */
import { type AdditionalDriver, type Booking, canNameDrivers, companyToday, driverProblems, DRIVER_MESSAGES, MESSAGES, moreDriversThanPaidFor, otherDriversPaidFor } from '@rental/contract';
import { and, eq } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { bookings } from '../../db/schema';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { findBooking } from '../bookings/read';
import { isId } from '../cars/ids';
import { getCompanySettings } from '../company/settings';
import { refuseWhileCardPaymentOpen } from '../payments';

export async function setBookingDrivers(db: Database, userId: string, bookingId: string, drivers: AdditionalDriver[], today = companyToday()): Promise<Booking> {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  await db.transaction(async (tx) => {
    await actAs(tx, userId);
    const [booking] = await tx
      .select({ status: bookings.status, pickupDate: bookings.pickupDate, returnDate: bookings.returnDate, quote: bookings.quote })
      .from(bookings)
      .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)))
      .for('update');
    if (!booking) throw new HttpError(404, MESSAGES.bookingNotFound);
    // The drivers are part of what the open card page is paying for.
    await refuseWhileCardPaymentOpen(tx, bookingId);
    if (!canNameDrivers(booking, today)) throw new HttpError(409, DRIVER_MESSAGES.driversBookingClosed);
    // Other drivers the price charged for: no more than it covers without a new price.
    const paidFor = otherDriversPaidFor(booking.quote);
    if (paidFor !== null && drivers.length > paidFor) throw new HttpError(409, moreDriversThanPaidFor(paidFor));
    const company = await getCompanySettings(tx);
    const problems = drivers.flatMap((driver) => driverProblems(driver, booking, company, driver.name).map((p) => p.message));
    if (problems.length > 0) throw new HttpError(422, problems.join(' '));
    await tx.update(bookings).set({ additionalDrivers: drivers }).where(eq(bookings.id, bookingId));
  });
  return (await findBooking(db, eq(bookings.id, bookingId)))!;
}
