/**
 * Keys out, up to the paper: with the booking's row locked, the rules, the money (the payment taken
 * with the keys recorded), the new damages, and the agreement's facts as they then stand. The
 * check-out goes on to sign and keep them; the preview shows them and rolls everything back, so
 * the agreement read on the screen is worked out exactly as the one signed.
 */
import {
  type CheckOutRequest,
  COUNTER_MESSAGES,
  DEFAULT_DISTANCE_PER_DAY,
  MESSAGES,
  REFUSAL_CODES,
  companyToday,
  dueBackAt,
  sameLicence,
} from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { bookings, cars, driverDetails, onlineCheckIns, users } from '../../db/schema';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { actorColumn } from '../../db/actor';
import { companySettingsColumn, companySettingsOf, companySettingUp } from '../company';
import { bookingFactsColumns, folioOf, openDamagesOf, rememberBookingFacts } from '../bookings';
import { paperDueColumn, refuseExpiredPaper } from '../carPapers';
import type { AgreementContentFacts } from './agreementContent';
import { recordDamages } from './damages';
import { type CounterStaff, moneyBeforeKeys } from './money';
import { checkOutRefusal } from './rules';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type HandOverData = Omit<CheckOutRequest, 'signature' | 'staffSignature'>;

/** The agreement signed online, as kept (decision 124): the check-out keeps it, byte for byte. */
export interface SignedOnline {
  at: Date;
  sha256: string;
  pdf: Buffer;
  signature: Buffer;
}

export async function prepareHandOver(tx: Tx, staff: CounterStaff, bookingId: string, data: HandOverData, photos: Buffer[], now: Date) {
  const today = companyToday(now);
  const [row] = await tx
    .select({
      // The booking's letters read these facts again from what is remembered (rememberBookingFacts).
      ...bookingFactsColumns,
      additionalDrivers: bookings.additionalDrivers,
      carId: bookings.carId,
      // Here, not queries of their own: the transaction's one connection takes one query at a time.
      actor: actorColumn(staff.id),
      staffName: sql<string | null>`(SELECT staff.name FROM ${users} staff WHERE staff.id = ${staff.id})`,
      company: companySettingsColumn(),
      // The car's registration, fitness or insurance that has expired by today (one index probe per kind).
      expiredPaper: paperDueColumn(cars.id, sql`${today}::date`),
      car: {
        ...bookingFactsColumns.car,
        plate: cars.plate,
        category: cars.category,
        odometerKm: cars.odometerKm,
        distancePerDay: cars.distancePerDay,
      },
      customer: { ...bookingFactsColumns.customer, vetting: users.vettingStatus, doNotRentReason: users.doNotRentReason },
      licence: {
        number: driverDetails.licenceNumber,
        country: driverDetails.licenceCountry,
        expires: driverDetails.licenceExpires,
        dateOfBirth: driverDetails.dateOfBirth,
      },
      online: {
        at: onlineCheckIns.completedAt,
        sha256: onlineCheckIns.agreementSha256,
        pdf: onlineCheckIns.agreementPdf,
        signature: onlineCheckIns.signature,
      },
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(driverDetails, eq(driverDetails.userId, bookings.userId))
    .leftJoin(onlineCheckIns, eq(onlineCheckIns.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId))
    .for('update', { of: bookings });
  if (!row) throw new HttpError(404, MESSAGES.bookingNotFound);
  rememberBookingFacts(tx, row);
  const licenceNumber = row.licence?.number ?? null;
  const refusal = checkOutRefusal({ ...row, licenceNumber, vetting: row.customer.vetting, doNotRent: row.customer.doNotRentReason !== null }, today);
  if (refusal) throw new HttpError(refusal.status, refusal.message);
  refuseExpiredPaper(row.expiredPaper);
  // checkOutRefusal refuses a customer without driver details.
  const licence = row.licence!;
  // Checked in online: the licence, the terms and the signature were given on the phone. An erased
  // agreement (the account erased) is no longer one to hand over on.
  const online = signedOnline(row.online);
  if (!online && (!data.licenceNumber || !data.renterAddress)) throw paperworkMissing();
  if (data.licenceNumber && !sameLicence(data.licenceNumber, licence.number)) throw new HttpError(422, COUNTER_MESSAGES.licenceMismatch);
  if (data.odometerKm < row.car.odometerKm) throw new HttpError(422, COUNTER_MESSAGES.odometerBelowCar);
  const company = await companySettingsOf(tx, row.company);
  const money = await moneyBeforeKeys(tx, await folioOf(tx, bookingId, row.reference, company), staff, data);
  const { payAtReturn, folio } = money;

  await recordDamages(tx, { bookingId, carId: row.carId, stage: 'check_out', at: now }, data.damages, photos);
  const damages = await openDamagesOf(tx, row.carId);
  const facts: AgreementContentFacts = {
    company,
    contactsSaved: !companySettingUp(company),
    reference: row.reference,
    customer: {
      name: row.customer.name,
      email: row.customer.email ?? '',
      phone: row.customer.phone ?? '',
      address: data.renterAddress ?? '',
      dateOfBirth: licence.dateOfBirth,
      licence: { number: licence.number, country: licence.country, expires: licence.expires },
    },
    drivers: row.additionalDrivers.map((driver) => ({
      name: driver.name,
      dateOfBirth: driver.dateOfBirth,
      licence: { number: driver.licenceNumber, country: driver.licenceCountry, expires: driver.licenceExpires },
    })),
    car: { ...row.car, distancePerDay: row.car.distancePerDay ?? DEFAULT_DISTANCE_PER_DAY },
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
    staffName: row.staffName ?? company.name,
  };
  return { carId: row.carId, company, folio, payAtReturn, facts, online, licenceNumber: data.licenceNumber ?? licence.number };
}

export const paperworkMissing = () => new HttpError(400, REFUSAL_CODES.counter_paperwork_missing, 'counter_paperwork_missing');

function signedOnline(row: { at: Date | null; sha256: string | null; pdf: Buffer | null; signature: Buffer | null } | null): SignedOnline | null {
  if (!row?.at || !row.sha256 || !row.pdf || !row.signature) return null;
  return { at: row.at, sha256: row.sha256, pdf: row.pdf, signature: row.signature };
}
