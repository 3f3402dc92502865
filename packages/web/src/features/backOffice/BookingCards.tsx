/** The bookings on a phone or tablet: one card each, so the status is reachable without scrolling sideways. */
import type { StaffBooking } from '@rental/contract/schemas';
import { Link } from 'react-router';
import { CarImage } from '../../components/CarImage';
import { SkeletonBlock } from '../../components/Skeleton';
import { formatCalendarDate, formatInstant } from '../../lib/dates';
import { useMoney } from '../../company/useCompany';
import { BookingStatusNote } from './BookingStatusNote';
import { CustomerContact } from './CustomerContact';
import { BookingPayment } from './BookingPayment';
import { BookingStatusSelect } from './BookingStatusSelect';
import { StaffChangeBooking } from '../bookingChanges/StaffChangeBooking';

// As many columns as fit with cards at least 22rem wide (or the whole width on a small phone).
const GRID = 'grid grid-cols-[repeat(auto-fill,minmax(min(100%,22rem),1fr))] gap-3';

export function BookingCards({ bookings, pending, empty }: { bookings: StaffBooking[] | undefined; pending: boolean; empty: string }) {
  if (pending) {
    return (
      <ul aria-hidden="true" className={GRID}>
        {[0, 1, 2].map((i) => (
          <li key={i} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
            <SkeletonBlock className="h-12 w-2/3" />
            <SkeletonBlock className="h-4 w-full" />
            <SkeletonBlock className="h-10 w-1/2" />
          </li>
        ))}
      </ul>
    );
  }
  if (!bookings || bookings.length === 0) {
    return <p className="rounded-xl border border-slate-200 bg-white px-4 py-10 text-center text-slate-600">{empty}</p>;
  }
  return (
    <ul aria-label="Bookings, newest first" className={GRID}>
      {bookings.map((booking) => (
        <BookingCard key={booking._id} booking={booking} />
      ))}
    </ul>
  );
}

function BookingCard({ booking }: { booking: StaffBooking }) {
  const money = useMoney();
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 text-sm">
      <p className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <Link to={`/owner/bookings/${booking._id}`} className="inline-flex min-h-11 items-center font-mono text-base font-semibold text-primary underline">
          {booking.reference}
        </Link>
        <span className="text-xs text-slate-500">Booked {formatInstant(booking.createdAt)}</span>
      </p>
      <div className="flex items-center gap-3">
        <CarImage car={booking.car} width={96} height={60} className="h-12 w-20 shrink-0 rounded-md object-cover" />
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {booking.car.brand} {booking.car.model}
          </p>
          <p className="text-slate-500">
            {booking.car.year} · {booking.car.category}
          </p>
        </div>
      </div>
      <dl className="mt-4 mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="text-slate-500">Customer</dt>
        <dd className="min-w-0">
          <CustomerContact user={booking.user} otherDrivers={booking.additionalDrivers} />
        </dd>
        <dt className="text-slate-500">Dates</dt>
        <dd className="text-slate-700">
          <p>{formatCalendarDate(booking.pickupDate)}</p>
          <p>
            <span className="text-slate-500">to</span> {formatCalendarDate(booking.returnDate)}
          </p>
        </dd>
        <dt className="text-slate-500">Total</dt>
        <dd className="font-medium text-slate-900">{money(booking.price)}</dd>
        <dt className="text-slate-500">Payment</dt>
        <dd>
          <BookingPayment booking={booking} className="min-h-11" />
        </dd>
      </dl>
      <div className="mt-auto flex items-center justify-between gap-3 border-t border-slate-100 pt-3">
        <span aria-hidden="true" className="font-medium text-slate-700">
          Status
        </span>
        <BookingStatusSelect booking={booking} className="min-h-11 min-w-36" />
      </div>
      <BookingStatusNote booking={booking} />
      <StaffChangeBooking booking={booking} className="btn-secondary mt-3 min-h-11 w-full" />
    </li>
  );
}
