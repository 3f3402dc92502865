/**
 * The red mark of a car whose paper has expired, or runs out before a booking's return: words, not
 * a colour alone ("Insurance expired on Sat 28 Nov 2026").
 */
import { CAR_PAPER_WORDS, carPaperWords } from '@rental/contract/carPapers';
import { formatDay } from '@rental/contract/format';
import { companyToday } from '@rental/contract/rentalDates';
import type { PaperAlert } from '@rental/contract/schemas';
import { FileWarning } from 'lucide-react';

/** The sentence of the mark: expired, or expiring before the return (a booking's). */
export function paperAlertText(alert: NonNullable<PaperAlert>, today = companyToday()): string {
  if (alert.expiresOn <= today) return carPaperWords(alert, today);
  return `${CAR_PAPER_WORDS[alert.kind]} expires on ${formatDay(alert.expiresOn)}, before the return`;
}

export function PaperAlertMark({ alert, className = '' }: { alert: PaperAlert | undefined; className?: string }) {
  if (!alert) return null;
  return (
    <span className={`inline-flex items-center gap-1 rounded-md bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200 ${className}`}>
      <FileWarning aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
      {paperAlertText(alert)}
    </span>
  );
}
