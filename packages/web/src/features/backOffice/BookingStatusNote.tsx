import type { StaffBooking } from '@rental/contract/schemas';
import { formatInstantWithTime } from '../../lib/dates';

/** Under the status select: why a booking was cancelled, or when a pending one's hold ends. */
export function BookingStatusNote({ booking }: { booking: StaffBooking }) {
  let text: string | null = null;
  if (booking.status === 'pending' && booking.holdExpiresAt) text = `Hold ends ${formatInstantWithTime(booking.holdExpiresAt)}`;
  else if (booking.status === 'cancelled' && booking.statusReason === 'customer') text = 'Cancelled by the customer';
  else if (booking.status === 'cancelled' && booking.statusReason === 'expired') text = 'Expired: not confirmed in time';
  else if (booking.status === 'cancelled' && booking.statusReason === 'not_approved') text = 'Cancelled: the customer was not approved';
  return text ? <p className="mt-1 max-w-48 text-xs text-slate-500">{text}</p> : null;
}
