/**
 * The money of a car's return: the return's charges added to the folio, the security deposit
 * settled against the folio's whole balance (or held whole while a damage is to be assessed), and
 * the folio as it stands after, for the receipt: one statement inside the check-in's transaction
 * (whose one connection takes one query at a time, bench/counter-checkout.mjs) when the deposit is
 * settled now; a read of the folio when a damage to be assessed holds it.
 */
import { type CompanySettings, DEPOSIT_KEPT_REFERENCE, type Folio, settleDeposit } from '@rental/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/types';
import {
  type Charge,
  chargesAdded,
  DEPOSIT_FOLIO_METHOD,
  type DepositSettled,
  folioFrom,
  folioRowsOf,
  type HeldDeposit,
  KEPT_NOTE,
  LINE_COLUMNS,
  PAYMENT_COLUMNS,
  type StoredLine,
  type StoredPayment,
} from './folio';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface ReturnMoney {
  bookingId: string;
  reference: string;
  /** The staff member taking the keys back. */
  by: string;
  /** The return's charges, added to the folio by the statement that reads it. */
  charges: readonly Charge[];
  deposit: HeldDeposit;
  /** A damage to be assessed holds the whole deposit; it settles once the damage is charged (folio.ts). */
  toBeAssessed: boolean;
  company: CompanySettings;
}

/**
 * The part of a security deposit kept against a balance, as settleDeposit (contract counter.ts) has
 * it when nothing is to be assessed: what is owed, up to the deposit, never below nothing.
 */
export function depositKept(deposit: number, balance: SQL): SQL {
  return sql`least(${deposit}::integer, greatest(0, ${balance}))::integer`;
}

export async function settleReturn(tx: Tx, money: ReturnMoney): Promise<{ folio: Folio; settled: DepositSettled }> {
  const { bookingId, reference, by, charges, deposit, company } = money;
  if (money.toBeAssessed || deposit.kept !== null) {
    const folio = folioFrom(await folioRowsOf(tx, bookingId, charges), bookingId, reference, company);
    const { balance } = folio.totals;
    return { folio, settled: { ...settleDeposit(deposit.amount, balance, true), owing: Math.max(0, balance) } };
  }
  // One statement (the check-in's transaction has one connection, one query at a time): the balance
  // the deposit settles is summed after the booking was locked (a statement of its own, so whatever a
  // writer added before it let go of the lock is counted), the charges added, the part kept worked
  // out as settleDeposit does (depositKept, held to it by a test), the rental's deposit columns and
  // the kept payment written, and the folio the receipt prints answered. The payment state is worked
  // out once all are in (the folio's statement triggers), so the booking never reads part paid
  // between them, and deposit_kept is written once (the payment only with it).
  const [made] = await queryRows<{ lines: StoredLine[]; payments: StoredPayment[]; kept: number; owing: number }>(
    tx,
    sql`WITH added AS (${chargesAdded(bookingId, charges)}),
        due AS (
          SELECT (SELECT coalesce(sum(amount + gct), 0) FROM folio_lines WHERE booking_id = ${bookingId})
               + (SELECT coalesce(sum(amount + gct), 0) FROM added)
               - (SELECT coalesce(sum(CASE WHEN kind = 'payment' THEN amount ELSE -amount END), 0)
                    FROM folio_payments WHERE booking_id = ${bookingId}) AS balance),
        money AS (SELECT ${depositKept(deposit.amount, sql`balance`)} AS kept, balance FROM due),
        settled AS (
          UPDATE rentals SET deposit_kept = money.kept, deposit_refunded = ${deposit.amount}::integer - money.kept,
                 owing = greatest(0, money.balance - money.kept)
            FROM money
           WHERE booking_id = ${bookingId} AND deposit_kept IS NULL
          RETURNING booking_id, deposit_kept),
        kept AS (
          INSERT INTO folio_payments (booking_id, kind, method, amount, reference, note, created_by)
          SELECT booking_id, 'payment', ${DEPOSIT_FOLIO_METHOD[deposit.method]}::text, deposit_kept, ${DEPOSIT_KEPT_REFERENCE}::text, ${KEPT_NOTE}::text, ${by}::uuid
            FROM settled WHERE deposit_kept > 0
          RETURNING *)
        SELECT (SELECT coalesce(json_agg(l ORDER BY l.seq), '[]') FROM (
                  SELECT ${LINE_COLUMNS} FROM (SELECT * FROM folio_lines WHERE booking_id = ${bookingId} UNION ALL SELECT * FROM added) line) l) AS lines,
               (SELECT coalesce(json_agg(p ORDER BY p.seq), '[]') FROM (
                  SELECT ${PAYMENT_COLUMNS} FROM (SELECT * FROM folio_payments WHERE booking_id = ${bookingId} UNION ALL SELECT * FROM kept) payment) p) AS payments,
               money.kept, greatest(0, money.balance - money.kept)::integer AS owing
          FROM money`,
  );
  if (!made) throw new Error('A SELECT from one row answered none');
  const kept = Number(made.kept);
  const refunded = deposit.amount - kept;
  const owing = Number(made.owing);
  const after = { lines: made.lines, payments: made.payments, deposit: { held: deposit.amount, returned: refunded, kept } };
  return { folio: folioFrom(after, bookingId, reference, company), settled: { kept, refunded, held: 0, owing } };
}
