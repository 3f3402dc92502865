/**
 * GCT and the books (docs/decisions/115-gct-and-the-books.md): the monthly GCT report summed from
 * the folio's lines, and the journal an accountant imports into QuickBooks Online or Xero. The
 * rules of the question (a month, a range of days) live here, so the page checks what the server
 * checks; the sums are the server's.
 */
import { daysBetween, isCalendarDate } from './rentalDates';
import type { LedgerAccount } from './ledgerAccounts';

/** The longest journal a download gives: a year, leap day included. */
export const JOURNAL_MAX_DAYS = 366;

export const BOOKS_REFUSALS = {
  month_not_valid: 'Please choose a month, written YYYY-MM, such as 2026-11.',
  date_not_valid: 'Please give both days of the journal, each written YYYY-MM-DD, such as 2026-11-01.',
  range_backwards: 'The first day of the journal must not be after its last day. Please swap them.',
  range_too_long: `A journal can cover at most ${JOURNAL_MAX_DAYS} days. Please download a shorter range, a year at a time.`,
} as const;
export type BooksRefusal = keyof typeof BOOKS_REFUSALS;

/** "2026-11" with a real month (01-12) and a four-digit year from 2000. */
export function isMonth(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}$/.test(value)) return false;
  const [year, month] = value.split('-').map(Number);
  return year! >= 2000 && month! >= 1 && month! <= 12;
}

/** Why this range cannot be a journal (null: it can), both days included. */
export function journalRangeProblem(from: unknown, to: unknown): Exclude<BooksRefusal, 'month_not_valid'> | null {
  if (typeof from !== 'string' || typeof to !== 'string' || !isCalendarDate(from) || !isCalendarDate(to)) return 'date_not_valid';
  if (from > to) return 'range_backwards';
  return daysBetween(from, to) + 1 > JOURNAL_MAX_DAYS ? 'range_too_long' : null;
}

export { DEFAULT_LEDGER_ACCOUNTS, LEDGER_ACCOUNTS, type LedgerAccount } from './ledgerAccounts';

export const LEDGER_ACCOUNT_WORDS: Record<LedgerAccount, { label: string; hint: string }> = {
  accountRentalIncome: { label: 'Rental income', hint: 'Rental days, changes of booking, late returns and discounts, before GCT.' },
  accountExtrasIncome: { label: 'Extras income', hint: 'Extras, other drivers, delivery, and what the counter charges at return, before GCT.' },
  accountGctPayable: { label: 'GCT payable', hint: 'The GCT charged on every taxable line, less the GCT of voided lines and discounts.' },
  accountDepositsHeld: { label: 'Customer deposits held', hint: 'Security deposits taken at pickup until they are returned or kept.' },
  accountCustomerBalances: {
    label: 'Customer balances',
    hint: 'What customers owe for their bookings: charges go in, payments come out. An asset account of its own, not QuickBooks’ Accounts Receivable.',
  },
  accountBank: { label: 'Bank', hint: 'Bank deposits and transfers into the company’s account.' },
  accountCash: { label: 'Cash', hint: 'Cash taken and given back at the counter.' },
  accountCardClearing: { label: 'Card clearing', hint: 'Card payments the card provider owes the company until it pays them out.' },
};

/**
 * The journal's two layouts: QuickBooks Online's journal import (Journal No, Date, Account, Debit,
 * Credit, Memo, Reference; its import asks which column is which), and Xero's manual journal
 * template (Narration, Date, Description, AccountCode, TaxRate, Amount: signed, a debit positive).
 */
export const JOURNAL_LAYOUTS = ['quickbooks', 'xero'] as const;
export type JournalLayout = (typeof JOURNAL_LAYOUTS)[number];
export const JOURNAL_LAYOUT_WORDS: Record<JournalLayout, string> = { quickbooks: 'QuickBooks Online', xero: 'Xero' };
/** Xero asks a tax rate on every line; the journal posts GCT to its own account, so each line is "no tax" (the rate's name in Xero's Global edition). */
export const XERO_NO_TAX_RATE = 'Tax Exempt';

/** The month's GCT, in whole currency units as the folio keeps them. */
export interface GctMonth {
  month: string;
  currency: string;
  trn: string;
  gctPercent: number;
  /** Lines that carried GCT: their amounts before GCT and their GCT. */
  taxableCharges: number;
  gctCharged: number;
  /** Lines that gave GCT back (a voided charge, a discount, a price lowered): as positive sums. */
  taxableCredits: number;
  gctCredited: number;
  /** What is owed to Tax Administration Jamaica for the month: GCT charged less GCT given back. */
  netGct: number;
  /** Charges without GCT (tolls, fines, lines charged GCT-free), for the return's exempt sales. */
  untaxedCharges: number;
  lines: number;
}

/** "1234.00": whole units as an accounting file writes them (no grouping, two decimals, a minus for negatives). */
export function ledgerAmount(whole: number): string {
  return whole.toFixed(2);
}
