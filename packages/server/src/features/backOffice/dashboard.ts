import {
  companyToday,
  type DashboardData,
  daysBetween,
  type FleetOccupancy,
  type MonthRevenue,
  monthBounds,
  RECENT_BOOKINGS_ON_DASHBOARD,
} from '@rental/contract';
import { count, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/types';
import { queryRows } from '../../db/types';
import { cars } from '../../db/schema';
import { listOwnerBookings } from '../bookings';
import { todaysMovements } from '../timeline';
import { papersDue } from '../carPapers';
import { rentedCarDaysInMonth } from '../fleetReport';

/** Months on the dashboard's revenue chart, the current one included. */
export const REVENUE_MONTHS = 12;

/** "2026-05-01"-style first days of the `months` months ending with today's, oldest first. */
export function monthStarts(today: string, months = REVENUE_MONTHS): string[] {
  const [y = NaN, m = NaN] = today.split('-').map(Number);
  return Array.from({ length: months }, (_, i) => new Date(Date.UTC(y, m - months + i, 1)).toISOString().slice(0, 10));
}

interface BookingFigures {
  totalBookings: number;
  pendingBookings: number;
  completedBookings: number;
  monthlyRevenue: number;
  revenueByMonth: MonthRevenue[];
}

/**
 * The tiles' counts and the revenue, from the figures the bookings' triggers keep (migration 0055,
 * decision 131: counting and summing 100,000 bookings on each call took 30-45 ms on PGlite). Revenue
 * of each of the last 12 months is the price of confirmed bookings by the month of their pickup day
 * (a rental over a month's end counts whole in the month it starts); months without any are 0, and
 * this month's is the tile's monthly revenue. The kept rows are per month of pickup and slot; they
 * come back one per month of the chart plus one (month null) for the others; the counts are summed
 * over all of them.
 */
async function bookingFigures(db: Database, today: string): Promise<BookingFigures> {
  const starts = monthStarts(today);
  const first = starts[0]!;
  const { start, nextStart } = monthBounds(today);
  const rows = await queryRows<{
    month: string | null;
    total: string | number;
    pending: string | number;
    confirmed: string | number;
    revenue: string | number | null;
  }>(
    db,
    sql`SELECT CASE WHEN month >= ${first}::date AND month < ${nextStart}::date THEN to_char(month, 'YYYY-MM') END AS month,
               sum(bookings) AS total, sum(pending) AS pending, sum(confirmed) AS confirmed, sum(revenue)::bigint AS revenue
        FROM derived.booking_figures
        GROUP BY 1`,
  );
  const byMonth = new Map(rows.flatMap((row) => (row.month === null ? [] : [[row.month, Number(row.revenue ?? 0)] as const])));
  const sum = (key: 'total' | 'pending' | 'confirmed') => rows.reduce((n, row) => n + Number(row[key]), 0);
  return {
    totalBookings: sum('total'),
    pendingBookings: sum('pending'),
    completedBookings: sum('confirmed'),
    monthlyRevenue: byMonth.get(start.slice(0, 7)) ?? 0,
    revenueByMonth: starts.map((month) => ({ month: month.slice(0, 7), revenue: byMonth.get(month.slice(0, 7)) ?? 0 })),
  };
}

/**
 * This month's occupancy: car-days of bookings that are not cancelled (pending holds included:
 * the car is promised), cut to the month, over every car of the fleet × the month's days.
 * Service blocks are not bookings: their days count as not booked and stay in the fleet's days.
 */
function occupancy(today: string, bookedCarDays: number, totalCars: number): FleetOccupancy {
  const { start, nextStart } = monthBounds(today);
  const carDays = totalCars * daysBetween(start, nextStart);
  // One decimal: 0.4 % of a 30-car fleet is a car for four days.
  const percent = carDays === 0 ? 0 : Math.round((bookedCarDays / carDays) * 1000) / 10;
  return { percent, bookedCarDays, carDays };
}

/** The owner's tiles. Monthly revenue: confirmed bookings picked up this month (company time). */
export async function dashboardData(db: Database, today = companyToday()): Promise<Omit<DashboardData, 'setup'>> {
  const [[fleet], figures, recentBookings, movements, papers, rentedCarDays] = await Promise.all([
    db.select({ totalCars: count() }).from(cars).where(isNull(cars.deletedAt)),
    bookingFigures(db, today),
    listOwnerBookings(db, { limit: RECENT_BOOKINGS_ON_DASHBOARD }),
    todaysMovements(db, today),
    papersDue(db, today),
    rentedCarDaysInMonth(db, monthBounds(today).start),
  ]);
  return {
    totalCars: fleet!.totalCars,
    totalBookings: figures.totalBookings,
    pendingBookings: figures.pendingBookings,
    completedBookings: figures.completedBookings,
    recentBookings,
    monthlyRevenue: figures.monthlyRevenue,
    revenueByMonth: figures.revenueByMonth,
    occupancy: occupancy(today, rentedCarDays, fleet!.totalCars),
    today: movements,
    papersDue: papers,
  };
}
