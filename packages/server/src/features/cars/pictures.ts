/**
 * A car's pictures: up to MAX_CAR_PICTURES in order, the first being the cover.
 * The cover is also the car's image_id, changed in the same transaction as the order, so every
 * answer that shows one picture (SPEC's `image`, bookings) shows the cover without knowing of the
 * others. See docs/decisions/065-car-details-and-pictures.md.
 */
import { MAX_CAR_PICTURES, MESSAGES } from '@rental/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { carPictures, cars } from '../../db/schema';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { imageUrl } from '../../http/imageUrl';
import { type ProcessedImage, deleteImageIfUnused, storeImage } from '../images';
import { isId } from '../../db/ids';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Each car's picture URLs, cover first. A car missing from the map has only its image_id. */
export async function picturesOf(db: Database | Tx, carIds: string[]): Promise<Map<string, string[]>> {
  const byCar = new Map<string, string[]>();
  if (carIds.length === 0) return byCar;
  const rows = await db
    .select({ carId: carPictures.carId, imageId: carPictures.imageId })
    .from(carPictures)
    .where(inArray(carPictures.carId, carIds))
    .orderBy(asc(carPictures.carId), asc(carPictures.position));
  for (const { carId, imageId } of rows) {
    const list = byCar.get(carId) ?? [];
    list.push(imageUrl(imageId));
    byCar.set(carId, list);
  }
  return byCar;
}

/**
 * The picture ids (image ids) of a car that is not deleted, in order, with the car's row locked
 * until the transaction ends: two owners adding the 8th picture at once cannot both succeed.
 */
async function lockedPictures(tx: Tx, carId: string): Promise<string[]> {
  const [car] = await tx
    .select({ id: cars.id, imageId: cars.imageId })
    .from(cars)
    .where(and(eq(cars.id, carId), isNull(cars.deletedAt)))
    .for('update');
  if (!car) throw new HttpError(404, MESSAGES.carNotFound);
  const rows = await tx.select({ imageId: carPictures.imageId }).from(carPictures).where(eq(carPictures.carId, carId)).orderBy(asc(carPictures.position));
  if (rows.length > 0) return rows.map((r) => r.imageId);
  // A car written without its list (a bulk import, an old tool): its picture is the list, as answers show it.
  await addCoverOfNewCar(tx, carId, car.imageId);
  return [car.imageId];
}

/** Numbers the pictures 0, 1, 2… in the given order and makes the first the car's cover. */
async function writeOrder(tx: Tx, carId: string, imageIds: string[]): Promise<void> {
  // Positions may repeat for a moment: their uniqueness is checked at commit (0009_car_details.sql).
  for (const [position, imageId] of imageIds.entries()) {
    await tx
      .update(carPictures)
      .set({ position })
      .where(and(eq(carPictures.carId, carId), eq(carPictures.imageId, imageId)));
  }
  await tx
    .update(cars)
    .set({ imageId: imageIds[0]!, updatedAt: sql`now()` })
    .where(eq(cars.id, carId));
}

function carIdOrNotFound(carId: unknown): string {
  if (!isId(carId)) throw new HttpError(404, MESSAGES.carNotFound);
  return carId;
}

/** How many pictures a car that is not deleted has; 404 for any other id. Read before an upload is decoded. */
export async function pictureCount(db: Database, carId: unknown): Promise<number> {
  const id = carIdOrNotFound(carId);
  const [car] = await db
    .select({ count: sql<number>`(SELECT count(*)::int FROM car_pictures WHERE car_id = ${cars.id})` })
    .from(cars)
    .where(and(eq(cars.id, id), isNull(cars.deletedAt)));
  if (!car) throw new HttpError(404, MESSAGES.carNotFound);
  return Number(car.count);
}

/** The first picture of a new car (add-car): its cover. */
export async function addCoverOfNewCar(tx: Tx, carId: string, imageId: string): Promise<void> {
  await tx.insert(carPictures).values({ carId, imageId, position: 0 });
}

/** update-car with a new image: the new one takes the cover's place; the others stay as they are. */
export async function replaceCover(tx: Tx, carId: string, oldImageId: string, newImageId: string): Promise<void> {
  await tx
    .update(carPictures)
    .set({ imageId: newImageId })
    .where(and(eq(carPictures.carId, carId), eq(carPictures.imageId, oldImageId)));
}

/** Adds a picture at the end; 409 when the car has MAX_CAR_PICTURES already. */
export async function addCarPicture(db: Database, actorId: string, carId: unknown, image: ProcessedImage): Promise<void> {
  const id = carIdOrNotFound(carId);
  await db.transaction(async (tx) => {
    await actAs(tx, actorId);
    const current = await lockedPictures(tx, id);
    if (current.length >= MAX_CAR_PICTURES) throw new HttpError(409, MESSAGES.tooManyCarPictures);
    const imageId = await storeImage(tx, image);
    await tx.insert(carPictures).values({ carId: id, imageId, position: current.length });
    await tx
      .update(cars)
      .set({ updatedAt: sql`now()` })
      .where(eq(cars.id, id));
  });
}

/** Removes one picture; the next becomes the cover if it was the cover. A car keeps at least one. */
export async function deleteCarPicture(db: Database, actorId: string, carId: unknown, pictureId: unknown): Promise<void> {
  const id = carIdOrNotFound(carId);
  await db.transaction(async (tx) => {
    await actAs(tx, actorId);
    const current = await lockedPictures(tx, id);
    if (!isId(pictureId) || !current.includes(pictureId.toLowerCase())) throw new HttpError(404, MESSAGES.carPictureNotFound);
    if (current.length === 1) throw new HttpError(409, MESSAGES.lastCarPicture);
    const removed = pictureId.toLowerCase();
    await tx.delete(carPictures).where(and(eq(carPictures.carId, id), eq(carPictures.imageId, removed)));
    await writeOrder(
      tx,
      id,
      current.filter((p) => p !== removed),
    );
    await deleteImageIfUnused(tx, removed);
  });
}

/** Puts the pictures in `order` (every picture of the car, once); 409 if they changed meanwhile. */
export async function orderCarPictures(db: Database, actorId: string, carId: unknown, order: string[]): Promise<void> {
  const id = carIdOrNotFound(carId);
  const wanted = order.map((p) => p.toLowerCase());
  await db.transaction(async (tx) => {
    await actAs(tx, actorId);
    const current = await lockedPictures(tx, id);
    const same = wanted.length === current.length && new Set(wanted).size === wanted.length && wanted.every((p) => current.includes(p));
    if (!same) throw new HttpError(409, MESSAGES.carPicturesChanged);
    await writeOrder(tx, id, wanted);
  });
}
