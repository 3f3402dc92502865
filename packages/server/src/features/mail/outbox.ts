/**
 * The outbox: every e-mail is a row written in the same transaction as the change it reports, so a
 * change that committed always has its message, even when the process dies right after answering.
 * features/mail/sender.ts delivers the rows; owners read them (GET /api/owner/outbox) and send a
 * failed one again.
 */
import { MESSAGES, OUTBOX_PAGE_SIZE, type OutboxMessage } from '@rental/contract';
import { count, desc, eq, sql } from 'drizzle-orm';
import { bookings, cars, outbox, users } from '../../db/schema';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import type { BookingFacts, Letter } from './letters';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Writes the letters inside the caller's transaction. */
export async function enqueue(tx: Tx | Database, letters: Letter[]): Promise<void> {
  if (letters.length === 0) return;
  // One JSON parameter however many letters (a batch of bookings writes two each): cheaper to build
  // and to send than six parameters per letter.
  const rows = letters.map((letter) => ({ kind: letter.kind, recipient: letter.to, subject: letter.subject, text: letter.text, html: letter.html, booking: letter.bookingId ?? null }));
  await tx.execute(sql`
    INSERT INTO outbox (kind, recipient, subject, text_body, html_body, booking_id)
    SELECT kind, recipient, subject, text, html, booking
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS letter(kind text, recipient text, subject text, text text, html text, booking uuid)`);
}

/** What the letters say about a booking, read inside the transaction that changed it. */
export async function bookingFacts(tx: Tx | Database, bookingId: string): Promise<BookingFacts> {
  const [row] = await tx
    .select({
      id: bookings.id,
      reference: bookings.reference,
      pickupDate: bookings.pickupDate,
      returnDate: bookings.returnDate,
      price: bookings.price,
      paymentMethod: bookings.paymentMethod,
      holdExpiresAt: bookings.holdExpiresAt,
      car: { brand: cars.brand, model: cars.model, year: cars.year, location: cars.location },
      customer: { name: users.name, email: users.email, phone: users.phone },
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, bookingId));
  if (!row) throw new Error(`booking ${bookingId} vanished inside its own transaction`);
  return row;
}

type OutboxRow = typeof outbox.$inferSelect;

function toOutboxMessage(row: OutboxRow): OutboxMessage {
  return {
    _id: String(row.id),
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

export async function listOutbox(db: Database, page: number): Promise<{ messages: OutboxMessage[]; total: number }> {
  const rows = await db
    .select()
    .from(outbox)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(OUTBOX_PAGE_SIZE)
    .offset((page - 1) * OUTBOX_PAGE_SIZE);
  const [all] = await db.select({ total: count() }).from(outbox);
  return { messages: rows.map(toOutboxMessage), total: all?.total ?? 0 };
}

/** A failed message goes back in the queue, due now, with a fresh count of attempts. */
export async function resendMessage(db: Database, messageId: string): Promise<OutboxMessage> {
  if (!/^[1-9]\d{0,17}$/.test(messageId)) throw new HttpError(404, MESSAGES.messageNotFound);
  const id = Number(messageId);
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id)).for('update');
    if (!current) throw new HttpError(404, MESSAGES.messageNotFound);
    if (current.status !== 'failed') throw new HttpError(409, MESSAGES.messageNotFailed);
    const [row] = await tx
      .update(outbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(eq(outbox.id, id))
      .returning();
    return toOutboxMessage(row!);
  });
}
