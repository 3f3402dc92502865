/**
 * The invitation page's form: a new person gives a name and chooses a password (twice, the rules of
 * registration); a person whose e-mail already has an account gives that account's password.
 * Pure, so the rules are tested without a browser; the server checks the same again.
 */
import { loginPasswordProblem, passwordPairProblems, nameProblem } from '@rental/contract/accountFields';
import { onlyProblems, type Problems } from '../../lib/formProblems';

export type InvitationField = 'name' | 'password' | 'repeated' | 'currentPassword';

export interface InvitationValues {
  name: string;
  password: string;
  repeated: string;
  currentPassword: string;
}

export const EMPTY_INVITATION_FORM: InvitationValues = { name: '', password: '', repeated: '', currentPassword: '' };

/** The fields the person fills in, in the order the page shows them. */
export function invitationFields(accountExists: boolean): readonly InvitationField[] {
  return accountExists ? ['currentPassword'] : ['name', 'password', 'repeated'];
}

export function invitationProblems(values: InvitationValues, accountExists: boolean): Problems<InvitationField> {
  if (accountExists) return onlyProblems({ currentPassword: loginPasswordProblem(values.currentPassword, 'Your current password') });
  return onlyProblems({ name: nameProblem(values.name, 'Your name', 100), ...passwordPairProblems(values, 'Password') });
}

/** What the server is sent: a name only for a new account. */
export function acceptBody(token: string, values: InvitationValues, accountExists: boolean): { token: string; name?: string; password: string } {
  return accountExists ? { token, password: values.currentPassword } : { token, name: values.name.trim(), password: values.password };
}
