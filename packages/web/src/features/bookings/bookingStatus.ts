/** A booking's status in the words a customer reads, and the rule for cancelling online. */
import type { BookingStatus, StatusReason } from '@rental/contract/constants';
import type { Booking } from '@rental/contract/schemas';

/** Each status in words, as staff choose it and read it; the API's values stay pending, on_rent... */
export const STATUS_WORDS: Record<BookingStatus, string> = {
  pending: 'Waiting for confirmation',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  on_rent: 'Picked up',
  returned: 'Returned',
  no_show: 'No-show',
};

/** The status as a short phrase: "Waiting for confirmation", "Cancelled by you"... */
export function statusText(status: BookingStatus, reason: StatusReason | null): string {
  if (status !== 'cancelled') return STATUS_WORDS[status];
  if (reason === 'customer') return 'Cancelled by you';
  if (reason === 'expired') return 'Expired: not confirmed in time';
  if (reason === 'not_approved') return 'Cancelled: driver not approved';
  return 'Cancelled by the company';
}

/** One step of the history, as the customer reads it. */
export function historyText(status: BookingStatus, reason: StatusReason | null): string {
  if (status === 'pending') return 'Booked: waiting for the company to confirm';
  return statusText(status, reason);
}

/**
 * The colour family of a status, the same on every screen (the customer's pill, staff's badges,
 * selects, cards, the timeline): a booking waiting for confirmation is amber, still alive, never
 * the red of a cancelled one. A car out on rent is as good as confirmed; a rental that came back
 * is over but went well, so it is grey, not the red of a cancellation or a no-show.
 */
export type StatusTone = 'waiting' | 'good' | 'done' | 'ended';
const TONES: Record<BookingStatus, StatusTone> = {
  pending: 'waiting',
  confirmed: 'good',
  on_rent: 'good',
  returned: 'done',
  cancelled: 'ended',
  no_show: 'ended',
};
export function statusTone(status: BookingStatus): StatusTone {
  return TONES[status];
}

/**
 * The server's rule: a customer may cancel while the booking is pending, or confirmed
 * with its pickup after today (company time). From the pickup day on, only the company can; a car
 * picked up, returned or not picked up is past cancelling.
 */
export function canCancel(booking: Pick<Booking, 'status' | 'pickupDate'>, today: string): boolean {
  if (booking.status === 'pending') return true;
  return booking.status === 'confirmed' && booking.pickupDate > today;
}

/** The same reference however it is typed: "wr 7k3m9q" finds "WR-7K3M9Q". */
export function normaliseReference(text: string): string {
  return text.toUpperCase().replace(/[^0-9A-Z]/g, '');
}
