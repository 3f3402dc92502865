/**
 * Idempotency-Key on POST /api/bookings/create (as Stripe's API has it): the web app sends one key
 * per press of "confirm"; a retry with that key (a lost answer, a double tap, a flaky network) gets
 * the first answer again instead of a second booking or a confusing "dates taken".
 *
 * - The key is claimed in the same transaction as the booking, before it (book_car(), migrations/0011):
 *   a crash leaves both or neither, and a concurrent retry waits for the first attempt, then replays.
 * - Only a booking made is remembered. A refusal (400/404/409) changed nothing, so a retry simply
 *   runs again and answers for the situation as it is then.
 * - Keys are per customer; the same key with a different booking is refused (422).
 */
import { createHash } from 'node:crypto';
import type { CreateBookingBody } from '@rental/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../../db/schema';
import type { Database } from '../../db/types';
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

/**
 * The answer stored for this customer's key, for a request the desk refuses before booking (its dates
 * have passed): a replay if it is the same booking, 422 if the key was used for another one.
 */
export async function earlierAnswer(
  db: Database,
  userId: string,
  key: string,
  input: CreateBookingBody,
): Promise<{ statusCode: number; body: unknown; replayed: true } | undefined> {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, statusCode: idempotencyKeys.statusCode, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row) return undefined;
  if (row.requestHash !== requestHash(input)) throw new HttpError(422, MESSAGE_KEY_REUSED);
  return { statusCode: row.statusCode, body: row.response, replayed: true };
}
