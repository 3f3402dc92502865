/** The staff page's invite form: an e-mail address and a role, checked as the server checks them. */
import { emailProblem } from '@rental/contract/accountFields';
import { STAFF_ROLES, type StaffRole } from '@rental/contract/staffRoles';
import { isOneOf } from '@rental/contract/oneOf';
import { onlyProblems, type Problems } from '../../../lib/formProblems';

export type InviteField = 'email' | 'staffRole';
export const INVITE_FIELDS: readonly InviteField[] = ['email', 'staffRole'];

export interface InviteValues {
  email: string;
  staffRole: StaffRole | '';
}

export const EMPTY_INVITE: InviteValues = { email: '', staffRole: '' };

export function inviteProblems(values: InviteValues): Problems<InviteField> {
  return onlyProblems({
    email: emailProblem(values.email),
    staffRole: isOneOf(STAFF_ROLES, values.staffRole) ? undefined : 'Please choose the role they will have.',
  });
}

/** An address that is already on the team: the server would refuse it (409), so the form says so first. */
export function alreadyOnTeam(email: string, teamEmails: readonly string[]): boolean {
  const wanted = email.trim().toLowerCase();
  return teamEmails.some((e) => e.toLowerCase() === wanted);
}
