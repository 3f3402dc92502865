/**
 * Holds expire: a pending booking that staff have not confirmed by its hold_expires_at is
 * cancelled ("expired") and its days are free again, unless its customer is on the card page
 * (an attempt open for at most 30 minutes, cardAttempts.ts). One UPDATE does it, so several instances
 * sweeping at once never cancel a booking twice: the second waits on the row lock, then finds
 * the booking no longer pending. The sweep that runs this is an app-level job (jobs/holdSweepJob.ts):
 * it expires card attempts (payments) first, and bookings imports no feature above it.
 */
import { and, eq, lt, not, sql } from 'drizzle-orm';
import { bookingEvents, bookings } from '../../db/schema';
import { actAs } from '../../db/actor';
import type { Database } from '../../db/types';
import { getCompanySettings } from '../company';
import { DEFAULT_MAIL_SETTINGS, holdExpiredLetter, type MailSettings, bookingFacts, enqueue } from '../mail';
import { hasOpenAttempt } from './cardAttempts';

export interface ExpiredHold {
  id: string;
  reference: string;
  userId: string;
}

export async function expireHolds(db: Database, mail: MailSettings = DEFAULT_MAIL_SETTINGS): Promise<ExpiredHold[]> {
  return db.transaction(async (tx) => {
    await actAs(tx, null); // the system: the history says "expired: not confirmed in time"
    const expired = await tx
      .update(bookings)
      .set({ status: 'cancelled', statusReason: 'expired', holdExpiresAt: null })
      // A booking the company has money for is never cancelled by the clock: staff settle it.
      .where(and(eq(bookings.status, 'pending'), eq(bookings.paymentStatus, 'unpaid'), lt(bookings.holdExpiresAt, sql`now()`), not(hasOpenAttempt(bookings.id))))
      .returning({ id: bookings.id, reference: bookings.reference, userId: bookings.userId });
    if (expired.length > 0) {
      await tx.insert(bookingEvents).values(expired.map((hold) => ({ bookingId: hold.id, status: 'cancelled' as const, reason: 'expired' as const })));
      // Each customer is told, in the same transaction as the cancellation.
      const company = await getCompanySettings(tx);
      const letters = [];
      for (const hold of expired) letters.push(holdExpiredLetter(await bookingFacts(tx, hold.id), company, mail));
      await enqueue(tx, letters);
    }
    return expired;
  });
}
