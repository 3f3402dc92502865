/**
 * Every booking with its customer, a page at a time, newest first: search and filters run on the
 * server; the owner sets each booking's status and what has been paid, and exports the list.
 */
import type { StaffBooking } from '@rental/contract/schemas';
import { Download } from 'lucide-react';
import { memo, useEffect, useMemo, useState } from 'react';
import toast from '../../lib/toast';
import { CarImage } from '../../components/CarImage';
import { SkeletonBlock } from '../../components/Skeleton';
import { errorMessage } from '../../api/client';
import { formatCalendarDate, formatInstant } from '../../lib/dates';
import { useMoney } from '../../company/useCompany';
import { type BookingFilters, bookingQuery, emptyListText, filtersProblem, listedText, NO_FILTERS } from './bookingSearch';
import { downloadBookingsCsv } from './bookingsCsvDownload';
import { useStaffMay } from './useStaffMay';
import { BookingStatusNote } from './BookingStatusNote';
import { usePageMeta } from '../../lib/usePageMeta';
import { BookingCards } from './BookingCards';
import { CustomerContact } from './CustomerContact';
import { BookingFilterBar } from './BookingFilterBar';
import { BookingPayment } from './BookingPayment';
import { BookingStatusSelect } from './BookingStatusSelect';
import { StaffChangeBooking } from '../bookingChanges/StaffChangeBooking';
import { Link, useSearchParams } from 'react-router';
import { NewBookingButton } from './newBooking/NewBookingButton';
import { StaffPageHeader } from './StaffPageHeader';
import { useStaffBookingPages } from './backOfficeQueries';
import { useDebouncedValue } from './useDebouncedValue';
import { useGrowingCount } from './useGrowingCount';
import { useNarrowerThan } from './useNarrowerThan';

/** Typing pauses this long before the server is asked. */
const SEARCH_PAUSE_MS = 300;

