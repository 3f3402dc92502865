import { type Car, type CarFormFields, carFormFields, companyToday, COUNTER_MESSAGES, MESSAGES, REFUSAL_CODES, type StaffRole } from '@rental/contract';
import { and, eq, gte, isNull, not, sql } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { type Database, isUniqueViolation } from '../../db/types';
import { bookings, cars } from '../../db/schema';
import { HttpError, parseInput } from '../../http/errors';
import { lockedCompanySettings, locationProblem } from '../company';
import { type ProcessedImage, deleteImageIfUnused, storeImage } from '../images';
import { isId } from '../../db/ids';
import { addCoverOfNewCar, replaceCover } from './pictures';
import { toCars } from './service';
import { holdsItsDays } from '../../db/bookingDays';
import { theRow } from '../../db/rows';

export const MESSAGE_CAR_DATA_REQUIRED = 'carData is required: the car form fields as a JSON string.';
export const MESSAGE_CAR_DATA_NOT_JSON = 'carData must be a JSON object of the car form fields.';

/**
 * The car form arrives as one JSON string (multipart field carData). Only the form's fields are
 * read: an _id, owner, isAvaliable or anything else in it changes nothing.
 */
export function parseCarData(value: unknown): CarFormFields {
  if (value === undefined) throw new HttpError(400, MESSAGE_CAR_DATA_REQUIRED);
  let data = value;
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value);
    } catch {
      throw new HttpError(400, MESSAGE_CAR_DATA_NOT_JSON);
    }
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new HttpError(400, MESSAGE_CAR_DATA_NOT_JSON);
  return parseInput(carFormFields, data);
}

function columnsOf(fields: CarFormFields) {
  return {
    brand: fields.brand,
    model: fields.model,
    year: fields.year,
    pricePerDay: fields.pricePerDay,
    category: fields.category,
    transmission: fields.transmission,
    fuelType: fields.fuel_type,
    seatingCapacity: fields.seating_capacity,
    location: fields.location,
    description: fields.description,
    // Left out (the SPEC's client), an edit keeps the car's value; null = the usual.
    ...(fields.doors !== undefined && { doors: fields.doors }),
    ...(fields.distancePerDay !== undefined && { distancePerDay: fields.distancePerDay }),
    ...(fields.plate !== undefined && { plate: fields.plate }),
    ...(fields.odometerKm !== undefined && { odometerKm: fields.odometerKm }),
  };
}

/** A plate already on another car of the fleet is refused in words (cars_plate_idx). */
async function platesUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, MESSAGE_PLATE_TAKEN);
    throw err;
  }
}
export const MESSAGE_PLATE_TAKEN = 'Another car of the fleet already has this plate number. Please check it.';

/** Under a share lock on the company's facts, so the location cannot be removed meanwhile. */
async function checkLocation(tx: Parameters<Parameters<Database['transaction']>[0]>[0], location: string): Promise<void> {
  const problem = locationProblem(await lockedCompanySettings(tx), location);
  if (problem) throw new HttpError(400, problem);
}

async function oneCar(db: Database, row: typeof cars.$inferSelect): Promise<Car> {
  return theRow(await toCars(db, [row], undefined, true), 'The car');
}

export async function addCar(db: Database, staffId: string, fields: CarFormFields, image: ProcessedImage): Promise<Car> {
  const row = await platesUnique(() =>
    db.transaction(async (tx) => {
      await actAs(tx, staffId);
      await checkLocation(tx, fields.location);
      const imageId = await storeImage(tx, image);
      const inserted = theRow(
        await tx
          .insert(cars)
          .values({ ...columnsOf(fields), imageId, addedBy: staffId })
          .returning(),
        'The added car',
      );
      await addCoverOfNewCar(tx, inserted.id, imageId);
      return inserted;
    }),
  );
  return oneCar(db, row);
}

/** Who edits a car: an id alone is an owner (the SPEC's single staff account). */
export type CarEditor = string | null | { id: string; staffRole?: StaffRole | null };

/**
 * An odometer never goes backwards (the counter's readings rest on it): a lower reading is refused,
 * unless an owner corrects a mistyped one, with a reason the history keeps beside the change: then
 * the new reading and the reason.
 */
