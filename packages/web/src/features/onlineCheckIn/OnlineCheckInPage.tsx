/**
 * /my-bookings/{reference}/check-in: the counter's paperwork on the customer's phone before pickup,
 * one step at a time (Drivers, Arrival, Agreement, Payment). The server says what each step holds
 * and whether check-in is open; the screens decide on its codes, never its words. This shell loads
 * the booking and the state; the steps' code comes as it loads (CheckInFlow). It works with an
 * account's login or with the session of the booking's one-time sign-in link opened in this tab
 * (checkInAccess.ts): a walk-in without a password checks in as well.
 */
import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { LoginPrompt } from '../../components/LoginPrompt';
import { SkeletonBlock } from '../../components/Skeleton';
import { usePageMeta } from '../../lib/usePageMeta';
import { useSession } from '../../session/useSession';
import { forgetBookingSession } from '../bookingLookup/bookingSession';
import { bookingPagePath, checkInAccessFor, CheckInAccessProvider, useCheckInAccess } from './checkInAccess';
import { useCheckInBooking, useOnlineCheckIn } from './checkInQueries';

const CheckInFlow = lazy(() => import('./CheckInFlow'));

function Loading() {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">Loading your check-in</span>
      <SkeletonBlock className="h-12 w-full" />
      <SkeletonBlock className="h-72 w-full" />
    </div>
  );
}

function CheckInBody({ reference }: { reference: string }) {
  const booking = useCheckInBooking(reference);
  const checkIn = useOnlineCheckIn(booking.data?._id);
  const { bookingSession } = useCheckInAccess();
  const problem = booking.error ?? checkIn.error;
  if (problem && bookingSession && problem instanceof ApiError && problem.status === 401) {
    // The link's session lasts two hours, or ended with a password change: a new link is one look-up away.
    return (
      <div role="alert" className="rounded-2xl border border-slate-200 p-6 text-center text-slate-900">
        <p className="text-lg">This sign-in has ended.</p>
        <Link to={`/booking/${reference}`} className="btn-primary mt-4" onClick={forgetBookingSession}>
          Look the booking up again
        </Link>
      </div>
    );
  }
  if (problem) {
    const notFound = problem instanceof ApiError && problem.status === 404;
    return (
      <p role="alert" className="rounded-2xl border border-slate-200 p-6 text-center text-lg text-slate-900">
        {notFound ? `We cannot find booking ${reference} among your bookings.` : errorMessage(problem)}
      </p>
    );
  }
  if (!booking.data || !checkIn.data) return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      <CheckInFlow state={checkIn.data} booking={booking.data} />
    </Suspense>
  );
}

export default function OnlineCheckInPage() {
  const { reference = '' } = useParams();
  const { token } = useSession();
  const upper = reference.toUpperCase();
  const access = useMemo(() => checkInAccessFor(reference, token), [reference, token]);
  usePageMeta(`Check in online: ${upper}`, 'Check in online before pickup: drivers, arrival time, the agreement signed on your phone, and the payment.');
  return (
    <div className="container-page max-w-2xl py-6 sm:py-10">
      <Link
        to={access ? bookingPagePath(reference, access) : `/my-bookings/${reference}`}
        className="mb-4 inline-flex min-h-11 items-center gap-2 rounded-md text-slate-600 hover:text-primary"
      >
        <ArrowLeft aria-hidden="true" size={18} />
        Booking {upper}
      </Link>
      <h1 className="mb-4 text-2xl font-bold text-slate-900 sm:text-3xl">Check in online</h1>
      {access ? (
        <CheckInAccessProvider value={access}>
          <CheckInBody reference={reference} />
        </CheckInAccessProvider>
      ) : (
        <>
          <LoginPrompt title="Please log in to check in." text="Your booking's check-in appears here once you are logged in." />
          <p className="mt-4 text-center text-slate-700">
            No password?{' '}
            <Link to={`/booking/${reference}`} className="font-medium text-primary underline">
              Find your booking
            </Link>{' '}
            with its reference and your last name: we e-mail you a link that opens it, check-in included.
          </p>
        </>
      )}
    </div>
  );
}
