import { BOOKING_LOOKUP_MESSAGES, BOOKING_SESSION_HOURS } from '@rental/contract/bookingLookup';
import type { LookedUpBooking } from '@rental/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import { ApiError, apiClient } from '../../api/client';
import { formatInstantWithTime } from '../../lib/dates';
import { CheckInAccessProvider } from '../onlineCheckIn/checkInAccess';
import type { BookingSession } from './bookingSession';
import { CardLoading } from './CardLoading';
import { LookedUpBookingCard } from './LookedUpBookingCard';
import type { CheckInFacts } from './LookedUpCheckIn';

const LookedUpCheckIn = lazy(() => import('./LookedUpCheckIn').then((m) => ({ default: m.LookedUpCheckIn })));

/**
 * The booking read with the session its sign-in link opened: the same card with online check-in (its
 * page works with this session), and how long the session lasts. Under ['booking', …]: signing the
 * check-in refreshes it.
 */
export function SignedInBooking({ session, onEnded }: { session: BookingSession; onEnded: () => void }) {
  const access = useMemo(() => {
    const api = apiClient.withToken(session.token);
    return { api, fileToken: session.token, bookingSession: session };
  }, [session]);
  const { api } = access;
  const booking = useQuery({
    queryKey: ['booking', 'lookup-session', session.bookingId],
    queryFn: async (): Promise<{ card: LookedUpBooking; checkIn: CheckInFacts }> => {
      const [{ booking: b }, { folio }] = await Promise.all([
        api.call('userBooking', { params: { reference: session.reference } }),
        api.call('folio', { params: { id: session.bookingId } }),
      ]);
      const card: LookedUpBooking = {
        reference: b.reference,
        car: b.car,
        pickupDate: b.pickupDate,
        returnDate: b.returnDate,
        status: b.status,
        statusReason: b.statusReason,
        paymentStatus: b.paymentStatus,
        owed: { charged: folio.totals.charged, paid: folio.totals.paid - folio.totals.refunded, balance: folio.totals.balance, currency: folio.currency },
      };
      return { card, checkIn: { bookingId: b._id, reference: b.reference, status: b.status, pickupDate: b.pickupDate, onlineCheckIn: b.onlineCheckIn } };
    },
    retry: false,
  });
  const ended = booking.error instanceof ApiError && (booking.error.status === 401 || booking.error.status === 404);
  return (
    <div className="mt-6 flex flex-col gap-4">
      <p className="rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950">
        {BOOKING_LOOKUP_MESSAGES.signedIn} This works in this browser tab until {formatInstantWithTime(session.expiresAt)} (at most {BOOKING_SESSION_HOURS}{' '}
        hours).{' '}
        <button type="button" className="font-medium underline" onClick={onEnded}>
          Sign out
        </button>
      </p>
      {booking.data ? (
        <CheckInAccessProvider value={access}>
          <Suspense fallback={<CardLoading />}>
            <LookedUpBookingCard
              booking={booking.data.card}
              checkIn={
                <Suspense fallback={null}>
                  <LookedUpCheckIn signedIn booking={booking.data.checkIn} />
                </Suspense>
              }
            />
          </Suspense>
        </CheckInAccessProvider>
      ) : booking.isError ? (
        <div className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
          <p className="font-medium">{ended ? 'This sign-in has ended.' : 'We could not load the booking.'}</p>
          <button type="button" className="btn-secondary mt-4" onClick={() => (ended ? onEnded() : booking.refetch())}>
            {ended ? 'Look it up again' : 'Try again'}
          </button>
        </div>
      ) : (
        <CardLoading />
      )}
      <p className="text-sm text-slate-600">
        Want to see all your bookings?{' '}
        <Link to="/my-bookings" className="font-medium text-primary underline">
          Log in to your account
        </Link>
        .
      </p>
    </div>
  );
}
