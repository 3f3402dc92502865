/**
 * A car's damages: found at check-out or check-in (with their photos), listed for staff, and marked
 * repaired (then no longer carried to the next rental).
 */
import { type CarDamage, COUNTER_MESSAGES, type DamageZone, MESSAGES } from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { carDamages, cars, counterPhotos } from '../../db/schema';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { isId } from '../../db/ids';
import { carDamagesOf } from '../bookings';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

type Stage = 'check_out' | 'check_in';

/** Stores the photos of one stage; answers their ids in the order sent. */
async function storePhotos(tx: Tx, bookingId: string, stage: Stage, photos: Buffer[]): Promise<string[]> {
  if (photos.length === 0) return [];
  const rows = await tx
    .insert(counterPhotos)
    .values(photos.map((content) => ({ bookingId, stage, content })))
    .returning({ id: counterPhotos.id });
  return rows.map((row) => row.id);
}

/** The damages found at one stage, each with its photo (named by its position among the photos sent) and, at check-in, its amount. */
export async function recordDamages(
  tx: Tx,
  found: { bookingId: string; carId: string; stage: Stage; at: Date },
  damages: { zone: DamageZone; description: string; photo?: number | null; amount?: number | null }[],
  photos: Buffer[],
): Promise<void> {
  const photoIds = await storePhotos(tx, found.bookingId, found.stage, photos);
  if (damages.length === 0) return;
  await tx.insert(carDamages).values(
    damages.map((damage) => ({
      carId: found.carId,
      zone: damage.zone,
      description: damage.description,
      photoId: damage.photo == null ? null : photoIds[damage.photo]!,
      foundAt: found.at,
      foundBookingId: found.bookingId,
      foundStage: found.stage,
      amount: damage.amount ?? null,
    })),
  );
}

export async function damagesOfCar(db: Database, carId: unknown): Promise<CarDamage[]> {
  if (!isId(carId)) throw new HttpError(404, MESSAGES.carNotFound);
  const [car] = await db.select({ id: cars.id }).from(cars).where(eq(cars.id, carId));
  if (!car) throw new HttpError(404, MESSAGES.carNotFound);
  return carDamagesOf(db, carId);
}

export async function markRepaired(db: Database, staffId: string, damageId: unknown): Promise<CarDamage> {
  if (!isId(damageId)) throw new HttpError(404, COUNTER_MESSAGES.damageNotFound);
  const carId = await db.transaction(async (tx) => {
    await actAs(tx, staffId);
    const [current] = await tx
      .select({ carId: carDamages.carId, repairedAt: carDamages.repairedAt })
      .from(carDamages)
      .where(eq(carDamages.id, damageId))
      .for('update');
    if (!current) throw new HttpError(404, COUNTER_MESSAGES.damageNotFound);
    if (current.repairedAt) throw new HttpError(409, COUNTER_MESSAGES.damageAlreadyRepaired);
    await tx
      .update(carDamages)
      .set({ repairedAt: sql`now()`, repairedBy: staffId })
      .where(eq(carDamages.id, damageId));
    return current.carId;
  });
  return (await carDamagesOf(db, carId)).find((damage) => damage._id === damageId)!;
}
