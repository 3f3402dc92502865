/**
 * Holds expire: a pending booking that staff have not confirmed by its hold_expires_at is
 * cancelled ("expired") and its days are free again, unless its customer is on the card page
 * (an attempt open for at most 30 minutes, cardAttempts.ts). One UPDATE does it, so several instances
 * sweeping at once never cancel a booking twice: the second waits on the row lock, then finds
 * the booking no longer pending. The sweep that runs this is an app-level job (jobs/holdSweepJob.ts):
 * it expires card attempts (payments) first, and bookings imports no feature above it.
 */
import { and, eq, lt, not, sql } from 'drizzle-orm';
import { bookings } from '../../db/schema';
import { actAs } from '../../db/actor';
import type { Database } from '../../db/types';
import type { EventLog } from '../../events';
import { lifeEvent } from './life';
import { hasOpenAttempt } from './cardAttempts';

export interface ExpiredHold {
  id: string;
  reference: string;
  userId: string;
}

export async function expireHolds(db: Database, events: EventLog): Promise<ExpiredHold[]> {
  return db.transaction(async (tx) => {
    await actAs(tx, null); // the system: the history says "expired: not confirmed in time"
    const expired = await tx
      .update(bookings)
      .set({ status: 'cancelled', statusReason: 'expired', holdExpiresAt: null })
      // A booking the company has money for is never cancelled by the clock: staff settle it.
      .where(
        and(eq(bookings.status, 'pending'), eq(bookings.paymentStatus, 'unpaid'), lt(bookings.holdExpiresAt, sql`now()`), not(hasOpenAttempt(bookings.id))),
      )
      .returning({ id: bookings.id, reference: bookings.reference, userId: bookings.userId });
    // Each customer is told (the 'expire' event's letter), in the same transaction as the cancellation.
    await events.record(
      tx,
      expired.map((hold) => lifeEvent('expire', hold.id, null, { status: 'cancelled', reason: 'expired' })),
    );
    return expired;
  });
}
