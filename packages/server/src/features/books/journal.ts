/**
 * The journal for the accountant (docs/decisions/115-gct-and-the-books.md): one entry per money
 * event, each balanced by construction. An event is a list of postings whose signed amounts add
 * up to nothing (positive: a debit, negative: a credit), so no entry can be written unbalanced.
 *
 * - a folio line (a charge, a discount, a void): customer balances against income and GCT payable;
 * - a payment: the money's account (bank, cash, card clearing) against customer balances; the part
 *   of a security deposit kept at return moves from deposits held instead, for that money came in
 *   when the deposit was taken;
 * - a refund: the other way round;
 * - a security deposit taken at pickup: the money's account against deposits held; given back: the
 *   other way round.
 */
import { DEPOSIT_KEPT_REFERENCE, type FolioLineKind, type FolioMethod, type JournalLayout, type LedgerAccounts, XERO_NO_TAX_RATE } from '@rental/contract';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/types';
import { companyDay, writtenBetween } from './gct';

export type Account = keyof LedgerAccounts;

export interface Posting {
  account: Account;
  /** Whole currency units: positive a debit, negative a credit. */
  amount: number;
}

export interface MoneyEvent {
  /** When it happened (ISO), for the order of the journal. */
  at: string;
  /** The company's day, YYYY-MM-DD. */
  day: string;
  reference: string;
  memo: string;
  postings: Posting[];
}

/** The lines that are the rental itself (and what changes its price); the rest are extras and the counter's charges. */
const RENTAL_KINDS: ReadonlySet<FolioLineKind> = new Set<FolioLineKind>(['rental', 'change', 'late', 'discount']);

const MONEY_ACCOUNT: Record<FolioMethod | 'bank_transfer', Account> = {
  card: 'accountCardClearing',
  cash: 'accountCash',
  bank_deposit: 'accountBank',
  bank_transfer: 'accountBank',
};

export function lineEvent(line: {
  at: string;
  day: string;
  reference: string;
  kind: FolioLineKind;
  label: string;
  amount: number;
  gct: number;
  reason: string;
}): MoneyEvent {
  const income: Account = RENTAL_KINDS.has(line.kind) ? 'accountRentalIncome' : 'accountExtrasIncome';
  return {
    at: line.at,
    day: line.day,
    reference: line.reference,
    memo: line.reason ? `${line.label} (${line.reason})` : line.label,
    postings: [
      { account: 'accountCustomerBalances', amount: line.amount + line.gct },
      { account: income, amount: -line.amount },
      { account: 'accountGctPayable', amount: -line.gct },
    ],
  };
}

const METHOD_WORDS: Record<FolioMethod, string> = { card: 'by card', cash: 'in cash', bank_deposit: 'by bank deposit', bank_transfer: 'by bank transfer' };

export function paymentEvent(payment: {
  at: string;
  day: string;
  reference: string;
  kind: 'payment' | 'refund';
  method: FolioMethod;
  amount: number;
  paymentReference: string;
}): MoneyEvent {
  const fromDeposit = payment.kind === 'payment' && payment.paymentReference === DEPOSIT_KEPT_REFERENCE;
  const money: Account = fromDeposit ? 'accountDepositsHeld' : MONEY_ACCOUNT[payment.method];
  const sign = payment.kind === 'payment' ? 1 : -1;
  const memo = fromDeposit
    ? 'Kept from the security deposit'
    : `${payment.kind === 'payment' ? 'Payment' : 'Refund'} ${METHOD_WORDS[payment.method]}${payment.paymentReference ? ` (${payment.paymentReference})` : ''}`;
  return {
    at: payment.at,
    day: payment.day,
    reference: payment.reference,
    memo,
    postings: [
      { account: money, amount: sign * payment.amount },
      { account: 'accountCustomerBalances', amount: -sign * payment.amount },
    ],
  };
}

export function depositEvent(deposit: {
  at: string;
  day: string;
  reference: string;
  kind: 'held' | 'returned';
  method: 'cash' | 'card' | 'bank_transfer';
  amount: number;
}): MoneyEvent {
  const sign = deposit.kind === 'held' ? 1 : -1;
  return {
    at: deposit.at,
    day: deposit.day,
    reference: deposit.reference,
    memo: deposit.kind === 'held' ? 'Security deposit taken at pickup' : 'Security deposit given back',
    postings: [
      { account: MONEY_ACCOUNT[deposit.method], amount: sign * deposit.amount },
      { account: 'accountDepositsHeld', amount: -sign * deposit.amount },
    ],
  };
}

