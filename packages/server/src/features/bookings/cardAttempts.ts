/**
 * What a booking knows of its card payments, read from payment_attempts: whether one is open (its
 * hold waits while the customer may still be on the card page) and the last one, for the booking
 * page. The booking's rules, so they live here: the payments feature calls bookings, never the
 * other way (it imports these from '../bookings').
 */
import type { PaymentAttemptStatus } from '@rental/contract';
import { type AnyColumn, desc, eq, type SQL, sql } from 'drizzle-orm';
import { paymentAttempts } from '../../db/schema';
import type { Database } from '../../db/types';

/** An attempt is open while the customer may still be on the card page: created or sent, for this long. */
export const OPEN_ATTEMPT_MINUTES = 30;

/** True for a booking (its id column, or a value) with an attempt still open: its hold must not end now. */
export function hasOpenAttempt(bookingId: AnyColumn | SQL) {
  return sql`EXISTS (SELECT 1 FROM payment_attempts p
                      WHERE p.booking_id = ${bookingId} AND p.status IN ('created', 'sent')
                        AND p.created_at > now() - make_interval(mins => ${OPEN_ATTEMPT_MINUTES}))`;
}

/** The booking page's line about paying by card: the last attempt, or null. */
export async function lastCardPayment(db: Database, bookingId: string): Promise<{ status: PaymentAttemptStatus; message: string | null; at: string } | null> {
  const [row] = await db
    .select({ status: paymentAttempts.status, message: paymentAttempts.message, at: paymentAttempts.updatedAt })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.bookingId, bookingId))
    .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
    .limit(1);
  return row ? { ...row, at: row.at.toISOString() } : null;
}
