/**
 * A pickup checked in online (decision 125): the paperwork is done, so the desk says when, and what
 * the counter still waits for (the company's check of the driver, the money) before a two-minute handover.
 */
import { CHECKED_IN_ONLINE_WORDS, checkedInOnlineTime } from '@rental/contract/checkedInOnline';
import type { DeskBooking } from '@rental/contract/schemas';
import { BadgeCheck } from 'lucide-react';
import { useMoney } from '../../../../company/useCompany';

export function CheckedInOnline({ booking }: { booking: DeskBooking }) {
  const money = useMoney();
  if (!booking.onlineCheckIn) return null;
  const { vetting = false, balance = 0, deposit = 0 } = booking.stillWaiting ?? {};
  const lines: { text: string; bad: boolean }[] = [];
  if (vetting) lines.push({ text: CHECKED_IN_ONLINE_WORDS.vetting, bad: true });
  if (balance > 0) lines.push({ text: `${CHECKED_IN_ONLINE_WORDS.balance}: ${money(balance)}`, bad: false });
  if (deposit > 0) lines.push({ text: `${CHECKED_IN_ONLINE_WORDS.deposit}: ${money(deposit)}`, bad: false });
  return (
    <div className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-950">
      <p className="flex items-center gap-2 font-semibold">
        <BadgeCheck aria-hidden="true" size={18} />
        <span>{CHECKED_IN_ONLINE_WORDS.badge}</span>
      </p>
      <p className="text-emerald-900">
        <span className="sr-only">At </span>
        {checkedInOnlineTime(booking.onlineCheckIn.completedAt)}
      </p>
      {!vetting && balance === 0 && <p className="mt-1">{CHECKED_IN_ONLINE_WORDS.ready}</p>}
      {lines.length > 0 && (
        <ul aria-label="Still waiting for" className="mt-1 space-y-0.5">
          {lines.map((line) => (
            <li key={line.text} className={line.bad ? 'font-semibold text-red-700' : 'text-amber-900'}>
              {line.text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
