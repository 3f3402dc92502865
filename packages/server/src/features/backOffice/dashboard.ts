import { companyToday, type DashboardData, type FleetOccupancy, type MonthRevenue, monthBounds, RECENT_BOOKINGS_ON_DASHBOARD } from '@rental/contract';
import { count, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/types';
import { queryRows } from '../../db/types';
import { bookings, cars } from '../../db/schema';
import { listOwnerBookings } from '../bookings/service';
import { todaysMovements } from '../timeline/today';

/** Months on the dashboard's revenue chart, the current one included. */
export const REVENUE_MONTHS = 12;

/** "2026-05-01"-style first days of the `months` months ending with today's, oldest first. */
export function monthStarts(today: string, months = REVENUE_MONTHS): string[] {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: months }, (_, i) => new Date(Date.UTC(y, m - months + i, 1)).toISOString().slice(0, 10));
}

/**
 * Revenue of each of the last 12 months, counted as the tile's monthly revenue is: the price of
 * confirmed bookings by the month of their pickup day (a rental over a month's end counts whole
 * in the month it starts). Months without any are 0.
 */
async function revenueByMonth(db: Database, today: string): Promise<MonthRevenue[]> {
  const starts = monthStarts(today);
  const first = starts[0]!;
  const { nextStart } = monthBounds(today);
  const rows = await queryRows<{ month: string; revenue: string | number }>(
    db,
    sql`SELECT to_char(pickup_date, 'YYYY-MM') AS month, sum(price)::bigint AS revenue
        FROM bookings
        WHERE status = 'confirmed' AND pickup_date >= ${first}::date AND pickup_date < ${nextStart}::date
        GROUP BY 1`,
  );
  const byMonth = new Map(rows.map((row) => [row.month, Number(row.revenue)]));
  return starts.map((start) => ({ month: start.slice(0, 7), revenue: byMonth.get(start.slice(0, 7)) ?? 0 }));
}

/**
 * This month's occupancy: car-days of bookings that are not cancelled (pending holds included:
 * the car is promised), cut to the month, over every car of the fleet × the month's days.
 * Service blocks are not bookings: their days count as not booked and stay in the fleet's days.
 */
async function occupancy(db: Database, today: string, totalCars: number): Promise<FleetOccupancy> {
  const { start, nextStart } = monthBounds(today);
  const [row] = await queryRows<{ booked: string | number; days: number }>(
    db,
    sql`SELECT coalesce(sum(upper(b.period * m.range) - lower(b.period * m.range)), 0)::bigint AS booked,
          (${nextStart}::date - ${start}::date) AS days
        FROM (SELECT daterange(${start}::date, ${nextStart}::date) AS range) m
        LEFT JOIN bookings b ON b.status NOT IN ('cancelled', 'no_show') AND b.period && m.range
          AND EXISTS (SELECT 1 FROM cars c WHERE c.id = b.car_id AND c.deleted_at IS NULL)`,
  );
  const bookedCarDays = Number(row?.booked ?? 0);
  const carDays = totalCars * Number(row?.days ?? 0);
  // One decimal: 0.4 % of a 30-car fleet is a car for four days.
  const percent = carDays === 0 ? 0 : Math.round((bookedCarDays / carDays) * 1000) / 10;
  return { percent, bookedCarDays, carDays };
}

/** The owner's tiles. Monthly revenue: confirmed bookings picked up this month (company time). */
export async function dashboardData(db: Database, today = companyToday()): Promise<Omit<DashboardData, 'setup'>> {
  const { start, nextStart } = monthBounds(today);
  const [[fleet], [figures], recentBookings, months, movements] = await Promise.all([
    db.select({ totalCars: count() }).from(cars).where(isNull(cars.deletedAt)),
    db
      .select({
        totalBookings: count(),
        pendingBookings: sql<number>`count(*) FILTER (WHERE ${bookings.status} = 'pending')`.mapWith(Number),
        completedBookings: sql<number>`count(*) FILTER (WHERE ${bookings.status} = 'confirmed')`.mapWith(Number),
        monthlyRevenue: sql<number>`coalesce(sum(${bookings.price}) FILTER (
          WHERE ${bookings.status} = 'confirmed' AND ${bookings.pickupDate} >= ${start} AND ${bookings.pickupDate} < ${nextStart}
        ), 0)`.mapWith(Number),
      })
      .from(bookings),
    listOwnerBookings(db, { limit: RECENT_BOOKINGS_ON_DASHBOARD }),
    revenueByMonth(db, today),
    todaysMovements(db, today),
  ]);
  return {
    totalCars: fleet!.totalCars,
    totalBookings: figures!.totalBookings,
    pendingBookings: figures!.pendingBookings,
    completedBookings: figures!.completedBookings,
    recentBookings,
    monthlyRevenue: figures!.monthlyRevenue,
    revenueByMonth: months,
    occupancy: await occupancy(db, today, fleet!.totalCars),
    today: movements,
  };
}
