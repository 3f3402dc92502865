/**
 * Idempotency-Key on POST /api/bookings/create (as Stripe's API has it): the web app sends one key
 * per press of "confirm"; a retry with that key (a lost answer, a double tap, a flaky network) gets
 * the first answer again instead of a second booking or a confusing "dates taken".
 *
 * - The key is claimed in the same transaction as the booking, before it: a crash leaves both or
 *   neither, and a concurrent retry waits for the first attempt and then replays its answer.
 * - Only a booking made is remembered. A refusal (400/404/409) changed nothing, so a retry simply
 *   runs again and answers for the situation as it is then.
 * - Keys are per customer; the same key with a different booking is refused (422).
 */
import { createHash } from 'node:crypto';
import type { CreateBookingBody } from '@rental/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../../db/schema';
import { type Database, isUniqueViolation } from '../../db/types';
import { HttpError } from '../../http/errors';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on a replayed answer, so a client (and a test) can tell it from a new booking. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

export const MESSAGE_BAD_KEY = 'The Idempotency-Key header must be 1 to 255 visible characters (letters, digits or punctuation).';
export const MESSAGE_KEY_REUSED = 'This Idempotency-Key was already used for a different booking. Send a new key for a new booking.';

const KEY = /^[\x21-\x7e]{1,255}$/;

/** The request's key, undefined when none was sent; a malformed one is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY.test(value)) throw new HttpError(400, MESSAGE_BAD_KEY);
  return value;
}

/** What the booking is, as parsed: the same booking sent with other extra fields is the same request. */
export function requestHash(input: CreateBookingBody): string {
  const canonical = JSON.stringify([input.car, input.pickupDate, input.returnDate, input.paymentMethod]);
  return createHash('sha256').update(canonical).digest('hex');
}

export interface Answer {
  statusCode: number;
  body: unknown;
}

async function storedAnswer(db: Database, userId: string, key: string, hash: string): Promise<Answer | undefined> {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, statusCode: idempotencyKeys.statusCode, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row) return undefined;
  if (row.requestHash !== hash) throw new HttpError(422, MESSAGE_KEY_REUSED);
  return { statusCode: row.statusCode, body: row.response };
}

/**
 * Runs `book` at most once per (customer, key): its answer is stored with the booking it made, in
 * one transaction, and returned to every retry.
 */
export async function bookOnce(
  db: Database,
  userId: string,
  key: string,
  input: CreateBookingBody,
  book: (tx: Database) => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  const hash = requestHash(input);
  const earlier = await storedAnswer(db, userId, key, hash);
  if (earlier) return { ...earlier, replayed: true };
  try {
    const answer = await db.transaction(async (tx) => {
      // Claimed first: a concurrent retry blocks on this row until we commit (then replays) or roll back (then books).
      await tx.insert(idempotencyKeys).values({ userId, key, requestHash: hash, statusCode: 0, response: {} });
      const made = await book(tx);
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: made.statusCode, response: made.body })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      return made;
    });
    return { ...answer, replayed: false };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Another request with this key got there first and has finished: its answer is ours.
    const first = await storedAnswer(db, userId, key, hash);
    if (!first) throw err;
    return { ...first, replayed: true };
  }
}
