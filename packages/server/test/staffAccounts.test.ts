/**
 * Staff accounts, owners only: invitations by a one-time e-mailed link (new person, or a customer
 * who keeps their bookings), the team's roles, removal, and the rule that the company always keeps
 * one owner, also when two owners demote each other at the same moment.
 */
import { API, pathFor, ROUTES, STAFF_INVITATION_DAYS, STAFF_MESSAGES, MESSAGES } from '@rental/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBackup } from '../src/backup/backup';
import { bookings, outbox, staffInvitations, users } from '../src/db/schema';
import { hashInvitationToken } from '../src/features/staff/invitations';
import { type Account, createOwner, createStaff, createTestApp, describeDatabase, registerCustomer, TEST_PASSWORD, type TestApp, uniqueEmail } from './helpers';
import { addCar, day, insertBooking } from './support/fleet';

const call = (app: FastifyInstance, token: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: token ? { authorization: token } : {}, payload });

/** The token in the newest invitation e-mail to this address, as its link carries it. */
async function linkTokenFor(t: TestApp, email: string): Promise<string> {
  const [mail] = await t.db.select({ text: outbox.textBody, html: outbox.htmlBody }).from(outbox).where(and(eq(outbox.recipient, email), eq(outbox.kind, 'staff_invitation'))).orderBy(desc(outbox.id)).limit(1);
  const link = /http:\/\/localhost:\d+\/staff-invitation\/([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(link, mail!.text).not.toBeNull();
  expect(mail!.html).toContain(`/staff-invitation/${link![1]}`);
  return link![1]!;
}

async function invite(t: TestApp, owner: Account, email: string, staffRole: 'owner' | 'manager' | 'agent') {
  return call(t.app, owner.token, 'POST', ROUTES.inviteStaff.path, { email, staffRole });
}

async function history(t: TestApp, owner: Account) {
  const res = await call(t.app, owner.token, 'GET', `${API.ownerActivity}?kind=staff&limit=200`);
  expect(res.statusCode).toBe(200);
  return res.json().entries as { _id: string; actor: { _id: string } | null; action: string; subjectId: string; subjectName: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }[];
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
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().message).toBe(STAFF_MESSAGES.invited(email));
    const token = await linkTokenFor(t, email);
    // Only the token's hash is kept.
    const [row] = await t.db.select().from(staffInvitations).where(eq(staffInvitations.email, email));
    expect(row!.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(STAFF_INVITATION_DAYS * 86_400_000);

    const list = (await call(t.app, owner.token, 'GET', ROUTES.staffMembers.path)).json();
    expect(list.invitations).toContainEqual(expect.objectContaining({ email, staffRole: 'manager', expired: false, invitedBy: 'Olive Owner' }));

    const page = await call(t.app, undefined, 'GET', pathFor('staffInvitation', { token }));
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ email, staffRole: 'manager', accountExists: false });

    const noName = await call(t.app, undefined, 'POST', ROUTES.acceptStaffInvitation.path, { token, password: 'a good long password' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(STAFF_MESSAGES.nameNeeded);
    const short = await call(t.app, undefined, 'POST', ROUTES.acceptStaffInvitation.path, { token, name: 'Mia Manager', password: 'short' });
    expect(short.statusCode).toBe(400);

    const accepted = await call(t.app, undefined, 'POST', ROUTES.acceptStaffInvitation.path, { token, name: 'Mia Manager', password: 'a good long password' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const me = (await call(t.app, accepted.json().token, 'GET', API.userData)).json().user;
    expect(me).toMatchObject({ name: 'Mia Manager', email, role: 'owner', staffRole: 'manager' });
    // A manager: no staff accounts.
    expect((await call(t.app, accepted.json().token, 'GET', ROUTES.staffMembers.path)).statusCode).toBe(403);
    // They can log in with what they chose.
    expect((await call(t.app, undefined, 'POST', API.login, { email, password: 'a good long password' })).statusCode).toBe(200);

    const after = (await call(t.app, owner.token, 'GET', ROUTES.staffMembers.path)).json();
    expect(after.members).toContainEqual(expect.objectContaining({ name: 'Mia Manager', email, staffRole: 'manager' }));
    expect(after.invitations.map((i: { email: string }) => i.email)).not.toContain(email);

    // Once only: the second use changes nothing.
    const again = await call(t.app, undefined, 'POST', ROUTES.acceptStaffInvitation.path, { token, name: 'Someone Else', password: 'another long password' });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(STAFF_MESSAGES.linkUsed);
    expect((await call(t.app, undefined, 'GET', pathFor('staffInvitation', { token }))).json().message).toBe(STAFF_MESSAGES.linkUsed);
    // The kept copy of the e-mail no longer holds a working link.
    const [mail] = await t.db.select({ text: outbox.textBody }).from(outbox).where(eq(outbox.recipient, email));
    expect(mail!.text).not.toContain(token);
    expect(mail!.text).toContain('/staff-invitation/link-not-kept');
  });

  it('invites a customer: they give their current password, keep their bookings and become staff', async () => {
    const customer = await registerCustomer(t.app, { name: 'Carl Customer' });
    const car = await addCar(t.app, owner.token);
    const booking = await insertBooking(t.db, { carId: car._id, userId: customer.user._id, pickupDate: day(10), returnDate: day(12) });
    expect((await invite(t, owner, customer.user.email, 'agent')).statusCode).toBe(201);
    const token = await linkTokenFor(t, customer.user.email);
    expect((await call(t.app, undefined, 'GET', pathFor('staffInvitation', { token }))).json()).toMatchObject({ accountExists: true, staffRole: 'agent' });

    const wrong = await call(t.app, undefined, 'POST', ROUTES.acceptStaffInvitation.path, { token, password: 'not their password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(STAFF_MESSAGES.wrongCurrentPassword);
    const [still] = await t.db.select({ staffRole: users.staffRole }).from(users).where(eq(users.id, customer.user._id));
    expect(still!.staffRole).toBeNull();

    const accepted = await call(t.app, undefined, 'POST', ROUTES.acceptStaffInvitation.path, { token, password: TEST_PASSWORD });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().message).toContain('bookings stay');
    // Their old session ended with the change of role; the new one is an agent's.
    expect((await call(t.app, customer.token, 'GET', API.userData)).statusCode).toBe(401);
    const me = (await call(t.app, accepted.json().token, 'GET', API.userData)).json().user;
    expect(me).toMatchObject({ _id: customer.user._id, name: 'Carl Customer', staffRole: 'agent' });
    const [kept] = await t.db.select({ userId: bookings.userId }).from(bookings).where(eq(bookings.id, booking));
    expect(kept!.userId).toBe(customer.user._id);
  });

  it('an address already on the staff is refused in words; a new invitation replaces the one waiting', async () => {
    const manager = await createStaff(t.app, 'manager');
    const taken = await invite(t, owner, manager.user.email, 'agent');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(STAFF_MESSAGES.alreadyStaff);

    const email = uniqueEmail('twice');
    await invite(t, owner, email, 'agent');
    const first = await linkTokenFor(t, email);
    await invite(t, owner, email, 'manager');
    const second = await linkTokenFor(t, email);
    expect(second).not.toBe(first);
    const pending = (await call(t.app, owner.token, 'GET', ROUTES.staffMembers.path)).json().invitations.filter((i: { email: string }) => i.email === email);
    expect(pending).toEqual([expect.objectContaining({ staffRole: 'manager' })]);
    const old = await call(t.app, undefined, 'POST', ROUTES.acceptStaffInvitation.path, { token: first, name: 'Early Bird', password: 'a good long password' });
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe(STAFF_MESSAGES.linkReplaced);
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
    const sent = (await invite(t, owner, cancelledEmail, 'agent')).json();
    const cancelledToken = await linkTokenFor(t, cancelledEmail);
    const cancel = await call(t.app, owner.token, 'POST', pathFor('cancelStaffInvitation', { id: sent.invitation._id }));
    expect(cancel.statusCode).toBe(200);
    expect((await call(t.app, owner.token, 'POST', pathFor('cancelStaffInvitation', { id: sent.invitation._id }))).statusCode).toBe(409);
    const late = await call(t.app, undefined, 'POST', ROUTES.acceptStaffInvitation.path, { token: cancelledToken, name: 'Too Late', password: 'a good long password' });
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe(STAFF_MESSAGES.linkCancelled);

    const expiredEmail = uniqueEmail('expired');
    await invite(t, owner, expiredEmail, 'agent');
    const expiredToken = await linkTokenFor(t, expiredEmail);
    await t.db.update(staffInvitations).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(staffInvitations.email, expiredEmail));
    expect((await call(t.app, owner.token, 'GET', ROUTES.staffMembers.path)).json().invitations).toContainEqual(expect.objectContaining({ email: expiredEmail, expired: true }));
    const page = await call(t.app, undefined, 'GET', pathFor('staffInvitation', { token: expiredToken }));
    expect(page.statusCode).toBe(404);
    expect(page.json().message).toBe(STAFF_MESSAGES.linkExpired);
    const expired = await call(t.app, undefined, 'POST', ROUTES.acceptStaffInvitation.path, { token: expiredToken, name: 'Too Late', password: 'a good long password' });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(STAFF_MESSAGES.linkExpired);
    const unknown = await call(t.app, undefined, 'GET', pathFor('staffInvitation', { token: 'no-such-link' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(STAFF_MESSAGES.linkNotValid);
    expect(await t.db.select().from(users).where(sql`${users.email} IN (${cancelledEmail}, ${expiredEmail})`)).toEqual([]);
  });

  it("a role change ends the member's sessions; a removed member's token gets 401 at once and their bookings stay", async () => {
    const agent = await createStaff(t.app, 'agent', { name: 'Ann Agent' });
    const changed = await call(t.app, owner.token, 'PUT', pathFor('changeStaffRole', { id: agent.user._id }), { staffRole: 'manager' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().member).toMatchObject({ staffRole: 'manager', name: 'Ann Agent' });
    expect((await call(t.app, agent.token, 'GET', API.userData)).statusCode).toBe(401);
    const same = await call(t.app, owner.token, 'PUT', pathFor('changeStaffRole', { id: agent.user._id }), { staffRole: 'manager' });
    expect(same.statusCode).toBe(409);

    const login = await call(t.app, undefined, 'POST', API.login, { email: agent.user.email, password: TEST_PASSWORD });
    const fresh = login.json().token as string;
    const car = await addCar(t.app, owner.token);
    const booking = await insertBooking(t.db, { carId: car._id, userId: agent.user._id, pickupDate: day(20), returnDate: day(22) });
    const removed = await call(t.app, owner.token, 'POST', pathFor('removeStaff', { id: agent.user._id }));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(STAFF_MESSAGES.removed('Ann Agent'));
    const refused = await call(t.app, fresh, 'GET', API.userData);
    expect(refused.statusCode).toBe(401);
    const [row] = await t.db.select({ role: users.role, staffRole: users.staffRole }).from(users).where(eq(users.id, agent.user._id));
    expect(row).toEqual({ role: 'user', staffRole: null });
    expect((await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, booking))).length).toBe(1);
    // A customer again: they log in and see their own bookings, not the staff area.
    const asCustomer = (await call(t.app, undefined, 'POST', API.login, { email: agent.user.email, password: TEST_PASSWORD })).json().token as string;
    expect((await call(t.app, asCustomer, 'GET', API.ownerBookings)).statusCode).toBe(403);
    expect((await call(t.app, owner.token, 'POST', pathFor('removeStaff', { id: agent.user._id }))).statusCode).toBe(404);
  });

  it('the history names every invite, cancel, acceptance, role change and removal, and who did it', async () => {
    const email = uniqueEmail('history');
    const first = (await invite(t, owner, email, 'agent')).json().invitation._id as string;
    await call(t.app, owner.token, 'POST', pathFor('cancelStaffInvitation', { id: first }));
    const second = (await invite(t, owner, email, 'agent')).json().invitation._id as string;
    const token = await linkTokenFor(t, email);
    const joined = await call(t.app, undefined, 'POST', ROUTES.acceptStaffInvitation.path, { token, name: 'Hal History', password: 'a good long password' });
    const memberId = (await call(t.app, joined.json().token, 'GET', API.userData)).json().user._id as string;
    await call(t.app, owner.token, 'PUT', pathFor('changeStaffRole', { id: memberId }), { staffRole: 'manager' });
    await call(t.app, owner.token, 'POST', pathFor('removeStaff', { id: memberId }));

    // Oldest first, as they happened.
    const entries = [...(await history(t, owner))].filter((e) => [first, second, memberId].includes(e.subjectId)).sort((a, b) => Number(a._id) - Number(b._id));
    const seen = entries.map((e) => [e.subjectId === memberId ? 'member' : e.subjectId === first ? 'first' : 'second', e.action, e.after, e.actor?._id === owner.user._id ? 'owner' : e.actor?._id === memberId ? 'themself' : 'someone else']);
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
    const self = await call(t.app, only.token, 'POST', pathFor('removeStaff', { id: only.user._id }));
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(STAFF_MESSAGES.lastOwnerSelf);
    const demote = await call(t.app, only.token, 'PUT', pathFor('changeStaffRole', { id: only.user._id }), { staffRole: 'manager' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(STAFF_MESSAGES.lastOwnerSelf);
    expect(await owners()).toBe(1);
    // With a second owner, one may leave.
    const second = await createOwner(t.app);
    const leave = await call(t.app, second.token, 'POST', pathFor('removeStaff', { id: second.user._id }));
    expect(leave.statusCode, leave.body).toBe(200);
    expect(await owners()).toBe(1);
    // The remaining owner is still the last one.
    const members = (await call(t.app, only.token, 'GET', ROUTES.staffMembers.path)).json().members;
    expect(members).toEqual([expect.objectContaining({ _id: only.user._id, staffRole: 'owner' })]);
    expect(MESSAGES.ownersOnly).toBeTruthy();
  });

  it('two owners demoting or removing each other at the same moment leave one owner', async () => {
    for (let round = 0; round < 4; round += 1) {
      // Back to one owner plus this round's two.
      await t.db.update(users).set({ role: 'user' }).where(eq(users.staffRole, 'owner'));
      const a = await createOwner(t.app);
      const b = await createOwner(t.app);
      const how = round % 2 === 0 ? ('demote' as const) : ('remove' as const);
      const act = (by: Account, target: Account) =>
        how === 'demote'
          ? call(t.app, by.token, 'PUT', pathFor('changeStaffRole', { id: target.user._id }), { staffRole: 'agent' })
          : call(t.app, by.token, 'POST', pathFor('removeStaff', { id: target.user._id }));
      const answers = await Promise.all([act(a, b), act(b, a)]);
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 200), answers.map((r) => r.body).join(' | ')).toHaveLength(1);
      // The other was refused: the last-owner rule, its caller no longer an owner, or its session ended.
      expect([401, 403, 409]).toContain(statuses.find((s) => s !== 200));
      expect(await owners()).toBe(1);
    }
  });
});
