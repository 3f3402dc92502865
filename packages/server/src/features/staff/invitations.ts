/**
 * Invitations onto the staff: a one-time link by e-mail, valid STAFF_INVITATION_DAYS days, as the
 * password reset link is made (features/auth/passwordReset.ts): 32 random bytes, only their SHA-256
 * stored. One invitation waits per address; a new one replaces it. The link works once: the
 * acceptance marks it accepted in the same transaction that makes the account staff, and only if
 * it still waits, so of two uses at once the second changes nothing.
 * The e-mail's stored copy holds the link while the invitation waits (the owners read it in the
 * outbox); once the invitation ends (accepted, cancelled, replaced) the token is blotted out of it,
 * and a backup never carries it (backup/tables.ts).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type StaffInvitation, type StaffRole, MESSAGES, STAFF_INVITATION_DAYS, STAFF_MESSAGES } from '@rental/contract';
import { newPasswordProblem } from '@rental/contract/accountFields';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { actAs } from '../../db/actor';
import { staffInvitations, users } from '../../db/schema';
import { type Database, isUniqueViolation, type Tx } from '../../db/types';
import { HttpError } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { getCompanySettings } from '../company';
import type { EventLog } from '../../events';
import { theRow } from '../../db/rows';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type InvitationRow = typeof staffInvitations.$inferSelect;

const inviter = alias(users, 'inviter');

function toInvitation(row: InvitationRow, invitedBy: string | null, now = Date.now()): StaffInvitation {
  return {
    _id: row.id,
    email: row.email,
    staffRole: row.staffRole,
    sentAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now,
    invitedBy: invitedBy ?? '',
  };
}

/** The invitations still waiting, newest first (an expired one too, marked, until replaced or cancelled). */
export async function listInvitations(db: Database): Promise<StaffInvitation[]> {
  const rows = await db
    .select({ invitation: staffInvitations, invitedBy: inviter.name })
    .from(staffInvitations)
    .leftJoin(inviter, eq(inviter.id, staffInvitations.invitedBy))
    .where(eq(staffInvitations.status, 'pending'))
    .orderBy(desc(staffInvitations.createdAt));
  return rows.map((r) => toInvitation(r.invitation, r.invitedBy));
}

/** The token of an invitation that ended no longer belongs in the kept copies of its e-mails. */
async function blotOutLinks(tx: Tx, email: string): Promise<void> {
  await tx.execute(sql`
    UPDATE outbox
       SET text_body = regexp_replace(text_body, '(/staff-invitation/)[A-Za-z0-9_%-]+', '\\1link-not-kept', 'g'),
           html_body = regexp_replace(html_body, '(/staff-invitation/)[A-Za-z0-9_%-]+', '\\1link-not-kept', 'g')
     WHERE kind = 'staff_invitation' AND recipient = ${email} AND text_body NOT LIKE '%/staff-invitation/link-not-kept%'`);
}

export async function invite(
  db: Database,
  events: EventLog,
  actor: { id: string; name: string },
  email: string,
  staffRole: StaffRole,
): Promise<StaffInvitation> {
  const token = randomBytes(32).toString('base64url');
  try {
    return await db.transaction(async (tx) => {
      await actAs(tx, actor.id);
      const [account] = await tx.select({ staffRole: users.staffRole }).from(users).where(eq(users.email, email));
      if (account?.staffRole) throw new HttpError(409, STAFF_MESSAGES.alreadyStaff);
      // The one waiting is replaced: its link stops working.
      const replaced = await tx
        .update(staffInvitations)
        .set({ status: 'replaced', endedAt: sql`now()` })
        .where(and(eq(staffInvitations.email, email), eq(staffInvitations.status, 'pending')))
        .returning({ id: staffInvitations.id });
      if (replaced.length > 0) await blotOutLinks(tx, email);
      const row = theRow(
        await tx
          .insert(staffInvitations)
          .values({
            email,
            staffRole,
            tokenHash: hashInvitationToken(token),
            invitedBy: actor.id,
            expiresAt: sql`now() + make_interval(days => ${STAFF_INVITATION_DAYS})`,
          })
          .returning(),
        'The saved invitation',
      );
      // Its e-mail is made from the event, which alone carries the link's token.
      await events.record(tx, [
        { kind: 'staff_invited', bookingId: null, actorId: actor.id, data: { email, staffRole, invitedBy: actor.name }, secret: token },
      ]);
      return toInvitation(row, actor.name);
    });
  } catch (err) {
    // Another owner's invitation to the same address committed first (one waits per address).
    if (isUniqueViolation(err)) throw new HttpError(409, STAFF_MESSAGES.otherInviteJustSent);
    throw err;
  }
}

