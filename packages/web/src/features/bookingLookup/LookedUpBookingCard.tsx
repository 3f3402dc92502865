/**
 * A booking read-only, as its renter sees it after a look-up or a sign-in link: car, dates, status, what is owed.
 * No icons: this page opens first from an e-mail on a phone, and stays within the page budget.
 */
import type { LookedUpBooking } from '@rental/contract/schemas';
import type { ReactNode } from 'react';
import { CarImage } from '../../components/CarImage';
import { useMoney } from '../../company/useCompany';
import { formatCalendarDate } from '../../lib/dates';
import { StatusPill } from '../bookings/StatusPill';

/** `checkIn`: online check-in's part (LookedUpCheckIn), under what is owed. */
export function LookedUpBookingCard({ booking, checkIn }: { booking: LookedUpBooking; checkIn?: ReactNode }) {
  const { car, owed } = booking;
  const money = useMoney();
  return (
    <article className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <div>
        <CarImage car={car} className="aspect-[16/10] w-full rounded-xl object-cover" />
        <h2 className="mt-3 text-lg font-semibold text-slate-900">
          {car.brand} {car.model}
        </h2>
        <p className="text-sm text-slate-600">
          {car.year} · {car.category}
        </p>
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-md bg-slate-100 px-2.5 py-1 font-mono text-sm font-semibold text-slate-900">Booking {booking.reference}</span>
          <StatusPill status={booking.status} reason={booking.statusReason} />
        </div>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Rental period</dt>
            <dd className="font-medium text-slate-900">
              {formatCalendarDate(booking.pickupDate)} to {formatCalendarDate(booking.returnDate)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Pick-up location</dt>
            <dd className="font-medium text-slate-900">{car.location}</dd>
          </div>
        </dl>
        <dl className="mt-auto grid grid-cols-3 gap-3 border-t border-slate-100 pt-4 text-sm">
          <div>
            <dt className="text-slate-500">Total</dt>
            <dd className="font-semibold text-slate-900">{money(owed.charged)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Paid</dt>
            <dd className="font-semibold text-slate-900">{money(owed.paid)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{owed.balance < 0 ? 'We owe you' : 'Still to pay'}</dt>
            <dd className="text-lg font-bold text-primary">{money(Math.abs(owed.balance))}</dd>
          </div>
        </dl>
        {checkIn}
      </div>
    </article>
  );
}
