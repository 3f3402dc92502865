/**
 * Which bookings hold their car's days: all but cancelled ones and no-shows (the same rule as the
 * overlap constraint and the days-taken triggers, migrations/0018_counter.sql).
 */
import { STATUSES_FREEING_DAYS } from '@rental/contract';
import { notInArray, type SQL, sql } from 'drizzle-orm';
import { bookings } from './schema';

export const holdsItsDays = () => notInArray(bookings.status, [...STATUSES_FREEING_DAYS]);

/**
 * Bookings sharing a day with [from, to] (both included): the same as pickup <= to AND return >= from,
 * written on the period column (migrations/0001_init.sql; not in schema.ts) so that its GiST index,
 * bookings_period_idx, finds them. The two date comparisons read every booking instead (or every
 * booking of every car): 100,000 at 1,000 cars.
 */
export const touchesDays = (from: string, to: string): SQL => sql`${bookings}.period && daterange(${from}::date, ${to}::date, '[]')`;
