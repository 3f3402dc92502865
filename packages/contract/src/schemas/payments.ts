/** Card payments: one attempt per visit to the provider's page, and what staff do with those that never came back. */
import { z } from 'zod';
import { idField, ok, wholeNumber } from './fields';
import { groupedNumber } from '../numbers';

/** Forward only: created → sent → paid | failed | expired; paid → refunded (in part or whole). */
export const PAYMENT_ATTEMPT_STATUSES = ['created', 'sent', 'paid', 'failed', 'expired', 'refunded'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];
export const PAYMENT_ATTEMPT_WORDS: Record<PaymentAttemptStatus, string> = {
  created: 'Starting',
  sent: 'On the card page',
  paid: 'Paid',
  failed: 'Not paid',
  expired: 'Never came back',
  refunded: 'Refunded',
};

/** Sentences the customer and staff read about card payments. */
export const PAYMENT_MESSAGES = {
  cancelled: 'This booking is cancelled, so it cannot be paid.',
  holdOver: 'The time to pay for this booking is over. Please book again.',
  providerUnreachable: 'The card payment page cannot be opened just now. Please try again in a few minutes, or choose another way to pay.',
  currencyNotTaken: 'Card payments are taken in Jamaican or US dollars only. Please choose another way to pay.',
  attemptNotFound: 'Payment attempt not found.',
  notOpen: 'Only a card payment that never came back can be closed by hand.',
  closedPaid: 'The payment is marked as paid and recorded on its booking.',
  closedFailed: 'The payment is marked as not paid; nothing is recorded on its booking.',
  refundNotPaid: 'Only a card payment that was paid can be refunded.',
  refundRecorded: 'The refund is recorded.',
  refundTooMuch: (left: number, currency: string) => `At most ${groupedNumber(left)} ${currency} of this payment is left to refund.`,
  // One card page per booking at a time
  openElsewhere: 'A card payment for this booking is already open in another window. Please finish it there, or try again in 30 minutes.',
} as const;

export const startPaymentBody = z.object({ bookingId: idField('the booking') });

/** The provider's redirect back to us: whatever it sends, checked by the adapter. */
/** What the provider sends back is read as text; anything else is not its answer. */
const providerText = z.string({ error: 'The payment provider’s answer could not be read. Please open your booking to see whether it is paid.' }).optional();
export const paymentReturnQuery = z.object({
  status: providerText,
  transaction_id: providerText,
  order_id: providerText,
  total: providerText,
  currency: providerText,
  card: providerText,
  message: providerText,
  date: providerText,
  hash: providerText,
});

export const paymentAttempt = z.object({
  _id: z.string(),
  orderId: z.string(),
  provider: z.string(),
  bookingId: z.string(),
  reference: z.string(),
  customerName: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(PAYMENT_ATTEMPT_STATUSES),
  /** The provider's words about the result, if any. */
  message: z.string().nullable(),
  transactionId: z.string().nullable(),
  cardLast4: z.string().nullable(),
  refundedAmount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentAttempt = z.infer<typeof paymentAttempt>;

export const paymentsQuery = z.object({
  state: z
    .enum(['open', 'all'], { error: 'Please choose which payments to show: open or all.' })
    .optional()
    .describe('open (default): attempts that never came back, for staff to look up in the provider’s dashboard.'),
});

export const paymentIdParams = z.object({ id: z.string().describe('The attempt id (a UUID).') });

/** Staff looked the attempt up in the provider's dashboard. */
export const closePaymentBody = z.object({
  outcome: z.enum(['paid', 'failed'], { error: 'Please say whether the provider shows the payment as paid or not paid.' }),
  note: z.string({ error: 'Note must be written as text.' }).trim().max(300, { error: 'Note can be at most 300 characters long.' }).default(''),
});

/** A refund made in the provider's dashboard, recorded here. */
export const refundPaymentBody = z.object({
  amount: wholeNumber('Amount refunded', 1, 10_000_000),
  note: z.string({ error: 'Note must be written as text.' }).trim().max(300, { error: 'Note can be at most 300 characters long.' }).default(''),
});

export const paymentResponses = {
  started: ok({ redirectUrl: z.string() }),
  attempts: ok({ attempts: z.array(paymentAttempt) }),
  attemptSaved: ok({ message: z.string(), attempt: paymentAttempt }),
};
