/**
 * Staff accounts: the owners' page of the team (/owner/staff) and the invitation link that brings a
 * person onto it. The rules here are shared by the page (which greys out what it would refuse) and
 * the server (which decides, under lock): the company always keeps one owner.
 */
import type { StaffRole } from './staffRoles';

/** How long an invitation link works. */
export const STAFF_INVITATION_DAYS = 7;

export const STAFF_MESSAGES = {
  invited: (email: string) => `Invitation sent to ${email}. The link in it works once, for ${STAFF_INVITATION_DAYS} days.`,
  alreadyStaff: 'This person is already on the staff. Change their role in the team list instead of inviting them.',
  invitationCancelled: 'The invitation was cancelled. Its link no longer works.',
  invitationNotPending: 'This invitation is no longer waiting: it was accepted, cancelled or replaced. Please reload the page.',
  roleChanged: (name: string, words: string) => `${name} is now ${words}. They need to log in again.`,
  roleUnchanged: 'This person already has that role.',
  removed: (name: string) => `${name} is no longer on the staff. Their account is a customer account again and their bookings stay.`,
  memberNotFound: 'This staff member was not found. They may have been removed already; please reload the page.',
  lastOwnerRemove: 'The company must always have at least one owner. Make someone else an owner first, then remove this one.',
  lastOwnerDemote: 'The company must always have at least one owner. Make someone else an owner first, then change this role.',
  lastOwnerSelf: 'You are the only owner, so you cannot remove yourself or give up the owner role. Make someone else an owner first.',
  notOwnerAnyMore: 'You are no longer an owner, so you cannot change the staff. Please log in again.',
  otherInviteJustSent: 'Someone else just invited this address. Please reload the page and look at the invitations.',
  linkNotValid: 'This invitation link does not work. Please open the link from the e-mail again, or ask the owner for a new invitation.',
  linkUsed: 'This invitation was already accepted. Log in with your e-mail address and password.',
  linkCancelled: 'This invitation was cancelled. Ask the owner for a new one if you should be on the staff.',
  linkReplaced: 'A newer invitation was sent to this address. Please open the link in the newest e-mail.',
  linkExpired: `This invitation is more than ${STAFF_INVITATION_DAYS} days old and no longer works. Ask the owner to send a new one.`,
  nameNeeded: 'Please give your name.',
  wrongCurrentPassword:
    'That is not the password of the account with this e-mail address. Please type your current password, or use "Forgot password?" on the log-in page first.',
  acceptedNew: (company: string) => `Welcome to ${company}. Your staff account is ready.`,
  acceptedExisting: (company: string) => `Welcome to ${company}. Your account is now a staff account; your bookings stay in it.`,
} as const;

/** A team member as the last-owner rule sees them. */
export interface TeamMember {
  id: string;
  staffRole: StaffRole;
}

/**
 * Why this change of a member's role (null: removal) must be refused, or undefined when it may go
 * ahead: the company keeps at least one owner. `owners` is how many owners there are now.
 */
export function lastOwnerProblem(owners: number, member: TeamMember, newRole: StaffRole | null, actorId: string): string | undefined {
  if (member.staffRole !== 'owner' || newRole === 'owner' || owners > 1) return undefined;
  if (member.id === actorId) return STAFF_MESSAGES.lastOwnerSelf;
  return newRole === null ? STAFF_MESSAGES.lastOwnerRemove : STAFF_MESSAGES.lastOwnerDemote;
}
