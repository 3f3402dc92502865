/** Staff accounts and invitations (staffAccounts.ts has the rules and the sentences). */
import { z } from 'zod';
import { STAFF_ROLE_WORDS, STAFF_ROLES } from '../staffRoles';
import { oneOf, ok, password, personName } from './fields';
import { emailSchema } from './users';

const staffRoleField = oneOf(
  'the role',
  STAFF_ROLES,
  STAFF_ROLES.map((role) => STAFF_ROLE_WORDS[role]),
);

export const staffMember = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  staffRole: z.enum(STAFF_ROLES),
  /** When they joined the staff. */
  since: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

export const staffInvitation = z.object({
  _id: z.string(),
  email: z.string(),
  staffRole: z.enum(STAFF_ROLES),
  sentAt: z.string(),
  expiresAt: z.string(),
  /** Past its days: it no longer works, but shows until replaced or cancelled. */
  expired: z.boolean(),
  invitedBy: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitation>;

export const inviteStaffBody = z.object({ email: emailSchema, staffRole: staffRoleField });
export type InviteStaffBody = z.infer<typeof inviteStaffBody>;

export const changeStaffRoleBody = z.object({ staffRole: staffRoleField });

const invitationToken = z
  .string({ error: 'The invitation link is incomplete. Please open the link from the e-mail again.' })
  .trim()
  .min(1, { error: 'The invitation link is incomplete. Please open the link from the e-mail again.' })
  .max(200, { error: 'The invitation link is not valid. Please open the link from the e-mail again.' });

export const staffInvitationParams = z.object({ token: invitationToken });

/**
 * Accepting: a new person gives a name and chooses a password (the rules of registration, checked
 * by the server); a person who has an account gives its current password and no name.
 */
export const acceptStaffInvitationBody = z.object({
  token: invitationToken,
  name: personName('Name', 100).optional(),
  password: password('Password', 1),
});
export type AcceptStaffInvitationBody = z.infer<typeof acceptStaffInvitationBody>;

export const staffResponses = {
  staff: ok({ members: z.array(staffMember), invitations: z.array(staffInvitation) }),
  invited: ok({ message: z.string(), invitation: staffInvitation }),
  memberChanged: ok({ message: z.string(), member: staffMember }),
  message: ok({ message: z.string() }),
  invitation: ok({
    email: z.string(),
    staffRole: z.enum(STAFF_ROLES),
    companyName: z.string(),
    /** An account already uses the address: the page asks for its current password instead of a new one. */
    accountExists: z.boolean(),
  }),
  accepted: ok({ token: z.string(), message: z.string() }),
} as const;
