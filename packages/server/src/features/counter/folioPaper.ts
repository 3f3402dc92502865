/**
 * The folio as the counter's papers print it: the booking's live charges (a voided line and its
 * void cancel out, so neither is printed), then every payment and refund, then the balance. The
 * receipt and the agreement read the folio itself, so what a paper says is owed is what is owed.
 */
import { DEPOSIT_KEPT_REFERENCE, type Folio, FOLIO_METHOD_WORDS, formatMoney } from '@rental/contract';
import { type AmountLine, jamaicaTime } from './pdfLayout';

export type FolioOnPaper = Pick<Folio, 'lines' | 'payments' | 'totals' | 'currency'>;

export function chargeLines(folio: FolioOnPaper): AmountLine[] {
  const money = (amount: number) => formatMoney(amount, folio.currency);
  const live = folio.lines.filter((line) => !line.voided && !line.voidsLineId);
  return [
    ...live.map((line) => ({ label: line.label, amount: money(line.amount) })),
    ...(folio.totals.gct !== 0 ? [{ label: 'GCT', amount: money(folio.totals.gct) }] : []),
    { label: 'Total charged', amount: money(folio.totals.charged), total: true },
  ];
}

function paymentLabel(payment: Folio['payments'][number]): string {
  const when = jamaicaTime(new Date(payment.createdAt));
  if (payment.kind === 'payment' && payment.reference === DEPOSIT_KEPT_REFERENCE) return `Kept from the security deposit, ${when}`;
  const what = `${payment.kind === 'refund' ? 'Refund' : 'Payment'} by ${FOLIO_METHOD_WORDS[payment.method].toLowerCase()}`;
  return `${what}${payment.reference.trim() ? ` (${payment.reference.trim()})` : ''}, ${when}`;
}

/** Each payment and refund, and what they come to; empty when nothing was paid. */
export function paymentLines(folio: FolioOnPaper): AmountLine[] {
  if (folio.payments.length === 0) return [];
  const money = (amount: number) => formatMoney(amount, folio.currency);
  return [
    ...folio.payments.map((payment) => ({ label: paymentLabel(payment), amount: money(payment.kind === 'refund' ? -payment.amount : payment.amount) })),
    { label: 'Total paid', amount: money(folio.totals.paid - folio.totals.refunded), total: true },
  ];
}

/** The balance in words: still to pay, nothing, or owed back. */
export function balanceLine(folio: FolioOnPaper): AmountLine {
  const { balance } = folio.totals;
  if (balance > 0) return { label: 'Still to pay', amount: formatMoney(balance, folio.currency), total: true };
  if (balance < 0) return { label: 'To be refunded to you', amount: formatMoney(-balance, folio.currency), total: true };
  return { label: 'Nothing more to pay', amount: formatMoney(0, folio.currency), total: true };
}
