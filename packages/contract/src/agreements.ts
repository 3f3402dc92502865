/**
 * Signed agreements anyone can check (docs/decisions/122-a-signed-agreement-that-can-be-verified.md):
 * every agreement PDF the company hands over ends with a "Signing certificate" page, and the
 * SHA-256 of the whole file is kept. Whoever holds a copy sends it to POST /api/agreements/verify
 * (or drops it on the /verify-agreement page) and learns whether it is the file the company made,
 * with the booking's reference and when it was signed: nothing personal.
 */

/**
 * What was sealed: an agreement signed at the counter, or on the customer's phone at online check-in;
 * or the condition appendix, the car as handed over to a customer who checked in online (decision 125).
 */
export const AGREEMENT_KINDS = ['counter', 'online', 'condition'] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];

// The public page where anyone checks a copy (constants.ts: every footer links it, and the rest of this module stays out of the entry script).
export { VERIFY_AGREEMENT_PAGE } from './constants';

/** The largest file checked: an agreement with its signatures weighs well under 1 MB. */
export const MAX_AGREEMENT_BYTES = 5 * 1024 * 1024;

/** Checks an address may make a minute (stricter than login's 10: nobody checks more than a few copies). */
export const VERIFY_AGREEMENT_PER_MINUTE = 5;

/** The refusals of a check, with their words (refusalCodes.ts gathers them). Nothing is stored for any check. */
export const AGREEMENT_REFUSALS = {
  agreement_file_missing: 'Please choose the agreement’s PDF file to check.',
  agreement_not_pdf: 'This file is not a PDF. Please choose the rental agreement exactly as you received it (a .pdf file).',
  agreement_too_large: 'This file is larger than any rental agreement (at most 5 MB). Please choose the agreement’s PDF as you received it.',
} as const;
export type AgreementRefusal = keyof typeof AGREEMENT_REFUSALS;

// Made on first use, not when the module loads: building a formatter costs a phone's main thread several ms,
// and this module once rode in every public page's entry script (with the footer's link to the check).
let signedAtFormat: Intl.DateTimeFormat | undefined;

/** "Wed 25 Nov 2026 at 10:42 (Jamaica time)": when an agreement was signed, on the company's clock. */
export function signedAtWords(iso: string): string {
  signedAtFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Jamaica',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(signedAtFormat.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year} at ${parts.hour}:${parts.minute} (Jamaica time)`;
}

/** What the check answers, in plain words, for the page and for anyone reading the API. */
export const AGREEMENT_VERIFY_WORDS = {
  valid: (reference: string, signedAt: string) =>
    `This is the agreement exactly as the company made it: booking ${reference}, signed ${signedAt}. Not one byte has changed.`,
  redrawn:
    'This copy was made again without the renter’s personal details, after they asked to be erased. The company keeps it in place of the signed original.',
  invalid:
    'This file is not an agreement the company made, or it was changed after it was made (even one character). Ask the company for the agreement again, or compare with the copy you were e-mailed.',
} as const;