export function ManageBookingsPage() {
  usePageMeta('Manage Bookings', 'Every booking of the fleet, its customer and its status.');
  // ?q=WR-… opens the list searched for one booking (where the new booking page sends staff).
  // ?balance=owing_after_return: the returned bookings still owing, a list staff keep as a link.
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<BookingFilters>(() => ({
    ...NO_FILTERS,
    search: params.get('q') ?? '',
    owingAfterReturn: params.get('balance') === 'owing_after_return',
  }));
  useEffect(() => {
    if ((params.get('balance') === 'owing_after_return') === filters.owingAfterReturn) return;
    const next = new URLSearchParams(params);
    if (filters.owingAfterReturn) next.set('balance', 'owing_after_return');
    else next.delete('balance');
    setParams(next, { replace: true });
  }, [filters.owingAfterReturn, params, setParams]);
  const search = useDebouncedValue(filters.search, SEARCH_PAUSE_MS);
  const problem = filtersProblem(filters);
  // The last query that made sense: days the wrong way round keep the list as it was.
  const [asked, setAsked] = useState(() => bookingQuery(NO_FILTERS));
  const wanted = useMemo(() => bookingQuery({ ...filters, search }), [filters, search]);
  useEffect(() => {
    if (!problem) setAsked(wanted);
  }, [problem, wanted]);
  const pages = useStaffBookingPages(asked);
  const bookings = pages.data?.pages.flatMap((page) => page.bookings);
  // A page of rows is drawn in steps, the first screenful at once (each row carries several controls).
  // The same question asked again (a letter typed before the search's pause) keeps what is drawn.
  const shown = useGrowingCount(bookings?.length ?? 0, JSON.stringify(asked), 15, 15);
  const drawn = useMemo(() => bookings?.slice(0, shown), [bookings, shown]);
  const [exporting, setExporting] = useState(false);
  const mayExport = useStaffMay('manager');
  // The table needs about 60rem beside the side menu; narrower screens get cards.
  const asCards = useNarrowerThan('xl');
  const empty = pages.error ? errorMessage(pages.error) : emptyListText({ ...filters, search });

  useEffect(() => {
    if (pages.error) toast.error(errorMessage(pages.error));
  }, [pages.error]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadBookingsCsv(asked);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <StaffPageHeader
        title="Manage Bookings"
        description="Track all customer bookings, approve or cancel requests, and manage booking statuses."
        action={<NewBookingButton />}
      />
      <div className="mb-4 space-y-3">
        <BookingFilterBar filters={filters} onChange={setFilters} />
        {problem && (
          <p role="alert" className="field-error">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p role="status" className="text-sm text-slate-600">
            {bookings && !pages.isPending ? listedText(bookings.length, pages.hasNextPage) : ''}
          </p>
          {mayExport && (
            <button type="button" className="btn-secondary min-h-11" onClick={exportCsv} disabled={exporting}>
              <Download aria-hidden="true" size={18} />
              {exporting ? 'Exporting…' : 'Export CSV'}
            </button>
          )}
        </div>
      </div>
      {asCards ? (
        <BookingCards bookings={drawn} pending={pages.isPending} empty={empty} />
      ) : (
        <BookingTable bookings={drawn} pending={pages.isPending} empty={empty} />
      )}
      {pages.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <button type="button" className="btn-secondary min-h-11 w-full sm:w-auto" onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
            {pages.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </>
  );
}

function BookingTable({ bookings, pending, empty }: { bookings: StaffBooking[] | undefined; pending: boolean; empty: string }) {
  return (
    // relative: the visually hidden labels inside stay in this scrolling box instead of widening the page
    <div className="relative max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-[60rem] text-left text-sm">
        <caption className="sr-only">Bookings, newest first</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-3 font-medium whitespace-nowrap">
              Booking
            </th>
            <th scope="col" className="px-3 py-3 font-medium whitespace-nowrap">
              Car
            </th>
            <th scope="col" className="px-3 py-3 font-medium whitespace-nowrap">
              Customer
            </th>
            <th scope="col" className="px-3 py-3 font-medium whitespace-nowrap">
              Dates
            </th>
            <th scope="col" className="px-3 py-3 font-medium whitespace-nowrap">
              Total and payment
            </th>
            <th scope="col" className="px-3 py-3 font-medium whitespace-nowrap">
              Status
            </th>
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

/** Drawn again only when its booking changes: the rows drawn in steps keep the ones already drawn. */
const BookingRow = memo(function BookingRow({ booking }: { booking: StaffBooking }) {
  const money = useMoney();
  return (
    <tr>
      <td className="px-3 py-3">
        <Link to={`/owner/bookings/${booking._id}`} className="font-mono font-semibold whitespace-nowrap text-primary underline">
          {booking.reference}
        </Link>
        <p className="text-xs text-slate-500">Booked {formatInstant(booking.createdAt)}</p>
      </td>
      <td className="px-3 py-3">
        <div className="flex items-center gap-3">
          {/* Beside the side menu a 1280 px screen has room for every column but not the pictures. */}
          <CarImage car={booking.car} width={96} height={60} className="hidden h-10 w-16 shrink-0 rounded-md object-cover 2xl:block" />
          <div className="min-w-0">
            <p className="font-medium text-slate-900">
              {booking.car.brand} {booking.car.model}
            </p>
            <p className="text-slate-500">
              {booking.car.year} · {booking.car.category}
            </p>
          </div>
        </div>
      </td>
      <td className="min-w-40 px-3 py-3">
        <CustomerContact user={booking.user} otherDrivers={booking.additionalDrivers} />
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-slate-700">
        {formatCalendarDate(booking.pickupDate)}
        <br />
        <span className="text-slate-500">to</span> {formatCalendarDate(booking.returnDate)}
      </td>
      {/* The total heads the payment's column: a column of its own left no room for the status in words at 1280 px. */}
      <td className="px-3 py-3">
        <p className="mb-1.5 font-medium whitespace-nowrap text-slate-900">{money(booking.price)}</p>
        <BookingPayment booking={booking} />
      </td>
      <td className="px-3 py-3">
        <BookingStatusSelect booking={booking} />
        <BookingStatusNote booking={booking} />
        <StaffChangeBooking booking={booking} className="btn-secondary mt-2 min-h-9 px-3 text-xs" />
      </td>
    </tr>
  );
});
