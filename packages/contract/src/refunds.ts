/**
 * What happens to the money when a paid booking is cancelled, in one place: the booking page (before
 * and after the customer cancels), the letters and the terms say the same. A cancellation voids the
 * booking's charges (its folio, 0024_folio.sql), so what was paid and not yet refunded comes back,
 * each payment the way it came: a card payment to that card, a bank payment by transfer, cash at the
 * office (or by transfer). The company sends it within refundBankDays bank days (bankDays.ts).
 */
import type { FolioMethod } from './folio';
import { formatMoney } from './format';

export type RefundRoute = 'card' | 'bank' | 'cash';

const ROUTE_OF: Record<FolioMethod, RefundRoute> = { card: 'card', bank_deposit: 'bank', bank_transfer: 'bank', cash: 'cash' };

export const REFUND_ROUTE_WORDS: Record<RefundRoute, string> = {
  card: 'back to the card you paid with',
  bank: 'by bank transfer to your account (we ask you for its details)',
  cash: 'in cash at our office, or by bank transfer if you prefer',
};

/** What comes back, split by the way it goes back; amount 0 when nothing was paid. */
export interface RefundPlan {
  amount: number;
  parts: { route: RefundRoute; amount: number }[];
  bankDays: number;
}

/**
 * The refund a cancellation makes due: every payment less every refund, taken back first from the
 * card, then the bank, then cash (a refund already made is counted off in that order too).
 */
export function refundPlan(payments: readonly { kind: 'payment' | 'refund'; method: FolioMethod; amount: number }[], refundBankDays: number): RefundPlan {
  const order: RefundRoute[] = ['card', 'bank', 'cash'];
  const paid = new Map<RefundRoute, number>(order.map((route) => [route, 0]));
  let refunded = 0;
  for (const p of payments) {
    if (p.kind === 'payment') paid.set(ROUTE_OF[p.method], (paid.get(ROUTE_OF[p.method]) ?? 0) + p.amount);
    else refunded += p.amount;
  }
  const parts: RefundPlan['parts'] = [];
  for (const route of order) {
    const counted = Math.min(refunded, paid.get(route) ?? 0);
    refunded -= counted;
    const amount = (paid.get(route) ?? 0) - counted;
    if (amount > 0) parts.push({ route, amount });
  }
  return { amount: parts.reduce((sum, p) => sum + p.amount, 0), parts, bankDays: refundBankDays };
}

const bankDaysText = (n: number) => `${n} bank ${n === 1 ? 'day' : 'days'}`;

/** The refund in sentences: how much, how, and within how many bank days. Empty when nothing was paid. */
export function refundSentences(plan: RefundPlan, currency: string, cancelled: boolean): string[] {
  if (plan.amount <= 0) return [];
  const money = (n: number) => formatMoney(n, currency);
  const lead = cancelled ? `You are owed a refund of ${money(plan.amount)}` : `If you cancel, you are owed a refund of ${money(plan.amount)}`;
  const [only] = plan.parts;
  const how =
    plan.parts.length === 1 && only ? REFUND_ROUTE_WORDS[only.route] : plan.parts.map((p) => `${money(p.amount)} ${REFUND_ROUTE_WORDS[p.route]}`).join('; ');
  const sentences = [`${lead}: we send it ${how}, within ${bankDaysText(plan.bankDays)} of the cancellation.`];
  if (plan.parts.some((p) => p.route === 'card')) sentences.push('A card refund can take a few more days to show on your statement, as your bank handles it.');
  return sentences;
}

/** The terms' refund policy and the card's rules. */
export function refundPolicy(refundBankDays: number): string[] {
  return [
    'Cancelling costs nothing while you may cancel (see above): everything you paid for the booking comes back to you.',
    `We send a refund within ${bankDaysText(refundBankDays)} of the cancellation, the way the money came: a card payment back to the same card, a bank deposit or transfer by bank transfer to your account (we ask you for its details), cash at our office or by bank transfer.`,
    'A card payment is taken on our payment provider’s secure page, for the whole price, when you book; we never see or keep your card number. Its refund goes back to that card only, and can take a few more days to show on your statement.',
    'The security deposit is not part of the price: it is taken at pickup and given back at return, less any charge for damage, fuel or a late return.',
  ];
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** When a bank deposit is due, before the booking exists (its page then shows the exact time). */
export function depositDueWords(bankDays: number): string {
  const which = bankDays === 1 ? 'next bank day' : `${ORDINALS[bankDays - 1] ?? `${bankDays}th`} bank day`;
  return `by the end of the ${which} after the day you book (weekends and Jamaica’s public holidays are not bank days)`;
}
