/**
 * Every reason the database's booking function (server features/bookings/bookCar.sql) gives for
 * refusing a booking, with the answer's status and the customer's sentence. A test reads the SQL
 * file and fails when it raises a reason that is not here.
 */
import { MESSAGES } from './messages';

export const BOOKING_REFUSALS = {
  car_not_found: { statusCode: 404, message: MESSAGES.carNotFound },
  car_unavailable: { statusCode: 409, message: MESSAGES.carUnavailable },
  bank_details_missing: { statusCode: 409, message: MESSAGES.bankDetailsMissing },
  too_many_holds: { statusCode: 409, message: MESSAGES.tooManyPendingBookings },
  too_many_holds_from_address: { statusCode: 409, message: MESSAGES.tooManyPendingFromAddress },
  dates_taken: { statusCode: 409, message: MESSAGES.datesTaken },
  extra_sold_out: { statusCode: 409, message: MESSAGES.extraSoldOut },
  price_changed: { statusCode: 409, message: MESSAGES.priceChanged },
} as const satisfies Record<string, { statusCode: number; message: string }>;

export type BookingRefusal = keyof typeof BOOKING_REFUSALS;

export function isBookingRefusal(reason: string): reason is BookingRefusal {
  return Object.hasOwn(BOOKING_REFUSALS, reason);
}
