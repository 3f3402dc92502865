/**
 * A phone number as a person types it, and the E.164 form WhatsApp and SMS are sent to (issue 36).
 * One rule for the account form, the booking form and the server; the database computes the same
 * rule for users.phone_e164 (migrations/0052_message_channels.sql), and phoneNumber.sql.test.ts in
 * the server holds the two to the same answers.
 *
 * Three outcomes besides "nothing typed":
 * - understood: the E.164 form (`+18765550142`);
 * - unsure: it can be a phone, but we cannot tell its country (`0207 946 0018`): it is kept as
 *   typed, staff can still call it, but no WhatsApp or SMS goes to it;
 * - wrong: it cannot be a phone (letters, 5 digits, `+1` with 9 digits): the forms refuse it.
 *
 * Numbers of the North American plan (country code 1: Jamaica's 876 and 658, the US, Canada, most
 * of the Caribbean) are written without a `+` by most customers, so a number of 10 digits, or 11
 * starting with 1, is read as one. A number of 7 digits is read as Jamaican with area code 876: the
 * company is in Jamaica, 876 holds nearly every number there, and people still give their number
 * without it; 658 numbers are newer and are given with their code. The account page shows the
 * number as understood (+1 876 555 0142), so a wrong guess is seen and corrected before anything
 * is sent. Any other country's number needs its `+` and country code, and is kept as given (we do
 * not hold each country's numbering plan).
 */

export type PhoneReading = { kind: 'none' } | { kind: 'understood'; e164: string } | { kind: 'unsure'; why: string } | { kind: 'wrong'; problem: string };

/** At most this many characters, as typed. */
export const PHONE_MAX_LENGTH = 40;

/**
 * The refusal of a customer's own booking without a phone (code phone_needed in refusalCodes.ts). Here,
 * not only there: the payment step shows these words itself, and refusalCodes.ts brings every feature's
 * refusals with it (9 KB gzip more on the payment page opened first).
 */
export const PHONE_NEEDED_REFUSAL = 'Please give a phone number so we can reach you about this booking.';
/** E.164: at most 15 digits, country code included; no real number has fewer than 7. */
const MIN_DIGITS = 7;
const MAX_DIGITS = 15;

export const PHONE_WORDS = {
  tooLong: `Phone number can be at most ${PHONE_MAX_LENGTH} characters long.`,
  characters: 'Phone number may hold only digits, spaces, +, - and brackets, at least 7 digits long.',
  plusFirst: 'A + goes only at the start of a phone number, before the country code.',
  tooFewDigits: `A phone number has at least ${MIN_DIGITS} digits. Please check it.`,
  tooManyDigits: `A phone number has at most ${MAX_DIGITS} digits, country code included. Please check it.`,
  zeroCountry: 'No country code starts with 0. Please write the number with + and the country code, such as +1 876 555 0142.',
  nanpLength: 'A number starting with +1 has 10 digits after the 1, such as +1 876 555 0142.',
  nanpShape: 'After +1, the area code and the next three digits never start with 0 or 1. Please check the number.',
  unsure:
    'We cannot tell which country this number is in, so we cannot send WhatsApp or text messages to it. Please write it with + and the country code, such as +44 20 7946 0018.',
} as const;

/** Area code and exchange of the North American plan: neither starts with 0 or 1. */
const NANP = /^[2-9][0-9]{2}[2-9][0-9]{6}$/;
const JAMAICA_AREA_CODE = '876';

export function readPhone(typed: string): PhoneReading {
  const phone = typed.trim();
  if (phone === '') return { kind: 'none' };
  if (phone.length > PHONE_MAX_LENGTH) return { kind: 'wrong', problem: PHONE_WORDS.tooLong };
  if (!/^[+0-9 ()-]*$/.test(phone)) return { kind: 'wrong', problem: PHONE_WORDS.characters };
  if (phone.lastIndexOf('+') > 0) return { kind: 'wrong', problem: PHONE_WORDS.plusFirst };
  const digits = phone.replace(/[^0-9]/g, '');
  if (digits.length < MIN_DIGITS) return { kind: 'wrong', problem: PHONE_WORDS.tooFewDigits };
  if (digits.length > MAX_DIGITS) return { kind: 'wrong', problem: PHONE_WORDS.tooManyDigits };
  if (phone.startsWith('+')) {
    if (digits.startsWith('0')) return { kind: 'wrong', problem: PHONE_WORDS.zeroCountry };
    if (digits.startsWith('1')) {
      if (digits.length !== 11) return { kind: 'wrong', problem: PHONE_WORDS.nanpLength };
      if (!NANP.test(digits.slice(1))) return { kind: 'wrong', problem: PHONE_WORDS.nanpShape };
    }
    return { kind: 'understood', e164: `+${digits}` };
  }
  if (digits.length === 11 && digits.startsWith('1') && NANP.test(digits.slice(1))) return { kind: 'understood', e164: `+${digits}` };
  if (digits.length === 10 && NANP.test(digits)) return { kind: 'understood', e164: `+1${digits}` };
  if (digits.length === 7 && NANP.test(`${JAMAICA_AREA_CODE}${digits}`)) return { kind: 'understood', e164: `+1${JAMAICA_AREA_CODE}${digits}` };
  return { kind: 'unsure', why: PHONE_WORDS.unsure };
}

/** The E.164 form, or null when nothing usable was typed. */
export function phoneE164(typed: string): string | null {
  const reading = readPhone(typed);
  return reading.kind === 'understood' ? reading.e164 : null;
}

/** An E.164 number as people read it: +1 876 555 0142 for the North American plan, else as it is. */
export function showPhone(e164: string): string {
  const nanp = /^\+1([0-9]{3})([0-9]{3})([0-9]{4})$/.exec(e164);
  return nanp ? `+1 ${nanp[1]} ${nanp[2]} ${nanp[3]}` : e164;
}
