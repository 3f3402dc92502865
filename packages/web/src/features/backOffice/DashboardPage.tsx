import { companyToday } from '@rental/contract/rentalDates';
import type { DashboardData } from '@rental/contract/schemas';
import { CalendarCheck, CarFront, CircleCheck, Clock, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import toast from '../../lib/toast';
import { Link } from 'react-router';
import { CarImage } from '../../components/CarImage';
import { SkeletonBlock } from '../../components/Skeleton';
import { errorMessage } from '../../api/client';
import { usePageMeta } from '../../lib/usePageMeta';
import { formatRentalPeriod } from './dateRange';
import { StaffPageHeader } from './StaffPageHeader';
import { useDashboard } from './backOfficeQueries';
import { StatusBadge } from './StatusBadge';
import { CustomerChips } from './vetting/CustomerChips';
import { useMoney } from '../../company/useCompany';
import { TodayMovements } from './timeline/TodayMovements';
import { PapersDue } from './carPapers/PapersDue';
import { SetupChecklist } from './setup/SetupChecklist';
import { useStaffMay } from './useStaffMay';

/** Recharts only downloads when the dashboard shows its chart. */
const RevenueChart = lazy(() => import('./RevenueChart'));

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "June 2026": the company's current month, which monthly revenue covers. */
function currentMonthName(): string {
  const [y = NaN, m = NaN] = companyToday().split('-').map(Number);
  return monthFormat.format(new Date(Date.UTC(y, m - 1, 1)));
}

type Tile = { label: string; value: (d: DashboardData) => number; icon: LucideIcon };
const TILES: Tile[] = [
  { label: 'Total Cars', value: (d) => d.totalCars, icon: CarFront },
  { label: 'Total Bookings', value: (d) => d.totalBookings, icon: CalendarCheck },
  { label: 'Pending', value: (d) => d.pendingBookings, icon: Clock },
  { label: 'Confirmed', value: (d) => d.completedBookings, icon: CircleCheck },
];

/**
 * The dashboard draws its answer all at once, in place of a placeholder of its own (keyed apart, so
 * nothing of the placeholder is kept and moved): the day's lists, the papers due and the setup
 * checklist have heights known only with the answer, and came in above what was already drawn,
 * pushing it down (a layout shift of 0.58-0.69 on a phone).
 */
export function DashboardPage() {
  usePageMeta('Dashboard', 'Fleet, bookings and this month’s revenue at a glance.');
  const dashboard = useDashboard();
  const data = dashboard.data;

  useEffect(() => {
    if (dashboard.error) toast.error(errorMessage(dashboard.error));
  }, [dashboard.error]);

  return (
    <>
      <StaffPageHeader title="Dashboard" description="Monitor the fleet, the bookings and this month’s revenue." />
      {dashboard.isPending && (
        <span role="status" className="sr-only">
          Loading the dashboard…
        </span>
      )}
      {dashboard.error && !data && (
        <div role="alert" className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p>{errorMessage(dashboard.error)}</p>
          <button type="button" className="btn-secondary" onClick={() => dashboard.refetch()} disabled={dashboard.isFetching}>
            Try again
          </button>
        </div>
      )}
      {data ? <Dashboard key="answer" data={data} /> : dashboard.isPending && <DashboardSkeleton key="placeholder" />}
    </>
  );
}

function Dashboard({ data }: { data: DashboardData }) {
  const money = useMoney();
  // What is left before the site is the company's own is the owner's list: its pages are theirs.
  const showsSetup = useStaffMay('owner');
  return (
    <div>
      {showsSetup && data.setup && <SetupChecklist status={data.setup} />}

      <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {TILES.map(({ label, value, icon: Icon }) => (
          <li key={label} className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
            <div className="min-w-0">
              <p className="text-sm text-slate-500">{label}</p>
              <p className="mt-1 text-2xl font-semibold text-slate-900 sm:text-3xl">{value(data)}</p>
            </div>
            <span className="hidden h-11 w-11 shrink-0 place-items-center rounded-full bg-primary-light text-primary sm:grid">
              <Icon aria-hidden="true" size={22} />
            </span>
          </li>
        ))}
      </ul>

      {/* The staff's day first: who comes for a car today, who brings one back. */}
      <section aria-label="Today's pickups and returns" className="mt-6 [&>div]:mb-0">
        <TodayMovements movements={data.today} />
      </section>
      <PapersDue papers={data.papersDue} today={data.today.date} />

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <section aria-labelledby="recent-bookings" className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 lg:col-span-2">
          <div className="flex items-center justify-between gap-3">
            <div>
              <h2 id="recent-bookings" className="text-lg font-semibold text-slate-900">
                Recent bookings
              </h2>
              <p className="text-sm text-slate-500">The latest reservations from customers</p>
            </div>
            <Link to="/owner/manage-bookings" className="shrink-0 rounded-md text-sm font-medium text-primary hover:underline">
              Manage bookings
            </Link>
          </div>
          {data.recentBookings.length === 0 ? (
            <p className="mt-6 rounded-lg bg-slate-50 p-6 text-center text-slate-600">No bookings yet. They appear here as customers reserve.</p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-100">
              {data.recentBookings.map((booking) => (
                <li key={booking._id} className="flex items-center gap-3 py-3">
                  <CarImage car={booking.car} width={96} height={60} className="h-10 w-16 shrink-0 rounded-md object-cover sm:h-12 sm:w-18" />
                  {/* The status sits under the customer, not beside the price: in words it is too wide to share a phone's row. */}
                  <div className="min-w-0 flex-1">
                    <p className="flex items-baseline justify-between gap-3">
                      <span className="truncate font-medium text-slate-900">
                        {booking.car.brand} {booking.car.model}
                      </span>
                      <span className="shrink-0 font-medium text-slate-900">{money(booking.price)}</span>
                    </p>
                    <p className="truncate text-sm text-slate-500">{formatRentalPeriod(booking.pickupDate, booking.returnDate)}</p>
                    <p className="truncate text-sm text-slate-500">{booking.user.name}</p>
                    <p className="mt-1">
                      <StatusBadge status={booking.status} />
                    </p>
                    <CustomerChips user={booking.user} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="monthly-revenue" className="min-w-0 self-start rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <h2 id="monthly-revenue" className="text-lg font-semibold text-slate-900">
            Monthly revenue
          </h2>
          <p className="text-sm text-slate-500">Confirmed bookings picked up in {currentMonthName()}</p>
          <p className="mt-4 text-3xl font-semibold text-primary sm:text-4xl">{money(data.monthlyRevenue)}</p>
          <h3 className="mt-6 font-semibold text-slate-900">Fleet occupancy</h3>
          <p className="text-sm text-slate-500">Days booked this month, of every car’s days (service blocks count as not booked)</p>
          <p className="mt-2 text-3xl font-semibold text-slate-900" data-testid="occupancy">
            {data.occupancy.percent.toLocaleString('en-US')}%
            <span className="ml-2 text-sm font-normal text-slate-500">
              {data.occupancy.bookedCarDays.toLocaleString('en-US')} of {data.occupancy.carDays.toLocaleString('en-US')} car-days
            </span>
          </p>
        </section>
      </div>

      <section aria-labelledby="revenue-by-month" className="mt-6 min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="revenue-by-month" className="text-lg font-semibold text-slate-900">
          Revenue by month
        </h2>
        <p className="text-sm text-slate-500">The last 12 months: confirmed bookings, by the month of their pickup</p>
        <div className="mt-4">
          {/* The chart's own height while its code arrives: nothing under it moves. */}
          <Suspense fallback={<SkeletonBlock className="h-60 w-full" />}>
            <RevenueChart months={data.revenueByMonth} />
          </Suspense>
        </div>
      </section>
    </div>
  );
}

/** The dashboard's shape while its answer comes: the tiles and grey blocks, dropped whole when it is here. */
function DashboardSkeleton() {
  return (
    <div aria-hidden="true">
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {TILES.map(({ label }) => (
          <li key={label} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
            <p className="text-sm text-slate-500">{label}</p>
            <SkeletonBlock className="mt-2 h-8 w-12" />
          </li>
        ))}
      </ul>
      <SkeletonBlock className="mt-6 h-32 w-full" />
      <SkeletonBlock className="mt-6 h-60 w-full" />
    </div>
  );
}
