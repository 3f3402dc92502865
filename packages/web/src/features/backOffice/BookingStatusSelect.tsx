import { BOOKING_STATUSES, type BookingStatus } from '@rental/contract/constants';
import type { OwnerBooking } from '@rental/contract/schemas';
import { useState } from 'react';
import { formatCalendarDate } from '../../lib/dates';
import { STATUS_WORDS, type StatusTone, statusTone } from '../bookings/bookingStatus';
import { ConfirmDialog } from './ConfirmDialog';
import { useChangeStatus } from './ownerQueries';
import { statusChangeQuestion } from './statusChange';

const SELECT_COLOUR: Record<StatusTone, string> = {
  good: 'border-emerald-300 bg-emerald-50 text-emerald-800',
  waiting: 'border-amber-300 bg-amber-50 text-amber-900',
  ended: 'border-red-300 bg-red-50 text-red-700',
};

/** Green for confirmed and red for cancelled, as the SPEC draws them; amber while waiting for confirmation. */
export function statusSelectColour(status: BookingStatus): string {
  return SELECT_COLOUR[statusTone(status)];
}

/**
 * The owner sets a booking's status; the same control in the table and on the phone's cards. A
 * change that e-mails the customer is asked about first.
 */
export function BookingStatusSelect({ booking, className = '' }: { booking: OwnerBooking; className?: string }) {
  const change = useChangeStatus();
  // The owner's choice shows while it is asked about and saved; on "no" or a failure the select
  // falls back to the stored status.
  const [choice, setChoice] = useState<BookingStatus | null>(null);
  const [asking, setAsking] = useState(false);
  const shown = choice ?? booking.status;
  const selectId = `status-${booking._id}`;
  const question = choice && asking ? statusChangeQuestion(booking, choice) : null;

  const save = (status: BookingStatus) => {
    setAsking(false);
    change.mutate({ bookingId: booking._id, status }, { onSettled: () => setChoice(null) });
  };

  const onChange = (status: BookingStatus) => {
    if (change.isPending) return;
    if (status === booking.status) {
      setChoice(null);
      return;
    }
    setChoice(status);
    if (statusChangeQuestion(booking, status)) setAsking(true);
    else save(status);
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
        // Not disabled while saving: the focus the question hands back must stay on the select.
        aria-disabled={change.isPending || undefined}
        onChange={(event) => onChange(event.target.value as BookingStatus)}
        className={`rounded-lg border px-3 py-2 font-medium aria-disabled:opacity-60 ${statusSelectColour(shown)} ${className}`}
      >
        {BOOKING_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_WORDS[status]}
          </option>
        ))}
      </select>
      {question && choice && (
        <ConfirmDialog
          {...question}
          onYes={() => save(choice)}
          onNo={() => {
            setAsking(false);
            setChoice(null);
          }}
        />
      )}
    </>
  );
}
