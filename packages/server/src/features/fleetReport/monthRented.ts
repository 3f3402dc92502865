import { sql } from 'drizzle-orm';
import type { Database } from '../../db/types';
import { queryRows } from '../../db/types';

/**
 * The days the fleet's cars (those not removed) are taken by bookings in one calendar month: the
 * bookings that hold their days (pending ones too: the car is promised; not cancelled, not no-shows),
 * each cut to the month. Read from the figures kept per car and month (migration 0045, the same
 * pieces as the report's), so it costs the fleet's size, not the books'. `monthStart` is the month's
 * first day (YYYY-MM-01).
 */
export async function rentedCarDaysInMonth(db: Database, monthStart: string): Promise<number> {
  const [row] = await queryRows<{ rented: string | number }>(
    db,
    sql`SELECT coalesce(sum(f.rented), 0)::bigint AS rented
          FROM derived.fleet_month_figures f
         WHERE f.month = ${monthStart}::date
           AND NOT EXISTS (SELECT 1 FROM cars c WHERE c.id = f.car_id AND c.deleted_at IS NOT NULL)`,
  );
  return Number(row?.rented ?? 0);
}
