/**
 * Card payment attempts in staff's words: which list is shown, how a status reads and looks, what
 * can be done with an attempt, and the problems of a note or a refund. Pure, tested without React.
 */
import { closePaymentBody, type PaymentAttempt, type PaymentAttemptStatus, refundPaymentBody } from '@rental/contract/schemas';
import { formatMoney } from '@rental/contract/format';

/** The page's lists, as the API names them (GET /api/owner/payments?state=). */
export const PAYMENT_TABS = [
  { value: 'open', label: 'Never came back' },
  { value: 'all', label: 'All attempts' },
] as const;
export type PaymentTab = (typeof PAYMENT_TABS)[number]['value'];

export const PAYMENTS_PATH = '/owner/payments';

/** The list the address asks for (?state=), those that never came back when it names none it knows. */
export function tabFromSearch(search: string): PaymentTab {
  const asked = new URLSearchParams(search).get('state');
  return PAYMENT_TABS.find((tab) => tab.value === asked)?.value ?? 'open';
}

export function emptyListText(tab: PaymentTab): string {
  return tab === 'open' ? 'Every card payment came back from the provider: there is nothing to look up.' : 'No customer has paid by card yet.';
}

/** Green paid, red not paid, amber while open, grey once refunded. */
export const PAYMENT_STATUS_STYLE: Record<PaymentAttemptStatus, string> = {
  created: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  sent: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  expired: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  failed: 'bg-red-50 text-red-700 ring-red-600/30',
  refunded: 'bg-slate-100 text-slate-800 ring-slate-500/40',
};

/**
 * Never came back: staff look it up in the provider's dashboard and close it. One still starting or
 * on the card page may yet come back (the customer is paying), so it waits until it expires.
 */
export const canClose = (attempt: Pick<PaymentAttempt, 'status'>): boolean => attempt.status === 'expired';

/** What may still be refunded; 0 when nothing (not paid, or refunded in full). */
export function refundLeft(attempt: Pick<PaymentAttempt, 'status' | 'amount' | 'refundedAmount'>): number {
  return attempt.status === 'paid' || attempt.status === 'refunded' ? Math.max(0, attempt.amount - attempt.refundedAmount) : 0;
}

/** "Refunded $5,000 JMD of $25,000 JMD", or nothing before any refund. */
export function refundedText(attempt: Pick<PaymentAttempt, 'amount' | 'refundedAmount' | 'currency'>): string | null {
  if (attempt.refundedAmount <= 0) return null;
  if (attempt.refundedAmount >= attempt.amount) return 'Refunded in full';
  return `Refunded ${formatMoney(attempt.refundedAmount, attempt.currency)} of ${formatMoney(attempt.amount, attempt.currency)}`;
}

/** A note's problem in the dialog's words, or null (a note may be left empty). */
export function noteProblem(note: string): string | null {
  const result = closePaymentBody.safeParse({ outcome: 'paid', note });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

export interface RefundProblems {
  amount?: string;
  note?: string;
}

/** The refund's problems: the schema's, and no more than what is left of the payment. */
export function refundProblems(amount: string, note: string, left: number, currency: string): RefundProblems {
  const problems: RefundProblems = {};
  const result = refundPaymentBody.safeParse({ amount, note });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] === 'note' ? 'note' : 'amount';
      problems[field] ??= !amount.trim() && field === 'amount' ? 'Amount refunded is required.' : issue.message;
    }
  } else if (result.data.amount > left) {
    problems.amount = `Amount refunded can be at most ${formatMoney(left, currency)}, what is left of this payment.`;
  }
  return problems;
}
