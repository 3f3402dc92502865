/**
 * How a folio reads on screen, for the customer and for staff: which lines to list (a voiding line
 * is shown as the reason beside the line it voids) and the balance in words. The sums are the
 * server's (folio.totals); nothing here adds money up.
 */
import { FOLIO_LINE_KIND_WORDS, FOLIO_METHOD_WORDS } from '@rental/contract/folio';
import type { Folio, FolioLine, FolioPayment } from '@rental/contract/schemas';

export interface ShownLine {
  line: FolioLine;
  /** What the line is for, when its label does not already say it. */
  kindWords: string;
  /** Why it was voided (the voiding line's reason), when it was. */
  voidReason: string | null;
}

/** The lines to list: every charge, each voided one with the reason its voiding line gives. */
export function shownLines(folio: Pick<Folio, 'lines'>): ShownLine[] {
  const reasons = new Map<string, string>();
  for (const line of folio.lines) if (line.voidsLineId) reasons.set(line.voidsLineId, line.reason ?? '');
  return folio.lines
    .filter((line) => !line.voidsLineId)
    .map((line) => {
      const kind = FOLIO_LINE_KIND_WORDS[line.kind];
      return {
        line,
        kindWords: line.label.toLowerCase().startsWith(kind.toLowerCase()) ? '' : kind,
        voidReason: line.voided ? reasons.get(line.id) || 'No reason given' : null,
      };
    });
}

/** "Payment by cash" / "Refund by card". */
export function paymentWords(payment: Pick<FolioPayment, 'kind' | 'method'>): string {
  return `${payment.kind === 'payment' ? 'Payment' : 'Refund'} by ${FOLIO_METHOD_WORDS[payment.method].toLowerCase()}`;
}

export type Audience = 'customer' | 'staff';

/** The balance's line: what is still owed, what is owed back, or that nothing is. */
export function balanceWords(balance: number, audience: Audience): { label: string; amount: number; tone: 'owing' | 'owed' | 'settled' } {
  if (balance > 0) return { label: audience === 'customer' ? 'Still to pay' : 'Balance owing', amount: balance, tone: 'owing' };
  if (balance < 0) return { label: audience === 'customer' ? 'We owe you' : 'Owed back to the customer', amount: -balance, tone: 'owed' };
  return { label: audience === 'customer' ? 'Nothing to pay' : 'Settled: nothing owing', amount: 0, tone: 'settled' };
}
