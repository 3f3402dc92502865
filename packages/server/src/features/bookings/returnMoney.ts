/**
 * The money of a car's return: the return's charges added to the folio, the security deposit
 * settled against the folio's whole balance (or held whole while a damage is to be assessed), and
 * the folio as it stands after, for the receipt. Two statements inside the check-in's transaction
 * (whose one connection takes one query at a time, bench/counter-checkout.mjs): the charges added
 * and the folio read, then the kept part recorded as a payment together with the rental's deposit
 * columns. The folio is not read again: the payment that statement made is added to the rows read.
 */
import { type CompanySettings, DEPOSIT_KEPT_REFERENCE, type Folio, settleDeposit } from '@rental/contract';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/types';
import {
  type Charge,
  DEPOSIT_FOLIO_METHOD,
  type DepositSettled,
  folioFrom,
  folioRowsOf,
  type HeldDeposit,
  KEPT_NOTE,
  PAYMENT_COLUMNS,
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
  const { bookingId, reference, by, deposit, company } = money;
  const rows = await folioRowsOf(tx, bookingId, money.charges);
  const balance = folioFrom(rows, bookingId, reference, company).totals.balance;
  if (money.toBeAssessed || deposit.kept !== null) {
    const held = settleDeposit(deposit.amount, balance, true);
    return { folio: folioFrom(rows, bookingId, reference, company), settled: { ...held, owing: Math.max(0, balance) } };
  }
  const { kept, refunded } = settleDeposit(deposit.amount, balance, false);
  const owing = Math.max(0, balance - kept);
  // The payment only with the rental's deposit written by the same statement: deposit_kept is written once.
  const [payment] = await queryRows<{ payment: StoredPayment }>(
    tx,
    sql`WITH settled AS (
          UPDATE rentals SET deposit_kept = ${kept}, deposit_refunded = ${refunded}, owing = ${owing}
           WHERE booking_id = ${bookingId} AND deposit_kept IS NULL
          RETURNING booking_id),
        kept AS (
          INSERT INTO folio_payments (booking_id, kind, method, amount, reference, note, created_by)
          SELECT booking_id, 'payment', ${DEPOSIT_FOLIO_METHOD[deposit.method]}::text, ${kept}::integer, ${DEPOSIT_KEPT_REFERENCE}::text, ${KEPT_NOTE}::text, ${by}::uuid
            FROM settled WHERE ${kept}::integer > 0
          RETURNING *)
        SELECT row_to_json(p) AS payment FROM (SELECT ${PAYMENT_COLUMNS} FROM kept) p`,
  );
  const after = {
    lines: rows.lines,
    payments: payment ? [...rows.payments, payment.payment] : rows.payments,
    deposit: { held: deposit.amount, returned: refunded, kept },
  };
  return { folio: folioFrom(after, bookingId, reference, company), settled: { kept, refunded, held: 0, owing } };
}
