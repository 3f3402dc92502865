/**
 * A car's damages: found at check-out or check-in as pins on the car's drawing (with their photos),
 * listed for staff, and marked repaired with the day and the cost (then no longer carried to the
 * next rental).
 */
import { randomUUID } from 'node:crypto';
import {
  type CarDamage,
  companyToday,
  COUNTER_MESSAGES,
  DAMAGE_PIN_REFUSALS,
  type DamagePlace,
  type DamagePlaceInput,
  damagePlace,
  MESSAGES,
  repairProblem,
  type RepairDamageBody,
} from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { carDamagePhotos, carDamages, cars, counterPhotos } from '../../db/schema';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { isId } from '../../db/ids';
import { carDamagesOf } from '../bookings';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

type Stage = 'check_out' | 'check_in';

/** A damage as the counter's forms send it: its place, words, photos (by position among the files) and, at check-in, its amount. */
export interface CounterDamage extends DamagePlaceInput {
  description: string;
  photo?: number | null | undefined;
  photos?: number[] | undefined;
  amount?: number | null | undefined;
}

export type PlacedDamage<D extends CounterDamage> = D & DamagePlace;

/** Each damage with its place on the drawing; a place that cannot be taken refuses the whole form (422 with its code). */
export function placeDamages<D extends CounterDamage>(damages: readonly D[]): PlacedDamage<D>[] {
  return damages.map((damage) => {
    const place = damagePlace(damage);
    if ('refusal' in place) throw new HttpError(422, DAMAGE_PIN_REFUSALS[place.refusal], place.refusal);
    return { ...damage, ...place };
  });
}

/** The positions of a damage's photos among the request's files, the first once each. */
export function photoPositions(damage: Pick<CounterDamage, 'photo' | 'photos'>): number[] {
  return [...new Set([...(damage.photo == null ? [] : [damage.photo]), ...(damage.photos ?? [])])];
}

/** Stores the photos of one stage; answers their ids in the order sent. */
async function storePhotos(tx: Tx, bookingId: string, stage: Stage, photos: Buffer[]): Promise<string[]> {
  if (photos.length === 0) return [];
  const rows = await tx
    .insert(counterPhotos)
    .values(photos.map((content) => ({ bookingId, stage, content })))
    .returning({ id: counterPhotos.id });
  return rows.map((row) => row.id);
}

/**
 * The damages found at one stage, each a pin (or a zone, from an older form) with its photos and,
 * at check-in, its amount. The damages and their photos' links go in one statement (a
 * data-modifying WITH, the damages' ids made here): the counter's transaction takes one query at a
 * time, and check-out and check-in are timed (bench/counter-checkout.mjs).
 */
export async function recordDamages(
  tx: Tx,
  found: { bookingId: string; carId: string; stage: Stage; at: Date },
  damages: readonly CounterDamage[],
  photos: Buffer[],
): Promise<void> {
  const placed = placeDamages(damages);
  const photoIds = await storePhotos(tx, found.bookingId, found.stage, photos);
  if (placed.length === 0) return;
  // The agreement's preview sends no photos: a damage's photo that did not come is not linked.
  const photosOf = (damage: CounterDamage) => photoPositions(damage).flatMap((position) => (photoIds[position] ? [photoIds[position]] : []));
  const rows = placed.map((damage) => {
    const ids = photosOf(damage);
    return {
      id: randomUUID(),
      carId: found.carId,
      zone: damage.zone,
      view: damage.view,
      x: damage.x,
      y: damage.y,
      description: damage.description,
      photoId: ids[0] ?? null,
      foundAt: found.at,
      foundBookingId: found.bookingId,
      foundStage: found.stage,
      amount: damage.amount ?? null,
    };
  });
  const links = placed.flatMap((damage, n) => photosOf(damage).map((photoId, position) => ({ damageId: rows[n]!.id, photoId, position })));
  if (links.length === 0) {
    await tx.insert(carDamages).values(rows);
    return;
  }
  const inserted = tx.$with('inserted').as(tx.insert(carDamages).values(rows).returning({ id: carDamages.id }));
  await tx.with(inserted).insert(carDamagePhotos).values(links);
}

export async function damagesOfCar(db: Database, carId: unknown): Promise<CarDamage[]> {
  if (!isId(carId)) throw new HttpError(404, MESSAGES.carNotFound);
  const [car] = await db.select({ id: cars.id }).from(cars).where(eq(cars.id, carId));
  if (!car) throw new HttpError(404, MESSAGES.carNotFound);
  return carDamagesOf(db, carId);
}

/** A day that is not today is recorded at noon in Jamaica: its Jamaica day is the day chosen. */
const noonInJamaica = (day: string) => new Date(`${day}T12:00:00-05:00`);

/** Owners and managers: the repair's day (today when left out) and cost (null: not known). */
export async function markRepaired(db: Database, staffId: string, damageId: unknown, repair: RepairDamageBody, now = new Date()): Promise<CarDamage> {
  if (!isId(damageId)) throw new HttpError(404, COUNTER_MESSAGES.damageNotFound);
  const today = companyToday(now);
  const repairedOn = repair.repairedOn ?? today;
  const cost = repair.cost ?? null;
  const carId = await db.transaction(async (tx) => {
    await actAs(tx, staffId);
    const [current] = await tx
      .select({ carId: carDamages.carId, repairedAt: carDamages.repairedAt, foundAt: carDamages.foundAt })
      .from(carDamages)
      .where(eq(carDamages.id, damageId))
      .for('update');
    if (!current) throw new HttpError(404, COUNTER_MESSAGES.damageNotFound);
    if (current.repairedAt) throw new HttpError(409, COUNTER_MESSAGES.damageAlreadyRepaired);
    const problem = repairProblem({ repairedOn, cost }, today, companyToday(current.foundAt));
    if (problem) throw new HttpError(422, DAMAGE_PIN_REFUSALS[problem], problem);
    await tx
      .update(carDamages)
      .set({ repairedAt: repairedOn === today ? sql`now()` : noonInJamaica(repairedOn), repairedBy: staffId, repairCost: cost })
      .where(eq(carDamages.id, damageId));
    return current.carId;
  });
  return (await carDamagesOf(db, carId)).find((damage) => damage._id === damageId)!;
}
