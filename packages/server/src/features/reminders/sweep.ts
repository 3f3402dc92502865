/**
 * Reminders the clock sends through the outbox, each exactly once, at the company's hours
 * (contract reminders.ts, Jamaica time):
 * - the customer, the day before the pickup day: what to bring and the security deposit;
 * - the customer, when a bank deposit's hold ends within 12 hours and nothing is paid;
 * - staff, each morning: the day's pickups and returns (one message to the company's e-mail).
 * The evening before the return day is the counter's sweep (features/counter/overdue.ts), which
 * marks its rentals; all four follow the company's settings (each can be turned off).
 *
 * Once: each reminder is a row of reminders_sent keyed by (kind, booking or day), inserted with
 * ON CONFLICT DO NOTHING in the same transaction as its event (pickup_reminded and
 * hold_ending_reminded, which the booking's history shows; staff_day_summary), from which
 * features/mail writes its letter. Two instances sweeping one PostgreSQL at the same moment both
 * try the key: the second waits on the first's insert, then finds it taken and writes nothing; if
 * the first rolls back, the second sends it. A reminder turned off takes no key, so turning it on
 * again later that day still sends it.
 */
import { addDays, companyHour, companyToday, HOLD_ENDING_WITHIN_HOURS, PICKUP_REMINDER_FROM_HOUR, STAFF_SUMMARY_FROM_HOUR } from '@rental/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows, type Tx } from '../../db/types';
import type { EventLog, RecordedEvent } from '../../events';
import { folioTotalsOf } from '../bookings';
import { getCompanySettings } from '../company';
import { todaysMovements } from '../timeline';

export interface ReminderSweepOptions {
  /** The clock; tests pass their own moment. */
  now?: Date;
}

export interface ReminderSweepResult {
  /** References of the bookings whose customers were told what to bring. */
  pickup: string[];
  /** References of the bookings whose customers were reminded to pay their deposit. */
  holdEnding: string[];
  /** The day whose list went to staff in this round, if it did. */
  staffDay: string | null;
}

interface TakenBooking {
  booking_id: string;
  reference: string;
}

/** Takes the key of each booking `candidates` answers (id column `id`), answering the ones this round took. */
async function takeBookings(tx: Tx, kind: 'pickup_reminder' | 'hold_ending_reminder', candidates: SQL, now: Date): Promise<TakenBooking[]> {
  return queryRows<TakenBooking>(
    tx,
    sql`WITH taken AS (
          INSERT INTO reminders_sent (kind, subject, booking_id, sent_at)
          SELECT ${kind}, c.id::text, c.id, ${now.toISOString()}::timestamptz
            FROM (${candidates}) c
           ORDER BY c.id
          ON CONFLICT (kind, subject) DO NOTHING
          RETURNING booking_id)
        SELECT taken.booking_id, b.reference FROM taken JOIN bookings b ON b.id = taken.booking_id ORDER BY taken.booking_id`,
  );
}

/** Bookings of customers with an e-mail to write to (not erased; a walk-in may have none). */
const LIVE_CUSTOMER = sql`EXISTS (SELECT 1 FROM users u WHERE u.id = b.user_id AND u.erased_at IS NULL AND u.email IS NOT NULL)`;

/** One round: writes every reminder due at `now` that is turned on and not sent yet. */
export async function sweepReminders(db: Database, events: EventLog, options: ReminderSweepOptions = {}): Promise<ReminderSweepResult> {
  const now = options.now ?? new Date();
  const today = companyToday(now);
  const hour = companyHour(now);
  const result: ReminderSweepResult = { pickup: [], holdEnding: [], staffDay: null };
  // Which reminders are on (the letters read the settings again as they are made).
  const settings = await getCompanySettings(db);

  if (settings.pickupReminder && hour >= PICKUP_REMINDER_FROM_HOUR) {
    // Confirmed bookings only: a pending one is told what to do by its own letters until staff confirm it.
    const tomorrow = addDays(today, 1);
    result.pickup = await db.transaction(async (tx) => {
      const taken = await takeBookings(
        tx,
        'pickup_reminder',
        sql`SELECT b.id FROM bookings b WHERE b.status = 'confirmed' AND b.pickup_date = ${tomorrow}::date AND ${LIVE_CUSTOMER}`,
        now,
      );
      await events.record(
        tx,
        taken.map((booking): RecordedEvent => ({ kind: 'pickup_reminded', bookingId: booking.booking_id, actorId: null, data: {} })),
      );
      return taken.map((booking) => booking.reference);
    });
  }

  if (settings.holdEndingReminder) {
    // A hold that was shorter than the window when made is not reminded: its booking letter, just
    // sent, already says when it ends.
    const window = sql`make_interval(hours => ${HOLD_ENDING_WITHIN_HOURS})`;
    const at = sql`${now.toISOString()}::timestamptz`;
    result.holdEnding = await db.transaction(async (tx) => {
      const taken = await takeBookings(
        tx,
        'hold_ending_reminder',
        sql`SELECT b.id FROM bookings b
             WHERE b.status = 'pending' AND b.payment_method = 'cash_deposit' AND b.payment_status = 'unpaid'
               AND b.hold_expires_at > ${at} AND b.hold_expires_at <= ${at} + ${window}
               AND b.hold_expires_at - b.created_at > ${window} AND ${LIVE_CUSTOMER}`,
        now,
      );
      const happened: RecordedEvent[] = [];
      for (const booking of taken) {
        // What is owed is the folio's balance: the price, with any charge or discount staff added since.
        happened.push({
          kind: 'hold_ending_reminded',
          bookingId: booking.booking_id,
          actorId: null,
          data: { owing: (await folioTotalsOf(tx, booking.booking_id)).balance },
        });
      }
      await events.record(tx, happened);
      return taken.map((booking) => booking.reference);
    });
  }

  if (settings.staffDailySummary && hour >= STAFF_SUMMARY_FROM_HOUR) {
    result.staffDay = await db.transaction(async (tx) => {
      const [took] = await queryRows<{ subject: string }>(
        tx,
        sql`INSERT INTO reminders_sent (kind, subject, sent_at) VALUES ('staff_daily_summary', ${today}, ${now.toISOString()}::timestamptz)
            ON CONFLICT (kind, subject) DO NOTHING RETURNING subject`,
      );
      if (!took) return null;
      const day = await todaysMovements(tx, today);
      // A day with nothing to hand over or take back sends nothing; its key is taken all the same.
      if (day.pickups.length === 0 && day.returns.length === 0) return null;
      // The company's, not a booking's: not kept in any history; features/mail writes the list from the day.
      await events.record(tx, [{ kind: 'staff_day_summary', bookingId: null, actorId: null, data: { day: today } }]);
      return today;
    });
  }
  return result;
}
