/**
 * An attempt is open while the customer may still be on the card page: created or sent, for
 * OPEN_ATTEMPT_MINUTES. Its booking's hold waits for it; after that the sweep calls it expired
 * and staff look it up in the provider's dashboard (there is no status query to ask).
 */
import { type AnyColumn, sql } from 'drizzle-orm';
import type { Database } from '../../db/types';
import type { Tx } from '../mail/outbox';

export const OPEN_ATTEMPT_MINUTES = 30;

/** True for a booking (its id column given) with an attempt still open: its hold must not end now. */
export function hasOpenAttempt(bookingId: AnyColumn) {
  return sql`EXISTS (SELECT 1 FROM payment_attempts p
                      WHERE p.booking_id = ${bookingId} AND p.status IN ('created', 'sent')
                        AND p.created_at > now() - make_interval(mins => ${OPEN_ATTEMPT_MINUTES}))`;
}

/**
 * Open attempts past their minutes become expired. One UPDATE: with several instances sweeping at
 * once, the second waits on the row locks and then finds the rows no longer open.
 */
export async function expireOpenAttempts(db: Database | Tx): Promise<string[]> {
  const result = (await db.execute(sql`
    UPDATE payment_attempts SET status = 'expired'
     WHERE status IN ('created', 'sent') AND created_at <= now() - make_interval(mins => ${OPEN_ATTEMPT_MINUTES})
     RETURNING order_id`)) as unknown as { rows: { order_id: string }[] };
  return result.rows.map((row) => row.order_id);
}
