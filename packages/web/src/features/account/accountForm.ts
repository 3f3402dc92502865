/** What the My Account forms check before sending, with the contract's rules and sentences. */
import { loginPasswordProblem, passwordPairProblems, phoneProblem, nameProblem } from '@rental/contract/accountFields';
import { onlyProblems, type Problems } from '../../lib/formProblems';

export type ProfileField = 'name' | 'phone';
export const PROFILE_FIELDS: readonly ProfileField[] = ['name', 'phone'];

export function profileProblems(values: Record<ProfileField, string>): Problems<ProfileField> {
  return onlyProblems({ name: nameProblem(values.name, 'Name', 100), phone: phoneProblem(values.phone) });
}

export type PasswordChangeField = 'current' | 'password' | 'repeated';
export const PASSWORD_CHANGE_FIELDS: readonly PasswordChangeField[] = ['current', 'password', 'repeated'];

/** The current password (the server checks it is right), then the new one typed twice. */
export function passwordChangeProblems(values: Record<PasswordChangeField, string>): Problems<PasswordChangeField> {
  return onlyProblems({
    current: loginPasswordProblem(values.current, 'Current password'),
    ...passwordPairProblems(values, 'New password'),
  });
}
