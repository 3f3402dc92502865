/**
 * An erased customer's rental agreements and receipts, made again by the same functions that made
 * them, from what was stored with them, with "Deleted customer" where the renter's name, e-mail,
 * phone, licence number and signature were. What the company must keep reads as before: the booking
 * reference, the receipt number, the car, the dates, every charge, GCT, payment and the deposit. The
 * folio is read as it stood when the paper was made (the rows written up to the check-out's, or the
 * check-in's, step), so later charges do not creep onto the signed agreement. Called by the drivers'
 * erasure, inside its transaction, after the folio's own words were blotted out.
 *
 * The agreement made again is sealed again (features/agreements, decision 122): its certificate's
 * trail keeps the signing at the counter and adds the moment it was made again, naming the signed
 * original's SHA-256; a new seal row points at the original's. The original's row stays, unchanged:
 * the copy the renter was given still checks as valid (it holds nothing the renter did not hold).
 */
import { DEFAULT_DISTANCE_PER_DAY, DELETED_CUSTOMER_NAME, type Folio, dueBackAt, folioTotals } from '@rental/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { bookingEvents, bookings, carDamages, cars, rentals, users } from '../../db/schema';
import type { Database } from '../../db/types';
import { type Scrub, scrubJson } from '../../security/personalWords';
import { companySettingUp, getCompanySettings } from '../company';
import { carDamagesOf, readFolio } from '../bookings';
import { renderAgreement } from './agreementPdf';
import { sealCounterAgreement, signedAtCounter } from './agreementSeal';
import { latestSealOf, sealRow } from '../agreements';
import { type FolioOnPaper } from './folioPaper';
import { renderReceipt } from './receiptPdf';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What the papers print where the renter's own details were. */
export const ERASED_DETAIL = 'Erased';
/** An erased licence on a paper made again: its number, country and expiry all say so. */
const ERASED_LICENCE = { number: ERASED_DETAIL, country: ERASED_DETAIL, expires: ERASED_DETAIL };

/** An empty, transparent signature: the box stays, the person's hand does not. */
let blank: Promise<Buffer> | undefined;
export function blankSignature(): Promise<Buffer> {
  blank ??= sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } } })
    .png()
    .toBuffer();
  return blank;
}

/** The folio as it stood at `at`: rows written later left out, a void counted only if it was written by then. */
function folioAsOf(folio: Folio, at: Date): FolioOnPaper {
  const by = (row: { createdAt: string }) => new Date(row.createdAt).getTime() <= at.getTime();
  const lines = folio.lines.filter(by);
  const payments = folio.payments.filter(by);
  const voided = new Set(lines.flatMap((line) => (line.voidsLineId ? [line.voidsLineId] : [])));
  return {
    currency: folio.currency,
    lines: lines.map((line) => ({ ...line, voided: voided.has(line.id) })),
    payments,
    totals: folioTotals({ lines, payments }),
  };
}

/** When the booking took the step to `status` (the transaction that made the paper); `fallback` for a row written without one. */
async function stepAt(tx: Tx, bookingId: string, status: 'on_rent' | 'returned', fallback: Date): Promise<Date> {
  const [event] = await tx
    .select({ at: bookingEvents.at })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.status, status)))
    .orderBy(desc(bookingEvents.at))
    .limit(1);
  return event && event.at >= fallback ? event.at : fallback;
}

/** The damages the check-in of a booking found, for its receipt made again. */
async function damagesFoundAtReturn(tx: Tx, bookingId: string, scrub: Scrub) {
  const rows = await tx
    .select({ zone: carDamages.zone, description: carDamages.description, amount: carDamages.amount })
    .from(carDamages)
    .where(and(eq(carDamages.foundBookingId, bookingId), eq(carDamages.foundStage, 'check_in')))
    .orderBy(carDamages.foundAt, carDamages.id);
  return rows.map((row) => ({ ...row, description: scrub(row.description) }));
}

