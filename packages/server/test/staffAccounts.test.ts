/**
 * Staff accounts, owners only: invitations by a one-time e-mailed link (new person, or a customer
 * who keeps their bookings), the team's roles, removal, and the rule that the company always keeps
 * one owner, also when two owners demote each other at the same moment.
 */
import { STAFF_INVITATION_DAYS, STAFF_MESSAGES, MESSAGES } from '@rental/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBackup } from '../src/backup/backup';
import { bookings, outbox, staffInvitations, users } from '../src/db/schema';
import { hashInvitationToken } from '../src/features/staff/invitations';
import {
  type Account,
  callWithStatus,
  createOwner,
  createStaff,
  createTestApp,
  describeDatabase,
  outcomeOf,
  registerCustomer,
  statusOf,
  TEST_PASSWORD,
  type TestApp,
  testApi,
  uniqueEmail,
} from './helpers';
import { addCar, day, insertBooking } from './support/fleet';

/** The invitation link's page, and what a person sends from it. */
const invitationPage = (app: FastifyInstance, token: string) => testApi(app).call('staffInvitation', { params: { token } });
const accept = (app: FastifyInstance, body: { token: string; name?: string; password: string }) => testApi(app).call('acceptStaffInvitation', { body });
const staffList = (app: FastifyInstance, owner: Account) => testApi(app, owner.token).call('staffMembers');
const cancelInvitation = (app: FastifyInstance, owner: Account, id: string) => callWithStatus(app, owner.token, 'cancelStaffInvitation', { params: { id } });
const changeRole = (app: FastifyInstance, by: Account, id: string, staffRole: 'owner' | 'manager' | 'agent') =>
  callWithStatus(app, by.token, 'changeStaffRole', { params: { id }, body: { staffRole } });
const removeStaff = (app: FastifyInstance, by: Account, id: string) => callWithStatus(app, by.token, 'removeStaff', { params: { id } });
const login = (app: FastifyInstance, email: string, password: string) => callWithStatus(app, undefined, 'login', { body: { email, password } });
/** Who a session is, or the status it is refused with (401 once ended). */
const userData = (app: FastifyInstance, token: string) => callWithStatus(app, token, 'userData');

