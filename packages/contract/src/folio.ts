/**
 * A booking's money, in one place: the folio. Every charge is a line, every payment and refund a
 * line; lines are never edited or removed (a mistake is corrected by a line that voids it). The
 * balance is their sum, and what a booking reads as paid is derived from it, never set by hand.
 * Amounts are whole units of the company's currency, like every price of the site; a line's
 * amount is before GCT and its gct beside it, so charged = sum(amount + gct).
 */
import type { PaymentMethod, PaymentStatus } from './constants';

/** What a charge is for. The first five come from the booking's quote; the rest are added later. */
export const FOLIO_LINE_KINDS = [
  'rental',
  'extra',
  'other_drivers',
  'delivery',
  'discount',
  'change',
  'late',
  'distance',
  'fuel',
  'damage',
  'cleaning',
  'toll',
  'fine',
  'other',
] as const;
export type FolioLineKind = (typeof FOLIO_LINE_KINDS)[number];

export const FOLIO_LINE_KIND_WORDS: Record<FolioLineKind, string> = {
  rental: 'Rental',
  extra: 'Extra',
  other_drivers: 'Other drivers',
  delivery: 'Delivery',
  discount: 'Discount',
  change: 'Change of booking',
  late: 'Late return',
  distance: 'Distance over the allowance',
  fuel: 'Fuel',
  damage: 'Damage',
  cleaning: 'Cleaning',
  toll: 'Toll',
  fine: 'Ticket or fine',
  other: 'Other charge',
};

/** What staff may charge by hand (the quote's own kinds come from the booking). */
export const STAFF_CHARGE_KINDS = [
  'late',
  'distance',
  'fuel',
  'damage',
  'cleaning',
  'toll',
  'fine',
  'other',
  'discount',
] as const satisfies readonly FolioLineKind[];
export type StaffChargeKind = (typeof STAFF_CHARGE_KINDS)[number];

export const FOLIO_PAYMENT_KINDS = ['payment', 'refund'] as const;
export type FolioPaymentKind = (typeof FOLIO_PAYMENT_KINDS)[number];

/** How money moved. "Bank deposit" is the SPEC's cash deposit: money paid into the company's bank account. */
export const FOLIO_METHODS = ['card', 'bank_deposit', 'cash', 'bank_transfer'] as const;
export type FolioMethod = (typeof FOLIO_METHODS)[number];
export const FOLIO_METHOD_WORDS: Record<FolioMethod, string> = {
  card: 'Card',
  bank_deposit: 'Bank deposit',
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
};

/** How a booking's own way of paying brings its money in: the method a balance recorded as paid gets unless staff say otherwise. */
export const FOLIO_METHOD_OF: Record<PaymentMethod, FolioMethod> = { upfront: 'cash', cash_deposit: 'bank_deposit', card: 'card' };

/** The filter's older name for part paid, still understood. */
export const LEGACY_PAYMENT_STATUS: Record<string, PaymentStatus> = { deposit_received: 'part_paid' };

export interface FolioTotals {
  /** Every live charge with its GCT (voided lines and their voids cancel out). */
  charged: number;
  gct: number;
  paid: number;
  refunded: number;
  /** What the customer still owes (negative: what the company owes back). */
  balance: number;
}

export interface FolioSums {
  lines: readonly { amount: number; gct: number }[];
  payments: readonly { kind: FolioPaymentKind; amount: number }[];
}

export function folioTotals({ lines, payments }: FolioSums): FolioTotals {
  let charged = 0;
  let gct = 0;
  for (const line of lines) {
    charged += line.amount + line.gct;
    gct += line.gct;
  }
  let paid = 0;
  let refunded = 0;
  for (const payment of payments) {
    if (payment.kind === 'payment') paid += payment.amount;
    else refunded += payment.amount;
  }
  return { charged, gct, paid, refunded, balance: charged - paid + refunded };
}

/**
 * The one rule of what a booking reads as paid. The database keeps the same rule in
 * folio_payment_status() (migrations/0024_folio.sql) so staff can filter by it; a test holds the
 * two together.
 */
export function paymentStatusOf(totals: Pick<FolioTotals, 'paid' | 'refunded' | 'balance'>): PaymentStatus {
  const net = totals.paid - totals.refunded;
  if (totals.balance < 0) return 'refund_due';
  // Refunded: everything paid went back and nothing is owed (a re-opened booking owes again: unpaid).
  if (totals.refunded > 0 && net === 0 && totals.balance === 0) return 'refunded';
  if (totals.paid === 0) return 'unpaid';
  if (totals.balance === 0) return 'paid';
  return net > 0 ? 'part_paid' : 'unpaid';
}

/** Staff's refunds never give back more than was paid. */
export function refundableOf(totals: Pick<FolioTotals, 'paid' | 'refunded'>): number {
  return Math.max(0, totals.paid - totals.refunded);
}

/** Sentences staff and customers read about the folio. */
export const FOLIO_MESSAGES = {
  paymentRecorded: 'The payment is recorded.',
  refundRecorded: 'The refund is recorded.',
  chargeAdded: 'The charge is added.',
  lineVoided: 'The line is voided.',
  refundTooMuch: 'A refund cannot be more than what was paid and not yet refunded.',
  lineNotFound: 'That line is not on this booking.',
  lineAlreadyVoided: 'That line is already voided.',
  voidOfVoid: 'A line that voids another cannot itself be voided. Add a new charge instead.',
  nothingOwing: 'Nothing is owing on this booking.',
} as const;
