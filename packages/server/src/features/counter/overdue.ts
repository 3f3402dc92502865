/**
 * Messages the clock sends about cars on rent, each exactly once:
 * - staff's alert when a car is past its due time (return day at the company's return time) plus
 *   the grace period and not checked in;
 * - the customer's reminder the evening before the return day (from 17:00 Jamaica time).
 * One statement marks the rentals (overdue_alerted_at, return_reminded_at) and each mark is recorded
 * as the booking's event (overdue, return_reminded) in the same transaction; features/mail writes the
 * letters from the events, so a mark always has its message and a message its mark. The
 * rows are taken with FOR UPDATE SKIP LOCKED and the mark is re-checked on the locked row: several
 * instances sweeping one PostgreSQL at once never both take a rental, and never wait on each other.
 */
import { addDays, companyToday, RETURN_REMINDER_FROM_HOUR } from '@rental/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/types';
import type { EventLog, RecordedEvent } from '../../events';
import { getCompanySettings } from '../company';

/** From this hour (Jamaica) the evening before its return day, a rental's reminder goes out. */
export const REMINDER_FROM_HOUR = RETURN_REMINDER_FROM_HOUR;
/** Jamaica keeps UTC-5 all year (no daylight saving). */
const JAMAICA_OFFSET_HOURS = 5;

export interface CounterSweepOptions {
  /** The clock; tests pass their own moment. */
  now?: Date;
}

export interface CounterSweepResult {
  /** References of the bookings whose overdue alert went to staff in this round. */
  overdue: string[];
  /** References of the bookings whose customers were reminded in this round. */
  reminded: string[];
}

interface MarkedRental {
  booking_id: string;
  reference: string;
  fuel_out: number;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Marks the rentals on rent that match `due` and whose `mark` column is still empty, and answers
 * them. Rentals another sweep holds are skipped: it is sending their messages.
 */
async function markOnce(tx: Tx, mark: 'overdue_alerted_at' | 'return_reminded_at', due: SQL, now: Date): Promise<MarkedRental[]> {
  const column = sql.identifier(mark);
  return queryRows<MarkedRental>(
    tx,
    sql`WITH taken AS (
          SELECT r.booking_id
            FROM rentals r JOIN bookings b ON b.id = r.booking_id
           WHERE r.checked_in_at IS NULL AND r.${column} IS NULL AND b.status = 'on_rent' AND ${due}
           ORDER BY r.booking_id
           FOR UPDATE OF r SKIP LOCKED)
        UPDATE rentals r SET ${column} = ${now.toISOString()}::timestamptz
          FROM taken, bookings b
         WHERE r.booking_id = taken.booking_id AND b.id = r.booking_id
        RETURNING r.booking_id, b.reference, r.fuel_out`,
  );
}

/** One round: marks and writes the overdue alerts and the return reminders that are due at `now`. */
export async function sweepCounter(db: Database, events: EventLog, options: CounterSweepOptions = {}): Promise<CounterSweepResult> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const company = await getCompanySettings(tx);
    // The due moment in SQL: the return day at the return time, read as Jamaica's wall clock.
    const dueAt = sql`((b.return_date + ${company.returnTime}::time) AT TIME ZONE 'UTC' + make_interval(hours => ${JAMAICA_OFFSET_HOURS}))`;
    const overdue = await markOnce(
      tx,
      'overdue_alerted_at',
      sql`${now.toISOString()}::timestamptz > ${dueAt} + make_interval(mins => ${company.gracePeriodMinutes})`,
      now,
    );

    let reminders: MarkedRental[] = [];
    const jamaicaHour = new Date(now.getTime() - JAMAICA_OFFSET_HOURS * 3_600_000).getUTCHours();
    // Staff can turn the reminder off in the company settings (features/reminders/ sends the others).
    if (company.returnReminder && jamaicaHour >= REMINDER_FROM_HOUR) {
      const tomorrow = addDays(companyToday(now), 1);
      reminders = await markOnce(tx, 'return_reminded_at', sql`b.return_date = ${tomorrow}::date`, now);
    }

    // The site's own doing (no actor): the booking's history shows each, and features/mail writes their letters.
    await events.record(tx, [
      ...overdue.map((rental): RecordedEvent => ({ kind: 'overdue', bookingId: rental.booking_id, actorId: null, data: {} })),
      ...reminders.map((rental): RecordedEvent => ({
        kind: 'return_reminded',
        bookingId: rental.booking_id,
        actorId: null,
        data: { fuelOut: rental.fuel_out },
      })),
    ]);
    return { overdue: overdue.map((rental) => rental.reference), reminded: reminders.map((rental) => rental.reference) };
  });
}