export async function cancelInvitation(db: Database, actorId: string, invitationId: string): Promise<void> {
  if (!UUID.test(invitationId)) throw new HttpError(404, STAFF_MESSAGES.invitationNotPending);
  await db.transaction(async (tx) => {
    await actAs(tx, actorId);
    const [row] = await tx.select().from(staffInvitations).where(eq(staffInvitations.id, invitationId)).for('update');
    if (!row) throw new HttpError(404, STAFF_MESSAGES.invitationNotPending);
    if (row.status !== 'pending') throw new HttpError(409, STAFF_MESSAGES.invitationNotPending);
    await tx
      .update(staffInvitations)
      .set({ status: 'cancelled', endedAt: sql`now()` })
      .where(eq(staffInvitations.id, row.id));
    await blotOutLinks(tx, row.email);
  });
}

/** Why a link does not work, in the words its page shows; undefined when it works. */
function linkProblem(row: InvitationRow | undefined): string | undefined {
  if (!row) return STAFF_MESSAGES.linkNotValid;
  if (row.status === 'accepted') return STAFF_MESSAGES.linkUsed;
  if (row.status === 'cancelled') return STAFF_MESSAGES.linkCancelled;
  if (row.status === 'replaced') return STAFF_MESSAGES.linkReplaced;
  if (row.expiresAt.getTime() <= Date.now()) return STAFF_MESSAGES.linkExpired;
  return undefined;
}

async function workingInvitation(db: Database, token: string): Promise<InvitationRow> {
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, hashInvitationToken(token)));
  const problem = linkProblem(row);
  if (problem || !row) throw new HttpError(404, problem ?? STAFF_MESSAGES.linkNotValid);
  return row;
}

/** What the invitation page shows. */
export async function readInvitation(db: Database, token: string) {
  const row = await workingInvitation(db, token);
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, row.email));
  const company = await getCompanySettings(db);
  return { email: row.email, staffRole: row.staffRole, companyName: company.name, accountExists: Boolean(account) };
}

/** The account that accepted, to sign its session. */
export interface Accepted {
  userId: string;
  sessionVersion: number;
  message: string;
}

export async function acceptInvitation(db: Database, input: { token: string; name?: string; password: string }): Promise<Accepted> {
  const invitation = await workingInvitation(db, input.token);
  const [account] = await db
    .select({ id: users.id, staffRole: users.staffRole, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, invitation.email));
  if (account?.staffRole) throw new HttpError(409, STAFF_MESSAGES.alreadyStaff);
  let passwordHash: string | undefined;
  if (account) {
    // The person proves the account is theirs; it keeps its password, name and bookings.
    if (!account.passwordHash || !(await verifyPassword(account.passwordHash, input.password))) throw new HttpError(400, STAFF_MESSAGES.wrongCurrentPassword);
  } else {
    if (!input.name) throw new HttpError(400, STAFF_MESSAGES.nameNeeded);
    const problem = newPasswordProblem(input.password, 'Password');
    if (problem) throw new HttpError(400, problem);
    passwordHash = await hashPassword(input.password);
  }
  const userId = account?.id ?? randomUUID();
  const company = await getCompanySettings(db);
  try {
    return await db.transaction(async (tx) => {
      // The person themself is who the history says joined.
      await actAs(tx, userId);
      // Once: of two uses racing, the second waits here, then finds it no longer waiting.
      const [usable] = await tx
        .select({ id: staffInvitations.id })
        .from(staffInvitations)
        .where(and(eq(staffInvitations.id, invitation.id), eq(staffInvitations.status, 'pending'), gt(staffInvitations.expiresAt, sql`now()`)))
        .for('update');
      if (!usable) throw new HttpError(404, STAFF_MESSAGES.linkUsed);
      let sessionVersion: number;
      if (account) {
        const [made] = await tx
          .update(users)
          .set({ role: 'owner', staffRole: invitation.staffRole })
          .where(and(eq(users.id, account.id), eq(users.role, 'user')))
          .returning({ sessionVersion: users.sessionVersion });
        if (!made) throw new HttpError(409, STAFF_MESSAGES.alreadyStaff);
        sessionVersion = made.sessionVersion;
      } else {
        const made = theRow(
          await tx
            .insert(users)
            .values({ id: userId, name: input.name!, email: invitation.email, passwordHash: passwordHash!, role: 'owner', staffRole: invitation.staffRole })
            .returning({ sessionVersion: users.sessionVersion }),
          'The new staff account',
        );
        sessionVersion = made.sessionVersion;
      }
      await tx
        .update(staffInvitations)
        .set({ status: 'accepted', endedAt: sql`now()`, userId })
        .where(eq(staffInvitations.id, invitation.id));
      await blotOutLinks(tx, invitation.email);
      return { userId, sessionVersion, message: account ? STAFF_MESSAGES.acceptedExisting(company.name) : STAFF_MESSAGES.acceptedNew(company.name) };
    });
  } catch (err) {
    // An account was made with this address between the look and the write: the page must ask for its password.
    if (isUniqueViolation(err)) throw new HttpError(409, MESSAGES.emailTaken);
    throw err;
  }
}
