/**
 * Card payment attempts (starting one: start.ts): believing a return only once verified, the
 * staff's hand for attempts that never came back, refunds. Every write locks the booking before its attempt (the
 * booking functions' order), so a return and staff's close of the same attempt take turns.
 */
import { formatMoney, PAYMENT_MESSAGES, type PaymentAttempt } from '@rental/contract';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { actAs } from '../../db/actor';
import { bookings, paymentAttempts, users } from '../../db/schema';
import { type Database, pgErrorCode, type Tx } from '../../db/types';
import { retryTransientConflicts } from '../../db/retry';
import { theRow } from '../../db/rows';
import { HttpError } from '../../http/errors';
import { isId } from '../../db/ids';
import { folioTotalsOf, recordMoney } from '../bookings';
import type { EventLog, RecordedEvent } from '../../events';
import { isForged, type PaymentProvider, type ReturnQuery } from './provider';

export type AttemptRow = typeof paymentAttempts.$inferSelect;

const listedColumns = {
  attempt: paymentAttempts,
  reference: bookings.reference,
  customerName: users.name,
};

function toPaymentAttempt(row: { attempt: AttemptRow; reference: string; customerName: string }): PaymentAttempt {
  const a = row.attempt;
  return {
    _id: a.id,
    orderId: a.orderId,
    provider: a.provider,
    bookingId: a.bookingId,
    reference: row.reference,
    customerName: row.customerName,
    amount: a.amount,
    currency: a.currency,
    status: a.status,
    message: a.message,
    transactionId: a.transactionId,
    cardLast4: a.cardLast4,
    refundedAmount: a.refundedAmount,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

async function listed(db: Database | Tx, where: SQL | undefined, limit = 500): Promise<PaymentAttempt[]> {
  const rows = await db
    .select(listedColumns)
    .from(paymentAttempts)
    .innerJoin(bookings, eq(bookings.id, paymentAttempts.bookingId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(where)
    .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
    .limit(limit);
  return rows.map(toPaymentAttempt);
}

/** open: those that never came back (expired), for staff to look up; all: every attempt, newest first. */
export function listAttempts(db: Database, state: 'open' | 'all'): Promise<PaymentAttempt[]> {
  return listed(db, state === 'open' ? eq(paymentAttempts.status, 'expired') : undefined);
}

const UNVERIFIED_NO_BOOKING = '/my-bookings?payment=unverified';

/**
 * The browser's return from the card page. Verified first; then, in one transaction, the attempt
 * moves forward, the amount the provider charged goes into the booking's folio and the card_paid
 * event is recorded (features/mail writes the customer's receipt from it). Answers where to send
 * the browser. A forged or replayed return changes nothing and is logged.
 */
export async function completeReturn(db: Database, provider: PaymentProvider, query: ReturnQuery, events: EventLog, log: FastifyBaseLogger): Promise<string> {
  const orderId = provider.orderIdOf(query);
  const [found] = orderId
    ? await db
        .select({ id: paymentAttempts.id, bookingId: paymentAttempts.bookingId, reference: bookings.reference })
        .from(paymentAttempts)
        .innerJoin(bookings, eq(bookings.id, paymentAttempts.bookingId))
        .where(eq(paymentAttempts.orderId, orderId))
    : [];
  if (!found) {
    log.warn({ orderId: orderId?.slice(0, 16) ?? null }, 'a card payment return names no attempt of ours; nothing changed');
    return UNVERIFIED_NO_BOOKING;
  }
  const page = (result: 'paid' | 'failed' | 'unverified') => `/my-bookings/${encodeURIComponent(found.reference)}?payment=${result}`;

  try {
    return await retryTransientConflicts(() =>
      db.transaction(async (tx) => {
        // The provider's word, not a person's: the history says the site did it.
        await actAs(tx, null);
        const booking = theRow(
          await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, found.bookingId)).for('update'),
          'The paid booking',
        );
        const attempt = theRow(await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, found.id)).for('update'), 'The returning payment attempt');
        const check = provider.verifyReturn(query, attempt);
        if (isForged(check)) {
          log.warn({ orderId: found.reference, attempt: attempt.orderId, reason: check.forged }, 'a card payment return was not believed; nothing changed');
          return page('unverified');
        }
        // What the provider says was charged (checked against the attempt): the folio gets that, never "paid" wholesale.
        const payment = {
          orderId: attempt.orderId,
          amount: check.amount,
          currency: attempt.currency,
          cardLast4: check.cardLast4,
          transactionId: check.transactionId,
        };
        const problem = (why: string): RecordedEvent => ({ kind: 'card_problem', bookingId: found.bookingId, actorId: null, data: { ...payment, why } });

        if (attempt.status === 'paid' || attempt.status === 'refunded' || attempt.status === 'failed') {
          log.warn(
            { attempt: attempt.orderId, status: attempt.status, outcome: check.outcome },
            'a card payment return came again for a settled attempt; nothing changed',
          );
          if (check.outcome === 'paid' && attempt.status === 'failed') {
            // The provider's signed word says paid, for an attempt recorded as not paid: a person must look.
            const why = `The card provider says payment ${attempt.orderId} was paid, but it is recorded here as not paid. Check it in the provider’s dashboard.`;
            await events.record(tx, [problem(why)]);
            return page('unverified');
          }
          return page(attempt.status === 'failed' ? 'failed' : 'paid');
        }

        if (check.outcome === 'failed') {
          await tx
            .update(paymentAttempts)
            .set({ status: 'failed', message: check.message ?? 'The card was not charged.', transactionId: check.transactionId, cardLast4: check.cardLast4 })
            .where(eq(paymentAttempts.id, attempt.id));
          return page('failed');
        }

        await tx
          .update(paymentAttempts)
          .set({ status: 'paid', message: check.message, transactionId: check.transactionId, cardLast4: check.cardLast4 })
          .where(eq(paymentAttempts.id, attempt.id));
        // The money was taken, so it is in the folio whatever the booking owed meanwhile; a booking
        // cancelled meanwhile stays cancelled (its days may be someone else's now).
        const owed = (await folioTotalsOf(tx, found.bookingId)).balance;
        await recordMoney(tx, found.bookingId, {
          kind: 'payment',
          method: 'card',
          amount: payment.amount,
          reference: check.transactionId ?? attempt.orderId,
          note: `Card payment ${attempt.orderId}`,
          attemptId: attempt.id,
          by: null,
        });
        await tx.update(bookings).set({ paymentMethod: 'card', holdExpiresAt: null }).where(eq(bookings.id, found.bookingId));
        const cancelled = booking.status === 'cancelled';
        const happened: RecordedEvent[] = [
          { kind: 'card_paid', bookingId: found.bookingId, actorId: null, data: { ...payment, stillDue: Math.max(0, owed - payment.amount) } },
        ];
        if (cancelled) {
          const why = `A card payment for booking ${found.reference} arrived after the booking was cancelled. The booking stays cancelled and the payment is recorded in its folio. Refund it, or re-open the booking if its days are still free.`;
          happened.push(problem(why));
          log.warn({ booking: found.reference, attempt: attempt.orderId }, 'a card payment arrived for a cancelled booking; staff are alerted');
        } else if (owed <= 0) {
          const why = `Booking ${found.reference} was already paid when this card payment arrived: it may have been paid twice. If so, refund one of the payments.`;
          happened.push(problem(why));
        } else if (owed < payment.amount) {
          const why = `Booking ${found.reference} owed ${formatMoney(owed, payment.currency)} when this card payment of ${formatMoney(payment.amount, payment.currency)} arrived: ${formatMoney(payment.amount - owed, payment.currency)} is due back to the customer.`;
          happened.push(problem(why));
        }
        await events.record(tx, happened);
        return page('paid');
      }),
    );
  } catch (err) {
    // One provider transaction cannot pay two attempts (a unique index): a copied return is not believed.
    if (pgErrorCode(err) !== '23505') throw err;
    log.warn({ booking: found.reference }, 'a card payment return reused another attempt’s transaction; nothing changed');
    return page('unverified');
  }
}

