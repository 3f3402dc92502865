/**
 * The session a booking's one-time sign-in link opens (features/bookingLookup, docs/decisions/123):
 * an HS256 JWT naming the renter (`sub`, with their session version `sv`, so a password change ends
 * it too) and the one booking it opens (`bid`, `ref`), valid BOOKING_SESSION_HOURS.
 *
 * It is signed with a key of its own, derived from the session key: an account's guards (and those
 * of any instance not yet updated) check tokens with the session key, so this token can never pass
 * for a whole account's session, whatever claims it carries. Only the bookingHolder guard reads it.
 */
import { createHmac } from 'node:crypto';
import { BOOKING_SESSION_HOURS } from '@rental/contract';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { SessionKey } from './sessionTokens';

const ALGORITHM = 'HS256';
const BOOKING_SESSION_MS = BOOKING_SESSION_HOURS * 60 * 60 * 1000;
const CLOCK_SKEW_MS = 60 * 1000;

function bookingKey(key: SessionKey): Buffer {
  return createHmac('sha256', Buffer.from(key)).update('booking-sign-in-session/v1').digest();
}

export interface BookingSession {
  userId: string;
  sessionVersion: number;
  bookingId: string;
  reference: string;
}

export function signBookingSession(key: SessionKey, session: BookingSession): { token: string; expiresAt: Date } {
  const sign = createSigner({ key: bookingKey(key), algorithm: ALGORITHM, expiresIn: BOOKING_SESSION_MS });
  const token = sign({ sub: session.userId, sv: session.sessionVersion, bid: session.bookingId, ref: session.reference });
  return { token, expiresAt: new Date(Date.now() + BOOKING_SESSION_MS) };
}

export type BookingSessionCheck = ({ ok: true } & BookingSession) | { ok: false; reason: 'expired' | 'invalid' };

export function bookingSessionChecker(key: SessionKey): (token: string) => BookingSessionCheck {
  const verify = createVerifier({
    key: bookingKey(key),
    algorithms: [ALGORITHM],
    requiredClaims: ['exp', 'iat', 'sub', 'bid', 'ref'],
    maxAge: BOOKING_SESSION_MS,
    cache: false,
  });
  return (token) => {
    let payload: { sub?: unknown; sv?: unknown; iat?: unknown; bid?: unknown; ref?: unknown };
    try {
      payload = verify(token);
    } catch (err) {
      return { ok: false, reason: err instanceof TokenError && err.code === TokenError.codes.expired ? 'expired' : 'invalid' };
    }
    const { sub, sv, iat, bid, ref } = payload;
    if (typeof sub !== 'string' || typeof bid !== 'string' || typeof ref !== 'string' || sub === '' || bid === '' || ref === '')
      return { ok: false, reason: 'invalid' };
    if (typeof iat !== 'number' || iat * 1000 > Date.now() + CLOCK_SKEW_MS) return { ok: false, reason: 'invalid' };
    if (typeof sv !== 'number' || !Number.isSafeInteger(sv) || sv < 0) return { ok: false, reason: 'invalid' };
    return { ok: true, userId: sub, sessionVersion: sv, bookingId: bid, reference: ref };
  };
}
