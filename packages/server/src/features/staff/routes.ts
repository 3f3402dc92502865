/** Staff accounts, owners only, and the public invitation page's two calls (team.ts, invitations.ts). */
import { STAFF_MESSAGES } from '@rental/contract';
import type { FastifyContextConfig, FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { signSessionToken } from '../auth';
import { acceptInvitation, cancelInvitation, invite, listInvitations, readInvitation } from './invitations';
import { changeRole, listMembers, removeMember } from './team';

export interface StaffRoutesOptions {
  /** Accepting, per address, like login and reset (undefined: no limit). */
  limited?: FastifyContextConfig;
}

const staffRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (app, options) => {
  addEndpoint(app, 'staffMembers', async () => {
    const [members, invitations] = await Promise.all([listMembers(app.db), listInvitations(app.db)]);
    return { success: true as const, members, invitations };
  });

  addEndpoint(app, 'inviteStaff', async (request) => {
    const invitation = await invite(app.db, app.events, request.user, request.body.email, request.body.staffRole);
    return { success: true as const, message: STAFF_MESSAGES.invited(invitation.email), invitation };
  });

  addEndpoint(app, 'cancelStaffInvitation', async (request) => {
    await cancelInvitation(app.db, request.user.id, request.params.id);
    return { success: true as const, message: STAFF_MESSAGES.invitationCancelled };
  });

  addEndpoint(app, 'changeStaffRole', async (request) => {
    const { member, message } = await changeRole(app.db, request.user.id, request.params.id, request.body.staffRole);
    return { success: true as const, message, member };
  });

  addEndpoint(app, 'removeStaff', async (request) => {
    const message = await removeMember(app.db, request.user.id, request.params.id);
    return { success: true as const, message };
  });

  addEndpoint(app, 'staffInvitation', async (request) => {
    return { success: true as const, ...(await readInvitation(app.db, request.params.token)) };
  });

  addEndpoint(
    app,
    'acceptStaffInvitation',
    async (request) => {
      const accepted = await acceptInvitation(app.db, request.body);
      const token = await signSessionToken(app.sessionKey, accepted.userId, accepted.sessionVersion);
      return { success: true as const, token, message: accepted.message };
    },
    { config: options.limited },
  );
};

export default staffRoutes;
