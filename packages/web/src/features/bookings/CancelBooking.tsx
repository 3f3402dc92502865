/**
 * Cancelling one's own booking, asked in the page (not a browser confirm(), whose "Cancel" reads as
 * cancelling the booking), saying first what happens to the money; and, once cancelled, the refund
 * due: how much, how it comes back and within how many bank days (contract refunds.ts, the same
 * words as the e-mail).
 */
import { companyToday } from '@rental/contract/rentalDates';
import { refundPlan, refundSentences } from '@rental/contract/refunds';
import type { BookingDetail as Booking, Folio } from '@rental/contract/schemas';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useCompany } from '../../company/useCompany';
import { formatCalendarDate } from '../../lib/dates';
import { useCancelBooking, useCustomerFolio } from './bookingQueries';
import { canCancel } from './bookingStatus';

/** What cancelling does, in the dialog before the money's part. */
export const CANCEL_WORDS = "The car's days are freed for other customers, and this cannot be undone.";

/** What cancelling would give back (before), or gives back (after), from the folio's payments. */
function useRefundWords(folio: Folio | undefined, cancelled: boolean): string[] {
  const company = useCompany();
  if (!folio) return [];
  return refundSentences(refundPlan(folio.payments, company.refundBankDays), folio.currency, cancelled);
}

/**
 * The question is asked only after a tap: its code is fetched once the page has shown the button,
 * not with the booking page opened first (its JavaScript budget). A dialog over the page: nothing
 * moves while it comes.
 */
const loadDialog = () => import('../../components/ConfirmDialog');
const ConfirmDialog = lazy(() => loadDialog().then((m) => ({ default: m.ConfirmDialog })));

export function CancelBooking({ booking }: { booking: Booking }) {
  const cancel = useCancelBooking();
  const folioQuery = useCustomerFolio(booking._id);
  const folio = folioQuery.data;
  const refund = useRefundWords(folio, false);
  const [asking, setAsking] = useState(false);
  const today = companyToday();
  const offered = booking.status !== 'cancelled' && canCancel(booking, today);
  useEffect(() => {
    if (offered) void loadDialog();
  }, [offered]);
  if (booking.status === 'cancelled') return null;
  if (!offered) {
    return (
      <p className="text-sm text-slate-600">
        The pickup day has come, so this booking can no longer be cancelled online. Please call or message us to change it.
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        {booking.status === 'pending'
          ? 'You can cancel while we have not confirmed the booking yet.'
          : `You can cancel until the day before pickup (${formatCalendarDate(booking.pickupDate)}).`}{' '}
        The car's days are then freed for other customers.
      </p>
      {refund.length > 0 && <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{refund.join(' ')}</p>}
      {/* Asked once the folio says what would come back (or could not be read): the question names the refund. */}
      <button
        type="button"
        className="btn-secondary border-red-300 text-red-800 hover:bg-red-50"
        disabled={cancel.isPending || folioQuery.isPending}
        onClick={() => setAsking(true)}
      >
        {cancel.isPending ? 'Cancelling…' : 'Cancel this booking'}
      </button>
      {asking && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={`Cancel booking ${booking.reference}?`}
            text={[CANCEL_WORDS, ...refund].join(' ')}
            yes="Yes, cancel the booking"
            no="No, keep it"
            onYes={() => {
              setAsking(false);
              void cancel.cancel(booking._id);
            }}
            onNo={() => setAsking(false)}
          />
        </Suspense>
      )}
    </div>
  );
}

/** A cancelled booking with money paid: what comes back, how and when; or that it came back. */
export function RefundDue({ booking }: { booking: Booking }) {
  const folio = useCustomerFolio(booking._id).data;
  const refund = useRefundWords(folio, true);
  if (booking.paymentStatus === 'refunded')
    return <p className="text-sm text-slate-700">What you paid has been refunded: the refund is under Charges and payments.</p>;
  if (booking.paymentStatus !== 'refund_due' || refund.length === 0) return null;
  return (
    <div role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-950">
      {refund.map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
    </div>
  );
}
