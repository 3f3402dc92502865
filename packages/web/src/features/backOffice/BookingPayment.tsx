/**
 * The payment column: SPEC's "offline" (the money is paid outside the site; "online" for a card
 * paid on the provider's page), how the customer pays,
 * and what the company has received, which staff change here (the same control in the table and on
 * the phone's cards).
 */
import { PAYMENT_METHOD_SHORT, PAYMENT_STATUS_WORDS, PAYMENT_STATUSES, type PaymentStatus } from '@rental/contract/constants';
import type { OwnerBooking } from '@rental/contract/schemas';
import { useState } from 'react';
import { formatCalendarDate } from '../../lib/dates';
import { PAYMENT_METHOD_TEXT } from '@rental/contract/paymentWords';
import { useChangePaymentStatus } from './ownerQueries';

/** Green once paid in full, amber for a deposit, grey while nothing has come in. */
export function paymentStatusColour(status: PaymentStatus): string {
  if (status === 'paid') return 'border-emerald-300 bg-emerald-50 text-emerald-800';
  if (status === 'deposit_received') return 'border-amber-300 bg-amber-50 text-amber-900';
  return 'border-slate-300 bg-white text-slate-700';
}

export function BookingPayment({ booking, className = '' }: { booking: OwnerBooking; className?: string }) {
  const change = useChangePaymentStatus();
  // The owner's choice shows while it is saved; on failure the select falls back to the stored state.
  const [choice, setChoice] = useState<PaymentStatus | null>(null);
  const shown = choice ?? booking.paymentStatus;
  const selectId = `payment-${booking._id}`;

  const onChange = (paymentStatus: PaymentStatus) => {
    if (paymentStatus === booking.paymentStatus) return;
    setChoice(paymentStatus);
    change.mutate({ bookingId: booking._id, paymentStatus }, { onSettled: () => setChoice(null) });
  };

  return (
    <div className="flex flex-col items-start gap-1.5">
      {/* The SPEC's chip, said in words beside it: a title would only show to a mouse that hovers. */}
      {booking.paymentMethod === 'card' ? (
        <p className="text-xs text-slate-600">
          <span className="rounded-full bg-sky-50 px-2 py-0.5 font-medium text-sky-800">{PAYMENT_METHOD_SHORT.card}</span> by card on the provider’s page
        </p>
      ) : (
        <p className="text-xs text-slate-600">
          <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">offline</span> paid outside the site
        </p>
      )}
      <p className="text-xs font-medium text-slate-700">{PAYMENT_METHOD_TEXT[booking.paymentMethod].name}</p>
      <label htmlFor={selectId} className="sr-only">
        Payment received for {booking.user.name}’s booking of the {booking.car.brand} {booking.car.model} from{' '}
        {formatCalendarDate(booking.pickupDate)}
      </label>
      <select
        id={selectId}
        value={shown}
        disabled={change.isPending}
        onChange={(event) => onChange(event.target.value as PaymentStatus)}
        className={`rounded-lg border px-2 py-1.5 text-sm font-medium disabled:opacity-60 ${paymentStatusColour(shown)} ${className}`}
      >
        {PAYMENT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {PAYMENT_STATUS_WORDS[status]}
          </option>
        ))}
      </select>
    </div>
  );
}
