/**
 * The agreement shown on the check-out screen before the customer signs: the hand-over worked out
 * as the check-out works it out (handOver.ts: the rules, the payment taken with the keys, the new
 * damages), its content taken, and the transaction rolled back, so nothing is kept.
 */
import { type AgreementDocument, type AgreementPreviewBody, MESSAGES } from '@rental/contract';
import { isId } from '../../db/ids';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { agreementDocument } from './agreementContent';
import { prepareHandOver } from './handOver';
import type { CounterStaff } from './money';

/** Thrown to end the transaction with the content in hand. */
class Shown extends Error {
  constructor(readonly agreement: AgreementDocument) {
    super('agreement preview: rolled back');
  }
}

export async function previewAgreement(
  db: Database,
  staff: CounterStaff,
  bookingId: unknown,
  data: AgreementPreviewBody,
  now = new Date(),
): Promise<AgreementDocument> {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  // The photos are not sent with the preview: the damages are the same without them.
  const damages = data.damages.map((damage) => ({ ...damage, photo: null }));
  try {
    await db.transaction(async (tx) => {
      const { facts } = await prepareHandOver(tx, staff, bookingId, { ...data, damages }, [], now);
      throw new Shown(agreementDocument(facts));
    });
  } catch (err) {
    if (err instanceof Shown) return err.agreement;
    throw err;
  }
  throw new Error('The agreement preview ended without its content.');
}
