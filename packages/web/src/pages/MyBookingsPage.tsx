import type { BookingStatus } from '@rental/contract/constants';
import { formatMoney } from '@rental/contract/format';
import type { Booking } from '@rental/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, CarFront, MapPin, Wallet } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { CarImage } from '../components/CarImage';
import { SkeletonBlock } from '../components/Skeleton';
import { callApi, errorMessage } from '../api/client';
import { formatCalendarDate, formatInstant } from '../lib/dates';
import { queryKeys } from '../lib/queryKeys';
import { usePageMeta } from '../lib/usePageMeta';
import { useSession } from '../session/useSession';

const STATUS_STYLE: Record<BookingStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-red-100 text-red-900',
};

const PAYMENT_LABEL = { upfront: 'Pay upfront', cash_deposit: 'Cash deposit' } as const;

function BookingCard({ booking, position }: { booking: Booking; position: number }) {
  const { car } = booking;
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
          <span className="rounded-md bg-slate-100 px-2.5 py-1 text-sm font-medium text-slate-800">Booking #{position}</span>
          <span className={`rounded-full px-3 py-1 text-sm font-medium capitalize ${STATUS_STYLE[booking.status]}`}>
            {booking.status}
          </span>
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
            <dd className="font-medium text-slate-900">{PAYMENT_LABEL[booking.paymentMethod]}</dd>
          </div>
        </dl>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-2 border-t border-slate-100 pt-4">
          <div>
            <p className="text-sm text-slate-500">Total price</p>
            <p className="text-2xl font-bold text-primary">{formatMoney(booking.price)}</p>
          </div>
          <p className="text-sm text-slate-500">Booked on {formatInstant(booking.createdAt)}</p>
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

export default function MyBookingsPage() {
  usePageMeta('My Bookings', 'See your car bookings: their status, rental period, pick-up location and total price.');
  const { token, setShowLogin } = useSession();
  const bookings = useQuery({
    queryKey: queryKeys.userBookings,
    queryFn: () => callApi('userBookings'),
    select: (data) => data.bookings,
    enabled: token !== null,
  });
  useEffect(() => {
    if (bookings.error) toast.error(errorMessage(bookings.error), { id: 'bookings-load' });
  }, [bookings.error]);

  let body: ReactNode;
  if (!token) {
    body = (
      <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center">
        <p className="text-lg font-medium text-slate-900">Please log in to see your bookings.</p>
        <p className="mt-1 text-slate-600">Your reservations appear here once you are logged in.</p>
        <button type="button" className="btn-primary mt-5" onClick={() => setShowLogin(true)}>
          Login
        </button>
      </div>
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
      <ol className="space-y-6">
        {bookings.data.map((booking, i) => (
          <li key={booking._id}>
            <BookingCard booking={booking} position={i + 1} />
          </li>
        ))}
      </ol>
    );
  }

  return (
    <div className="container-page max-w-5xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-slate-900">My Bookings</h1>
      <p className="mt-2 mb-8 text-slate-600">View and follow your car bookings.</p>
      {body}
    </div>
  );
}
