/**
 * Which characters a piece of text may hold, without zod: the server's schemas (schemas/fields.ts)
 * and the forms that check before sending (accountFields.ts) read the same rules from here.
 */

/** PostgreSQL text cannot hold U+0000, and a lone surrogate half is not text at all (it would come back altered). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const storable = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/**
 * Control characters (what a keyboard does not type: escapes, backspace, NUL...) and the bidi
 * overrides and isolates (U+202A-U+202E, U+2066-U+2069), which make a name display reversed or out
 * of order, e.g. a car "model" that reads as something else in the owner's list.
 */
export const CONTROL_OR_BIDI = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
/** The same, but line breaks and tabs are fine in text written on several lines. */
export const CONTROL_OR_BIDI_MULTILINE = /(?![\n\r\t])[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

/**
 * What a name may hold but nobody sees: the zero-width space, joiners and non-joiner, the word
 * joiner and invisible operators, the byte-order mark, the soft hyphen, the bidi marks (LRM, RLM,
 * ALM) and the blank Hangul fillers. Two accounts "Ann Brown" and "Ann\u200bBrown" would look the
 * same to staff; they arrive mostly by copy and paste, so they are dropped rather than refused.
 */
const INVISIBLE = /[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u2060-\u2064\u3164\ufeff\uffa0]/gu;

/** A person's name as it is kept: without the invisible characters, and trimmed. */
export function cleanName(value: string): string {
  return value.replace(INVISIBLE, '').trim();
}

/**
 * The one rule for a person's name (an account's, a customer's booked by staff, another driver's):
 * the server's schema (schemas/fields.ts personName) and the forms give the same sentence.
 */
export function nameProblem(value: string, label: string, max: number): string | undefined {
  const name = cleanName(value);
  if (!name) return `${label} is required.`;
  if (name.length > max) return `${label} can be at most ${max} characters long.`;
  if (!storable(name)) return `${label} contains characters that cannot be stored. Please remove them.`;
  if (CONTROL_OR_BIDI.test(name)) return `${label} must be one line, without invisible control characters. Please type it again.`;
  return undefined;
}
