/**
 * Starting a card payment: an attempt for what the booking's folio still owes, and the provider's
 * card page for it; one open attempt per booking at a time.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { MESSAGES, PAYMENT_MESSAGES, REFUSAL_CODES } from '@rental/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { actAs } from '../../db/actor';
import { bookings, paymentAttempts } from '../../db/schema';
import type { Database } from '../../db/types';
import { retryTransientConflicts } from '../../db/retry';
import { HttpError } from '../../http/errors';
import { isId } from '../../db/ids';
import { folioTotalsOf } from '../bookings';
import { getCompanySettings } from '../company';
import type { AttemptRow } from './attempts';
import { expireOpenAttempts, openAttemptOf } from './openAttempts';
import { type PaymentProvider, PaymentProviderError } from './provider';
import { theRow } from '../../db/rows';

export interface StartSettings {
  /** Our paymentReturn route, absolute. */
  returnUrl: string;
}

/** How long a second start waits for the page a first one is asking the provider for (its timeout, with room). */
const PAGE_WAIT_MS = 20_000;
const PAGE_POLL_MS = 50;

type Opened = { page: string } | { waitFor: string } | { attempt: AttemptRow; origin: string };

/**
 * Begins an attempt for what the caller's own booking still owes (its folio's balance) and answers
 * the provider's card page. While an attempt of the booking is open, a second start (a reload, a
 * second tab, a double click) answers that attempt's page instead: one card page per booking, so
 * the card cannot be charged twice. The booking's row is locked first, so concurrent starts take
 * turns and only the first opens an attempt.
 */
export async function startAttempt(
  db: Database,
  provider: PaymentProvider,
  userId: string,
  bookingId: string,
  settings: StartSettings,
  log: FastifyBaseLogger,
): Promise<string> {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  const opened: Opened = await retryTransientConflicts(() =>
    db.transaction(async (tx): Promise<Opened> => {
      await actAs(tx, userId);
      const [booking] = await tx
        .select({
          reference: bookings.reference,
          status: bookings.status,
          holdRunning: sql<boolean>`(${bookings.holdExpiresAt} IS NULL OR ${bookings.holdExpiresAt} > now())`,
        })
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)))
        .for('update');
      // Someone else's booking is "not found", as one that does not exist.
      if (!booking) throw new HttpError(404, MESSAGES.bookingNotFound);
      if (booking.status === 'cancelled' || booking.status === 'no_show') throw new HttpError(409, PAYMENT_MESSAGES.cancelled);
      const { balance } = await folioTotalsOf(tx, bookingId);
      if (balance <= 0) throw new HttpError(409, REFUSAL_CODES.nothing_owing, 'nothing_owing');

      const open = await openAttemptOf(tx, bookingId);
      // Its page charges what it was opened for; money staff took meanwhile shows in the folio as due back.
      if (open?.pageUrl) return { page: open.pageUrl };
      // Another start of this booking is asking the provider for its page just now.
      if (open?.status === 'created') return { waitFor: open.id };
      // Opened before pages were kept: it cannot be shown again, and a second page could charge twice.
      if (open) throw new HttpError(409, PAYMENT_MESSAGES.openElsewhere);

      if (booking.status === 'pending' && !booking.holdRunning) throw new HttpError(409, PAYMENT_MESSAGES.holdOver);
      const company = await getCompanySettings(tx);
      if (!provider.currencies.includes(company.currency)) throw new HttpError(409, PAYMENT_MESSAGES.currencyNotTaken);
      // An earlier attempt past its minutes the sweep has not reached yet: listed for staff from now.
      await expireOpenAttempts(tx, bookingId);
      // The booking row is locked: no other attempt of it can take the same number meanwhile.
      const [before] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(paymentAttempts)
        .where(eq(paymentAttempts.bookingId, bookingId));
      const inserted = theRow(
        await tx
          .insert(paymentAttempts)
          .values({
            bookingId,
            orderId: `${booking.reference}-${(before?.count ?? 0) + 1}`,
            provider: provider.name,
            amount: balance,
            currency: company.currency,
          })
          .returning(),
        'The new payment attempt',
      );
      return { attempt: inserted, origin: company.name };
    }),
  );
  if ('page' in opened) return opened.page;
  if ('waitFor' in opened) return waitForPage(db, opened.waitFor);
  const { attempt, origin } = opened;

  // Outside the transaction: the booking is not held locked while the provider answers.
  let started;
  try {
    started = await provider.start({ orderId: attempt.orderId, amount: attempt.amount, currency: attempt.currency, returnUrl: settings.returnUrl, origin });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    log.error({ err, orderId: attempt.orderId }, 'the card provider did not open a payment page');
    await db.transaction(async (tx) => {
      await actAs(tx, userId);
      await tx
        .update(paymentAttempts)
        .set({ status: 'failed', message: 'The card payment page could not be opened.' })
        .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'created')));
    });
    throw new HttpError(503, PAYMENT_MESSAGES.providerUnreachable);
  }
  await db.transaction(async (tx) => {
    await actAs(tx, userId);
    await tx
      .update(paymentAttempts)
      .set({ status: 'sent', transactionId: started.transactionId, pageUrl: started.redirectUrl })
      .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'created')));
  });
  return started.redirectUrl;
}

/** The page another start of the same booking is opening: answered once it is stored; 503 if the provider never gave one. */
async function waitForPage(db: Database, attemptId: string): Promise<string> {
  const deadline = Date.now() + PAGE_WAIT_MS;
  for (;;) {
    const [attempt] = await db
      .select({ status: paymentAttempts.status, pageUrl: paymentAttempts.pageUrl })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, attemptId));
    if (attempt?.pageUrl) return attempt.pageUrl;
    if (attempt?.status !== 'created' || Date.now() > deadline) throw new HttpError(503, PAYMENT_MESSAGES.providerUnreachable);
    await delay(PAGE_POLL_MS);
  }
}
