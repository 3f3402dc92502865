/** Every booking with its customer; the owner sets each one's status. */
import type { OwnerBooking } from '@rental/contract/schemas';
import { phoneHref } from '@rental/contract/company';
import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { CarImage } from '../../components/CarImage';
import { SkeletonBlock } from '../../components/Skeleton';
import { errorMessage } from '../../api/client';
import { formatCalendarDate, formatInstant } from '../../lib/dates';
import { useMoney } from '../../company/useCompany';
import { matchesBookingSearch } from './bookingSearch';
import { BookingStatusNote } from './BookingStatusNote';
import { usePageMeta } from '../../lib/usePageMeta';
import { BookingCards } from './BookingCards';
import { BookingStatusSelect, OfflinePayment } from './BookingStatusSelect';
import { OwnerPageHeader } from './OwnerPageHeader';
import { useOwnerBookings } from './ownerQueries';
import { useNarrowerThan } from './useNarrowerThan';

export function ManageBookingsPage() {
  usePageMeta('Manage Bookings', 'Every booking of the fleet, its customer and its status.');
  const bookings = useOwnerBookings();
  const [search, setSearch] = useState('');
  const searchId = useId();
  // The table needs about 60rem beside the side menu; narrower screens get cards.
  const asCards = useNarrowerThan('xl');
  const shown = bookings.data?.filter((booking) => matchesBookingSearch(booking, search));
  const empty = bookings.error
    ? errorMessage(bookings.error)
    : search.trim() && bookings.data?.length
      ? `No booking matches “${search.trim()}”. Try the reference (WR-…), the customer’s name or e-mail.`
      : 'No bookings yet. They appear here as customers reserve.';

  useEffect(() => {
    if (bookings.error) toast.error(errorMessage(bookings.error));
  }, [bookings.error]);

  return (
    <>
      <OwnerPageHeader
        title="Manage Bookings"
        description="Track all customer bookings, approve or cancel requests, and manage booking statuses."
      />
      <div className="mb-4 max-w-md">
        <label htmlFor={searchId} className="field-label">
          Find a booking
        </label>
        <div className="relative">
          <Search aria-hidden="true" size={18} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
          <input
            id={searchId}
            type="search"
            className="field-input pl-10"
            placeholder="Reference, customer name or e-mail"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        {search.trim() && shown && (
          <p role="status" className="mt-1 text-sm text-slate-600">
            {shown.length} of {bookings.data?.length ?? 0} bookings
          </p>
        )}
      </div>
      {asCards ? (
        <BookingCards bookings={shown} pending={bookings.isPending} empty={empty} />
      ) : (
        <BookingTable bookings={shown} pending={bookings.isPending} empty={empty} />
      )}
    </>
  );
}

function BookingTable({ bookings, pending, empty }: { bookings: OwnerBooking[] | undefined; pending: boolean; empty: string }) {
  return (
    // relative: the visually hidden labels inside stay in this scrolling box instead of widening the page
    <div className="relative max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-[60rem] text-left text-sm">
        <caption className="sr-only">Bookings, newest first</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-3 font-medium">Booking</th>
            <th scope="col" className="px-3 py-3 font-medium">Car</th>
            <th scope="col" className="px-3 py-3 font-medium">Customer</th>
            <th scope="col" className="px-3 py-3 font-medium">Dates</th>
            <th scope="col" className="px-3 py-3 font-medium">Total</th>
            <th scope="col" className="px-3 py-3 font-medium">Payment</th>
            <th scope="col" className="px-3 py-3 font-medium">Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {pending ? (
            [0, 1, 2, 3].map((i) => (
              <tr key={i}>
                {[0, 1, 2, 3, 4, 5, 6].map((j) => (
                  <td key={j} className="px-3 py-3">
                    <SkeletonBlock className="h-5 w-24" />
                  </td>
                ))}
              </tr>
            ))
          ) : bookings && bookings.length > 0 ? (
            bookings.map((booking) => <BookingRow key={booking._id} booking={booking} />)
          ) : (
            <tr>
              <td colSpan={7} className="px-4 py-10 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

function BookingRow({ booking }: { booking: OwnerBooking }) {
  const money = useMoney();
  return (
    <tr>
      <td className="px-3 py-3 whitespace-nowrap">
        <p className="font-mono font-semibold text-slate-900">{booking.reference}</p>
        <p className="text-xs text-slate-500">Booked {formatInstant(booking.createdAt)}</p>
      </td>
      <td className="px-3 py-3">
        <div className="flex items-center gap-3">
          <CarImage car={booking.car} width={96} height={60} className="h-10 w-16 shrink-0 rounded-md object-cover" />
          <div className="min-w-0">
            <p className="font-medium whitespace-nowrap text-slate-900">
              {booking.car.brand} {booking.car.model}
            </p>
            <p className="whitespace-nowrap text-slate-500">
              {booking.car.year} · {booking.car.category}
            </p>
          </div>
        </div>
      </td>
      <td className="px-3 py-3">
        <p className="font-medium text-slate-900">{booking.user.name}</p>
        <a href={`mailto:${booking.user.email}`} className="block rounded text-slate-500 hover:text-primary">
          {booking.user.email}
        </a>
        {booking.user.phone ? (
          <a href={phoneHref(booking.user.phone)} className="block rounded whitespace-nowrap text-slate-700 hover:text-primary">
            {booking.user.phone}
          </a>
        ) : (
          <span className="block text-xs text-slate-500">No phone given</span>
        )}
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-slate-700">
        {formatCalendarDate(booking.pickupDate)}
        <br />
        <span className="text-slate-500">to</span> {formatCalendarDate(booking.returnDate)}
      </td>
      <td className="px-3 py-3 font-medium whitespace-nowrap text-slate-900">{money(booking.price)}</td>
      <td className="px-3 py-3">
        <OfflinePayment />
      </td>
      <td className="px-3 py-3">
        <BookingStatusSelect booking={booking} />
        <BookingStatusNote booking={booking} />
      </td>
    </tr>
  );
}
