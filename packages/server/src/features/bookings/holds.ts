/**
 * Holds expire: a pending booking that staff have not confirmed by its hold_expires_at is
 * cancelled ("expired") and its days are free again, unless its customer is on the card page
 * (an attempt open for at most 30 minutes, features/payments/openAttempts.ts). One UPDATE does it, so several instances
 * sweeping at once never cancel a booking twice: the second waits on the row lock, then finds
 * the booking no longer pending.
 */
import { and, eq, lt, not, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookingEvents, bookings } from '../../db/schema';
import { actAs } from '../../db/actor';
import type { Database } from '../../db/types';
import { getCompanySettings } from '../company/settings';
import { DEFAULT_MAIL_SETTINGS, holdExpiredLetter, type MailSettings } from '../mail/letters';
import { bookingFacts, enqueue } from '../mail/outbox';
import { expireOpenAttempts, hasOpenAttempt } from '../payments/openAttempts';
import { startSweeper } from '../../jobs/sweeper';

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

/** Sweeps every `everyMs` (30 s: a hold ends at most that late) until the app closes. */
export function startHoldSweeper(app: FastifyInstance, everyMs = 30_000): void {
  startSweeper(app, {
    name: 'hold sweep',
    everyMs,
    // Card attempts past their 30 minutes first: their bookings' holds may then end in the same sweep.
    round: async () => {
      const attempts = await expireOpenAttempts(app.db);
      if (attempts.length > 0) app.log.warn({ attempts }, `${attempts.length} card payments never came back; staff can look them up`);
      const expired = await expireHolds(app.db, app.mail);
      if (expired.length > 0) app.log.info({ bookings: expired.map((hold) => hold.reference) }, `${expired.length} unconfirmed holds expired`);
    },
  });
}
