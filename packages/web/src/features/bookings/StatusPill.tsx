import type { BookingStatus, StatusReason } from '@rental/contract/constants';
import { statusText, statusTone } from './bookingStatus';

const TONE = {
  waiting: 'bg-amber-100 text-amber-900',
  good: 'bg-emerald-100 text-emerald-900',
  done: 'bg-slate-100 text-slate-800',
  ended: 'bg-red-100 text-red-900',
} as const;

export function StatusPill({ status, reason }: { status: BookingStatus; reason: StatusReason | null }) {
  return <span className={`rounded-full px-3 py-1 text-sm font-medium ${TONE[statusTone(status)]}`}>{statusText(status, reason)}</span>;
}
