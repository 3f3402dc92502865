/**
 * Changing a booking's dates or car (decision 095): who may change what, which new days are
 * allowed, and what the new price means for what was paid. Pure rules, shared by the server (which
 * enforces them) and the pages (which explain them before anyone presses "Save").
 */
import type { BookingStatus, PaymentStatus } from './constants';
import { MAX_RENTAL_DAYS } from './constants';
import { formatDay, formatMoney } from './format';
import { isCalendarDate, rentalDatesProblem, rentalDays } from './rentalDates';

/** Who asks: staff (any booking) or the booking's own customer. */
export type ChangeAsker = 'staff' | 'customer';

export interface ChangeableBooking {
  status: BookingStatus;
  pickupDate: string;
  returnDate: string;
  carId: string;
}

/** What is asked: a field left out stays as it is. */
export interface BookingChangeWish {
  pickupDate?: string | undefined;
  returnDate?: string | undefined;
  car?: string | undefined;
}

export interface WantedBooking {
  pickupDate: string;
  returnDate: string;
  carId: string;
}

export interface ChangeRefusal {
  statusCode: 400 | 403 | 409;
  message: string;
}

export const BOOKING_CHANGE_MESSAGES = {
  nothingToChange: 'These are the booking’s dates and car already. Please choose other dates or another car.',
  customerCarSwap: 'Only our staff can move a booking to another car. Please call us and we will help.',
  customerStatus: 'This booking can no longer be changed online. Please call us.',
  customerPickupReached: 'This booking can no longer be changed online: its pickup day has come. Please call us.',
  closed: 'A cancelled, returned or no-show booking cannot be changed.',
  onRentPickup: 'The car is already on rent, so its pickup day stays as it was.',
  onRentShorter: 'A rental on the road can only be extended: please choose a later return date. An early return is settled at check-in.',
  onRentPast: 'The new return date cannot be in the past.',
  tooLong: `A rental can last at most ${MAX_RENTAL_DAYS} days.`,
  datesTaken: 'The car is already taken on one or more of the new days. Please choose other dates or another car. Nothing was changed.',
  blockedDays: 'The car is in for service on one or more of the new days. Please choose other dates or another car. Nothing was changed.',
  carNotFound: 'That car is no longer in the fleet. Please choose another car.',
  carUnavailable: 'That car is not available for hire at the moment. Please choose another car.',
  extraSoldOut: 'One of the booking’s extras is sold out on one of the new days. Please choose other dates, or call us. Nothing was changed.',
  changedMeanwhile: 'The booking was changed by someone else just now. Please look at it again before changing it.',
  changed: 'The booking is changed.',
  changedToConfirm: 'The booking is changed. It now waits for our staff to confirm the new days or price again; we will e-mail you when they do.',
} as const;

/** The booking as it would be: what is asked, the rest as it was. */
export function wantedBooking(booking: ChangeableBooking, wish: BookingChangeWish): WantedBooking {
  return {
    pickupDate: wish.pickupDate ?? booking.pickupDate,
    returnDate: wish.returnDate ?? booking.returnDate,
    carId: wish.car ?? booking.carId,
  };
}

/**
 * Why this change may not be made, or null when it may (the days themselves are the database's to
 * grant). Staff change a pending or confirmed booking's dates or car, and extend a rental on the road
 * or give it another car; a customer moves or shortens or extends their own pending or confirmed
 * booking before its pickup day, never its car.
 */
