/**
 * The building blocks of every schema. Each error message is a sentence a customer or staff member
 * can read: it names the field the way the form labels it ("Pickup date", "Price per day"), never
 * the API's key, and never a format (test: plainWords.test.ts walks every message).
 */
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from '../constants';
import { MESSAGES } from '../messages';
import { isCalendarDate } from '../rentalDates';
import { CONTROL_OR_BIDI, CONTROL_OR_BIDI_MULTILINE, cleanName, storable } from '../textRules';
import { groupedNumber } from '../numbers';

export { CONTROL_OR_BIDI, CONTROL_OR_BIDI_MULTILINE, storable } from '../textRules';

/** `label` is how the form names the field: "Brand", "Pickup location". */
export const text = (label: string, max = 200, options: { multiline?: boolean; clean?: (value: string) => string } = {}) =>
  z
    .string({ error: (iss) => (iss.input == null ? `${label} is required.` : `${label} must be written as text.`) })
    .overwrite(options.clean ?? ((value) => value.trim()))
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} can be at most ${max} characters long.` })
    .refine(storable, { error: `${label} contains characters that cannot be stored. Please remove them.` })
    .refine((value) => !(options.multiline ? CONTROL_OR_BIDI_MULTILINE : CONTROL_OR_BIDI).test(value), {
      error: options.multiline
        ? `${label} contains invisible control characters. Please type it again.`
        : `${label} must be one line, without invisible control characters. Please type it again.`,
    });

/**
 * A person's name: text() without the characters nobody sees (textRules.ts cleanName), so two
 * names that look the same are the same. The forms check it with textRules.ts's nameProblem.
 */
export const personName = (label: string, max = 100) => text(label, max, { clean: cleanName });

/** "Sedan, SUV or Van". */
export const orList = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`);

/** `what` completes "Please choose …": "a category", "how to pay". `shown` words the values for people. */
export const oneOf = <T extends readonly [string, ...string[]]>(what: string, values: T, shown: readonly string[] = values) =>
  z.enum(values, { error: `Please choose ${what}: ${orList(shown)}.` });

/**
 * Form inputs send numbers as text; accept "2021" as well as 2021, nothing else. `max` may be a
 * function, for limits that move with time (the latest car year), so it is computed when asked.
 */
export const wholeNumber = (label: string, min: number, max: number | (() => number)) => {
  const upper = typeof max === 'function' ? max : () => max;
  // Years read as years (2027); amounts get their separators (1,000,000).
  const show = (n: number) => (n >= 10_000 ? groupedNumber(n) : String(n));
  return z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], {
      error: `${label} must be a whole number.`,
    })
    .pipe(
      z
        .number()
        .int({ error: `${label} must be a whole number.` })
        .min(min, { error: `${label} must be at least ${show(min)}.` })
        .refine((n) => n <= upper(), { error: () => `${label} must be at most ${show(upper())}.` }),
    );
};

/**
 * The total the customer saw before pressing the button (price_changed, decision in endpoints.ts):
 * when the server's own quote differs, nothing is written and the new quote is answered instead.
 * Left out, the server's quote stands.
 */
export const expectedTotal = wholeNumber('The total you saw', 0, 1_000_000_000)
  .optional()
  .describe('Optional: the total the customer saw. If the price is now different, the answer is 409 price_changed with the new quote, and nothing is written.');

/** A calendar day; the forms send it as the date inputs give it, people only ever pick a day. */
export const calendarDate = (label: string) =>
  z
    .string({ error: `Please choose the ${label.toLowerCase()}.` })
    .refine(isCalendarDate, { error: `The ${label.toLowerCase()} is not a real date. Please choose it again.` });

/** Ids are UUIDs; a malformed one is simply "not found", so routes check it themselves. */
export const idSchema = z.string().uuid();
/** `what`: "the car", "the booking". An unknown id is "not found" (404), checked by the route. */
export const idField = (what: string) =>
  z
    .string({ error: `Please say which is ${what}.` })
    .trim()
    .min(1, { error: `Please say which is ${what}.` });

export const password = (label: string, min: number) =>
  z
    .string({ error: (iss) => (iss.input == null ? `${label} is required.` : `${label} must be written as text.`) })
    .min(min, { error: min <= 1 ? `${label} is required.` : `${label} must be at least ${min} characters long.` })
    .max(MAX_PASSWORD_LENGTH, { error: `${label} can be at most ${MAX_PASSWORD_LENGTH} characters long.` });

/** A query value: one piece of text (a parameter given twice arrives as a list). */
export const queryText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be given once, as text.` })
    .trim()
    .max(max, { error: `${label} can be at most ${max} characters long.` })
    .refine((value) => storable(value) && !CONTROL_OR_BIDI.test(value), {
      error: `${label} contains characters that cannot be searched for. Please remove them.`,
    });

/** code: what a screen decides on (the contract's REFUSAL_CODES), where the refusal has one. */
export const failure = z.object({ success: z.literal(false), message: z.string(), code: z.string().optional() });
export type Failure = z.infer<typeof failure>;
export const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), ...shape });

/** The first problem of a failed parse, as the schema's own sentence. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return MESSAGES.requestNotValid;
  // Our schemas word every message for people; zod's own (a body that is not an object, an
  // unexpected shape) would speak of types and keys, so it gets a general sentence instead.
  return isZodsOwnWording(issue.message) ? MESSAGES.requestNotValid : issue.message;
}

/** zod's default messages ("Invalid input: expected string…", "Too big…") speak of types and keys. */
export function isZodsOwnWording(message: string): boolean {
  return /^(Invalid (input|option|string|number|type|element|key|union|value|date|email|url)|Too (big|small)|Unrecognized key)/i.test(message);
}
