/** What the My Account forms check before sending, with the contract's rules and sentences. */
import { loginPasswordProblem, passwordPairProblems, phoneProblem, nameProblem } from '@rental/contract/accountFields';
import { readPhone } from '@rental/contract/phoneNumber';
// The codes' words from their own small module: refusalCodes.ts would bring every feature's words to this page.
import { MESSAGE_CHANNEL_REFUSALS } from '@rental/contract/messageChannels';
import { onlyProblems, type Problems } from '../../lib/formProblems';

export type ProfileField = 'name' | 'phone' | 'channels';
export const PROFILE_FIELDS: readonly ProfileField[] = ['name', 'phone', 'channels'];

export interface ProfileValues {
  name: string;
  phone: string;
  whatsapp: boolean;
  sms: boolean;
}

/**
 * The name and phone by their rules; WhatsApp or SMS chosen needs a phone they can go to, in the
 * server's own words for its refusal (codes channel_needs_phone, channel_phone_not_understood).
 */
export function profileProblems(values: ProfileValues): Problems<ProfileField> {
  const phone = phoneProblem(values.phone);
  const reading = readPhone(values.phone);
  const channels =
    !phone && (values.whatsapp || values.sms) && reading.kind !== 'understood'
      ? reading.kind === 'none'
        ? MESSAGE_CHANNEL_REFUSALS.channel_needs_phone
        : MESSAGE_CHANNEL_REFUSALS.channel_phone_not_understood
      : undefined;
  return onlyProblems({ name: nameProblem(values.name, 'Name', 100), phone, channels });
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
