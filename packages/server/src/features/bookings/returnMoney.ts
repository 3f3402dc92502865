/**
 * The money of a car's return: the return's charges added to the folio, the security deposit
 * settled against the folio's whole balance (or held whole while a damage is to be assessed), and
 * the folio as it stands after, for the receipt. Two statements inside the check-in's transaction
 * (whose one connection takes one query at a time, bench/counter-checkout.mjs): the folio read,
 * then the charges, the kept part and the rental's deposit columns written together. The folio is
 * not read again: the lines and the payment that statement made are added to the rows read.
 */
import { type CompanySettings, DEPOSIT_KEPT_REFERENCE, type Folio, folioTotals, settleDeposit } from '@rental/contract';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/types';
import {
  type Charge,
  chargeRows,
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

export async function settleReturn(tx: Tx, money: ReturnMoney): Promise<{ folio: Folio; settled: DepositSettled }> {
  const { bookingId, reference, by, charges, deposit, company } = money;
  if (money.toBeAssessed || deposit.kept !== null) {
    const folio = folioFrom(await folioRowsOf(tx, bookingId, charges), bookingId, reference, company);
    const { balance } = folio.totals;
    return { folio, settled: { ...settleDeposit(deposit.amount, balance, true), owing: Math.max(0, balance) } };
  }
  // The balance the deposit settles: the folio's, with the charges about to be added (the booking
  // is locked, so nothing else is added meanwhile).
  const rows = await folioRowsOf(tx, bookingId);
  const { balance } = folioTotals({ lines: [...rows.lines, ...chargeRows(bookingId, charges)], payments: rows.payments });
  const { kept, refunded } = settleDeposit(deposit.amount, balance, false);
  const owing = Math.max(0, balance - kept);
  // The charges, the part kept and the rental's deposit in one statement: the payment state is worked
  // out once they are all in (the folio's statement triggers), so the booking does not read part paid
  // between the two, and deposit_kept is written once (the payment only with it).
  const [made] = await queryRows<{ lines: StoredLine[]; payment: StoredPayment | null }>(
    tx,
    sql`WITH added AS (${chargesAdded(bookingId, charges)}),
        settled AS (
          UPDATE rentals SET deposit_kept = ${kept}, deposit_refunded = ${refunded}, owing = ${owing}
           WHERE booking_id = ${bookingId} AND deposit_kept IS NULL
          RETURNING booking_id),
        kept AS (
          INSERT INTO folio_payments (booking_id, kind, method, amount, reference, note, created_by)
          SELECT booking_id, 'payment', ${DEPOSIT_FOLIO_METHOD[deposit.method]}::text, ${kept}::integer, ${DEPOSIT_KEPT_REFERENCE}::text, ${KEPT_NOTE}::text, ${by}::uuid
            FROM settled WHERE ${kept}::integer > 0
          RETURNING *)
        SELECT (SELECT coalesce(json_agg(l ORDER BY l.seq), '[]') FROM (SELECT ${LINE_COLUMNS} FROM added) l) AS lines,
               (SELECT row_to_json(p) FROM (SELECT ${PAYMENT_COLUMNS} FROM kept) p) AS payment`,
  );
  if (!made) throw new Error('A SELECT with no FROM answered no row');
  const after = {
    lines: [...rows.lines, ...made.lines],
    payments: made.payment ? [...rows.payments, made.payment] : rows.payments,
    deposit: { held: deposit.amount, returned: refunded, kept },
  };
  return { folio: folioFrom(after, bookingId, reference, company), settled: { kept, refunded, held: 0, owing } };
}
