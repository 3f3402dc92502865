/**
 * Checking in online (decision 124): in one transaction, with the booking's row locked (a second
 * completion at the same moment waits, then finds it done: 409), the window, the drivers, the
 * pickup time, the signature and the code are checked in that order; then the agreement is drawn
 * as the counter draws it, with the customer's signature and where it was signed from, sealed
 * (seal.ts: the signing certificate, decision 122), stored as made with its SHA-256, and each step recorded in the booking's history.
 * A refusal stores nothing, but for a wrong code's try (it must count), which commits before the
 * 422 is answered.
 */
import {
  CHECK_IN_CODE_TRIES,
  CHECK_IN_SIGNATURE_MAX_CHARS,
  CLOSED_REFUSAL,
  type CheckInWaitingFor,
  type CompleteCheckInBody,
  pickupTimeProblem,
} from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { onlineCheckIns } from '../../db/schema';
import type { Database } from '../../db/types';
import type { EventLog, RecordedEvent } from '../../events';
import { HttpError } from '../../http/errors';
import { folioOf } from '../bookings';
import { renderOnlineAgreement, signatureBytes } from '../counter';
import { codeHash, refuse } from './code';
import { type Reader, readCheckIn } from './facts';
import { sealOnlineAgreement } from './seal';
import { sealRow } from '../agreements';
import { agreementFactsOf, closedReasonOf, driversOf } from './state';

const PNG_DATA_URL = 'data:image/png;base64,';

/** The signature's refusals, each with its code, before anything is read of the booking's money. */
async function signaturePng(signature: string): Promise<Buffer> {
  const value = signature.trim();
  if (value === '' || value === PNG_DATA_URL) throw refuse(422, 'signature_missing');
  if (value.length > CHECK_IN_SIGNATURE_MAX_CHARS) throw refuse(413, 'signature_too_large');
  if (!value.startsWith(PNG_DATA_URL) || !/^[A-Za-z0-9+/]+={0,2}$/.test(value.slice(PNG_DATA_URL.length))) throw refuse(422, 'signature_not_png');
  try {
    // The counter's own check: a real PNG that decodes, not too many pixels.
    return await signatureBytes(value);
  } catch (err) {
    if (err instanceof HttpError) throw new HttpError(422, err.message, err.code);
    throw err;
  }
}

export interface Signing {
  ip: string;
  userAgent: string;
}

type Outcome = { done: true; reference: string } | { done: false; refusal: HttpError };

export async function completeCheckIn(
  db: Database,
  events: EventLog,
  publicUrl: string | undefined,
  reader: Reader,
  bookingId: string,
  body: CompleteCheckInBody,
  signing: Signing,
  now = new Date(),
): Promise<string> {
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const facts = await readCheckIn(tx, reader, bookingId, { lock: true, customerOnly: true });
    const { reason } = closedReasonOf(facts, now);
    if (reason) throw refuse(409, CLOSED_REFUSAL[reason]);
    const drivers = driversOf(facts);
    if (drivers.some((driver) => driver.state === 'blocked' || driver.problems.length > 0)) throw refuse(409, 'check_in_driver_refused');
    if (drivers.some((driver) => driver.state === 'to_do')) throw refuse(409, 'check_in_drivers_missing');
    const timeProblem = pickupTimeProblem(facts.pickupDate, body.pickupTime, facts.company.weekHours);
    if (timeProblem) throw new HttpError(422, timeProblem.message, timeProblem.code);
    const signature = await signaturePng(body.signature);

    const checkIn = facts.checkIn;
    if (!checkIn?.codeHash || !checkIn.codeExpiresAt) throw refuse(422, 'check_in_code_missing');
    if (checkIn.codeTries >= CHECK_IN_CODE_TRIES) throw refuse(422, 'check_in_code_used_up');
    if (checkIn.codeExpiresAt <= now) throw refuse(422, 'check_in_code_expired');
    if (codeHash(facts.id, body.code) !== checkIn.codeHash) {
      const triesLeft = CHECK_IN_CODE_TRIES - checkIn.codeTries - 1;
      const entry = { step: 'code_wrong' as const, at: now.toISOString() };
      await tx
        .update(onlineCheckIns)
        .set({ codeTries: sql`${onlineCheckIns.codeTries} + 1`, trail: sql`${onlineCheckIns.trail} || ${JSON.stringify([entry])}::jsonb` })
        .where(eq(onlineCheckIns.bookingId, facts.id));
      await events.record(tx, [{ kind: 'check_in_code_wrong', bookingId: facts.id, actorId: reader.id, data: { triesLeft } }]);
      return { done: false, refusal: refuse(422, triesLeft > 0 ? 'check_in_code_wrong' : 'check_in_code_used_up') };
    }

    const flightNumber = body.flightNumber ?? checkIn.flightNumber ?? (facts.quote?.delivery?.place === 'airport' ? facts.quote.delivery.flightNumber : null);
    const trail = [...checkIn.trail, { step: 'code_verified' as const, at: now.toISOString() }, { step: 'signed' as const, at: now.toISOString() }];
    const folio = await folioOf(tx, facts.id, facts.reference, facts.company);
    const pages = await renderOnlineAgreement({
      ...agreementFactsOf(facts, folio, { signedAt: now, pickupTime: body.pickupTime, flightNumber }),
      signature,
      signedFrom: signing,
    });
    const sealed = await sealOnlineAgreement(pages, { reference: facts.reference, signedAt: now, signedFrom: signing, trail }, publicUrl);
    await sealRow(tx, { bookingId: facts.id, kind: 'online', sha256: sealed.sha256, reference: facts.reference, signedAt: now });
    await tx
      .update(onlineCheckIns)
      .set({
        codeHash: null,
        pickupTime: body.pickupTime,
        flightNumber,
        signature,
        agreementPdf: Buffer.from(sealed.pdf),
        agreementSha256: sealed.sha256,
        completedAt: now,
        signedIp: signing.ip,
        signedUserAgent: signing.userAgent,
        trail,
      })
      .where(eq(onlineCheckIns.bookingId, facts.id));

    const waitingFor: CheckInWaitingFor[] = [
      ...(drivers.some((driver) => driver.state === 'waiting') ? (['vetting'] as const) : []),
      ...(folio.totals.balance > 0 ? (['payment'] as const) : []),
    ];
    const recorded: RecordedEvent[] = [
      { kind: 'check_in_code_verified', bookingId: facts.id, actorId: reader.id, data: {} },
      {
        kind: 'checked_in_online',
        bookingId: facts.id,
        actorId: reader.id,
        data: { pickupTime: body.pickupTime, flightNumber, agreementSha256: sealed.sha256, waitingFor },
      },
    ];
    // Staff are told once, when the customer is otherwise ready: the check of the driver is what the counter waits for.
    if (waitingFor.includes('vetting'))
      recorded.push({ kind: 'check_in_vetting_waiting', bookingId: facts.id, actorId: reader.id, data: { userId: facts.userId } });
    await events.record(tx, recorded);
    return { done: true, reference: facts.reference };
  });
  if (!outcome.done) throw outcome.refusal;
  return outcome.reference;
}
