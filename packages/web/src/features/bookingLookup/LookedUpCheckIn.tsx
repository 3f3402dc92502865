/**
 * Online check-in on the looked-up booking: with the booking's sign-in session, "Check in online"
 * while it is open (the check-in page works with that session), why not yet, or "Checked in online"
 * with the signed agreement; found by reference and name only, where to get the link that opens it.
 * No icons, as the card: this page opens first from an e-mail on a phone.
 */
import { Link } from 'react-router';
import { formatInstantWithTime } from '../../lib/dates';
import { AgreementPdfButton } from '../onlineCheckIn/AgreementPdfButton';
import { checkInPath } from '../onlineCheckIn/checkInSteps';
import { CheckInNotOpen, useCheckInCall } from '../onlineCheckIn/CheckInNotOpen';

export interface CheckInFacts {
  bookingId: string;
  reference: string;
  status: string;
  pickupDate: string;
  onlineCheckIn?: { completedAt: string } | undefined;
}

export function LookedUpCheckIn({ booking, signedIn }: { booking: CheckInFacts; signedIn: boolean }) {
  const call = useCheckInCall(booking);
  if (call.kind === 'none') return null;
  if (call.kind === 'done') {
    return (
      <section aria-labelledby="looked-up-check-in" className="rounded-xl border border-emerald-300 bg-emerald-50 p-4">
        <h3 id="looked-up-check-in" className="font-semibold text-emerald-950">
          Checked in online
        </h3>
        <p className="mt-1 text-sm text-emerald-950">
          Signed on {formatInstantWithTime(call.completedAt)}. At the counter we walk round the car with you and hand over the keys.
        </p>
        {signedIn && (
          <div className="mt-3">
            <AgreementPdfButton bookingId={booking.bookingId} />
          </div>
        )}
      </section>
    );
  }
  return (
    <section aria-labelledby="looked-up-check-in" className="rounded-xl border border-sky-200 bg-sky-50 p-4">
      <h3 id="looked-up-check-in" className="font-semibold text-slate-900">
        Check in online
      </h3>
      {call.kind === 'open' ? (
        signedIn ? (
          <>
            <p className="mt-1 text-sm text-slate-700">Drivers, arrival time and the agreement signed on your phone: the counter then takes two minutes.</p>
            <Link to={checkInPath(booking.reference)} className="btn-primary mt-3 min-h-12 w-full px-5 sm:w-auto">
              Check in online
            </Link>
          </>
        ) : (
          <p className="mt-1 text-sm text-slate-700">
            Check-in is open. Open the link we e-mailed you: it opens this booking, with its “Check in online” button.
          </p>
        )
      ) : (
        <CheckInNotOpen call={call} />
      )}
    </section>
  );
}
