/**
 * Keys out. In one transaction, with the booking's row locked (a second check-out at the same
 * moment waits, then finds it on rent: 409): the rules, the money, the photos and new damages and
 * the agreement's facts (handOver.ts), the agreement made, sealed (its signing certificate, its hash
 * kept: features/agreements) and stored as made, the booking on rent,
 * the car's odometer; the check_out event, from which features/mail writes the e-mail with the
 * agreement attached. The agreement is drawn inside the transaction so what is signed and what is
 * stored can never differ: while the database takes the step's statement (takeStep's drawing).
 *
 * Checked in online (decision 125): the agreement signed on the phone is kept as it is, byte for
 * byte, and the car as handed over becomes the condition appendix, signed by staff and sealed.
 */
import { type CheckOutRequest, MESSAGES, REFUSAL_CODES } from '@rental/contract';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { cars, rentals } from '../../db/schema';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { isId } from '../../db/ids';
import type { EventLog } from '../../events';
import { renderAgreement } from './agreementPdf';
import { type CounterDevice, NO_DEVICE, sealCounterAgreement, signedAtCounter } from './agreementSeal';
import { sealRow } from '../agreements';
import { type CounterForm, signatureBytes } from './counterForm';
import { staffActor, takeStep } from '../bookings';
import { renderConditionAppendix, sealConditionAppendix } from './conditionPdf';
import type { AgreementContentFacts } from './agreementContent';
import { paperworkMissing, prepareHandOver, type SignedOnline } from './handOver';
import type { CounterStaff } from './money';

export type Staff = CounterStaff;

type Paper = { kind: 'counter' | 'condition'; pdf: Uint8Array; sha256: string };

interface Signatures {
  customer: Buffer | null;
  staff: Buffer | null;
}

/** What the keys go out with: the agreement signed here, sealed; or, signed online, the car's condition appendix. */
async function drawPaper(facts: AgreementContentFacts, online: SignedOnline | null, signatures: Signatures, now: Date, device: CounterDevice): Promise<Paper> {
  if (online) {
    const pages = await renderConditionAppendix({ ...facts, signedOnline: online, staffSignature: signatures.staff! });
    return { kind: 'condition', ...(await sealConditionAppendix(pages, { reference: facts.reference, at: now, staffName: facts.staffName }, device)) };
  }
  const pages = await renderAgreement({ ...facts, signature: signatures.customer!, staffSignature: signatures.staff });
  const trail = [signedAtCounter(now, facts.staffName, facts.company.name)];
  return { kind: 'counter', ...(await sealCounterAgreement(pages, { reference: facts.reference, signedAt: now, trail }, device)) };
}

export async function checkOut(
  db: Database,
  staff: Staff,
  bookingId: unknown,
  form: CounterForm<CheckOutRequest>,
  events: EventLog,
  now = new Date(),
  device: CounterDevice = NO_DEVICE,
): Promise<void> {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  const { data, photos } = form;
  const signatures: Signatures = {
    customer: data.signature ? await signatureBytes(data.signature) : null,
    staff: data.staffSignature ? await signatureBytes(data.staffSignature) : null,
  };
  await db.transaction(async (tx) => {
    const { carId, folio, payAtReturn, facts, online, licenceNumber } = await prepareHandOver(tx, staff, bookingId, data, photos, now);
    if (online && !signatures.staff) throw new HttpError(400, REFUSAL_CODES.staff_signature_missing, 'staff_signature_missing');
    if (!online && !signatures.customer) throw paperworkMissing();
    // The rental, its paper and the paper's seal (its hash kept: features/agreements) are written
    // with the step's event once the paper is drawn; the step's own statement carries the car's
    // odometer (the transaction's one connection takes one query at a time: bench/counter-checkout.mjs).
    const rentalWithPaper = async (): Promise<SQL[]> => {
      const paper = await drawPaper(facts, online, signatures, now, device);
      const rental = tx.insert(rentals).values({
        bookingId,
        checkedOutAt: now,
        checkedOutBy: staff.id,
        licenceNumber,
        renterAddress: data.renterAddress ?? null,
        odometerOut: data.odometerKm,
        fuelOut: data.fuelEighths,
        items: data.items,
        depositAmount: data.deposit.amount,
        depositMethod: data.deposit.method,
        depositReference: data.deposit.reference,
        payAtReturnReason: payAtReturn,
        payAtReturnBy: payAtReturn === null ? null : staff.id,
        // Checked in online: the signature and the agreement stay the ones given on the phone.
        signature: online?.signature ?? signatures.customer!,
        staffSignature: signatures.staff,
        agreementPdf: online ? online.pdf : Buffer.from(paper.pdf),
        conditionPdf: online ? Buffer.from(paper.pdf) : null,
      });
      const seal = sealRow(tx, { bookingId, kind: paper.kind, sha256: paper.sha256, reference: facts.reference, signedAt: now });
      return [rental.getSQL(), seal.getSQL()];
    };
    const odometerRead = tx
      .update(cars)
      .set({ odometerKm: data.odometerKm })
      .where(and(eq(cars.id, carId), isNull(cars.deletedAt)));
    // Keys out with the balance owing (an owner's or a manager's choice): the customer's letter says what is due at return.
    const owedAtReturn = payAtReturn === null ? 0 : folio.totals.balance;
    await takeStep(
      tx,
      events,
      bookingId,
      'confirmed',
      {
        event: 'check_out',
        actor: staffActor(staff.staffRole),
        actorId: staff.id,
        data: { deposit: { amount: data.deposit.amount, method: data.deposit.method }, owedAtReturn, ...(online && { checkedInOnline: true }) },
      },
      [odometerRead.getSQL()],
      rentalWithPaper,
    );
  });
}