/** Locks the attempt's booking, then the attempt (the usual order); 404 when there is none. */
async function lockAttempt(tx: Tx, id: string): Promise<{ attempt: AttemptRow; booking: { status: string } }> {
  const [found] = await tx.select({ bookingId: paymentAttempts.bookingId }).from(paymentAttempts).where(eq(paymentAttempts.id, id));
  if (!found) throw new HttpError(404, PAYMENT_MESSAGES.attemptNotFound);
  const booking = theRow(
    await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, found.bookingId)).for('update'),
    'The attempt’s booking',
  );
  const attempt = theRow(await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).for('update'), 'The payment attempt');
  return { attempt, booking };
}

/** Staff looked an attempt that never came back up in the provider's dashboard: paid or not. */
export async function closeAttempt(
  db: Database,
  staffId: string,
  id: string,
  body: { outcome: 'paid' | 'failed'; note: string },
  events: EventLog,
): Promise<{ attempt: PaymentAttempt; message: string }> {
  if (!isId(id)) throw new HttpError(404, PAYMENT_MESSAGES.attemptNotFound);
  return retryTransientConflicts(() =>
    db.transaction(async (tx) => {
      await actAs(tx, staffId);
      const { attempt } = await lockAttempt(tx, id);
      if (attempt.status !== 'expired') throw new HttpError(409, PAYMENT_MESSAGES.notOpen);
      await tx
        .update(paymentAttempts)
        .set({ status: body.outcome, closeNote: body.note || null, closedBy: staffId, closedAt: sql`now()` })
        .where(eq(paymentAttempts.id, id));
      // The dashboard shows the money taken: it is in the folio, whatever the booking owed meanwhile.
      if (body.outcome === 'paid') {
        const owed = (await folioTotalsOf(tx, attempt.bookingId)).balance;
        await recordMoney(tx, attempt.bookingId, {
          kind: 'payment',
          method: 'card',
          amount: attempt.amount,
          reference: attempt.transactionId ?? attempt.orderId,
          note: `Card payment ${attempt.orderId}, closed by staff`,
          attemptId: attempt.id,
          by: staffId,
        });
        await tx.update(bookings).set({ paymentMethod: 'card', holdExpiresAt: null }).where(eq(bookings.id, attempt.bookingId));
        const payment = {
          orderId: attempt.orderId,
          amount: attempt.amount,
          currency: attempt.currency,
          cardLast4: attempt.cardLast4,
          transactionId: attempt.transactionId,
        };
        await events.record(tx, [
          { kind: 'card_paid', bookingId: attempt.bookingId, actorId: staffId, data: { ...payment, stillDue: Math.max(0, owed - attempt.amount) } },
        ]);
      }
      const saved = theRow(await listed(tx, eq(paymentAttempts.id, id), 1), 'The closed payment attempt');
      return { attempt: saved, message: body.outcome === 'paid' ? PAYMENT_MESSAGES.closedPaid : PAYMENT_MESSAGES.closedFailed };
    }),
  );
}