/** Every money event from the first day to the last (both included, Jamaica time), oldest first. */
export async function moneyEvents(db: Database, from: string, nextDay: string): Promise<MoneyEvent[]> {
  const lines = await queryRows<Parameters<typeof lineEvent>[0] & { seq: string }>(
    db,
    sql`SELECT l.created_at AS at, ${companyDay(sql`l.created_at`)} AS day, b.reference, l.kind, l.label, l.amount, l.gct,
               coalesce(l.reason, '') AS reason, l.seq
          FROM folio_lines l JOIN bookings b ON b.id = l.booking_id
         WHERE ${writtenBetween(sql`l.created_at`, from, nextDay)}`,
  );
  const payments = await queryRows<Parameters<typeof paymentEvent>[0] & { seq: string }>(
    db,
    sql`SELECT p.created_at AS at, ${companyDay(sql`p.created_at`)} AS day, b.reference, p.kind, p.method, p.amount,
               p.reference AS "paymentReference", p.seq
          FROM folio_payments p JOIN bookings b ON b.id = p.booking_id
         WHERE ${writtenBetween(sql`p.created_at`, from, nextDay)}`,
  );
  // A deposit given back is dated by when it was settled: the kept part's payment, else the return.
  const deposits = await queryRows<Parameters<typeof depositEvent>[0]>(
    db,
    sql`SELECT * FROM (
          SELECT r.checked_out_at AS at, ${companyDay(sql`r.checked_out_at`)} AS day, b.reference, 'held' AS kind,
                 r.deposit_method AS method, r.deposit_amount AS amount
            FROM rentals r JOIN bookings b ON b.id = r.booking_id
           WHERE r.deposit_amount > 0 AND ${writtenBetween(sql`r.checked_out_at`, from, nextDay)}
          UNION ALL
          SELECT s.at, ${companyDay(sql`s.at`)} AS day, s.reference, 'returned', s.method, s.amount
            FROM (SELECT coalesce((SELECT max(p.created_at) FROM folio_payments p
                                    WHERE p.booking_id = r.booking_id AND p.kind = 'payment' AND p.reference = ${DEPOSIT_KEPT_REFERENCE}),
                                  r.checked_in_at) AS at,
                         b.reference, r.deposit_method AS method, r.deposit_refunded AS amount
                    FROM rentals r JOIN bookings b ON b.id = r.booking_id
                   WHERE r.deposit_refunded > 0) s
           WHERE ${writtenBetween(sql`s.at`, from, nextDay)}) d`,
  );
  const ordered: { event: MoneyEvent; seq: number }[] = [
    ...lines.map((line) => ({ event: lineEvent({ ...line, at: iso(line.at) }), seq: Number(line.seq) })),
    ...payments.map((payment) => ({ event: paymentEvent({ ...payment, at: iso(payment.at) }), seq: Number(payment.seq) })),
    ...deposits.map((deposit) => ({ event: depositEvent({ ...deposit, at: iso(deposit.at) }), seq: 0 })),
  ];
  ordered.sort((a, b) => (a.event.at < b.event.at ? -1 : a.event.at > b.event.at ? 1 : a.seq - b.seq));
  return ordered.map(({ event }) => event);
}

const iso = (at: unknown): string => (at instanceof Date ? at : new Date(String(at))).toISOString();

export const JOURNAL_HEADERS: Record<JournalLayout, string[]> = {
  quickbooks: ['Journal No', 'Date', 'Account', 'Debit', 'Credit', 'Memo', 'Reference'],
  xero: ['Narration', 'Date', 'Description', 'AccountCode', 'TaxRate', 'Amount'],
};

/** "28/11/2026": the day first, as Jamaica writes it and Xero reads it (QuickBooks asks the format at import). */
export const ledgerDate = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The rows of the CSV: one per posting that moves something, numbered by entry (amounts as numbers: csv.ts writes them with two decimals). */
export function journalRows(events: readonly MoneyEvent[], accounts: LedgerAccounts, layout: JournalLayout = 'quickbooks'): (string | number)[][] {
  const rows: (string | number)[][] = [];
  let number = 0;
  for (const event of events) {
    const postings = event.postings.filter((posting) => posting.amount !== 0);
    if (postings.length === 0) continue;
    number += 1;
    for (const { account, amount } of postings) {
      // Xero makes one journal of the rows sharing a narration and a date: the narration carries the entry's number.
      if (layout === 'xero') {
        rows.push([`${number} ${event.reference}: ${event.memo}`, ledgerDate(event.day), event.memo, accounts[account], XERO_NO_TAX_RATE, amount]);
        continue;
      }
      rows.push([String(number), ledgerDate(event.day), accounts[account], amount > 0 ? amount : '', amount < 0 ? -amount : '', event.memo, event.reference]);
    }
  }
  return rows;
}
