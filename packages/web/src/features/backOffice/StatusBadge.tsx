import type { BookingStatus } from '@rental/contract/constants';

const STYLE: Record<BookingStatus, string> = {
  confirmed: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  pending: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  cancelled: 'bg-red-50 text-red-700 ring-red-600/30',
};

export function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium capitalize ring-1 ring-inset ${STYLE[status]}`}>
      {status}
    </span>
  );
}
