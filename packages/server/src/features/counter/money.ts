/**
 * The money at the counter, in one place: keys go out once the folio's balance is paid (the
 * payment taken with the keys is recorded in the same transaction), or when an owner or a manager
 * lets the customer pay at return, with a reason.
 */
import { type CheckOutData, COUNTER_MESSAGES, REFUSAL_CODES, type StaffRole } from '@rental/contract';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { folioTotalsOf, recordMoney } from '../bookings';

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
 * Before the keys go out, with the booking locked: the balance must be paid, by the payment the
 * form carries (the whole balance) or already; answers the pay-at-return reason when one applies.
 */
export async function moneyBeforeKeys(tx: Tx, bookingId: string, staff: CounterStaff, data: Pick<CheckOutData, 'payment' | 'payAtReturn'>): Promise<string | null> {
  if (data.payAtReturn && !mayLetPayAtReturn(staff.staffRole)) throw new HttpError(403, COUNTER_MESSAGES.payAtReturnNotAllowed);
  const { balance } = await folioTotalsOf(tx, bookingId);
  if (data.payment) {
    if (balance <= 0) throw new HttpError(409, REFUSAL_CODES.nothing_owing, 'nothing_owing');
    if (data.payment.amount !== balance) throw new HttpError(409, REFUSAL_CODES.payment_not_balance, 'payment_not_balance', { balance });
    await recordMoney(tx, bookingId, {
      kind: 'payment',
      method: data.payment.method,
      amount: data.payment.amount,
      reference: data.payment.reference,
      note: 'Paid at the counter before the keys were handed over',
      by: staff.id,
    });
    return null;
  }
  if (balance <= 0) return null;
  if (data.payAtReturn) return data.payAtReturn.reason;
  throw new HttpError(409, REFUSAL_CODES.payment_before_keys, 'payment_before_keys', { balance });
}
