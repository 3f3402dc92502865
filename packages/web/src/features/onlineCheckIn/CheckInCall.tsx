/**
 * The booking page's "Check in online": the call to action from the window's opening until
 * check-out for a confirmed booking; why not yet for a pending one or before the window; once done,
 * "Checked in online" with when, and the signed agreement.
 */
import type { BookingDetail } from '@rental/contract/schemas';
import { CircleCheck, ClipboardCheck } from 'lucide-react';
import { Link } from 'react-router';
import { formatInstantWithTime } from '../../lib/dates';
import { AgreementPdfButton } from './AgreementPdfButton';
import { checkInPath } from './checkInSteps';
import { CheckInNotOpen, useCheckInCall } from './CheckInNotOpen';

export function CheckInCall({ booking }: { booking: BookingDetail }) {
  const call = useCheckInCall(booking);
  if (call.kind === 'none') return null;
  if (call.kind === 'done') {
    return (
      <section aria-labelledby="check-in-heading" className="rounded-2xl border border-emerald-300 bg-emerald-50 p-5">
        <h2 id="check-in-heading" className="flex items-center gap-2 text-lg font-semibold text-emerald-950">
          <CircleCheck aria-hidden="true" size={20} /> Checked in online
        </h2>
        <p className="mt-1 text-sm text-emerald-950">
          Signed on {formatInstantWithTime(call.completedAt)}. At the counter we only walk round the car with you and hand over the keys.
        </p>
        <div className="mt-3 flex flex-wrap gap-3">
          <AgreementPdfButton bookingId={booking._id} />
          {booking.status === 'confirmed' && (
            <Link to={checkInPath(booking.reference)} className="btn-secondary min-h-11 px-4 text-sm">
              See your check-in
            </Link>
          )}
        </div>
      </section>
    );
  }
  return (
    <section aria-labelledby="check-in-heading" className="rounded-2xl border border-sky-200 bg-sky-50 p-5">
      <h2 id="check-in-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <ClipboardCheck aria-hidden="true" size={20} /> Check in online
      </h2>
      {call.kind === 'open' ? (
        <>
          <p className="mt-1 text-sm text-slate-700">
            Drivers, arrival time, the agreement signed on your phone and the payment: the counter then takes two minutes.
          </p>
          <Link to={checkInPath(booking.reference)} className="btn-primary mt-3 min-h-12 px-5">
            Check in online
          </Link>
        </>
      ) : (
        <CheckInNotOpen call={call} />
      )}
    </section>
  );
}
