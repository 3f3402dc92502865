import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, ROLES } from '../constants';
import { STAFF_ROLES } from '../staffRoles';
import { CHANNEL_STOPS } from '../messageChannels';
import { password, personName } from './fields';
import { phoneProblem } from '../accountFields';

export const emailSchema = z
  .string({ error: (iss) => (iss.input == null ? 'E-mail address is required.' : 'E-mail address must be written as text.') })
  .trim()
  .toLowerCase()
  .max(254, { error: 'E-mail address is too long.' })
  .pipe(z.email({ error: 'Please enter a valid e-mail address, such as name@example.com.' }));

/** Optional; the rule and its sentences are accountFields.ts's phoneProblem (phoneNumber.ts), which the forms check before sending. */
export const phoneSchema = z
  .string({ error: 'Phone number must be written as text.' })
  .trim()
  .superRefine((value, ctx) => {
    const problem = phoneProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
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

/** One channel: on or off, and when and how it was last stopped (null while on, or never stopped). */
export const channelChoice = z.object({
  on: z.boolean(),
  stopped: z.object({ at: z.string(), by: z.enum(CHANNEL_STOPS) }).nullable(),
});
export type ChannelChoice = z.infer<typeof channelChoice>;

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
  /** Empty when the customer has not given one. As typed: staff call it. */
  phone: z.string(),
  /** The phone in E.164 (+18765550142), null when there is none or it is not understood (phoneNumber.ts). */
  phoneE164: z.string().nullable().optional(),
  /** The customer's choice of WhatsApp and SMS messages (e-mail is always on). */
  messages: z.object({ whatsapp: channelChoice, sms: channelChoice }).optional(),
  ...ownerBankFields,
});
export type User = z.infer<typeof user>;

/** WhatsApp or SMS chosen (true) or not; left out: as it is. Choosing one needs a phone that is understood. */
const channelChosen = (label: string) => z.boolean({ error: `${label} must be true or false.` }).optional();

export const profileBody = z.object({
  name: personName('Name', 100),
  phone: phoneSchema,
  whatsapp: channelChosen('WhatsApp'),
  sms: channelChosen('SMS'),
});
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
