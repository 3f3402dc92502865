/** Every booking with its customer; the owner sets each one's status. */
import { BOOKING_STATUSES, type BookingStatus } from '@rental/contract/constants';
import { formatMoney } from '@rental/contract/format';
import type { OwnerBooking } from '@rental/contract/schemas';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { CarImage } from '../../components/CarImage';
import { SkeletonBlock } from '../../components/Skeleton';
import { errorMessage } from '../../lib/apiClient';
import { formatCalendarDate, formatInstant } from '../../lib/dates';
import { usePageMeta } from '../../lib/usePageMeta';
import { OwnerPageHeader } from './OwnerPageHeader';
import { useChangeStatus, useOwnerBookings } from './ownerQueries';

/** SPEC: green for confirmed, red otherwise. */
export function statusSelectColour(status: BookingStatus): string {
  return status === 'confirmed'
    ? 'border-emerald-300 bg-emerald-50 text-emerald-800'
    : 'border-red-300 bg-red-50 text-red-700';
}

export function ManageBookingsPage() {
  usePageMeta('Manage Bookings', 'Every booking of the fleet, its customer and its status.');
  const bookings = useOwnerBookings();

  useEffect(() => {
    if (bookings.error) toast.error(errorMessage(bookings.error));
  }, [bookings.error]);

  return (
    <>
      <OwnerPageHeader
        title="Manage Bookings"
        description="Track all customer bookings, approve or cancel requests, and manage booking statuses."
      />
      {/* relative: the visually hidden labels inside stay in this scrolling box instead of widening the page */}
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
            {bookings.isPending ? (
              [0, 1, 2, 3].map((i) => (
                <tr key={i}>
                  {[0, 1, 2, 3, 4, 5].map((j) => (
                    <td key={j} className="px-3 py-3">
                      <SkeletonBlock className="h-5 w-24" />
                    </td>
                  ))}
                </tr>
              ))
            ) : bookings.data && bookings.data.length > 0 ? (
              bookings.data.map((booking) => <BookingRow key={booking._id} booking={booking} />)
            ) : (
              <tr>
                <td colSpan={6} className="px-4 py-10 text-center text-slate-600">
                  {bookings.error ? errorMessage(bookings.error) : 'No bookings yet. They appear here as customers reserve.'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

function BookingRow({ booking }: { booking: OwnerBooking }) {
  const change = useChangeStatus();
  // The owner's choice shows while it is saved; on failure the select falls back to the stored status.
  const [choice, setChoice] = useState<BookingStatus | null>(null);
  const shown = choice ?? booking.status;
  const carName = `${booking.car.brand} ${booking.car.model}`;
  const selectId = `status-${booking._id}`;

  const onChange = (status: BookingStatus) => {
    if (status === booking.status) return;
    setChoice(status);
    change.mutate({ bookingId: booking._id, status }, { onSettled: () => setChoice(null) });
  };

  return (
    <tr>
      <td className="px-3 py-3">
        <div className="flex items-center gap-3">
          <CarImage car={booking.car} width={96} height={60} className="h-10 w-16 shrink-0 rounded-md object-cover" />
          <div className="min-w-0">
            <p className="font-medium whitespace-nowrap text-slate-900">{carName}</p>
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
        <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">offline</span>
      </td>
      <td className="px-3 py-3">
        <label htmlFor={selectId} className="sr-only">
          Status of {booking.user.name}’s booking of the {carName} from {formatCalendarDate(booking.pickupDate)}
        </label>
        <select
          id={selectId}
          value={shown}
          disabled={change.isPending}
          onChange={(event) => onChange(event.target.value as BookingStatus)}
          className={`rounded-lg border px-3 py-2 font-medium capitalize disabled:opacity-60 ${statusSelectColour(shown)}`}
        >
          {BOOKING_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </td>
    </tr>
  );
}
