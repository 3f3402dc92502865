/**
 * What the account forms (log in, create an account, set up the owner, reset and change a password,
 * My Account) check before they send anything, in the very sentences the server's schemas answer
 * with. No zod here: these forms are public pages, and zod stays out of them (decision 023). The
 * password rules are the server's own (schemas/users.ts builds its password fields from
 * newPasswordProblem); accountFields.test.ts holds the other rules to the schemas' answers.
 */
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants';
import { readPhone } from './phoneNumber';

/** A sentence for the person, or undefined when the value is fine. */
export type FieldProblem = string | undefined;

/** zod's own e-mail pattern (z.email()), so the form refuses exactly what the server refuses. */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const EMAIL_MAX = 254;

export function emailProblem(value: string): FieldProblem {
  const email = value.trim();
  if (!email) return 'E-mail address is required.';
  if (email.length > EMAIL_MAX) return 'E-mail address is too long.';
  if (!EMAIL.test(email)) return 'Please enter a valid e-mail address, such as name@example.com.';
  return undefined;
}

/** A person's name; `label` is how the form names it. The server's own rule (textRules.ts). */
export { nameProblem } from './textRules';

/**
 * Optional; digits, spaces, +, - and brackets, as people write Jamaican and foreign numbers. Refused
 * only when it cannot be a phone (phoneNumber.ts); one the company cannot send messages to is kept.
 */
export function phoneProblem(value: string): FieldProblem {
  const reading = readPhone(value);
  return reading.kind === 'wrong' ? reading.problem : undefined;
}

/** A password already chosen (a login's, the current one): anything but nothing; length rules are for choosing one. */
export function loginPasswordProblem(value: string, label = 'Password'): FieldProblem {
  return value === '' ? `${label} is required.` : undefined;
}

/** A password being chosen: the one length rule of registration, setup, reset and change. */
export function newPasswordProblem(value: string, label: string): FieldProblem {
  if (value === '') return `${label} is required.`;
  if (value.length < MIN_PASSWORD_LENGTH) return `${label} must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  if (value.length > MAX_PASSWORD_LENGTH) return `${label} can be at most ${MAX_PASSWORD_LENGTH} characters long.`;
  return undefined;
}

export interface PasswordPair {
  password: string;
  /** The same typed again, so a slip of the finger does not lock the person out. */
  repeated: string;
}

/**
 * A new password and the same again: the password's own rule, then the repeat. Only the password
 * travels to the server, so the repeat is the form's alone.
 */
export function passwordPairProblems(pair: PasswordPair, label: string): { password?: string; repeated?: string } {
  const password = newPasswordProblem(pair.password, label);
  const again = label.toLowerCase();
  if (pair.repeated === '') return { password, repeated: `Please type the ${again} again.` };
  if (!password && pair.repeated !== pair.password) {
    return { repeated: `The two passwords are not the same. Please type the ${again} again.` };
  }
  return password ? { password } : {};
}