/** The token in the newest invitation e-mail to this address, as its link carries it. */
async function linkTokenFor(t: TestApp, email: string): Promise<string> {
  const [mail] = await t.db
    .select({ text: outbox.textBody, html: outbox.htmlBody })
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'staff_invitation')))
    .orderBy(desc(outbox.id))
    .limit(1);
  const link = /http:\/\/localhost:\d+\/staff-invitation\/([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(link, mail!.text).not.toBeNull();
  expect(mail!.html).toContain(`/staff-invitation/${link![1]}`);
  return link![1]!;
}

async function invite(t: TestApp, owner: Account, email: string, staffRole: 'owner' | 'manager' | 'agent') {
  return callWithStatus(t.app, owner.token, 'inviteStaff', { body: { email, staffRole } });
}

async function history(t: TestApp, owner: Account) {
  const res = await callWithStatus(t.app, owner.token, 'ownerActivity', { query: { kind: 'staff', limit: 200 } });
  expect(res.status).toBe(200);
  return res.answer.entries;
}

describe(`staff accounts (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app, { name: 'Olive Owner' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('invites a new person: the e-mailed link opens the page, they choose a name and password and are staff with the role', async () => {
    const email = uniqueEmail('newmanager');
    const sent = await invite(t, owner, email.toUpperCase(), 'manager');
    expect(sent.status).toBe(201);
    expect(sent.answer.message).toBe(STAFF_MESSAGES.invited(email));
    const token = await linkTokenFor(t, email);
    // Only the token's hash is kept.
    const [row] = await t.db.select().from(staffInvitations).where(eq(staffInvitations.email, email));
    expect(row!.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(STAFF_INVITATION_DAYS * 86_400_000);

    const list = await staffList(t.app, owner);
    expect(list.invitations).toContainEqual(expect.objectContaining({ email, staffRole: 'manager', expired: false, invitedBy: 'Olive Owner' }));

    expect(await invitationPage(t.app, token)).toMatchObject({ email, staffRole: 'manager', accountExists: false });

    await expect(accept(t.app, { token, password: 'a good long password' })).rejects.toMatchObject({ status: 400, message: STAFF_MESSAGES.nameNeeded });
    expect(await statusOf(callWithStatus(t.app, undefined, 'acceptStaffInvitation', { body: { token, name: 'Mia Manager', password: 'short' } }))).toBe(400);

    const accepted = await callWithStatus(t.app, undefined, 'acceptStaffInvitation', {
      body: { token, name: 'Mia Manager', password: 'a good long password' },
    });
    expect(accepted.status).toBe(200);
    const me = (await testApi(t.app, accepted.answer.token).call('userData')).user;
    expect(me).toMatchObject({ name: 'Mia Manager', email, role: 'owner', staffRole: 'manager' });
    // A manager: no staff accounts.
    expect(await statusOf(callWithStatus(t.app, accepted.answer.token, 'staffMembers'))).toBe(403);
    // They can log in with what they chose.
    expect((await login(t.app, email, 'a good long password')).status).toBe(200);

    const after = await staffList(t.app, owner);
    expect(after.members).toContainEqual(expect.objectContaining({ name: 'Mia Manager', email, staffRole: 'manager' }));
    expect(after.invitations.map((i) => i.email)).not.toContain(email);

    // Once only: the second use changes nothing.
    await expect(accept(t.app, { token, name: 'Someone Else', password: 'another long password' })).rejects.toMatchObject({
      status: 404,
      message: STAFF_MESSAGES.linkUsed,
    });
    await expect(invitationPage(t.app, token)).rejects.toMatchObject({ message: STAFF_MESSAGES.linkUsed });
    // The kept copy of the e-mail no longer holds a working link.
    const [mail] = await t.db.select({ text: outbox.textBody }).from(outbox).where(eq(outbox.recipient, email));
    expect(mail!.text).not.toContain(token);
    expect(mail!.text).toContain('/staff-invitation/link-not-kept');
  });

  it('invites a customer: they give their current password, keep their bookings and become staff', async () => {
    const customer = await registerCustomer(t.app, { name: 'Carl Customer' });
    const car = await addCar(t.app, owner.token);
    const booking = await insertBooking(t.db, { carId: car._id, userId: customer.user._id, pickupDate: day(10), returnDate: day(12) });
    expect((await invite(t, owner, customer.user.email, 'agent')).status).toBe(201);
    const token = await linkTokenFor(t, customer.user.email);
    expect(await invitationPage(t.app, token)).toMatchObject({ accountExists: true, staffRole: 'agent' });

    await expect(accept(t.app, { token, password: 'not their password' })).rejects.toMatchObject({ status: 400, message: STAFF_MESSAGES.wrongCurrentPassword });
    const [still] = await t.db.select({ staffRole: users.staffRole }).from(users).where(eq(users.id, customer.user._id));
    expect(still!.staffRole).toBeNull();

    const accepted = await callWithStatus(t.app, undefined, 'acceptStaffInvitation', { body: { token, password: TEST_PASSWORD } });
    expect(accepted.status).toBe(200);
    expect(accepted.answer.message).toContain('bookings stay');
    // Their old session ended with the change of role; the new one is an agent's.
    expect(await statusOf(userData(t.app, customer.token))).toBe(401);
    const me = (await testApi(t.app, accepted.answer.token).call('userData')).user;
    expect(me).toMatchObject({ _id: customer.user._id, name: 'Carl Customer', staffRole: 'agent' });
    const [kept] = await t.db.select({ userId: bookings.userId }).from(bookings).where(eq(bookings.id, booking));
    expect(kept!.userId).toBe(customer.user._id);
  });

  it('an address already on the staff is refused in words; a new invitation replaces the one waiting', async () => {
    const manager = await createStaff(t.app, 'manager');
    await expect(invite(t, owner, manager.user.email, 'agent')).rejects.toMatchObject({ status: 409, message: STAFF_MESSAGES.alreadyStaff });

    const email = uniqueEmail('twice');
    await invite(t, owner, email, 'agent');
    const first = await linkTokenFor(t, email);
    await invite(t, owner, email, 'manager');
    const second = await linkTokenFor(t, email);
    expect(second).not.toBe(first);
    const pending = (await staffList(t.app, owner)).invitations.filter((i) => i.email === email);
    expect(pending).toEqual([expect.objectContaining({ staffRole: 'manager' })]);
    await expect(accept(t.app, { token: first, name: 'Early Bird', password: 'a good long password' })).rejects.toMatchObject({
      status: 404,
      message: STAFF_MESSAGES.linkReplaced,
    });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('a backup taken while an invitation waits holds no working link', async () => {
    const email = uniqueEmail('backup');
    await invite(t, owner, email, 'owner');
    const token = await linkTokenFor(t, email);
    const work = await mkdtemp(join(tmpdir(), 'rental-staff-backup-'));
    try {
      const file = join(work, 'backup.jsonl');
      await writeBackup(t.database.opened.raw, file);
      const text = await readFile(file, 'utf8');
      expect(text).not.toContain(token);
      expect(text).toContain('/staff-invitation/link-not-kept');
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    // The owners' outbox still has it: the site's own copy is not a backup.
    expect(await linkTokenFor(t, email)).toBe(token);
  });

  it('a cancelled or expired link gets a 404 in words and changes nothing', async () => {
    const cancelledEmail = uniqueEmail('cancelled');
    const sent = (await invite(t, owner, cancelledEmail, 'agent')).answer;
    const cancelledToken = await linkTokenFor(t, cancelledEmail);
    const cancel = await cancelInvitation(t.app, owner, sent.invitation._id);
    expect(cancel.status).toBe(200);
    expect(await statusOf(cancelInvitation(t.app, owner, sent.invitation._id))).toBe(409);
    await expect(accept(t.app, { token: cancelledToken, name: 'Too Late', password: 'a good long password' })).rejects.toMatchObject({
      status: 404,
      message: STAFF_MESSAGES.linkCancelled,
    });

    const expiredEmail = uniqueEmail('expired');
    await invite(t, owner, expiredEmail, 'agent');
    const expiredToken = await linkTokenFor(t, expiredEmail);
    await t.db
      .update(staffInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(staffInvitations.email, expiredEmail));
    expect((await staffList(t.app, owner)).invitations).toContainEqual(expect.objectContaining({ email: expiredEmail, expired: true }));
    await expect(invitationPage(t.app, expiredToken)).rejects.toMatchObject({ status: 404, message: STAFF_MESSAGES.linkExpired });
    await expect(accept(t.app, { token: expiredToken, name: 'Too Late', password: 'a good long password' })).rejects.toMatchObject({
      status: 404,
      message: STAFF_MESSAGES.linkExpired,
    });
    await expect(invitationPage(t.app, 'no-such-link')).rejects.toMatchObject({ status: 404, message: STAFF_MESSAGES.linkNotValid });
    expect(
      await t.db
        .select()
        .from(users)
        .where(sql`${users.email} IN (${cancelledEmail}, ${expiredEmail})`),
    ).toEqual([]);
  });

  it("a role change ends the member's sessions; a removed member's token gets 401 at once and their bookings stay", async () => {
    const agent = await createStaff(t.app, 'agent', { name: 'Ann Agent' });
    const changed = await changeRole(t.app, owner, agent.user._id, 'manager');
    expect(changed.status).toBe(200);
    expect(changed.answer.member).toMatchObject({ staffRole: 'manager', name: 'Ann Agent' });
    expect(await statusOf(userData(t.app, agent.token))).toBe(401);
    expect(await statusOf(changeRole(t.app, owner, agent.user._id, 'manager'))).toBe(409);

    const fresh = (await login(t.app, agent.user.email, TEST_PASSWORD)).answer.token;
    const car = await addCar(t.app, owner.token);
    const booking = await insertBooking(t.db, { carId: car._id, userId: agent.user._id, pickupDate: day(20), returnDate: day(22) });
    const removed = await removeStaff(t.app, owner, agent.user._id);
    expect(removed.status).toBe(200);
    expect(removed.answer.message).toBe(STAFF_MESSAGES.removed('Ann Agent'));
    expect(await statusOf(userData(t.app, fresh))).toBe(401);
    const [row] = await t.db.select({ role: users.role, staffRole: users.staffRole }).from(users).where(eq(users.id, agent.user._id));
    expect(row).toEqual({ role: 'user', staffRole: null });
    expect((await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, booking))).length).toBe(1);
    // A customer again: they log in and see their own bookings, not the staff area.
    const asCustomer = (await login(t.app, agent.user.email, TEST_PASSWORD)).answer.token;
    expect(await statusOf(callWithStatus(t.app, asCustomer, 'ownerBookings'))).toBe(403);
    expect(await statusOf(removeStaff(t.app, owner, agent.user._id))).toBe(404);
  });

  it('the history names every invite, cancel, acceptance, role change and removal, and who did it', async () => {
    const email = uniqueEmail('history');
    const first = (await invite(t, owner, email, 'agent')).answer.invitation._id;
    await cancelInvitation(t.app, owner, first);
    const second = (await invite(t, owner, email, 'agent')).answer.invitation._id;
    const token = await linkTokenFor(t, email);
    const joined = await accept(t.app, { token, name: 'Hal History', password: 'a good long password' });
    const memberId = (await testApi(t.app, joined.token).call('userData')).user._id;
    await changeRole(t.app, owner, memberId, 'manager');
    await removeStaff(t.app, owner, memberId);

    // Oldest first, as they happened.
    const entries = [...(await history(t, owner))].filter((e) => [first, second, memberId].includes(e.subjectId)).sort((a, b) => Number(a._id) - Number(b._id));
    const seen = entries.map((e) => [
      e.subjectId === memberId ? 'member' : e.subjectId === first ? 'first' : 'second',
      e.action,
      e.after,
      e.actor?._id === owner.user._id ? 'owner' : e.actor?._id === memberId ? 'themself' : 'someone else',
    ]);
    expect(seen).toEqual([
      ['first', 'added', { invitation: 'sent', staff_role: 'agent' }, 'owner'],
      ['first', 'removed', { invitation: 'cancelled' }, 'owner'],
      ['second', 'added', { invitation: 'sent', staff_role: 'agent' }, 'owner'],
      ['member', 'added', { staff_role: 'agent' }, 'themself'],
      ['second', 'changed', { invitation: 'accepted', user_id: memberId }, 'themself'],
      ['member', 'changed', { staff_role: 'manager' }, 'owner'],
      ['member', 'removed', null, 'owner'],
    ]);
    expect(entries.find((e) => e.subjectId === memberId)!.subjectName).toBe('Hal History');
    expect(entries.find((e) => e.subjectId === first)!.subjectName).toBe(email);
    // No personal detail is written into the history itself.
    expect(JSON.stringify(entries.map((e) => [e.before, e.after]))).not.toContain(email);
  });
});

describe(`the company keeps one owner (${describeDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const owners = async () => (await t.db.select({ id: users.id }).from(users).where(eq(users.staffRole, 'owner'))).length;

  it('the last owner can neither be removed nor demoted, and is told so in plain words', async () => {
    const only = await createOwner(t.app);
    await expect(removeStaff(t.app, only, only.user._id)).rejects.toMatchObject({ status: 409, message: STAFF_MESSAGES.lastOwnerSelf });
    await expect(changeRole(t.app, only, only.user._id, 'manager')).rejects.toMatchObject({ status: 409, message: STAFF_MESSAGES.lastOwnerSelf });
    expect(await owners()).toBe(1);
    // With a second owner, one may leave.
    const second = await createOwner(t.app);
    const leave = await removeStaff(t.app, second, second.user._id);
    expect(leave.status).toBe(200);
    expect(await owners()).toBe(1);
    // The remaining owner is still the last one.
    const members = (await staffList(t.app, only)).members;
    expect(members).toEqual([expect.objectContaining({ _id: only.user._id, staffRole: 'owner' })]);
    expect(MESSAGES.staffOnly).toBeTruthy();
  });

  it('two owners demoting or removing each other at the same moment leave one owner', async () => {
    for (let round = 0; round < 4; round += 1) {
      // Back to one owner plus this round's two.
      await t.db.update(users).set({ role: 'user' }).where(eq(users.staffRole, 'owner'));
      const a = await createOwner(t.app);
      const b = await createOwner(t.app);
      const how = round % 2 === 0 ? ('demote' as const) : ('remove' as const);
      const act = (by: Account, target: Account) =>
        how === 'demote' ? changeRole(t.app, by, target.user._id, 'agent') : removeStaff(t.app, by, target.user._id);
      const answers = await Promise.all([outcomeOf(act(a, b)), outcomeOf(act(b, a))]);
      const statuses = answers.map((r) => r.status).sort();
      expect(
        statuses.filter((s) => s === 200),
        answers.map((r) => JSON.stringify(r.answer ?? r.refusal)).join(' | '),
      ).toHaveLength(1);
      // The other was refused: the last-owner rule, its caller no longer an owner, or its session ended.
      expect([401, 403, 409]).toContain(statuses.find((s) => s !== 200));
      expect(await owners()).toBe(1);
    }
  });
});
