/**
 * A bank deposit's slip, or a screenshot of the transfer, sent by the customer on their booking's
 * page (docs/decisions/110-deposit-slips-and-several-bank-accounts.md). It tells staff where to look
 * in the bank; it marks nothing paid: staff still record the payment themselves.
 */
import type { BookingStatus, PaymentMethod, PaymentStatus } from './constants';
import { MAX_SLIPS_PER_BOOKING } from './constants';

export const SLIP_MESSAGES = {
  sent: 'Thank you: your slip is sent. Staff check the payment with the bank and then record it on your booking.',
  removed: 'The slip is removed.',
  notFound: 'Slip not found.',
  fileRequired: 'Please choose a photo or a PDF of the deposit slip or of the transfer.',
  notCashDeposit: 'A deposit slip is sent only for a booking paid by a deposit or transfer into our bank account.',
  notNeeded: 'This booking needs no deposit slip now: it is paid, or it has ended.',
  tooMany: `This booking already has ${MAX_SLIPS_PER_BOOKING} slips. Please remove one before sending another.`,
  kept: 'Staff have recorded a payment since this slip was sent, so it stays with the booking. Please call us if something is wrong.',
} as const;

/** The refusals of a slip a screen acts on, with their words (refusalCodes.ts gathers them). */
export const SLIP_REFUSALS = {
  payment_slip_not_cash_deposit: SLIP_MESSAGES.notCashDeposit,
  payment_slip_not_needed: SLIP_MESSAGES.notNeeded,
  payment_slips_too_many: SLIP_MESSAGES.tooMany,
  payment_slip_kept: SLIP_MESSAGES.kept,
} as const;
export type SlipRefusal = keyof typeof SLIP_REFUSALS;

/** Why a slip cannot be sent for this booking now (null: it can): only a bank deposit not yet paid, on a booking still going. */
export function slipRefusal(booking: { paymentMethod: PaymentMethod; status: BookingStatus; paymentStatus: PaymentStatus }): SlipRefusal | null {
  if (booking.paymentMethod !== 'cash_deposit') return 'payment_slip_not_cash_deposit';
  const going = booking.status === 'pending' || booking.status === 'confirmed' || booking.status === 'on_rent';
  const owing = booking.paymentStatus === 'unpaid' || booking.paymentStatus === 'part_paid';
  return going && owing ? null : 'payment_slip_not_needed';
}
