/**
 * What the staff page offers for each member, by the same last-owner rule the server holds under
 * lock (contract staffAccounts.ts): the page says beforehand why the last owner cannot leave or be
 * demoted, rather than letting the owner find out from a refusal.
 */
import { lastOwnerProblem, STAFF_MESSAGES } from '@rental/contract/staffAccounts';
import { STAFF_ROLES, STAFF_ROLE_WORDS, type StaffRole } from '@rental/contract/staffRoles';

export interface Member {
  _id: string;
  name: string;
  email: string;
  staffRole: StaffRole;
  since: string;
}

export function ownerCount(members: readonly Member[]): number {
  return members.filter((m) => m.staffRole === 'owner').length;
}

/** Why this member cannot be removed, in words; undefined when they can. */
export function removeProblem(member: Member, members: readonly Member[], myId: string): string | undefined {
  return lastOwnerProblem(ownerCount(members), { id: member._id, staffRole: member.staffRole }, null, myId);
}

/** The roles the member's select offers: their own, and every other one the rule allows. */
export function roleChoices(member: Member, members: readonly Member[], myId: string): StaffRole[] {
  return STAFF_ROLES.filter(
    (role) => role === member.staffRole || !lastOwnerProblem(ownerCount(members), { id: member._id, staffRole: member.staffRole }, role, myId),
  );
}

/** The confirm dialog's question before a removal. */
export function removeQuestion(member: Member, myId: string): { title: string; text: string; yes: string } {
  if (member._id === myId) {
    return {
      title: 'Leave the staff?',
      text: 'Your account becomes a customer account: you are logged out of the staff area at once and cannot come back unless an owner invites you again. Your bookings stay.',
      yes: 'Leave the staff',
    };
  }
  return {
    title: `Remove ${member.name} from the staff?`,
    text: `${member.name} (${STAFF_ROLE_WORDS[member.staffRole].toLowerCase()}) is logged out at once and their account becomes a customer account. Their bookings stay.`,
    yes: 'Remove from the staff',
  };
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'America/Jamaica' });

/** "27 Nov 2026", in Jamaica. */
export function staffDay(iso: string): string {
  return dayFormat.format(new Date(iso));
}

export { STAFF_MESSAGES };
