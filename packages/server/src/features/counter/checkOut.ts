/**
 * Keys out. In one transaction, with the booking's row locked (a second check-out at the same
 * moment waits, then finds it on rent: 409): the rules, the money, the photos and new damages and
 * the agreement's facts (handOver.ts), the agreement made, sealed (its signing certificate, its hash
 * kept: features/agreements) and stored as made, the booking on rent,
 * the car's odometer; the check_out event, from which features/mail writes the e-mail with the
 * agreement attached. The agreement is drawn inside the transaction so what is signed and what is
 * stored can never differ.
 */
import { type CheckOutData, MESSAGES } from '@rental/contract';
import { and, eq, isNull } from 'drizzle-orm';
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
import { prepareHandOver } from './handOver';
import type { CounterStaff } from './money';

export type Staff = CounterStaff;

export async function checkOut(
  db: Database,
  staff: Staff,
  bookingId: unknown,
  form: CounterForm<CheckOutData>,
  events: EventLog,
  now = new Date(),
  device: CounterDevice = NO_DEVICE,
): Promise<void> {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  const { data, photos } = form;
  const signature = await signatureBytes(data.signature);
  const staffSignature = data.staffSignature ? await signatureBytes(data.staffSignature) : null;
  await db.transaction(async (tx) => {
    const { carId, folio, payAtReturn, facts } = await prepareHandOver(tx, staff, bookingId, data, photos, now);
    const pages = await renderAgreement({ ...facts, signature, staffSignature });
    // Sealed with its signing certificate; the seal's hash is kept in the step's own statement below.
    const agreement = await sealCounterAgreement(
      pages,
      { reference: facts.reference, signedAt: now, trail: [signedAtCounter(now, facts.staffName, facts.company.name)] },
      device,
    );
    // The rental and the car's odometer are written by the step's own statement (takeStep's
    // alongside): the transaction's one connection takes one query at a time (bench/counter-checkout.mjs).
    const rental = tx.insert(rentals).values({
      bookingId,
      checkedOutAt: now,
      checkedOutBy: staff.id,
      licenceNumber: data.licenceNumber,
      renterAddress: data.renterAddress,
      odometerOut: data.odometerKm,
      fuelOut: data.fuelEighths,
      items: data.items,
      depositAmount: data.deposit.amount,
      depositMethod: data.deposit.method,
      depositReference: data.deposit.reference,
      payAtReturnReason: payAtReturn,
      payAtReturnBy: payAtReturn === null ? null : staff.id,
      signature,
      staffSignature,
      agreementPdf: Buffer.from(agreement.pdf),
    });
    const seal = sealRow(tx, { bookingId, kind: 'counter', sha256: agreement.sha256, reference: facts.reference, signedAt: now });
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
        data: { deposit: { amount: data.deposit.amount, method: data.deposit.method }, owedAtReturn },
      },
      [rental.getSQL(), odometerRead.getSQL(), seal.getSQL()],
    );
  });
}
