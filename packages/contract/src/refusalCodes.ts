/**
 * Refusals a screen must act on carry a code beside their sentence; screens decide on the code,
 * never on the words. Each code here with the sentence the server sends for it.
 */
import { FOLIO_MESSAGES } from './folio';

export const REFUSAL_CODES = {
  nothing_owing: FOLIO_MESSAGES.nothingOwing,
  refund_too_much: FOLIO_MESSAGES.refundTooMuch,
  line_not_found: FOLIO_MESSAGES.lineNotFound,
  line_already_voided: FOLIO_MESSAGES.lineAlreadyVoided,
  void_of_void: FOLIO_MESSAGES.voidOfVoid,
  price_changed: 'The price has changed since you looked: please check the new total and confirm again.',
  payment_open: 'A card payment for this booking is still open. Please finish it or wait until it ends (at most 30 minutes), then change the booking.',
  odometer_backwards: 'The odometer reading cannot be lower than the car’s last reading. An owner can correct it, with a reason.',
  payment_before_keys: 'This booking still has money to pay. Record the payment before handing over the keys, or choose "pay at return" with a reason (owners and managers).',
  // The counter's money (features/counter).
  payment_not_balance: 'The payment recorded at check-out must be the whole balance owing. Please check the amount.',
} as const;
export type RefusalCode = keyof typeof REFUSAL_CODES;
