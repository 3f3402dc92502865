/**
 * An attempt is open while the customer may still be on the card page: created or sent, for
 * OPEN_ATTEMPT_MINUTES. Its booking's hold waits for it, a second start is sent back to its page,
 * and the booking's price and drivers stay as they were while it is open (what the card page
 * charges is what the folio expects). After that the sweep calls it expired and staff look it up
 * in the provider's dashboard (there is no status query to ask).
 */
import { REFUSAL_CODES } from '@rental/contract';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { paymentAttempts } from '../../db/schema';
import { type Database, queryRows, type Tx } from '../../db/types';
import { HttpError } from '../../http/errors';
// The rule of an open attempt is the booking's (its hold waits for it): bookings holds it.
import { hasOpenAttempt, OPEN_ATTEMPT_MINUTES } from '../bookings';

/** The booking's open attempt, if any (newest first: there is at most one once a start locked the booking). */
export async function openAttemptOf(db: Database | Tx, bookingId: string) {
  const [open] = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.bookingId, bookingId),
        inArray(paymentAttempts.status, ['created', 'sent']),
        gt(paymentAttempts.createdAt, sql`now() - make_interval(mins => ${OPEN_ATTEMPT_MINUTES})`),
      ),
    )
    .orderBy(desc(paymentAttempts.createdAt))
    .limit(1);
  return open;
}

/**
 * Refuses a change of the booking's price or drivers while a card payment of it is open: the card
 * page charges the amount it was opened with. The caller holds the booking's row locked, so no
 * attempt can start meanwhile (a start locks the booking first).
 */
export async function refuseWhileCardPaymentOpen(tx: Tx, bookingId: string): Promise<void> {
  const [row] = await queryRows<{ open: boolean }>(tx, sql`SELECT ${hasOpenAttempt(sql`${bookingId}::uuid`)} AS open`);
  if (row?.open) throw new HttpError(409, REFUSAL_CODES.payment_open, 'payment_open');
}

/**
 * Open attempts past their minutes become expired. One UPDATE: with several instances sweeping at
 * once, the second waits on the row locks and then finds the rows no longer open. A booking id
 * sweeps only that booking's (a start about to open a new one).
 */
export async function expireOpenAttempts(db: Database | Tx, bookingId?: string): Promise<string[]> {
  const result = (await db.execute(sql`
    UPDATE payment_attempts SET status = 'expired'
     WHERE status IN ('created', 'sent') AND created_at <= now() - make_interval(mins => ${OPEN_ATTEMPT_MINUTES})
       ${bookingId ? sql`AND booking_id = ${bookingId}::uuid` : sql``}
     RETURNING order_id`)) as unknown as { rows: { order_id: string }[] };
  return result.rows.map((row) => row.order_id);
}
