/** The odometer as other features move it forward: a reading never takes it backwards. */
import { eq, sql } from 'drizzle-orm';
import { cars } from '../../db/schema';
import type { Tx } from '../../db/types';

/** Raises the car's odometer to `km` when the car shows less (a service read at the garage, say); a lower reading changes nothing. */
export async function raiseOdometer(tx: Tx, carId: string, km: number): Promise<void> {
  await tx
    .update(cars)
    .set({ odometerKm: sql`greatest(${cars.odometerKm}, ${km})` })
    .where(eq(cars.id, carId));
}
