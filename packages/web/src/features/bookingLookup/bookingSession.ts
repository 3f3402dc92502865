/**
 * The session a booking's one-time sign-in link opened (docs/decisions/123): kept in this tab's
 * sessionStorage, apart from the account's token, so it never passes for a login (the navigation,
 * My Bookings and the account page still see a visitor) and ends when the tab closes or its time runs out.
 */
import type { BookingSignInResponse } from '@rental/contract/schemas';

const KEY = 'bookingSession';

export type BookingSession = Pick<BookingSignInResponse, 'token' | 'bookingId' | 'reference' | 'expiresAt'>;

const compact = (reference: string) => reference.toUpperCase().replace(/[^0-9A-Z]/g, '');

export function keepBookingSession(session: BookingSession): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(session));
  } catch {
    // Storage refused (private mode): the page still shows the booking this once.
  }
}

/** The session for this booking, while it lasts. */
export function bookingSessionFor(reference: string): BookingSession | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as BookingSession | null;
    if (!stored || compact(stored.reference) !== compact(reference)) return null;
    if (Date.parse(stored.expiresAt) <= Date.now()) {
      sessionStorage.removeItem(KEY);
      return null;
    }
    return stored;
  } catch {
    return null;
  }
}

export function forgetBookingSession(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
