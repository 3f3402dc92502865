/** A car's damages as staff manage them: listed, and marked repaired (then no longer carried to the next rental). */
import { type CarDamage, COUNTER_MESSAGES, MESSAGES } from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { carDamages, cars } from '../../db/schema';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { isId } from '../cars/ids';
import { carDamagesOf } from './record';

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
    const [current] = await tx.select({ carId: carDamages.carId, repairedAt: carDamages.repairedAt }).from(carDamages).where(eq(carDamages.id, damageId)).for('update');
    if (!current) throw new HttpError(404, COUNTER_MESSAGES.damageNotFound);
    if (current.repairedAt) throw new HttpError(409, COUNTER_MESSAGES.damageAlreadyRepaired);
    await tx.update(carDamages).set({ repairedAt: sql`now()`, repairedBy: staffId }).where(eq(carDamages.id, damageId));
    return current.carId;
  });
  return (await carDamagesOf(db, carId)).find((damage) => damage._id === damageId)!;
}
