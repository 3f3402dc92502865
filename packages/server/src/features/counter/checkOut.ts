/**
 * Keys out. In one transaction, with the booking's row locked (a second check-out at the same
 * moment waits, then finds it on rent: 409): the rules (rules.ts), the money (money.ts: the balance
 * paid or pay at return), the photos and new damages, the agreement made and stored as made, the booking on rent, the car's odometer; the
 * check_out event, from which features/mail writes the e-mail with the agreement attached. The agreement is drawn inside the transaction so what is signed and what is
 * stored can never differ.
 */
import { type CheckOutData, COUNTER_MESSAGES, MESSAGES, companyToday, dueBackAt, sameLicence } from '@rental/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { bookings, cars, driverDetails, rentals, users } from '../../db/schema';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { isId } from '../../db/ids';
import { getCompanySettings } from '../company';
import type { EventLog } from '../../events';
import { renderAgreement } from './agreementPdf';
import { type CounterForm, signatureBytes } from './counterForm';
import { recordDamages } from './damages';
import { checkOutRefusal } from './rules';
import { userEmail } from '../../db/userEmail';
import { openDamagesOf, readFolio, staffActor, takeStep } from '../bookings';
import { type CounterStaff, moneyBeforeKeys } from './money';

export type Staff = CounterStaff;

export async function checkOut(db: Database, staff: Staff, bookingId: unknown, form: CounterForm<CheckOutData>, events: EventLog, now = new Date()): Promise<void> {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  const { data, photos } = form;
  const signature = await signatureBytes(data.signature);
  const staffSignature = data.staffSignature ? await signatureBytes(data.staffSignature) : null;
  await db.transaction(async (tx) => {
    await actAs(tx, staff.id);
    const [row] = await tx
      .select({
        status: bookings.status,
        pickupDate: bookings.pickupDate,
        returnDate: bookings.returnDate,
        additionalDrivers: bookings.additionalDrivers,
        reference: bookings.reference,
        carId: bookings.carId,
        car: { brand: cars.brand, model: cars.model, year: cars.year, plate: cars.plate, category: cars.category, odometerKm: cars.odometerKm },
        customer: { name: users.name, email: userEmail, phone: users.phone, vetting: users.vettingStatus, doNotRentReason: users.doNotRentReason },
        licenceNumber: driverDetails.licenceNumber,
      })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .innerJoin(users, eq(users.id, bookings.userId))
      .leftJoin(driverDetails, eq(driverDetails.userId, bookings.userId))
      .where(eq(bookings.id, bookingId))
      .for('update', { of: bookings });
    if (!row) throw new HttpError(404, MESSAGES.bookingNotFound);
    const refusal = checkOutRefusal(
      { ...row, vetting: row.customer.vetting, doNotRent: row.customer.doNotRentReason !== null },
      companyToday(now),
    );
    if (refusal) throw new HttpError(refusal.status, refusal.message);
    if (!sameLicence(data.licenceNumber, row.licenceNumber!)) throw new HttpError(422, COUNTER_MESSAGES.licenceMismatch);
    if (data.odometerKm < row.car.odometerKm) throw new HttpError(422, COUNTER_MESSAGES.odometerBelowCar);
    const payAtReturn = await moneyBeforeKeys(tx, bookingId, staff, data);

    await recordDamages(tx, { bookingId, carId: row.carId, stage: 'check_out', at: now }, data.damages, photos);
    const company = await getCompanySettings(tx);
    const [staffRow] = await tx.select({ name: users.name }).from(users).where(eq(users.id, staff.id));
    const damages = await openDamagesOf(tx, row.carId);
    const folio = await readFolio(tx, null, bookingId);
    const agreement = await renderAgreement({
      company,
      reference: row.reference,
      customer: { name: row.customer.name, email: row.customer.email, phone: row.customer.phone ?? '', licenceNumber: row.licenceNumber! },
      drivers: row.additionalDrivers.map((driver) => ({ name: driver.name, licenceNumber: driver.licenceNumber })),
      car: { brand: row.car.brand, model: row.car.model, year: row.car.year, plate: row.car.plate, category: row.car.category },
      pickupDate: row.pickupDate,
      returnDate: row.returnDate,
      checkedOutAt: now,
      dueBackAt: dueBackAt(row.returnDate, company.returnTime),
      folio,
      payAtReturn,
      deposit: data.deposit,
      odometerKm: data.odometerKm,
      fuelEighths: data.fuelEighths,
      damages: damages.map((damage) => ({ zone: damage.zone, description: damage.description, isNew: damage.foundAtReference === row.reference })),
      items: data.items,
      signature,
      staffSignature,
      staffName: staffRow?.name ?? company.name,
    });
    await tx.insert(rentals).values({
      bookingId,
      checkedOutAt: now,
      checkedOutBy: staff.id,
      licenceNumber: data.licenceNumber,
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
      agreementPdf: Buffer.from(agreement),
    });
    // Keys out with the balance owing (an owner's or a manager's choice): the customer's letter says what is due at return.
    const owedAtReturn = payAtReturn === null ? 0 : folio.totals.balance;
    await takeStep(tx, events, bookingId, 'confirmed', {
      event: 'check_out',
      actor: staffActor(staff.staffRole),
      actorId: staff.id,
      data: { deposit: { amount: data.deposit.amount, method: data.deposit.method }, owedAtReturn },
    });
    await tx.update(cars).set({ odometerKm: data.odometerKm }).where(and(eq(cars.id, row.carId), isNull(cars.deletedAt)));
  });
}
