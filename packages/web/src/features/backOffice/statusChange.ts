/**
 * What staff are asked before a status change the customer hears of. The server e-mails the
 * customer when staff confirm or cancel a booking (its letters: booking_confirmed,
 * booking_cancelled), not when they put one back to waiting, so only those two are asked about:
 * an e-mail cannot be taken back, while a slip of the select could send one.
 */
import type { BookingStatus } from '@rental/contract/constants';
import type { StaffBooking } from '@rental/contract/schemas';
import { formatCalendarDate } from '../../lib/dates';
import { STATUS_WORDS } from '../bookings/bookingStatus';

/** Whether setting this status sends the customer an e-mail. */
export function statusChangeEmailsCustomer(status: BookingStatus): boolean {
  return status === 'confirmed' || status === 'cancelled';
}

export interface StatusChangeQuestion {
  title: string;
  /** What will happen, the e-mail first. */
  text: string;
  /** The button that makes the change. */
  yes: string;
  /** The button that leaves the booking as it is. */
  no: string;
}

type BookingShown = Pick<StaffBooking, 'reference' | 'status' | 'pickupDate' | 'user' | 'car'>;

/** The question before changing `booking` to `status`; null when the change goes ahead unasked. */
export function statusChangeQuestion(booking: BookingShown, status: BookingStatus): StatusChangeQuestion | null {
  if (status === booking.status || !statusChangeEmailsCustomer(status)) return null;
  const what = `the booking of the ${booking.car.brand} ${booking.car.model} from ${formatCalendarDate(booking.pickupDate)}`;
  const mail = `${booking.user.name} will get an e-mail at ${booking.user.email} saying that ${what} is ${status}.`;
  const no = `Leave it ${STATUS_WORDS[booking.status].toLowerCase()}`;
  if (status === 'confirmed') {
    return { title: `Confirm booking ${booking.reference}?`, text: mail, yes: 'Confirm and e-mail the customer', no };
  }
  return {
    title: `Cancel booking ${booking.reference}?`,
    text: `${mail} The car's days become free for other customers.`,
    yes: 'Cancel it and e-mail the customer',
    no,
  };
}
