/**
 * What the login dialog and page check before sending, with the contract's rules and sentences:
 * logging in, creating an account, asking for a new-password link; and the owner's setup page.
 */
import { emailProblem, loginPasswordProblem, passwordPairProblems, phoneProblem, nameProblem } from '@rental/contract/accountFields';
import { onlyProblems, type Problems } from '../lib/formProblems';

export type AuthMode = 'login' | 'register' | 'forgot';

export interface AuthValues {
  name: string;
  email: string;
  phone: string;
  password: string;
  repeated: string;
}
export type AuthField = keyof AuthValues;

/** Each mode's fields in the order the form shows them (the first with a problem gets the focus). */
export const AUTH_FIELDS: Record<AuthMode, readonly AuthField[]> = {
  login: ['email', 'password'],
  register: ['name', 'email', 'phone', 'password', 'repeated'],
  forgot: ['email'],
};

/** Only the problems of the fields the mode shows; none at all when the form may be sent. */
export function authProblems(mode: AuthMode, values: AuthValues): Problems<AuthField> {
  const all: Problems<AuthField> =
    mode === 'register'
      ? {
          name: nameProblem(values.name, 'Name', 100),
          email: emailProblem(values.email),
          phone: phoneProblem(values.phone),
          ...passwordPairProblems({ password: values.password, repeated: values.repeated }, 'Password'),
        }
      : { email: emailProblem(values.email), password: mode === 'login' ? loginPasswordProblem(values.password) : undefined };
  return onlyProblems(Object.fromEntries(AUTH_FIELDS[mode].map((field) => [field, all[field]])));
}

export type OwnerSetupField = 'name' | 'email' | 'password' | 'repeated';
export const OWNER_SETUP_FIELDS: readonly OwnerSetupField[] = ['name', 'email', 'password', 'repeated'];

/** The first owner's account (/setup): a name, an e-mail address and a password typed twice. */
export function ownerSetupProblems(values: Record<OwnerSetupField, string>): Problems<OwnerSetupField> {
  return onlyProblems({
    name: nameProblem(values.name, 'Your name', 100),
    email: emailProblem(values.email),
    ...passwordPairProblems(values, 'Password'),
  });
}
