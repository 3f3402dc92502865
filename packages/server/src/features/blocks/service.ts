/**
 * Service blocks: staff take a car out of hire for some days. The database refuses a block that
 * shares a day with a live booking or another block of the car (derived.car_days_taken, decision
 * 050); here we turn that refusal into a sentence and keep the writers of one car in a queue.
 */
import { type CarBlock, type CreateBlockBody, MESSAGES, companyToday, BLOCK_MESSAGES } from '@rental/contract';
import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { carBlocks, cars } from '../../db/schema';
import { type Database, isOverlapViolation } from '../../db/types';
import { HttpError } from '../../http/errors';
import { isId } from '../../db/ids';
import { blockDatesProblem } from './rules';
import { theRow } from '../../db/rows';

type BlockRow = typeof carBlocks.$inferSelect;

export function toBlock(row: Pick<BlockRow, 'id' | 'carId' | 'pickupDate' | 'returnDate' | 'note'>): CarBlock {
  return { _id: row.id, car: row.carId, pickupDate: row.pickupDate, returnDate: row.returnDate, note: row.note };
}

export async function createBlock(db: Database, actorId: string, input: CreateBlockBody, today = companyToday()): Promise<CarBlock> {
  const problem = blockDatesProblem(input.pickupDate, input.returnDate, today);
  if (problem) throw new HttpError(400, problem);
  if (!isId(input.car)) throw new HttpError(404, MESSAGES.carNotFound);
  const carId = input.car;
  try {
    return await db.transaction(async (tx) => {
      await actAs(tx, actorId);
      // As createBooking does: writers of one car's days queue on its row, so two of them never
      // wait on each other's uncommitted days (a deadlock); the second meets the first's (409).
      const [car] = await tx
        .select({ id: cars.id })
        .from(cars)
        .where(and(eq(cars.id, carId), isNull(cars.deletedAt)))
        .for('no key update');
      if (!car) throw new HttpError(404, MESSAGES.carNotFound);
      const row = theRow(
        await tx
          .insert(carBlocks)
          .values({ carId, pickupDate: input.pickupDate, returnDate: input.returnDate, note: input.note ?? '', createdBy: actorId })
          .returning(),
        'The saved block',
      );
      return toBlock(row);
    });
  } catch (err) {
    if (isOverlapViolation(err)) throw new HttpError(409, BLOCK_MESSAGES.blockDaysTaken);
    throw err;
  }
}

/** Blocks not over yet (ending today or later in Jamaica) of cars still in the fleet, earliest first. */
export async function listBlocks(db: Database, carId?: string, today = companyToday()): Promise<CarBlock[]> {
  if (carId !== undefined) {
    const [car] = isId(carId)
      ? await db
          .select({ id: cars.id })
          .from(cars)
          .where(and(eq(cars.id, carId), isNull(cars.deletedAt)))
      : [];
    if (!car) throw new HttpError(404, MESSAGES.carNotFound);
  }
  const rows = await db
    .select({ id: carBlocks.id, carId: carBlocks.carId, pickupDate: carBlocks.pickupDate, returnDate: carBlocks.returnDate, note: carBlocks.note })
    .from(carBlocks)
    .innerJoin(cars, eq(cars.id, carBlocks.carId))
    .where(and(isNull(cars.deletedAt), gte(carBlocks.returnDate, today), carId === undefined ? undefined : eq(carBlocks.carId, carId)))
    .orderBy(asc(carBlocks.pickupDate), asc(carBlocks.carId));
  return rows.map(toBlock);
}

/** Removes a block; its days are free to book the moment this commits. */
export async function deleteBlock(db: Database, actorId: string, blockId: string): Promise<void> {
  if (!isId(blockId)) throw new HttpError(404, BLOCK_MESSAGES.blockNotFound);
  await db.transaction(async (tx) => {
    await actAs(tx, actorId);
    const removed = await tx.delete(carBlocks).where(eq(carBlocks.id, blockId)).returning({ id: carBlocks.id });
    if (removed.length === 0) throw new HttpError(404, BLOCK_MESSAGES.blockNotFound);
  });
}
