import { staffStatusChoices } from '@rental/contract/bookingLife';
import { type BookingStatus, SELECTABLE_STATUSES } from '@rental/contract/constants';
import { isOneOf } from '@rental/contract/oneOf';
import type { StaffBooking } from '@rental/contract/schemas';
import { useContext, useState } from 'react';
import { formatCalendarDate } from '../../lib/dates';
import { STATUS_WORDS, type StatusTone, statusTone } from '../bookings/bookingStatus';
import { ConfirmDialog } from './ConfirmDialog';
import { StatusBadge } from './StatusBadge';
import { SessionContext } from '../../session/sessionContext';
import { useChangeStatus } from './backOfficeQueries';
import { statusChangeQuestion } from './statusChange';

const SELECT_COLOUR: Record<StatusTone, string> = {
  good: 'border-emerald-300 bg-emerald-50 text-emerald-800',
  done: 'border-slate-300 bg-slate-50 text-slate-700',
  waiting: 'border-amber-300 bg-amber-50 text-amber-900',
  ended: 'border-red-300 bg-red-50 text-red-700',
};

/** Green for confirmed and red for cancelled, as the SPEC draws them; amber while waiting for confirmation. */
export function statusSelectColour(status: BookingStatus): string {
  return SELECT_COLOUR[statusTone(status)];
}

type SelectableStatus = (typeof SELECTABLE_STATUSES)[number];

/** The select's statuses; a booking picked up, returned or not picked up has left them (the counter moves it on). */
export function isSelectableStatus(status: BookingStatus): status is SelectableStatus {
  return isOneOf<BookingStatus>(SELECTABLE_STATUSES, status);
}

/**
 * The owner sets a booking's status; the same control in the table and on the phone's cards. A
 * change that e-mails the customer is asked about first. A booking at the counter or marked a
 * no-show shows its status only: the server would refuse the change.
 */
export function BookingStatusSelect({ booking, className = '' }: { booking: StaffBooking; className?: string }) {
  if (!isSelectableStatus(booking.status)) return <StatusBadge status={booking.status} />;
  return <StatusSelect booking={booking} status={booking.status} className={className} />;
}

function StatusSelect({ booking, status: stored, className }: { booking: StaffBooking; status: SelectableStatus; className: string }) {
  const change = useChangeStatus();
  // The steps the booking's life allows this staff member from here (contract bookingLife.ts), the same table the server checks.
  // (Read without insisting on a session: the server checks the same table, and an agent's steps are the fewest.)
  const choices = staffStatusChoices(stored, useContext(SessionContext)?.staffRole ?? 'agent', SELECTABLE_STATUSES);
  // The owner's choice shows while it is asked about and saved; on "no" or a failure the select
  // falls back to the stored status.
  const [choice, setChoice] = useState<SelectableStatus | null>(null);
  const [asking, setAsking] = useState(false);
  const shown = choice ?? stored;
  const selectId = `status-${booking._id}`;
  const question = choice && asking ? statusChangeQuestion(booking, choice) : null;

  const save = (status: SelectableStatus) => {
    setAsking(false);
    change.mutate({ bookingId: booking._id, status }, { onSettled: () => setChoice(null) });
  };

  const onChange = (status: SelectableStatus) => {
    if (change.isPending) return;
    if (status === stored) {
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
        Status of {booking.user.name}’s booking of the {booking.car.brand} {booking.car.model} from {formatCalendarDate(booking.pickupDate)}
      </label>
      <select
        id={selectId}
        value={shown}
        // Not disabled while saving: the focus the question hands back must stay on the select.
        aria-disabled={change.isPending || undefined}
        onChange={(event) => {
          if (isOneOf(SELECTABLE_STATUSES, event.target.value)) onChange(event.target.value);
        }}
        className={`rounded-lg border px-3 py-2 font-medium aria-disabled:opacity-60 ${statusSelectColour(shown)} ${className}`}
      >
        {choices.map((status) => (
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
