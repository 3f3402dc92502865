/**
 * A bank deposit's slips (docs/decisions/110-deposit-slips-and-several-bank-accounts.md): the
 * customer sends the bank's slip or a screenshot of the transfer; it is kept as their documents are
 * (drivers' documents: the cleaning, the quota, the privacy, the erasure), tied to the booking, and
 * staff are told by its event. It writes nothing of the booking: staff record the payment themselves.
 */
import { MESSAGES, type PaymentSlip, SLIP_MESSAGES, SLIP_REFUSALS, type SlipRefusal, slipRefusal } from '@rental/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { isId } from '../../db/ids';
import { bookingEvents, bookings, documents } from '../../db/schema';
import type { Database, Tx } from '../../db/types';
import type { EventLog } from '../../events';
import { HttpError } from '../../http/errors';
import { folioTotalsOf } from '../bookings';
import type { SlipKeeping } from '../drivers';

/** Who asks: the customer sees their own bookings' slips, staff any booking's. */
export interface Reader {
  id: string;
  role: string;
}

const SLIP_STATUS: Record<SlipRefusal, number> = {
  payment_slip_not_cash_deposit: 409,
  payment_slip_not_needed: 409,
  payment_slips_too_many: 409,
  payment_slip_kept: 409,
};
const refuse = (code: SlipRefusal) => new HttpError(SLIP_STATUS[code], SLIP_REFUSALS[code], code);

/** A payment recorded (by staff, or by card) since the slip was sent: the slip is then part of the booking's money story, and stays. */
const PAYMENT_KINDS = ['payment_recorded', 'card_paid'] as const;
const paidSinceSent = sql<boolean>`EXISTS (SELECT 1 FROM ${bookingEvents} e WHERE e.booking_id = ${documents.bookingId}
  AND e.kind IN (${sql.join(
    PAYMENT_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  )}) AND e.at >= ${documents.uploadedAt})`;

/** The booking as the slips need it; someone else's booking (or none) is not found, as one that does not exist. */
async function bookingFor(db: Database | Tx, reader: Reader, bookingId: string, lock: 'share' | null = null) {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  const query = db
    .select({ id: bookings.id, userId: bookings.userId, paymentMethod: bookings.paymentMethod, status: bookings.status, paymentStatus: bookings.paymentStatus })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  const [row] = lock ? await query.for('share') : await query;
  if (!row || (row.userId !== reader.id && reader.role !== 'owner')) throw new HttpError(404, MESSAGES.bookingNotFound);
  return row;
}

/** The booking's slips, oldest first, each saying whether its customer may still remove it. */
export async function listSlips(db: Database, reader: Reader, bookingId: string): Promise<PaymentSlip[]> {
  await bookingFor(db, reader, bookingId);
  const rows = await db
    .select({
      id: documents.id,
      uploadedAt: documents.uploadedAt,
      mimeType: documents.mimeType,
      size: documents.size,
      paidSince: paidSinceSent,
    })
    .from(documents)
    .where(eq(documents.bookingId, bookingId))
    .orderBy(asc(documents.uploadedAt), asc(documents.id));
  return rows.map((row) => ({ _id: row.id, uploadedAt: row.uploadedAt.toISOString(), mimeType: row.mimeType, size: row.size, removable: !row.paidSince }));
}

/** Refused before the file is read: not the customer's own booking, not a bank deposit, or nothing to pay. */
export async function checkSlipWanted(db: Database, customerId: string, bookingId: string): Promise<void> {
  // Staff do not send slips for a customer: the slip is the customer's word that they paid.
  const booking = await bookingFor(db, { id: customerId, role: 'user' }, bookingId);
  const refusal = slipRefusal(booking);
  if (refusal) throw refuse(refusal);
}

/** What keeping a slip adds inside its transaction: the booking checked again under a lock (a payment recorded meanwhile waits or wins), and its event. */
export function slipKeeping(customerId: string, bookingId: string, events: EventLog): SlipKeeping {
  return {
    bookingId,
    async inTransaction(tx, document) {
      const booking = await bookingFor(tx, { id: customerId, role: 'user' }, bookingId, 'share');
      const refusal = slipRefusal(booking);
      if (refusal) throw refuse(refusal);
      const { balance } = await folioTotalsOf(tx, bookingId);
      await events.record(tx, [{ kind: 'payment_slip_sent', bookingId, actorId: customerId, data: { documentId: document.id, owing: Math.max(0, balance) } }]);
    },
  };
}

/** The customer removes a slip sent by mistake, until a payment is recorded after it. */
export async function removeSlip(db: Database, customerId: string, bookingId: string, slipId: string, events: EventLog): Promise<void> {
  if (!isId(slipId)) throw new HttpError(404, SLIP_MESSAGES.notFound);
  await db.transaction(async (tx) => {
    await actAs(tx, customerId);
    // Shared with other removals, exclusive of a payment being recorded (folio's lock): one of the two comes first.
    await bookingFor(tx, { id: customerId, role: 'user' }, bookingId, 'share');
    const [slip] = await tx
      .select({ id: documents.id, paidSince: paidSinceSent })
      .from(documents)
      .where(and(eq(documents.id, slipId), eq(documents.bookingId, bookingId), eq(documents.userId, customerId)));
    if (!slip) throw new HttpError(404, SLIP_MESSAGES.notFound);
    if (slip.paidSince) throw refuse('payment_slip_kept');
    await tx.delete(documents).where(eq(documents.id, slip.id));
    await events.record(tx, [{ kind: 'payment_slip_removed', bookingId, actorId: customerId, data: { documentId: slip.id } }]);
  });
}
