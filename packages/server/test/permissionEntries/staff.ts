import { ROUTES, pathFor } from '@rental/contract';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outbox } from '../../src/db/schema';
import { createStaff, uniqueEmail } from '../helpers';
import { everyone, ownersOnly, type Entry, type World } from '../support/permissionMatrix';

/**
 * Staff accounts: every call works on throwaway members and invitations of its own, made at the
 * entry's first call (before the matrix's snapshot of "nothing changed"), so no entry removes or
 * demotes the matrix's own accounts.
 */
const made = new Map<string, Promise<{ id: string; token?: string }>>();

function throwawayMember(w: World, purpose: string): Promise<{ id: string }> {
  let member = made.get(purpose);
  if (!member) {
    member = createStaff(w.app, 'agent', { name: `Matrix ${purpose}` }).then((account) => ({ id: account.user._id }));
    made.set(purpose, member);
  }
  return member;
}

function throwawayInvitation(w: World, purpose: string): Promise<{ id: string; token?: string }> {
  let invitation = made.get(purpose);
  if (!invitation) {
    invitation = (async () => {
      const email = uniqueEmail(`invite-${purpose}`);
      const res = await w.app.inject({
        method: 'POST',
        url: ROUTES.inviteStaff.path,
        headers: { authorization: w.accounts.owner.token },
        payload: { email, staffRole: 'agent' },
      });
      const [mail] = await w.app.db
        .select({ text: outbox.textBody })
        .from(outbox)
        .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'staff_invitation')))
        .orderBy(desc(outbox.id))
        .limit(1);
      return { id: res.json().invitation._id as string, token: /\/staff-invitation\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1] };
    })();
    made.set(purpose, invitation);
  }
  return invitation;
}

/** Keyed as Fastify lists routes ("METHOD /path/:param"); see permissions.test.ts. */
export const staffEntries: Record<string, Entry> = {
  [`GET ${ROUTES.staffMembers.path}`]: {
    call: () => ({ method: 'GET', url: ROUTES.staffMembers.path }),
    expected: ownersOnly(200),
    check: (res, w) => expect(res.json().members.map((m: { _id: string }) => m._id)).toContain(w.accounts.owner.user._id),
  },
  // printRoutes names these under GET /api/owner/staff, whose path they extend.
  'POST /invitations': {
    call: () => ({ method: 'POST', url: ROUTES.inviteStaff.path, payload: { email: uniqueEmail('matrix-invite'), staffRole: 'manager' } }),
    expected: ownersOnly(201),
  },
  // POST /api/owner/staff/invitations/:id/cancel
  'POST /:id/cancel': {
    call: async (w) => ({ method: 'POST', url: pathFor('cancelStaffInvitation', { id: (await throwawayInvitation(w, 'cancel')).id }) }),
    expected: ownersOnly(200),
  },
  // PUT /api/owner/staff/:id
  'PUT /:id': {
    call: async (w) => ({
      method: 'PUT',
      url: pathFor('changeStaffRole', { id: (await throwawayMember(w, 'role change')).id }),
      payload: { staffRole: 'manager' },
    }),
    expected: ownersOnly(200),
  },
  // POST /api/owner/staff/:id/remove
  'POST /remove': {
    call: async (w) => ({ method: 'POST', url: pathFor('removeStaff', { id: (await throwawayMember(w, 'removal')).id }) }),
    expected: ownersOnly(200),
  },
  [`GET ${ROUTES.staffInvitation.path}`]: {
    // The public page's call: anyone with the link reads what it offers, and nothing changes.
    call: async (w) => ({ method: 'GET', url: pathFor('staffInvitation', { token: (await throwawayInvitation(w, 'read')).token! }) }),
    expected: everyone(200),
    check: (res) => expect(res.json()).toMatchObject({ staffRole: 'agent', accountExists: false }),
  },
  [`POST ${ROUTES.acceptStaffInvitation.path}`]: {
    // A link that does not work: everyone gets the same 404 in words, and nothing changes.
    call: () => ({
      method: 'POST',
      url: ROUTES.acceptStaffInvitation.path,
      payload: { token: 'not-a-real-invitation', name: 'Mallory', password: 'a brand new one' },
    }),
    expected: everyone(404),
  },
};
