import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, ROLES } from '../constants';
import { STAFF_ROLES } from '../staffRoles';
import { password, personName } from './fields';

export const emailSchema = z
  .string({ error: (iss) => (iss.input == null ? 'E-mail address is required.' : 'E-mail address must be written as text.') })
  .trim()
  .toLowerCase()
  .max(254, { error: 'E-mail address is too long.' })
  .pipe(z.email({ error: 'Please enter a valid e-mail address, such as name@example.com.' }));

/** Optional; digits, spaces, +, - and brackets, as people write Jamaican and foreign numbers. */
export const phoneSchema = z
  .string({ error: 'Phone number must be written as text.' })
  .trim()
  .max(40, { error: 'Phone number can be at most 40 characters long.' })
  .refine((value) => value === '' || /^\+?[0-9 ()-]{7,40}$/.test(value), {
    error: 'Phone number may hold only digits, spaces, +, - and brackets, at least 7 digits long.',
  });

/**
 * A password being chosen (registration, setup, reset, change): one length rule for all four. The
 * forms check it before sending with accountFields.ts's newPasswordProblem, which says the same.
 */
export const newPasswordField = (label: string) => password(label, MIN_PASSWORD_LENGTH);

export const registerBody = z.object({
  name: personName('Name', 100),
  email: emailSchema,
  phone: phoneSchema.optional(),
  password: newPasswordField('Password'),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** The first owner's account, chosen on the one-time setup page (/setup?token=...). */
export const setupOwnerBody = registerBody.extend({
  token: z
    .string({ error: 'The setup address is incomplete. Please open the address the server printed.' })
    .trim()
    .min(1, { error: 'The setup address is incomplete. Please open the address the server printed.' })
    .max(200, { error: 'The setup address is not valid. Please open the address the server printed.' }),
});
export type SetupOwnerBody = z.infer<typeof setupOwnerBody>;

export const loginBody = z.object({
  email: emailSchema,
  password: password('Password', 1),
});
export type LoginBody = z.infer<typeof loginBody>;

/** For an owner, the user also carries the company's bank fields (as the original API does); a customer's, a manager's or an agent's never does. */
const ownerBankFields = {
  bankName: z.string().optional(),
  accountHolderName: z.string().optional(),
  branch: z.string().optional(),
  accountNumber: z.string().optional(),
  accountType: z.string().optional(),
};

export const user = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  /** "owner" for every staff member (the SPEC's marker of staff); staffRole says which kind. */
  role: z.enum(ROLES),
  /** Staff only: owner, manager or counter agent. */
  staffRole: z.enum(STAFF_ROLES).optional(),
  image: z.string(),
  /** Empty when the customer has not given one. */
  phone: z.string(),
  ...ownerBankFields,
});
export type User = z.infer<typeof user>;

export const profileBody = z.object({ name: personName('Name', 100), phone: phoneSchema });
export type ProfileBody = z.infer<typeof profileBody>;

export const changePasswordBody = z.object({
  currentPassword: password('Current password', 1),
  newPassword: newPasswordField('New password'),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** "Forgot password?": the account's e-mail address. */
export const forgotPasswordBody = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** The token of the e-mailed link (/reset-password?token=...) and the new password (the rules of registration). */
export const resetPasswordBody = z.object({
  token: z
    .string({ error: 'The password reset link is incomplete. Please open the link from the e-mail again.' })
    .trim()
    .min(1, { error: 'The password reset link is incomplete. Please open the link from the e-mail again.' })
    .max(200, { error: 'The password reset link is not valid. Please ask for a new one.' }),
  password: newPasswordField('New password'),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