export async function remakePapersWithoutRenter(tx: Tx, userId: string, scrub: Scrub, publicUrl?: string, now = new Date()): Promise<void> {
  // Staff's words on a damage found at their counter may name them. The history records the change
  // with the words it had; the erasure scrubs the history after this.
  const foundThere = await tx
    .select({ id: carDamages.id, description: carDamages.description })
    .from(carDamages)
    .innerJoin(bookings, eq(bookings.id, carDamages.foundBookingId))
    .where(eq(bookings.userId, userId));
  for (const damage of foundThere) {
    const description = scrub(damage.description);
    if (description !== damage.description) await tx.update(carDamages).set({ description }).where(eq(carDamages.id, damage.id));
  }
  const rows = await tx
    .select({
      rental: rentals,
      reference: bookings.reference,
      pickupDate: bookings.pickupDate,
      returnDate: bookings.returnDate,
      drivers: bookings.additionalDrivers,
      carId: bookings.carId,
      car: {
        brand: cars.brand,
        model: cars.model,
        year: cars.year,
        plate: cars.plate,
        category: cars.category,
        location: cars.location,
        distancePerDay: cars.distancePerDay,
      },
      staffName: users.name,
    })
    .from(rentals)
    .innerJoin(bookings, eq(bookings.id, rentals.bookingId))
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .leftJoin(users, eq(users.id, rentals.checkedOutBy))
    .where(eq(bookings.userId, userId));
  if (rows.length === 0) return;
  const company = await getCompanySettings(tx);
  const signature = await blankSignature();
  // Papers are kept as made (migrations/0018) but for an erasure (0029).
  await tx.execute(sql`SELECT set_config('rental.erasing', 'on', true)`);
  for (const row of rows) {
    const { rental } = row;
    const folio = await readFolio(tx, null, rental.bookingId);
    const outAt = await stepAt(tx, rental.bookingId, 'on_rent', rental.checkedOutAt);
    const damages = (await carDamagesOf(tx, row.carId))
      .filter((damage) => new Date(damage.foundAt) <= outAt && (damage.repairedAt === null || new Date(damage.repairedAt) > outAt))
      .sort((a, b) => a.foundAt.localeCompare(b.foundAt) || a._id.localeCompare(b._id));
    const items = rental.items.map(scrub);
    const payAtReturn = rental.payAtReturnReason === null ? null : scrub(rental.payAtReturnReason);
    const depositReference = scrub(rental.depositReference);
    const pages = await renderAgreement({
      company,
      contactsSaved: !companySettingUp(company),
      reference: row.reference,
      customer: {
        name: DELETED_CUSTOMER_NAME,
        email: ERASED_DETAIL,
        phone: ERASED_DETAIL,
        address: ERASED_DETAIL,
        dateOfBirth: ERASED_DETAIL,
        licence: ERASED_LICENCE,
      },
      drivers: row.drivers.map(() => ({ name: 'Other driver (erased)', dateOfBirth: ERASED_DETAIL, licence: ERASED_LICENCE })),
      car: { ...row.car, distancePerDay: row.car.distancePerDay ?? DEFAULT_DISTANCE_PER_DAY },
      pickupDate: row.pickupDate,
      returnDate: row.returnDate,
      checkedOutAt: rental.checkedOutAt,
      dueBackAt: dueBackAt(row.returnDate, company.returnTime),
      folio: folioAsOf(folio, outAt),
      payAtReturn,
      deposit: { amount: rental.depositAmount, method: rental.depositMethod, reference: depositReference },
      odometerKm: rental.odometerOut,
      fuelEighths: rental.fuelOut,
      damages: damages.map((damage) => ({ zone: damage.zone, description: scrub(damage.description), isNew: damage.foundAtReference === row.reference })),
      items,
      signature,
      staffSignature: rental.staffSignature,
      staffName: row.staffName ?? company.name,
    });
    const original = await latestSealOf(tx, rental.bookingId);
    const staffName = row.staffName ?? company.name;
    const agreement = await sealCounterAgreement(
      pages,
      {
        reference: row.reference,
        signedAt: rental.checkedOutAt,
        trail: [
          signedAtCounter(rental.checkedOutAt, staffName, company.name),
          {
            at: now,
            what:
              "Made again without the renter's personal details, at their request (erasure)" +
              (original ? `. The signed original's SHA-256: ${original.sha256.slice(0, 32)} ${original.sha256.slice(32)}` : ''),
          },
        ],
      },
      // The counter's device is not kept: a copy made again does not say it.
      { ip: null, userAgent: null, publicUrl },
    );
    await sealRow(tx, {
      bookingId: rental.bookingId,
      kind: original?.kind ?? 'counter',
      sha256: agreement.sha256,
      reference: row.reference,
      signedAt: rental.checkedOutAt,
      redraws: original?.id ?? null,
    }).onConflictDoNothing();
    let receipt: Uint8Array | null = null;
    if (rental.receiptPdf && rental.receiptNumber && rental.checkedInAt && rental.returnedAt && rental.odometerIn !== null && rental.fuelIn !== null) {
      const inAt = await stepAt(tx, rental.bookingId, 'returned', rental.checkedInAt);
      // As the check-in settled it: a deposit held for a damage to be assessed was neither kept nor given back then.
      const held = rental.toBeAssessed === true;
      receipt = await renderReceipt({
        company,
        receiptNumber: rental.receiptNumber,
        issuedAt: rental.checkedInAt,
        reference: row.reference,
        customer: { name: DELETED_CUSTOMER_NAME, email: ERASED_DETAIL },
        car: row.car,
        pickupDate: row.pickupDate,
        returnDate: row.returnDate,
        checkedOutAt: rental.checkedOutAt,
        returnedAt: rental.returnedAt,
        folio: folioAsOf(folio, inAt),
        deposit: { amount: rental.depositAmount, method: rental.depositMethod },
        depositRefunded: held ? 0 : (rental.depositRefunded ?? 0),
        depositKept: held ? 0 : (rental.depositKept ?? 0),
        depositHeld: held ? rental.depositAmount : 0,
        toBeAssessed: held,
        odometerOut: rental.odometerOut,
        odometerIn: rental.odometerIn,
        fuelOut: rental.fuelOut,
        fuelIn: rental.fuelIn,
        damages: await damagesFoundAtReturn(tx, rental.bookingId, scrub),
        itemsMissing: rental.itemsMissing.map(scrub),
      });
    }
    await tx
      .update(rentals)
      .set({
        licenceNumber: '',
        renterAddress: null,
        signature,
        items,
        itemsMissing: rental.itemsMissing.map(scrub),
        payAtReturnReason: payAtReturn,
        depositReference,
        // The return's charges as counted then (a damage's label carries staff's words).
        charges: rental.charges === null ? null : scrubJson(rental.charges, scrub),
        agreementPdf: Buffer.from(agreement.pdf),
        // Checked in online (decision 125): the condition appendix names the renter; the agreement
        // made again carries the car's condition itself, and the renter's copy of the appendix still checks.
        conditionPdf: null,
        ...(receipt && { receiptPdf: Buffer.from(receipt) }),
      })
      .where(eq(rentals.bookingId, rental.bookingId));
  }
  await tx.execute(sql`SELECT set_config('rental.erasing', '', true)`);
}
