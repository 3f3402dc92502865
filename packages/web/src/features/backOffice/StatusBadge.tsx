import type { BookingStatus } from '@rental/contract/constants';
import { STATUS_WORDS, type StatusTone, statusTone } from '../bookings/bookingStatus';

const STYLE: Record<StatusTone, string> = {
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  done: 'bg-slate-50 text-slate-700 ring-slate-500/30',
  waiting: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  ended: 'bg-red-50 text-red-700 ring-red-600/30',
};

/** A booking's status on staff screens (dashboard, today's pickups and returns), in Manage Bookings' words. */
export function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${STYLE[statusTone(status)]}`}>
      {STATUS_WORDS[status]}
    </span>
  );
}
