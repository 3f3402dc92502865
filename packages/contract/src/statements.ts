/**
 * Bank statements matched to bookings (docs/decisions/113-bank-statements-matched-to-bookings.md):
 * staff upload the bank's OFX/QFX or CSV statement for one of the company's accounts; credits are
 * matched to bookings by their reference (certain) or by amount and the renter's name (likely), and
 * applied as bank deposits in the booking's folio, once per bank line whatever uploads repeat it.
 */

/** The largest statement read: a year of a busy account's lines is well under 1 MB. */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;
/** The first rows of a CSV shown with its columns, to choose the mapping. */
export const STATEMENT_PREVIEW_ROWS = 5;

export const STATEMENT_FORMATS = ['ofx', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const MATCH_CONFIDENCES = ['certain', 'likely'] as const;
export type MatchConfidence = (typeof MATCH_CONFIDENCES)[number];

/** A line: a credit not yet applied (open), paid into a booking (applied), or a debit (ignored). */
export const STATEMENT_LINE_STATES = ['open', 'applied', 'ignored'] as const;
export type StatementLineState = (typeof STATEMENT_LINE_STATES)[number];

export const STATEMENT_LINE_STATE_WORDS: Record<StatementLineState, string> = {
  open: 'Not applied yet',
  applied: 'Applied',
  ignored: 'Money out: ignored',
};

/** How a CSV writes its dates (Jamaican banks mostly write the day first). */
export const STATEMENT_DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD-MM-YYYY', 'DD-MMM-YYYY', 'DD MMM YYYY'] as const;
export type StatementDateFormat = (typeof STATEMENT_DATE_FORMATS)[number];

/**
 * Which CSV column holds what, by the header's words. Either `amount` (money in positive, money out
 * negative) or `credit` (with `debit` when the bank writes money out in its own column).
 */
export interface StatementMapping {
  date: string;
  description: string;
  amount?: string;
  credit?: string;
  debit?: string;
  reference?: string;
  balance?: string;
  dateFormat: StatementDateFormat;
}

export const STATEMENT_MESSAGES = {
  uploaded: 'The statement is read. Check the matches, then apply them.',
  applied: (count: number) => (count === 1 ? 'One payment is recorded.' : `${count} payments are recorded.`),
  nothingApplied: 'Nothing new to record: these lines were applied already.',
  notFound: 'Statement not found.',
  fileRequired: 'Please choose the bank statement file (OFX, QFX or CSV).',
  bankAccountRequired: 'Please choose the bank account this statement is for.',
} as const;

/** The refusals of a statement a screen acts on, with their words (refusalCodes.ts gathers them). */
export const STATEMENT_REFUSALS = {
  statement_empty: 'This file is empty. Please export the statement from online banking again.',
  statement_unreadable: 'This file is not a bank statement we can read. Please export it from online banking as OFX, QFX or CSV (a spreadsheet saved as CSV).',
  statement_too_large: 'This file is larger than 5 MB. Please export a shorter period (a month at a time).',
  statement_no_lines: 'This statement has no transactions in it.',
  statement_currency: 'This statement is in another currency than the bank account it is for. Please choose the right account.',
  statement_future_dates: 'This statement has transactions dated after today. Please check the file: a bank does not post money ahead.',
  statement_bank_account_unknown: 'This is not one of the company’s bank accounts. Please choose one from the list (Settings → Bank details).',
  statement_mapping_needed: 'Please say which columns of this CSV hold the date, the description and the amount.',
  statement_mapping_unfit:
    'The columns chosen do not fit this file: a column is missing, or a date or an amount could not be read. Please check the mapping against the preview.',
  statement_line_unmatched: 'This line has no booking yet. Please assign it to a booking by its reference first.',
  statement_line_debit: 'This line is money out of the account: only money in is recorded on a booking.',
  statement_booking_unknown: 'No booking has this reference. Please check it (it looks like WR-7K2M9).',
} as const;
export type StatementRefusal = keyof typeof STATEMENT_REFUSALS;
