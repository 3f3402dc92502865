/**
 * The change form's rules, without React: what is sent (only what differs), and the difference in
 * words. Who may change what is the contract's (bookingChanges.ts), shared with the server.
 */
import type { BookingChangeBody } from '@rental/contract/schemas';
import { formatMoney } from '@rental/contract/format';

export interface ChangeableBookingView {
  _id: string;
  reference: string;
  status: 'pending' | 'confirmed' | 'cancelled' | 'on_rent' | 'returned' | 'no_show';
  pickupDate: string;
  returnDate: string;
  car: { _id: string; brand: string; model: string };
}

export interface ChangeFormValues {
  pickupDate: string;
  returnDate: string;
  car: string;
}

export function initialValues(booking: ChangeableBookingView): ChangeFormValues {
  return { pickupDate: booking.pickupDate, returnDate: booking.returnDate, car: booking.car._id };
}

/** The body of the preview and the change: only the fields that differ; null when nothing does. */
export function changeBody(booking: ChangeableBookingView, values: ChangeFormValues): BookingChangeBody | null {
  const body: BookingChangeBody = {};
  if (values.pickupDate && values.pickupDate !== booking.pickupDate) body.pickupDate = values.pickupDate;
  if (values.returnDate && values.returnDate !== booking.returnDate) body.returnDate = values.returnDate;
  if (values.car && values.car !== booking.car._id) body.car = values.car;
  return Object.keys(body).length > 0 ? body : null;
}

/** "$5,000 JMD more", "$2,000 JMD less", "The same price". */
export function differenceText(difference: number, currency: string): string {
  if (difference === 0) return 'The same price';
  return `${formatMoney(Math.abs(difference), currency)} ${difference > 0 ? 'more' : 'less'}`;
}

/** A rental on the road, extended by a number of days from its return day: the desk's quick choices. */
export function extendedReturn(returnDate: string, days: number): string {
  const [y = NaN, m = NaN, d = NaN] = returnDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
