/**
 * What the counter recorded of a booking, as its customer and staff read it: the check-out, the
 * check-in, and the car's damages. The files (agreement, receipt, photos) are named by their API
 * paths; they are served only to the booking's customer and staff (counter/files.ts). It lived in
 * counter; it is here because the booking's detail shows it and bookings imports no feature above it
 * (counter reads it through '../bookings').
 */
import { type CarDamage, type CounterRecord, pathFor } from '@rental/contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { bookings, carDamagePhotos, carDamages, counterPhotos, rentals, users } from '../../db/schema';
import type { Database } from '../../db/types';

type Reader = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

const damageColumns = {
  id: carDamages.id,
  zone: carDamages.zone,
  description: carDamages.description,
  photoId: carDamages.photoId,
  foundAt: carDamages.foundAt,
  foundAtReference: bookings.reference,
  foundBookingId: carDamages.foundBookingId,
  foundStage: carDamages.foundStage,
  amount: carDamages.amount,
  repairedAt: carDamages.repairedAt,
  view: carDamages.view,
  x: carDamages.x,
  y: carDamages.y,
  repairCost: carDamages.repairCost,
  repairedBy: sql<string | null>`(SELECT name FROM ${users} WHERE id = ${carDamages.repairedBy})`,
  // All its photos in the order taken, in the same query (the counter's transaction takes one at a time).
  photoIds: sql<
    string[]
  >`ARRAY(SELECT ${carDamagePhotos.photoId}::text FROM ${carDamagePhotos} WHERE ${carDamagePhotos.damageId} = ${carDamages.id} ORDER BY ${carDamagePhotos.position})`,
};

type DamageRow = {
  id: string;
  zone: CarDamage['zone'];
  description: string;
  photoId: string | null;
  foundAt: Date;
  foundAtReference: string | null;
  amount: number | null;
  repairedAt: Date | null;
  view: CarDamage['view'];
  x: number | null;
  y: number | null;
  foundBookingId: string | null;
  foundStage: CarDamage['foundStage'];
  repairCost: number | null;
  repairedBy: string | null;
  photoIds: string[];
};

export const photoPath = (id: string) => pathFor('counterPhoto', { id });

export function toDamage(row: DamageRow): CarDamage {
  return {
    _id: row.id,
    zone: row.zone,
    description: row.description,
    photo: row.photoId ? photoPath(row.photoId) : null,
    foundAt: row.foundAt.toISOString(),
    foundAtReference: row.foundAtReference,
    amount: row.amount,
    repairedAt: row.repairedAt?.toISOString() ?? null,
    view: row.view,
    x: row.x,
    y: row.y,
    photos: (row.photoIds.length > 0 ? row.photoIds : row.photoId ? [row.photoId] : []).map(photoPath),
    foundBookingId: row.foundBookingId,
    foundStage: row.foundStage,
    repairCost: row.repairCost,
    repairedBy: row.repairedBy,
  };
}

function damagesQuery(db: Reader) {
  return db.select(damageColumns).from(carDamages).leftJoin(bookings, eq(bookings.id, carDamages.foundBookingId));
}

/** A car's damages: open ones first (oldest first), then the repaired, latest first. */
export async function carDamagesOf(db: Reader, carId: string): Promise<CarDamage[]> {
  const rows = await damagesQuery(db)
    .where(eq(carDamages.carId, carId))
    .orderBy(sql`${carDamages.repairedAt} IS NOT NULL`, desc(carDamages.repairedAt), asc(carDamages.foundAt), asc(carDamages.id));
  return rows.map(toDamage);
}

export async function openDamagesOf(db: Reader, carId: string): Promise<CarDamage[]> {
  const rows = await damagesQuery(db)
    .where(and(eq(carDamages.carId, carId), isNull(carDamages.repairedAt)))
    .orderBy(asc(carDamages.foundAt), asc(carDamages.id));
  return rows.map(toDamage);
}

