/**
 * The team as owners manage it: the list, a change of role, a removal. The company always keeps one
 * owner: every change locks the owners' rows (in id order, so two changes never wait on each other
 * in a circle) and counts them inside its transaction. Of two owners demoting each other at the
 * same moment, the second finds the first's change done and only one owner left, and is refused;
 * it also finds its own caller no longer an owner.
 */
import { lastOwnerProblem, type StaffMember, type StaffRole, STAFF_MESSAGES, STAFF_ROLE_WORDS } from '@rental/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { users } from '../../db/schema';
import type { Database, Tx } from '../../db/types';
import { HttpError } from '../../http/errors';
import { theRow } from '../../db/rows';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const memberColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  staffRole: users.staffRole,
  staffSince: users.staffSince,
  createdAt: users.createdAt,
};
type MemberRow = { id: string; name: string; email: string | null; staffRole: StaffRole | null; staffSince: Date | null; createdAt: Date };

function toMember(row: MemberRow): StaffMember {
  return { _id: row.id, name: row.name, email: row.email ?? '', staffRole: row.staffRole!, since: (row.staffSince ?? row.createdAt).toISOString() };
}

export async function listMembers(db: Database): Promise<StaffMember[]> {
  const rows = await db.select(memberColumns).from(users).where(isNotNull(users.staffRole)).orderBy(asc(users.staffSince), asc(users.name));
  return rows.map(toMember);
}

/** The owners' ids, their rows locked until the transaction ends; the caller must be one of them. */
async function lockOwners(tx: Tx, actorId: string): Promise<string[]> {
  const owners = await tx.select({ id: users.id }).from(users).where(eq(users.staffRole, 'owner')).orderBy(asc(users.id)).for('update');
  const ids = owners.map((o) => o.id);
  if (!ids.includes(actorId)) throw new HttpError(403, STAFF_MESSAGES.notOwnerAnyMore);
  return ids;
}

async function lockMember(tx: Tx, memberId: string): Promise<MemberRow> {
  if (!UUID.test(memberId)) throw new HttpError(404, STAFF_MESSAGES.memberNotFound);
  const [row] = await tx
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.id, memberId), isNotNull(users.staffRole)))
    .for('update');
  if (!row) throw new HttpError(404, STAFF_MESSAGES.memberNotFound);
  return row;
}

/** A new role for a member; the database ends their sessions (migrations/0019). */
export async function changeRole(db: Database, actorId: string, memberId: string, staffRole: StaffRole): Promise<{ member: StaffMember; message: string }> {
  return db.transaction(async (tx) => {
    await actAs(tx, actorId);
    const owners = await lockOwners(tx, actorId);
    const member = await lockMember(tx, memberId);
    if (member.staffRole === staffRole) throw new HttpError(409, STAFF_MESSAGES.roleUnchanged);
    const problem = lastOwnerProblem(owners.length, { id: member.id, staffRole: member.staffRole! }, staffRole, actorId);
    if (problem) throw new HttpError(409, problem);
    const changed = theRow(await tx.update(users).set({ staffRole }).where(eq(users.id, member.id)).returning(memberColumns), 'The changed staff member');
    return { member: toMember(changed), message: STAFF_MESSAGES.roleChanged(member.name, STAFF_ROLE_WORDS[staffRole].toLowerCase()) };
  });
}

/** Back to a customer: role 'user' (the database clears the staff role and ends their sessions); their bookings stay. */
export async function removeMember(db: Database, actorId: string, memberId: string): Promise<string> {
  return db.transaction(async (tx) => {
    await actAs(tx, actorId);
    const owners = await lockOwners(tx, actorId);
    const member = await lockMember(tx, memberId);
    const problem = lastOwnerProblem(owners.length, { id: member.id, staffRole: member.staffRole! }, null, actorId);
    if (problem) throw new HttpError(409, problem);
    await tx.update(users).set({ role: 'user' }).where(eq(users.id, member.id));
    return STAFF_MESSAGES.removed(member.name);
  });
}
