/**
 * What Manage Bookings asks the server for: the search box and the filters as the API's query.
 * The search itself runs on the server (GET /api/bookings/owner?q=...), over every booking, not
 * only the ones loaded so far.
 */
import type { BookingStatus, PaymentStatus } from '@rental/contract/constants';
import { MESSAGES } from '@rental/contract/messages';

export interface BookingFilters {
  /** Reference, customer name, e-mail or phone, as typed. */
  search: string;
  status: BookingStatus | '';
  paymentStatus: PaymentStatus | '';
  /** Rentals touching these days (either may be empty). */
  from: string;
  to: string;
  /** Returned bookings that still owe (a toll or ticket added after the return): ?balance=owing_after_return. */
  owingAfterReturn: boolean;
}

export const NO_FILTERS: BookingFilters = { search: '', status: '', paymentStatus: '', from: '', to: '', owingAfterReturn: false };

/** The API's query: only what is set, the search trimmed. */
export type BookingQuery = Partial<{ q: string; status: BookingStatus; paymentStatus: PaymentStatus; from: string; to: string; balance: 'owing_after_return' }>;

export function bookingQuery(filters: BookingFilters): BookingQuery {
  const query: BookingQuery = {};
  const q = filters.search.trim();
  if (q) query.q = q;
  if (filters.status) query.status = filters.status;
  if (filters.paymentStatus) query.paymentStatus = filters.paymentStatus;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.owingAfterReturn) query.balance = 'owing_after_return';
  return query;
}

export function isFiltered(filters: BookingFilters): boolean {
  return Object.keys(bookingQuery(filters)).length > 0;
}

/** The days the wrong way round: said at once, and nothing is asked of the server. */
export function filtersProblem(filters: BookingFilters): string | null {
  return filters.from && filters.to && filters.from > filters.to ? MESSAGES.bookingDatesReversed : null;
}

/** What the list says when it is empty: nothing booked yet, or nothing matching. */
export function emptyListText(filters: BookingFilters): string {
  const q = filters.search.trim();
  if (q)
    return `No booking matches “${q}”${isFiltered({ ...filters, search: '' }) ? ' with these filters' : ''}. Try the reference (WR-…), the customer’s name, e-mail or phone.`;
  if (isFiltered(filters)) return 'No booking matches these filters.';
  return 'No bookings yet. They appear here as customers reserve.';
}

/** "Showing 50 bookings, newest first; more below." */
export function listedText(count: number, more: boolean): string {
  if (count === 0) return '';
  const shown = `Showing ${count} booking${count === 1 ? '' : 's'}, newest first`;
  return more ? `${shown}; Load more shows older ones.` : `${shown}.`;
}
