/** Every booking with its customer; the owner sets each one's status. */
import { formatMoney } from '@rental/contract/format';
import type { OwnerBooking } from '@rental/contract/schemas';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { CarImage } from '../../components/CarImage';
import { SkeletonBlock } from '../../components/Skeleton';
import { errorMessage } from '../../api/client';
import { formatCalendarDate, formatInstant } from '../../lib/dates';
import { usePageMeta } from '../../lib/usePageMeta';
import { BookingCards } from './BookingCards';
import { BookingStatusSelect, OfflinePayment } from './BookingStatusSelect';
import { OwnerPageHeader } from './OwnerPageHeader';
import { useOwnerBookings } from './ownerQueries';
import { useNarrowerThan } from './useNarrowerThan';

export function ManageBookingsPage() {
  usePageMeta('Manage Bookings', 'Every booking of the fleet, its customer and its status.');
  const bookings = useOwnerBookings();
  // The table needs about 56rem beside the side menu; narrower screens get cards.
  const asCards = useNarrowerThan('xl');
  const empty = bookings.error ? errorMessage(bookings.error) : 'No bookings yet. They appear here as customers reserve.';

  useEffect(() => {
    if (bookings.error) toast.error(errorMessage(bookings.error));
  }, [bookings.error]);

  return (
    <>
      <OwnerPageHeader
        title="Manage Bookings"
        description="Track all customer bookings, approve or cancel requests, and manage booking statuses."
      />
      {asCards ? (
        <BookingCards bookings={bookings.data} pending={bookings.isPending} empty={empty} />
      ) : (
        <BookingTable bookings={bookings.data} pending={bookings.isPending} empty={empty} />
      )}
    </>
  );
}

function BookingTable({ bookings, pending, empty }: { bookings: OwnerBooking[] | undefined; pending: boolean; empty: string }) {
  return (
    // relative: the visually hidden labels inside stay in this scrolling box instead of widening the page
    <div className="relative max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">Bookings, newest first</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
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
                {[0, 1, 2, 3, 4, 5].map((j) => (
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
              <td colSpan={6} className="px-4 py-10 text-center text-slate-600">
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
  return (
    <tr>
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
        <a href={`mailto:${booking.user.email}`} className="rounded text-slate-500 hover:text-primary">
          {booking.user.email}
        </a>
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-slate-700">
        {formatCalendarDate(booking.pickupDate)}
        <br />
        <span className="text-slate-500">to</span> {formatCalendarDate(booking.returnDate)}
        <p className="text-xs text-slate-500">Booked {formatInstant(booking.createdAt)}</p>
      </td>
      <td className="px-3 py-3 font-medium whitespace-nowrap text-slate-900">{formatMoney(booking.price)}</td>
      <td className="px-3 py-3">
        <OfflinePayment />
      </td>
      <td className="px-3 py-3">
        <BookingStatusSelect booking={booking} />
      </td>
    </tr>
  );
}
