import type { OwnerBooking } from '@rental/contract/schemas';

const compact = (text: string) => text.toUpperCase().replace(/[^0-9A-Z]/g, '');

/**
 * Does a booking match what staff typed? Its reference however it is written ("wr 7k3m9q",
 * "7K3M"), the customer's name or e-mail (any part, any case), or the phone's digits.
 */
export function matchesBookingSearch(booking: OwnerBooking, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const reference = compact(booking.reference);
  const typed = compact(query);
  if (typed.length >= 3 && reference.includes(typed)) return true;
  const digits = query.replace(/\D/g, '');
  if (digits.length >= 4 && booking.user.phone.replace(/\D/g, '').includes(digits)) return true;
  const haystack = `${booking.user.name} ${booking.user.email}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}
