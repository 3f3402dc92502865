import { BOOKING_STATUSES, type BookingStatus } from '@rental/contract/constants';
import type { OwnerBooking } from '@rental/contract/schemas';
import { useState } from 'react';
import { formatCalendarDate } from '../../lib/dates';
import { useChangeStatus } from './ownerQueries';

/** SPEC: green for confirmed, red otherwise. */
export function statusSelectColour(status: BookingStatus): string {
  return status === 'confirmed'
    ? 'border-emerald-300 bg-emerald-50 text-emerald-800'
    : 'border-red-300 bg-red-50 text-red-700';
}

/** The owner sets a booking's status; the same control in the table and on the phone's cards. */
export function BookingStatusSelect({ booking, className = '' }: { booking: OwnerBooking; className?: string }) {
  const change = useChangeStatus();
  // The owner's choice shows while it is saved; on failure the select falls back to the stored status.
  const [choice, setChoice] = useState<BookingStatus | null>(null);
  const shown = choice ?? booking.status;
  const selectId = `status-${booking._id}`;

  const onChange = (status: BookingStatus) => {
    if (status === booking.status) return;
    setChoice(status);
    change.mutate({ bookingId: booking._id, status }, { onSettled: () => setChoice(null) });
  };

  return (
    <>
      <label htmlFor={selectId} className="sr-only">
        Status of {booking.user.name}’s booking of the {booking.car.brand} {booking.car.model} from{' '}
        {formatCalendarDate(booking.pickupDate)}
      </label>
      <select
        id={selectId}
        value={shown}
        disabled={change.isPending}
        onChange={(event) => onChange(event.target.value as BookingStatus)}
        className={`rounded-lg border px-3 py-2 font-medium capitalize disabled:opacity-60 ${statusSelectColour(shown)} ${className}`}
      >
        {BOOKING_STATUSES.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </select>
    </>
  );
}

export function OfflinePayment() {
  return <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">offline</span>;
}