/** The check-out and check-in of a booking; both null before the keys went out. */
export async function counterRecordOf(db: Reader, bookingId: string): Promise<CounterRecord> {
  const [rental] = await db
    .select({
      checkedOutAt: rentals.checkedOutAt,
      outBy: sql<string>`(SELECT name FROM ${users} WHERE id = ${rentals.checkedOutBy})`,
      odometerOut: rentals.odometerOut,
      fuelOut: rentals.fuelOut,
      depositAmount: rentals.depositAmount,
      depositMethod: rentals.depositMethod,
      depositReference: rentals.depositReference,
      payAtReturn: rentals.payAtReturnReason,
      items: rentals.items,
      checkedInAt: rentals.checkedInAt,
      inBy: sql<string | null>`(SELECT name FROM ${users} WHERE id = ${rentals.checkedInBy})`,
      returnedAt: rentals.returnedAt,
      odometerIn: rentals.odometerIn,
      fuelIn: rentals.fuelIn,
      charges: rentals.charges,
      chargesTotal: rentals.chargesTotal,
      depositRefunded: rentals.depositRefunded,
      depositKept: rentals.depositKept,
      owing: rentals.owing,
      toBeAssessed: rentals.toBeAssessed,
      itemsMissing: rentals.itemsMissing,
      receiptNumber: rentals.receiptNumber,
      // Checked in online (decision 125): the car as handed over is its own sealed page.
      hasCondition: sql<boolean>`${rentals.conditionPdf} IS NOT NULL`,
    })
    .from(rentals)
    .where(eq(rentals.bookingId, bookingId));
  if (!rental) return { checkOut: null, checkIn: null };
  const [damageRows, photoRows] = await Promise.all([
    damagesQuery(db).where(eq(carDamages.foundBookingId, bookingId)).orderBy(asc(carDamages.foundAt), asc(carDamages.id)),
    db
      .select({ id: counterPhotos.id, stage: counterPhotos.stage })
      .from(counterPhotos)
      .where(eq(counterPhotos.bookingId, bookingId))
      .orderBy(asc(counterPhotos.createdAt), asc(counterPhotos.id)),
  ]);
  const stageOf = new Map(damageRows.map((row) => [row.id, row.foundStage]));
  const damagesAt = (stage: 'check_out' | 'check_in') => damageRows.filter((row) => stageOf.get(row.id) === stage).map(toDamage);
  const photosAt = (stage: 'check_out' | 'check_in') => photoRows.filter((row) => row.stage === stage).map((row) => photoPath(row.id));
  return {
    checkOut: {
      at: rental.checkedOutAt.toISOString(),
      by: rental.outBy,
      odometerKm: rental.odometerOut,
      fuelEighths: rental.fuelOut,
      deposit: { amount: rental.depositAmount, method: rental.depositMethod, reference: rental.depositReference },
      payAtReturn: rental.payAtReturn,
      items: rental.items,
      damages: damagesAt('check_out'),
      photos: photosAt('check_out'),
      agreement: pathFor('agreementPdf', { id: bookingId }),
      ...(rental.hasCondition && { condition: pathFor('conditionPdf', { id: bookingId }) }),
    },
    checkIn:
      rental.checkedInAt && rental.receiptNumber
        ? {
            at: rental.checkedInAt.toISOString(),
            by: rental.inBy ?? '',
            returnedAt: (rental.returnedAt ?? rental.checkedInAt).toISOString(),
            odometerKm: rental.odometerIn ?? rental.odometerOut,
            fuelEighths: rental.fuelIn ?? rental.fuelOut,
            charges: rental.charges ?? [],
            chargesTotal: rental.chargesTotal ?? 0,
            depositRefunded: rental.depositRefunded ?? 0,
            depositKept: rental.depositKept ?? 0,
            // Held while a damage is to be assessed: nothing kept or given back yet.
            depositHeld: rental.toBeAssessed && rental.depositKept === null ? rental.depositAmount : 0,
            owing: rental.owing ?? 0,
            toBeAssessed: rental.toBeAssessed ?? false,
            itemsMissing: rental.itemsMissing,
            damages: damagesAt('check_in'),
            photos: photosAt('check_in'),
            receiptNumber: rental.receiptNumber,
            receipt: pathFor('receiptPdf', { id: bookingId }),
          }
        : null,
  };
}

/** The receipt's address of each booking already checked in. */
export async function receiptsOf(db: Reader, bookingIds: string[]): Promise<Map<string, string>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({ bookingId: rentals.bookingId })
    .from(rentals)
    .where(and(inArray(rentals.bookingId, bookingIds), sql`${rentals.receiptNumber} IS NOT NULL`));
  return new Map(rows.map((row) => [row.bookingId, pathFor('receiptPdf', { id: row.bookingId })]));
}