/** A refund made in the provider's dashboard, recorded: at most what is left of the payment. */
export async function refundAttempt(db: Database, staffId: string, id: string, body: { amount: number; note: string }): Promise<PaymentAttempt> {
  if (!isId(id)) throw new HttpError(404, PAYMENT_MESSAGES.attemptNotFound);
  return retryTransientConflicts(() =>
    db.transaction(async (tx) => {
      await actAs(tx, staffId);
      const { attempt } = await lockAttempt(tx, id);
      if (attempt.status !== 'paid' && attempt.status !== 'refunded') throw new HttpError(409, PAYMENT_MESSAGES.refundNotPaid);
      const left = attempt.amount - attempt.refundedAmount;
      if (body.amount > left) throw new HttpError(409, PAYMENT_MESSAGES.refundTooMuch(left, attempt.currency));
      await tx
        .update(paymentAttempts)
        .set({ status: 'refunded', refundedAmount: attempt.refundedAmount + body.amount, ...(body.note ? { closeNote: body.note } : {}) })
        .where(eq(paymentAttempts.id, id));
      await recordMoney(tx, attempt.bookingId, {
        kind: 'refund',
        method: 'card',
        amount: body.amount,
        reference: attempt.transactionId ?? attempt.orderId,
        note: body.note || `Card refund ${attempt.orderId}`,
        attemptId: attempt.id,
        by: staffId,
      });
      return theRow(await listed(tx, eq(paymentAttempts.id, id), 1), 'The refunded payment attempt');
    }),
  );
}
