/**
 * The 6-digit code that proves who signs (decision 124): sent to the account's e-mail by the mail
 * feature from the check_in_code_sent event (the digits ride as the event's secret, never kept in
 * the history), kept only as a hash, working CHECK_IN_CODE_MINUTES and CHECK_IN_CODE_TRIES wrong
 * tries; a new one no sooner than CHECK_IN_CODE_RESEND_SECONDS after the last, and at most
 * CHECK_IN_CODES_PER_HOUR an hour per booking.
 */
import { createHash, randomInt } from 'node:crypto';
import {
  CHECK_IN_CODE_MINUTES,
  CHECK_IN_CODE_RESEND_SECONDS,
  CHECK_IN_CODES_PER_HOUR,
  CLOSED_REFUSAL,
  maskedEmail,
  ONLINE_CHECK_IN_REFUSALS,
  type OnlineCheckInRefusal,
} from '@rental/contract';
import { sql } from 'drizzle-orm';
import { onlineCheckIns } from '../../db/schema';
import type { Database } from '../../db/types';
import type { EventLog } from '../../events';
import { HttpError } from '../../http/errors';
import { type Reader, readCheckIn } from './facts';
import { closedReasonOf } from './state';

export const refuse = (status: number, code: OnlineCheckInRefusal) => new HttpError(status, ONLINE_CHECK_IN_REFUSALS[code], code);

/** The code's hash, salted with its booking: the same digits on two bookings hash apart. */
export const codeHash = (bookingId: string, code: string) => createHash('sha256').update(`${bookingId}:${code}`).digest('hex');

const NO_EMAIL = 'This account has no e-mail address to send the code to. Please ask us to add one, or check in at the counter.';

export async function sendCode(db: Database, events: EventLog, reader: Reader, bookingId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    // Only the booking's customer: the code proves who signs, so staff cannot ask for it either.
    const facts = await readCheckIn(tx, reader, bookingId, { lock: true, customerOnly: true });
    const { reason } = closedReasonOf(facts, now);
    if (reason) throw refuse(409, CLOSED_REFUSAL[reason]);
    if (!facts.customer.email) throw new HttpError(409, NO_EMAIL);
    const trail = facts.checkIn?.trail ?? [];
    const last = facts.checkIn?.codeSentAt;
    if (last && now.getTime() - last.getTime() < CHECK_IN_CODE_RESEND_SECONDS * 1000) throw refuse(429, 'check_in_code_too_soon');
    const lastHour = trail.filter((entry) => entry.step === 'code_sent' && now.getTime() - Date.parse(entry.at) < 3_600_000).length;
    if (lastHour >= CHECK_IN_CODES_PER_HOUR) throw refuse(429, 'check_in_codes_too_many');

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(now.getTime() + CHECK_IN_CODE_MINUTES * 60_000);
    const entry = { step: 'code_sent' as const, at: now.toISOString() };
    const values = { codeHash: codeHash(facts.id, code), codeSentAt: now, codeExpiresAt: expiresAt, codeTries: 0 };
    await tx
      .insert(onlineCheckIns)
      .values({ bookingId: facts.id, ...values, trail: [entry] })
      .onConflictDoUpdate({ target: onlineCheckIns.bookingId, set: { ...values, trail: sql`${onlineCheckIns.trail} || ${JSON.stringify([entry])}::jsonb` } });
    await events.record(tx, [
      { kind: 'check_in_code_sent', bookingId: facts.id, actorId: reader.id, data: { expiresAt: expiresAt.toISOString() }, secret: code },
    ]);
    return { codeEmail: maskedEmail(facts.customer.email), codeExpiresAt: expiresAt.toISOString() };
  });
}
