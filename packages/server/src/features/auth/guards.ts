/**
 * preHandlers that let a request through only for a logged-in user (requireUser) or staff whose
 * role reaches the call's level (requireStaff; the levels are the contract's staffRoles.ts). The
 * user is loaded from the database on every request, so a deleted account loses its access at once,
 * whatever its token says; a token signed before the account's password, role or staff role changed
 * is refused (its session version is no longer the account's).
 */
import { MESSAGES, STAFF_REFUSALS, type StaffAccess, staffRoleMay } from '@rental/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import type { SessionAccount } from './sessionReader';

/** The account asking, as the routes see it. */
export type SessionUser = Omit<SessionAccount, 'sessionVersion'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireStaff; only read it on routes that use one of them. */
    user: SessionUser;
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
  if (!check.ok) throw new HttpError(401, check.reason === 'expired' ? MESSAGES.sessionExpired : MESSAGES.notAuthorized);
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
