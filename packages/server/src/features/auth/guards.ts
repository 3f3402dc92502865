/**
 * preHandlers that let a request through only for a logged-in user (requireUser) or staff whose
 * role reaches the call's level (requireStaff; the levels are the contract's staffRoles.ts). The
 * user is loaded from the database on every request, so a deleted account loses its access at once,
 * whatever its token says; a token signed before the account's password, role or staff role changed
 * is refused (its session version is no longer the account's).
 */
import { BOOKING_LOOKUP_MESSAGES, MESSAGES, STAFF_REFUSALS, type StaffAccess, staffRoleMay } from '@rental/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import type { SessionAccount } from './sessionReader';

/** The account asking, as the routes see it. */
export type SessionUser = Omit<SessionAccount, 'sessionVersion'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireStaff; only read it on routes that use one of them. */
    user: SessionUser;
    /**
     * Set by requireBookingHolder when the caller came through a booking's one-time sign-in link:
     * the one booking its session opens (the guard already held the route's :id or :reference to it).
     * Null for an account's own session.
     */
    bookingScope: { bookingId: string; reference: string } | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The spec's client sends the raw token; "Bearer <token>" is accepted too. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  const bearer = /^Bearer\s+(.+)$/i.exec(value);
  return (bearer ? bearer[1] : value)?.trim() || undefined;
}

async function loadSessionUser(request: FastifyRequest): Promise<SessionUser> {
  const token = tokenFromHeader(request.headers.authorization);
  if (!token) throw new HttpError(401, MESSAGES.notAuthorized);
  const { sessions } = request.server;
  const check = sessions.checkToken(token);
  if (!check.ok) {
    // A booking's sign-in session knocking at any other call: not a session here (401), told plainly what it opens.
    if (sessions.checkBookingToken(token).ok) throw new HttpError(401, BOOKING_LOOKUP_MESSAGES.otherBooking);
    throw new HttpError(401, check.reason === 'expired' ? MESSAGES.sessionExpired : MESSAGES.notAuthorized);
  }
  if (!UUID.test(check.userId)) throw new HttpError(401, MESSAGES.notAuthorized);
  const row = await sessions.account(check.userId);
  if (!row) throw new HttpError(401, MESSAGES.notAuthorized);
  // The password or the role changed since this token was signed: its session has ended.
  if (row.sessionVersion !== check.sessionVersion) throw new HttpError(401, MESSAGES.sessionExpired);
  const { sessionVersion: _version, ...user } = row;
  return user;
}

export async function requireUser(request: FastifyRequest): Promise<void> {
  request.user = await loadSessionUser(request);
}

/** A guard for a staff-only level: customers hear the SPEC's refusal, staff below the level are told who can. */
export function requireStaff(access: StaffAccess): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const user = await loadSessionUser(request);
    if (user.role !== 'owner' || !user.staffRole) throw new HttpError(403, MESSAGES.staffOnly);
    if (!staffRoleMay(user.staffRole, access)) throw new HttpError(403, STAFF_REFUSALS[access === 'owner' ? 'owner' : 'manager']);
    request.user = user;
  };
}

/** "wr-7k3m9q", "WR 7K3M9Q" and "WR-7K3M9Q" are one reference. */
const compactReference = (value: string) => value.toUpperCase().replace(/[^0-9A-Z]/g, '');

/**
 * The bookingHolder level: an account's session as requireUser lets it in, or the session of a
 * booking's one-time sign-in link (bookingSessions.ts), for that booking alone: the route's `:id`
 * must be its id or its `:reference` its reference (another booking: 404, as someone else's booking
 * is; a call naming no booking: 401). The handler then checks the booking is request.user's, as for
 * any customer. A link's session acts as a customer even when its renter is staff: it never brings
 * staff powers. To open a call to the link's session, give it access "bookingHolder" in routes.ts.
 */
export async function requireBookingHolder(request: FastifyRequest): Promise<void> {
  const token = tokenFromHeader(request.headers.authorization);
  const { sessions } = request.server;
  const scoped = token ? sessions.checkBookingToken(token) : undefined;
  if (!scoped?.ok) {
    request.user = await loadSessionUser(request);
    request.bookingScope = null;
    return;
  }
  if (!UUID.test(scoped.userId)) throw new HttpError(401, MESSAGES.notAuthorized);
  const row = await sessions.account(scoped.userId);
  if (!row) throw new HttpError(401, MESSAGES.notAuthorized);
  if (row.sessionVersion !== scoped.sessionVersion) throw new HttpError(401, MESSAGES.sessionExpired);
  const params = (request.params ?? {}) as Record<string, unknown>;
  const named =
    typeof params.id === 'string'
      ? params.id === scoped.bookingId
      : typeof params.reference === 'string'
        ? compactReference(params.reference) === compactReference(scoped.reference)
        : undefined;
  if (named === undefined) throw new HttpError(401, BOOKING_LOOKUP_MESSAGES.otherBooking);
  if (!named) throw new HttpError(404, MESSAGES.bookingNotFound);
  const { sessionVersion: _version, ...user } = row;
  request.user = { ...user, role: 'user', staffRole: null };
  request.bookingScope = { bookingId: scoped.bookingId, reference: scoped.reference };
}
