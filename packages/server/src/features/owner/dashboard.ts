import { companyToday, type DashboardData, monthBounds, RECENT_BOOKINGS_ON_DASHBOARD } from '@rental/contract';
import { count, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/types';
import { bookings, cars } from '../../db/schema';
import { listOwnerBookings } from '../bookings/service';

/** The owner's tiles. Monthly revenue: confirmed bookings picked up this month (company time). */
export async function dashboardData(db: Database, today = companyToday()): Promise<DashboardData> {
  const { start, nextStart } = monthBounds(today);
  const [[fleet], [figures], recentBookings] = await Promise.all([
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
  ]);
  return {
    totalCars: fleet!.totalCars,
    totalBookings: figures!.totalBookings,
    pendingBookings: figures!.pendingBookings,
    completedBookings: figures!.completedBookings,
    recentBookings,
    monthlyRevenue: figures!.monthlyRevenue,
  };
}
