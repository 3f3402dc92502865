/**
 * Which session checks in: a customer logged in with their account, or someone who opened the
 * booking's one-time sign-in link in this tab (docs/decisions/123) and has no password to log in
 * with. The check-in's calls are open to both (access bookingHolder); the screens differ only where
 * a step leads to an account's page (the account, the booking page, paying by card).
 */
import type { ApiClient } from '@rental/contract/client';
import { createContext, useContext } from 'react';
import { apiClient } from '../../api/client';
import { type BookingSession, bookingSessionFor } from '../bookingLookup/bookingSession';

export interface CheckInAccess {
  /** The client the check-in's calls go through. */
  api: ApiClient;
  /** The token a file (the signed agreement) is fetched with; null: the account's own. */
  fileToken: string | null;
  /** Set when the booking's sign-in link is the session, not an account. */
  bookingSession: BookingSession | null;
}

const ACCOUNT: CheckInAccess = { api: apiClient, fileToken: null, bookingSession: null };

/**
 * This tab's booking session when it opens this booking (it was opened for this very booking, even
 * on a device where someone else's account is logged in), else the account's; null: neither.
 */
export function checkInAccessFor(reference: string, accountToken: string | null): CheckInAccess | null {
  const session = bookingSessionFor(reference);
  if (session) return { api: apiClient.withToken(session.token), fileToken: session.token, bookingSession: session };
  return accountToken ? ACCOUNT : null;
}

const CheckInAccessContext = createContext<CheckInAccess>(ACCOUNT);
export const CheckInAccessProvider = CheckInAccessContext.Provider;

/** The session the check-in screens call with; the account's unless a page provides another. */
export function useCheckInAccess(): CheckInAccess {
  return useContext(CheckInAccessContext);
}

/** Where "back to the booking" goes: the look-up's card for a link's session (the booking page needs an account). */
export function bookingPagePath(reference: string, access: CheckInAccess): string {
  return access.bookingSession ? `/booking/${reference}` : `/my-bookings/${reference}`;
}