function odometerCorrection(current: number, fields: CarFormFields, editor: CarEditor): { odometerKm: number; reason: string } | null {
  if (fields.odometerKm === undefined || fields.odometerKm >= current) return null;
  if (!fields.odometerCorrection) throw new HttpError(409, REFUSAL_CODES.odometer_backwards, 'odometer_backwards', { odometerKm: current });
  const role = typeof editor === 'object' && editor !== null ? (editor.staffRole ?? 'owner') : 'owner';
  if (role !== 'owner') throw new HttpError(403, COUNTER_MESSAGES.odometerCorrectionOwnerOnly);
  return { odometerKm: fields.odometerKm, reason: fields.odometerCorrection.reason };
}

/** Rewrites the form's fields; the picture changes only when a new one is given. */
export async function updateCar(db: Database, id: unknown, fields: CarFormFields, image: ProcessedImage | undefined, editor: CarEditor = null): Promise<Car> {
  if (!isId(id)) throw new HttpError(404, MESSAGES.carNotFound);
  const actorId = typeof editor === 'object' && editor !== null ? editor.id : editor;
  const row = await platesUnique(() =>
    db.transaction(async (tx) => {
      await actAs(tx, actorId);
      const [current] = await tx
        .select({ imageId: cars.imageId, odometerKm: cars.odometerKm })
        .from(cars)
        .where(and(eq(cars.id, id), isNull(cars.deletedAt)))
        .for('update');
      if (!current) throw new HttpError(404, MESSAGES.carNotFound);
      const correction = odometerCorrection(current.odometerKm, fields, editor);
      if (correction !== null) {
        // The cars trigger records the new reading; this entry beside it says why it went down.
        await tx.execute(
          sql`SELECT activity_record('car', ${id}, 'changed', jsonb_build_object('odometer_km', ${current.odometerKm}::integer), jsonb_build_object('odometer_km', ${correction.odometerKm}::integer, 'odometer_correction', ${correction.reason}::text))`,
        );
      }
      await checkLocation(tx, fields.location);
      const imageId = image ? await storeImage(tx, image) : current.imageId;
      const updated = theRow(
        await tx
          .update(cars)
          .set({ ...columnsOf(fields), imageId, updatedAt: sql`now()` })
          .where(eq(cars.id, id))
          .returning(),
        'The changed car',
      );
      if (imageId !== current.imageId) {
        await replaceCover(tx, id, current.imageId, imageId);
        await deleteImageIfUnused(tx, current.imageId);
      }
      return updated;
    }),
  );
  return oneCar(db, row);
}

export async function toggleCarAvailability(db: Database, id: unknown, actorId: string | null = null): Promise<Car> {
  if (!isId(id)) throw new HttpError(404, MESSAGES.carNotFound);
  // A transaction only so the history knows who did it (actAs lasts one transaction).
  const [row] = await db.transaction(async (tx) => {
    await actAs(tx, actorId);
    return tx
      .update(cars)
      .set({ isAvailable: not(cars.isAvailable), updatedAt: sql`now()` })
      .where(and(eq(cars.id, id), isNull(cars.deletedAt)))
      .returning();
  });
  if (!row) throw new HttpError(404, MESSAGES.carNotFound);
  return oneCar(db, row);
}

/**
 * Soft delete: the car leaves the fleet and the customers' lists but stays for the bookings
 * that name it. Refused while it still has bookings to honour (not cancelled, not over).
 */
export async function deleteCar(db: Database, id: unknown, actorId: string | null = null): Promise<void> {
  if (!isId(id)) throw new HttpError(404, MESSAGES.carNotFound);
  await db.transaction(async (tx) => {
    await actAs(tx, actorId);
    // The row lock makes a booking being created for this car finish (or wait) before we look.
    const [car] = await tx
      .select({ id: cars.id })
      .from(cars)
      .where(and(eq(cars.id, id), isNull(cars.deletedAt)))
      .for('update');
    if (!car) throw new HttpError(404, MESSAGES.carNotFound);
    const [upcoming] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.carId, id), holdsItsDays(), gte(bookings.returnDate, companyToday())))
      .limit(1);
    if (upcoming) throw new HttpError(409, MESSAGES.carHasUpcomingBookings);
    await tx
      .update(cars)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(cars.id, id));
  });
}
