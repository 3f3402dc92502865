/**
 * Staff's alerts before a car's paper expires: 30, 14 and 3 days before (CAR_PAPER_ALERT_DAYS),
 * each once per paper. A round takes, for each current paper expiring within 30 days, the key of the
 * nearest of those days it has reached, in car_paper_alerts (ON CONFLICT DO NOTHING), and records
 * the car_paper_expiring event in the same transaction; features/mail writes the e-mail from it.
 * Two instances sweeping one PostgreSQL at once both try the key: the second waits on the first's
 * insert, then finds it taken. A paper saved 10 days before it expires is told once "in 10 days",
 * not three times; a paper renewed since is not the current one and is not told.
 */
import { CAR_PAPER_ALERT_DAYS, type CarPaperAlertDays, CAR_PAPER_WARNING_DAYS, companyToday } from '@rental/contract';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/types';
import type { EventLog } from '../../events';

export interface PaperAlertSweepOptions {
  /** The clock; tests pass their own moment. */
  now?: Date;
}

/** The papers (id and days before) whose alert this round took. */
export async function sweepPaperAlerts(
  db: Database,
  events: EventLog,
  options: PaperAlertSweepOptions = {},
): Promise<{ paperId: string; daysBefore: CarPaperAlertDays }[]> {
  const now = options.now ?? new Date();
  const today = companyToday(now);
  const thresholds = sql.raw(`ARRAY[${CAR_PAPER_ALERT_DAYS.join(', ')}]`);
  return db.transaction(async (tx) => {
    const taken = await queryRows<{ paper_id: string; days_before: CarPaperAlertDays; days_left: number }>(
      tx,
      sql`WITH current AS (
            SELECT DISTINCT ON (cp.car_id, cp.kind) cp.id, cp.car_id, cp.expires_on
              FROM car_papers cp
             ORDER BY cp.car_id, cp.kind, cp.expires_on DESC, cp.created_at DESC),
          due AS (
            SELECT p.id, p.expires_on, (SELECT min(d) FROM unnest(${thresholds}) d WHERE p.expires_on - ${today}::date <= d) AS days_before
              FROM current p JOIN cars c ON c.id = p.car_id AND c.deleted_at IS NULL
             WHERE p.expires_on > ${today}::date AND p.expires_on <= ${today}::date + ${CAR_PAPER_WARNING_DAYS}::int),
          taken AS (
            INSERT INTO car_paper_alerts (paper_id, days_before, sent_at)
            SELECT id, days_before, ${now.toISOString()}::timestamptz FROM due ORDER BY id
            ON CONFLICT (paper_id, days_before) DO NOTHING
            RETURNING paper_id, days_before)
          SELECT taken.paper_id, taken.days_before, due.expires_on - ${today}::date AS days_left
            FROM taken JOIN due ON due.id = taken.paper_id
           ORDER BY taken.paper_id`,
    );
    // The company's, not a booking's: features/mail writes each letter from the paper as it then stands.
    await events.record(
      tx,
      taken.map((row) => ({
        kind: 'car_paper_expiring' as const,
        bookingId: null,
        actorId: null,
        data: { paperId: row.paper_id, daysBefore: Number(row.days_before), daysLeft: Number(row.days_left) },
      })),
    );
    return taken.map((row) => ({ paperId: row.paper_id, daysBefore: Number(row.days_before) as CarPaperAlertDays }));
  });
}