export function changeRefusal(asker: ChangeAsker, booking: ChangeableBooking, wish: BookingChangeWish, today: string): ChangeRefusal | null {
  const wanted = wantedBooking(booking, wish);
  const m = BOOKING_CHANGE_MESSAGES;
  const live = booking.status === 'pending' || booking.status === 'confirmed';
  if (asker === 'customer') {
    if (!live) return { statusCode: 409, message: m.customerStatus };
    if (booking.pickupDate <= today) return { statusCode: 409, message: m.customerPickupReached };
    if (wanted.carId !== booking.carId) return { statusCode: 403, message: m.customerCarSwap };
  } else if (!live && booking.status !== 'on_rent') {
    return { statusCode: 409, message: m.closed };
  }
  if (wanted.pickupDate === booking.pickupDate && wanted.returnDate === booking.returnDate && wanted.carId === booking.carId) {
    return { statusCode: 400, message: m.nothingToChange };
  }
  if (booking.status === 'on_rent') {
    if (!isCalendarDate(wanted.returnDate)) return { statusCode: 400, message: 'The return date is not a real date. Please choose it again.' };
    if (wanted.pickupDate !== booking.pickupDate) return { statusCode: 409, message: m.onRentPickup };
    if (wanted.returnDate < booking.returnDate) return { statusCode: 409, message: m.onRentShorter };
    if (wanted.returnDate !== booking.returnDate && wanted.returnDate < today) return { statusCode: 400, message: m.onRentPast };
    if (rentalDays(wanted.pickupDate, wanted.returnDate) > MAX_RENTAL_DAYS) return { statusCode: 400, message: m.tooLong };
    return null;
  }
  const dates = rentalDatesProblem(wanted.pickupDate, wanted.returnDate, today);
  return dates ? { statusCode: 400, message: dates.message } : null;
}

/** Which of a booking's fields this asker may change today (null: none, the form is not offered). */
export function changeableFields(
  asker: ChangeAsker,
  booking: Pick<ChangeableBooking, 'status' | 'pickupDate'>,
  today: string,
): { pickupDate: boolean; returnDate: boolean; car: boolean } | null {
  const live = booking.status === 'pending' || booking.status === 'confirmed';
  if (asker === 'customer') return live && booking.pickupDate > today ? { pickupDate: true, returnDate: true, car: false } : null;
  if (live) return { pickupDate: true, returnDate: true, car: true };
  return booking.status === 'on_rent' ? { pickupDate: false, returnDate: true, car: true } : null;
}

/**
 * A confirmed booking the customer changes goes back to staff (pending, with a new booking's hold)
 * when it takes a day it did not have or costs more: staff confirmed those days at that price, not
 * these. A shorter stay inside the confirmed days at no more cost stays confirmed; staff's own
 * changes always do.
 */
export function confirmAgain(
  asker: ChangeAsker,
  booking: Pick<ChangeableBooking, 'status' | 'pickupDate' | 'returnDate'>,
  wanted: Pick<WantedBooking, 'pickupDate' | 'returnDate'>,
  oldTotal: number,
  newTotal: number,
): boolean {
  if (asker !== 'customer' || booking.status !== 'confirmed') return false;
  const newDays = wanted.pickupDate < booking.pickupDate || wanted.returnDate > booking.returnDate;
  return newDays || newTotal > oldTotal;
}

/** What the customer owes or is owed after a change, and the payment state the booking then has. */
export interface PaymentAfterChange {
  /** New total minus old total (negative: cheaper). */
  difference: number;
  paymentStatus: PaymentStatus;
  /** One sentence for the customer and staff. */
  note: string;
}

/**
 * What the folio will say after the change (its new line is the difference): a booking paid in full
 * whose price rises is part paid and owes the difference; one that gets cheaper is owed the
 * difference back (staff refund it). An unpaid booking pays its new total as it would have the old.
 */
export function paymentAfterChange(paymentStatus: PaymentStatus, oldTotal: number, newTotal: number, currency: string): PaymentAfterChange {
  const difference = newTotal - oldTotal;
  const money = (amount: number) => formatMoney(amount, currency);
  if (difference === 0) return { difference, paymentStatus, note: 'The price stays the same.' };
  if (paymentStatus === 'unpaid') {
    return {
      difference,
      paymentStatus,
      note: `The new price is ${money(newTotal)} (${difference > 0 ? `${money(difference)} more` : `${money(-difference)} less`}).`,
    };
  }
  if (difference > 0) {
    return {
      difference,
      paymentStatus: paymentStatus === 'paid' ? 'part_paid' : paymentStatus,
      note: `${money(difference)} more is owed, to be paid at our office at the latest when the car is collected or returned.`,
    };
  }
  return {
    difference,
    paymentStatus: paymentStatus === 'paid' || paymentStatus === 'refunded' ? 'refund_due' : paymentStatus,
    note: `The price is ${money(-difference)} lower: if you have paid more than the new price, we refund the difference.`,
  };
}

/** "Sat 28 Nov 2026 to Tue 1 Dec 2026", for letters, the history and the forms. */
export function datesInWords(pickupDate: string, returnDate: string): string {
  return `${formatDay(pickupDate)} to ${formatDay(returnDate)}`;
}
