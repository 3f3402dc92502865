/**
 * The payment column: SPEC's "offline" (the money is paid outside the site; "online" for a card
 * paid on the provider's page), how the customer pays, and what is paid as the booking's folio says
 * (never set by hand). While a balance is owing, staff record it as paid by the way it came in (the
 * same control in the table and on the phone's cards); anything else is done on the booking's page.
 * A customer's deposit slip is marked ("Slip sent"), a link to the booking's page where staff open it.
 */
import { PAYMENT_METHOD_SHORT, PAYMENT_STATUS_WORDS, type PaymentStatus } from '@rental/contract/constants';
import { FOLIO_METHOD_OF, FOLIO_METHODS, FOLIO_METHOD_WORDS, type FolioMethod } from '@rental/contract/folio';
import { isOneOf } from '@rental/contract/oneOf';
import type { StaffBooking } from '@rental/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import toast from '../../lib/toast';
import { ApiError, callApi, errorMessage } from '../../api/client';
import { REFUSAL_CODES } from '@rental/contract/refusalCodes';
import { formatCalendarDate } from '../../lib/dates';
import { PAYMENT_METHOD_TEXT } from '@rental/contract/paymentWords';
import { backOfficeKeys } from './backOfficeQueries';

/** Green once settled, amber while part paid or money is owed back, grey while nothing has come in. */
export function paymentStatusColour(status: PaymentStatus): string {
  if (status === 'paid' || status === 'refunded') return 'border-emerald-300 bg-emerald-50 text-emerald-800';
  if (status === 'part_paid') return 'border-amber-300 bg-amber-50 text-amber-900';
  if (status === 'refund_due') return 'border-red-300 bg-red-50 text-red-800';
  return 'border-slate-300 bg-white text-slate-700';
}

/** A balance may be owing: nothing paid yet, or part of it. A cancelled booking's charges are voided. */
export function mayOweBalance(booking: Pick<StaffBooking, 'paymentStatus' | 'status'>): boolean {
  return (booking.paymentStatus === 'unpaid' || booking.paymentStatus === 'part_paid') && booking.status !== 'cancelled';
}

export function BookingPayment({ booking, className = '' }: { booking: StaffBooking; className?: string }) {
  const whose = `${booking.user.name}’s booking of the ${booking.car.brand} ${booking.car.model} from ${formatCalendarDate(booking.pickupDate)}`;
  // Kept here, not in the action: the action goes once the list reads the booking paid, and the reason why stays.
  const [notice, setNotice] = useState('');
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
      <p className={`rounded-full border px-2.5 py-0.5 text-sm font-medium ${paymentStatusColour(booking.paymentStatus)}`}>
        <span className="sr-only">Payment for {whose}: </span>
        {PAYMENT_STATUS_WORDS[booking.paymentStatus]}
      </p>
      {(booking.slipsSent ?? 0) > 0 && mayOweBalance(booking) && (
        <Link
          to={`/owner/bookings/${booking._id}`}
          className="rounded-full border border-sky-300 bg-sky-50 px-2.5 py-0.5 text-xs font-medium text-sky-900 hover:underline"
        >
          {booking.slipsSent === 1 ? 'Slip sent' : `${booking.slipsSent} slips sent`}
          <span className="sr-only">: check the bank for {whose}</span>
        </Link>
      )}
      {mayOweBalance(booking) && (
        <RecordBalancePaid booking={booking} whose={whose} className={className} onNothingOwing={() => setNotice(REFUSAL_CODES.nothing_owing)} />
      )}
      {notice && (
        <p role="alert" className="text-xs text-slate-700">
          {notice}
        </p>
      )}
    </div>
  );
}

/** The balance recorded as paid: the button opens the way it was paid (the usual one chosen), then records it. */
function RecordBalancePaid({
  booking,
  whose,
  className,
  onNothingOwing,
}: {
  booking: StaffBooking;
  whose: string;
  className: string;
  onNothingOwing: () => void;
}) {
  const queryClient = useQueryClient();
  const [choosing, setChoosing] = useState(false);
  const [method, setMethod] = useState<FolioMethod>(FOLIO_METHOD_OF[booking.paymentMethod]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  const record = async () => {
    setBusy(true);
    setProblem('');
    try {
      const answer = await callApi('changePaymentStatus', { body: { bookingId: booking._id, paymentStatus: 'paid', method } });
      toast.success(answer.message);
      setChoosing(false);
    } catch (error) {
      // Decided on the code: paid meanwhile (or cancelled) is said in the contract's words and the list read again.
      if (!(error instanceof ApiError && error.code === 'nothing_owing')) {
        setProblem(errorMessage(error));
        return;
      }
      setChoosing(false);
      onNothingOwing();
    } finally {
      setBusy(false);
    }
    await queryClient.invalidateQueries({ queryKey: backOfficeKeys.all });
  };

  if (!choosing) {
    return (
      <button type="button" className={`btn-secondary px-3 py-1.5 text-xs ${className}`} onClick={() => setChoosing(true)}>
        Record balance as paid <span className="sr-only">for {whose}</span>
      </button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <select
        aria-label={`Way the balance of ${whose} was paid`}
        value={method}
        disabled={busy}
        onChange={(event) => {
          if (isOneOf(FOLIO_METHODS, event.target.value)) setMethod(event.target.value);
        }}
        className={`rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm disabled:opacity-60 ${className}`}
      >
        {FOLIO_METHODS.map((choice) => (
          <option key={choice} value={choice}>
            By {FOLIO_METHOD_WORDS[choice].toLowerCase()}
          </option>
        ))}
      </select>
      <button type="button" className={`btn-primary px-3 py-1.5 text-xs ${className}`} disabled={busy} onClick={record}>
        {busy ? 'Recording…' : 'Record'} <span className="sr-only">the balance of {whose} as paid</span>
      </button>
      <button type="button" className={`btn-secondary px-3 py-1.5 text-xs ${className}`} disabled={busy} onClick={() => setChoosing(false)}>
        Cancel
      </button>
      {problem && (
        <p role="alert" className="w-full text-xs text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
