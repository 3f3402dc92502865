/**
 * The account forms check their fields before sending, without zod. What they refuse, the server
 * refuses with the same sentence; a password the form lets through, the server takes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { emailProblem, loginPasswordProblem, newPasswordProblem, passwordPairProblems, phoneProblem, nameProblem } from './accountFields';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants';
import { changePasswordBody, loginBody, profileBody, registerBody, resetPasswordBody } from './schemas';

/** The schema's sentence for one field, or undefined when the schema takes the value. */
function serverSays(schema: z.ZodObject, valid: Record<string, unknown>, field: string, value: string): string | undefined {
  const result = schema.safeParse({ ...valid, [field]: value });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

const REGISTER = { name: 'Ann Brown', email: 'ann@example.com', password: 'long enough' };
const passwords = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ minLength: MAX_PASSWORD_LENGTH - 2, maxLength: MAX_PASSWORD_LENGTH + 2 }),
  fc.constantFrom('', ' ', '1234567', '12345678', '        '),
);
const emails = fc.oneof(
  fc.emailAddress(),
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '',
    '   ',
    'ann@',
    '@example.com',
    'ann@example',
    'ann@@example.com',
    'ann.@example.com',
    ' ann@example.com ',
    `${'a'.repeat(250)}@example.com`,
  ),
);

describe('a password being chosen', () => {
  it('follows the server: the same length rule and the same sentence, for every form that chooses one', () => {
    fc.assert(
      fc.property(passwords, (password) => {
        // An empty box is "required" on the form; the server, sent "", says how long it must be.
        const form = (label: string) => (password === '' ? newPasswordProblem('x', label) : newPasswordProblem(password, label));
        expect(form('Password')).toBe(serverSays(registerBody, REGISTER, 'password', password));
        expect(form('New password')).toBe(serverSays(resetPasswordBody, { token: 'abc' }, 'password', password));
        expect(form('New password')).toBe(serverSays(changePasswordBody, { currentPassword: 'old one' }, 'newPassword', password));
      }),
      { numRuns: 300 },
    );
  });

  it(`says how long it must be: at least ${MIN_PASSWORD_LENGTH} characters`, () => {
    expect(newPasswordProblem('', 'New password')).toBe('New password is required.');
    expect(newPasswordProblem('short', 'New password')).toBe(`New password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
    expect(newPasswordProblem('x'.repeat(MIN_PASSWORD_LENGTH), 'New password')).toBeUndefined();
  });
});

describe('the password typed twice', () => {
  it('asks for the repeat, and refuses two different passwords on the repeat', () => {
    expect(passwordPairProblems({ password: 'a long password', repeated: '' }, 'New password')).toEqual({
      repeated: 'Please type the new password again.',
    });
    expect(passwordPairProblems({ password: 'a long password', repeated: 'a long passwort' }, 'Password')).toEqual({
      repeated: 'The two passwords are not the same. Please type the password again.',
    });
    expect(passwordPairProblems({ password: 'a long password', repeated: 'a long password' }, 'Password')).toEqual({});
  });

  it("names the password's own problem first, not a mismatch it causes", () => {
    expect(passwordPairProblems({ password: 'short', repeated: 'other' }, 'Password')).toEqual({
      password: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
    });
    expect(passwordPairProblems({ password: '', repeated: '' }, 'Password')).toEqual({
      password: 'Password is required.',
      repeated: 'Please type the password again.',
    });
  });

  it('lets through exactly the passwords the server takes, when typed the same twice', () => {
    fc.assert(
      fc.property(passwords, (password) => {
        const problems = passwordPairProblems({ password, repeated: password }, 'Password');
        expect(Object.keys(problems).length === 0).toBe(registerBody.safeParse({ ...REGISTER, password }).success);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the other fields of the account forms', () => {
  it('an e-mail address: refused by the form exactly when the server refuses it, with its sentence', () => {
    fc.assert(
      fc.property(emails, (email) => {
        const server = serverSays(loginBody, { password: 'x' }, 'email', email);
        const form = emailProblem(email);
        // An empty box is "required" on the form; the server, sent "", asks for a valid address.
        if (email.trim() === '') expect([form, server !== undefined]).toEqual(['E-mail address is required.', true]);
        else expect(form).toBe(server);
      }),
      { numRuns: 500 },
    );
  });

  it('a name: refused by the form exactly when the server refuses it, with its sentence', () => {
    const invisible = fc.constantFrom('\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u2060', '\ufeff', '\u00ad', '\u061c', '\u202e', '\u2067', '\u0007');
    const names = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.array(fc.oneof(fc.constantFrom('Ann', ' ', 'Brown'), invisible), { maxLength: 8 }).map((parts) => parts.join('')),
      fc.constantFrom('', '   ', 'x'.repeat(101), `${'x'.repeat(100)}\u200b`, '\u200b\u200b'),
    );
    fc.assert(
      fc.property(names, (name) => {
        expect(nameProblem(name, 'Name', 100)).toBe(serverSays(registerBody, REGISTER, 'name', name));
      }),
      { numRuns: 500 },
    );
  });

  it('a name: the characters nobody sees are dropped, so two names that look the same are one', () => {
    for (const hidden of ['Ann\u200b Brown', '\ufeffAnn \u200dBrown\u200e', 'Ann\u2060 Bro\u00adwn', '\u3164Ann Brown']) {
      expect(registerBody.parse({ ...REGISTER, name: hidden }).name).toBe('Ann Brown');
    }
    expect(profileBody.parse({ name: '\u200bAnn Brown\u200f', phone: '' }).name).toBe('Ann Brown');
    expect(nameProblem('\u200b\u200b', 'Name', 100)).toBe('Name is required.');
    // A reversing override is refused, not dropped: it changes what the name reads as.
    expect(nameProblem('Ann \u202enworB', 'Name', 100)).toBe('Name must be one line, without invisible control characters. Please type it again.');
  });

  it('a phone number: refused by the form exactly when the server refuses it, with its sentence', () => {
    const phones = fc.oneof(fc.string({ maxLength: 45 }), fc.stringMatching(/^\+?[0-9 ()-]{0,44}$/), fc.constantFrom('', '  ', 'call me', '876 555 0123'));
    fc.assert(
      fc.property(phones, (phone) => {
        expect(phoneProblem(phone)).toBe(serverSays(profileBody, { name: 'Ann' }, 'phone', phone));
      }),
      { numRuns: 500 },
    );
  });

  it("a login's password and the current one: anything but nothing, as the server", () => {
    expect(loginPasswordProblem('')).toBe('Password is required.');
    expect(serverSays(loginBody, { email: 'ann@example.com' }, 'password', '')).toBe('Password is required.');
    expect(loginPasswordProblem('x')).toBeUndefined();
    expect(loginPasswordProblem('', 'Current password')).toBe(serverSays(changePasswordBody, { newPassword: 'long enough' }, 'currentPassword', ''));
  });
});
