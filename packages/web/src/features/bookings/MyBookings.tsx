/** My Bookings: one card per booking, named by its reference, each leading to the booking's page. */
import type { Booking } from '@rental/contract/schemas';
import { CalendarDays, CarFront, CircleCheck, Clock, MapPin, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { CarImage } from '../../components/CarImage';
import { LoginPrompt } from '../../components/LoginPrompt';
import { SkeletonBlock } from '../../components/Skeleton';
import { useMoney } from '../../company/useCompany';
import { formatCalendarDate, formatInstant, formatInstantWithTime } from '../../lib/dates';
import { useSession } from '../../session/useSession';
import { useMyBookings } from './bookingQueries';
import { PAYMENT_METHOD_TEXT } from '@rental/contract/paymentWords';
import { StatusPill } from './StatusPill';

export function bookingPath(reference: string): string {
  return `/my-bookings/${encodeURIComponent(reference)}`;
}

function BookingCard({ booking }: { booking: Booking }) {
  const { car } = booking;
  const money = useMoney();
  const payBy = booking.status === 'pending' && booking.paymentMethod === 'cash_deposit' && booking.holdExpiresAt;
  return (
    <article className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <div>
        <CarImage car={car} className="aspect-[16/10] w-full rounded-xl object-cover" />
        <h2 className="mt-3 text-lg font-semibold text-slate-900">
          {car.brand} {car.model}
        </h2>
        <p className="text-sm text-slate-600">
          {car.year} · {car.category} · {car.location}
        </p>
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={bookingPath(booking.reference)}
            className="rounded-md bg-slate-100 px-2.5 py-1 font-mono text-sm font-semibold text-slate-900 underline-offset-2 hover:underline"
          >
            Booking {booking.reference}
          </Link>
          <StatusPill status={booking.status} reason={booking.statusReason} />
        </div>
        {/* Icons live in the dt: dt and dd must sit directly in each group div (axe: definition-list). */}
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div className="relative pl-7">
            <dt className="text-slate-500">
              <CalendarDays aria-hidden="true" size={18} className="absolute top-0.5 left-0 text-primary" />
              Rental period
            </dt>
            <dd className="font-medium text-slate-900">
              {formatCalendarDate(booking.pickupDate)} to {formatCalendarDate(booking.returnDate)}
            </dd>
          </div>
          <div className="relative pl-7">
            <dt className="text-slate-500">
              <MapPin aria-hidden="true" size={18} className="absolute top-0.5 left-0 text-primary" />
              Pick-up location
            </dt>
            <dd className="font-medium text-slate-900">{car.location}</dd>
          </div>
          <div className="relative pl-7">
            <dt className="text-slate-500">
              <Wallet aria-hidden="true" size={18} className="absolute top-0.5 left-0 text-primary" />
              Payment
            </dt>
            <dd className="font-medium text-slate-900">{PAYMENT_METHOD_TEXT[booking.paymentMethod].name}</dd>
          </div>
          {payBy && (
            <div className="relative pl-7">
              <dt className="text-slate-500">
                <Clock aria-hidden="true" size={18} className="absolute top-0.5 left-0 text-primary" />
                Pay by
              </dt>
              <dd className="font-medium text-slate-900">{formatInstantWithTime(payBy)}</dd>
            </div>
          )}
        </dl>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-3 border-t border-slate-100 pt-4">
          <div>
            <p className="text-sm text-slate-500">Total price</p>
            <p className="text-2xl font-bold text-primary">{money(booking.price)}</p>
            <p className="text-sm text-slate-500">Booked on {formatInstant(booking.createdAt)}</p>
          </div>
          <Link
            to={bookingPath(booking.reference)}
            className="btn-secondary px-4 py-2 text-sm"
            aria-label={`Details and payment of booking ${booking.reference}`}
          >
            Details and payment
          </Link>
        </div>
      </div>
    </article>
  );
}

function BookingsSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <span className="sr-only">Loading your bookings</span>
      {[0, 1].map((i) => (
        <div key={i} className="grid gap-5 rounded-2xl border border-slate-200 p-5 md:grid-cols-[1fr_2fr]">
          <SkeletonBlock className="aspect-[16/10] w-full" />
          <div className="space-y-3">
            <SkeletonBlock className="h-6 w-40" />
            <SkeletonBlock className="h-4 w-3/4" />
            <SkeletonBlock className="h-4 w-1/2" />
            <SkeletonBlock className="h-8 w-32" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** After Confirm Booking (SPEC: on to My Bookings), the new booking is pointed out with a way to its page. */
function JustBooked({ reference }: { reference: string }) {
  return (
    <div role="status" className="mb-6 flex items-start gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-950">
      <CircleCheck aria-hidden="true" className="mt-0.5 shrink-0 text-emerald-700" />
      <div>
        <p className="font-semibold">Your booking {reference} is made.</p>
        <p className="mt-1 text-sm">
          We hold the car for you while we confirm it.{' '}
          <Link to={bookingPath(reference)} className="font-medium underline">
            See how and where to pay
          </Link>
          .
        </p>
      </div>
    </div>
  );
}

export function MyBookings() {
  const { token } = useSession();
  const location = useLocation();
  const bookings = useMyBookings();
  const state: unknown = location.state;
  const justBooked = typeof state === 'object' && state !== null && 'justBooked' in state ? state.justBooked : undefined;

  let body: ReactNode;
  if (!token) {
    body = (
      <>
        <LoginPrompt title="Please log in to see your bookings." text="Your reservations appear here once you are logged in." />
        <p className="mt-4 text-center text-slate-600">
          Booked at our counter or by phone, or forgot your password?{' '}
          <Link to="/booking" className="font-medium text-primary underline-offset-2 hover:underline">
            Find your booking
          </Link>{' '}
          with its reference.
        </p>
      </>
    );
  } else if (bookings.isPending && !bookings.isError) {
    body = <BookingsSkeleton />;
  } else if (bookings.isError) {
    body = (
      <div className="rounded-2xl border border-red-200 bg-red-50 p-8 text-center">
        <p className="font-medium text-red-900">We could not load your bookings.</p>
        <button type="button" className="btn-secondary mt-4" onClick={() => bookings.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (bookings.data.length === 0) {
    body = (
      <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center">
        <CarFront aria-hidden="true" size={40} className="mx-auto text-slate-400" />
        <p className="mt-3 text-lg font-medium text-slate-900">You have no bookings yet.</p>
        <p className="mt-1 text-slate-600">Find a car you like and reserve it in a few steps.</p>
        <Link to="/cars" className="btn-primary mt-5">
          Browse cars
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        {typeof justBooked === 'string' && bookings.data.some((b) => b.reference === justBooked) && <JustBooked reference={justBooked} />}
        <ol className="space-y-6">
          {bookings.data.map((booking) => (
            <li key={booking._id}>
              <BookingCard booking={booking} />
            </li>
          ))}
        </ol>
      </>
    );
  }

  return (
    <div className="container-page max-w-5xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-slate-900">My Bookings</h1>
      <p className="mt-2 mb-8 text-slate-600">View and follow your car bookings. Open one to see how to pay, to cancel it or to add it to your calendar.</p>
      {body}
    </div>
  );
}
