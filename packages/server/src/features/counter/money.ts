/**
 * The money at the counter, in one place: keys go out once the folio's balance is paid (the
 * payment taken with the keys is recorded in the same transaction), or when an owner or a manager
 * lets the customer pay at return, with a reason.
 */
import { type CheckOutData, COUNTER_MESSAGES, type Folio, REFUSAL_CODES, type StaffRole } from '@rental/contract';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { folioWithPayment, recordMoney } from '../bookings';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface CounterStaff {
  id: string;
  /** Null or left out: an owner (the SPEC's single staff account). */
  staffRole?: StaffRole | null;
}

/** Pay at return is a credit the company gives: its managers decide, not the desk. */
export function mayLetPayAtReturn(role: StaffRole | null | undefined): boolean {
  return role !== 'agent';
}

/**
 * Before the keys go out, with the booking locked and its folio read: the balance must be paid, by
 * the payment the form carries (the whole balance) or already; answers the pay-at-return reason
 * when one applies, and the folio with the payment taken.
 */
export async function moneyBeforeKeys(
  tx: Tx,
  folio: Folio,
  staff: CounterStaff,
  data: Pick<CheckOutData, 'payment' | 'payAtReturn'>,
): Promise<{ payAtReturn: string | null; folio: Folio }> {
  if (data.payAtReturn && !mayLetPayAtReturn(staff.staffRole)) throw new HttpError(403, COUNTER_MESSAGES.payAtReturnNotAllowed);
  const { balance } = folio.totals;
  if (data.payment) {
    if (balance <= 0) throw new HttpError(409, REFUSAL_CODES.nothing_owing, 'nothing_owing');
    if (data.payment.amount !== balance) throw new HttpError(409, REFUSAL_CODES.payment_not_balance, 'payment_not_balance', { balance });
    const payment = await recordMoney(tx, folio.bookingId, {
      kind: 'payment',
      method: data.payment.method,
      amount: data.payment.amount,
      reference: data.payment.reference,
      note: 'Paid at the counter before the keys were handed over',
      by: staff.id,
    });
    return { payAtReturn: null, folio: folioWithPayment(folio, payment) };
  }
  if (balance <= 0) return { payAtReturn: null, folio };
  if (data.payAtReturn) return { payAtReturn: data.payAtReturn.reason, folio };
  throw new HttpError(409, REFUSAL_CODES.payment_before_keys, 'payment_before_keys', { balance });
}
