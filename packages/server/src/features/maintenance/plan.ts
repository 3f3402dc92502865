/**
 * A car's maintenance plan: its own, or its make and model's (every car of that make and model
 * without one of its own follows it). Saving replaces the items; services logged are kept, and an
 * item keeps its history by its name (maintenanceItemKey).
 */
import { companyToday, MAINTENANCE_MESSAGES, maintenanceItemKey, type MaintenancePlan, type MaintenancePlanSave, MESSAGES } from '@rental/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { isId } from '../../db/ids';
import { cars, maintenancePlanItems, maintenancePlans } from '../../db/schema';
import type { Database, Tx } from '../../db/types';
import type { EventLog } from '../../events';
import { HttpError } from '../../http/errors';
import { getCompanySettings } from '../company';
import { itemStates, type Margins } from './itemStates';

export async function marginsNow(db: Database | Tx): Promise<Margins> {
  const company = await getCompanySettings(db);
  return { soonKm: company.maintenanceSoonKm, soonDays: company.maintenanceSoonDays, today: companyToday() };
}

/** The car (not removed), or 404. */
export async function carOf(db: Database | Tx, carId: string, lock = false) {
  if (!isId(carId)) throw new HttpError(404, MESSAGES.carNotFound);
  const query = db
    .select({ id: cars.id, brand: cars.brand, model: cars.model, odometerKm: cars.odometerKm })
    .from(cars)
    .where(and(eq(cars.id, carId), isNull(cars.deletedAt)));
  const [car] = lock ? await query.for('no key update') : await query;
  if (!car) throw new HttpError(404, MESSAGES.carNotFound);
  return car;
}

/** The plan the car follows, each item with where it falls due. */
export async function readPlan(db: Database | Tx, carId: string): Promise<MaintenancePlan> {
  const car = await carOf(db, carId);
  const rows = await itemStates(db, await marginsNow(db), { carId });
  const [modelPlan] = await db
    .select({ id: maintenancePlans.id })
    .from(maintenancePlans)
    .where(
      and(
        isNull(maintenancePlans.carId),
        eq(maintenancePlans.brandKey, maintenanceItemKey(car.brand)),
        eq(maintenancePlans.modelKey, maintenanceItemKey(car.model)),
      ),
    );
  const first = rows[0];
  return {
    source: first?.source ?? 'none',
    brand: car.brand,
    model: car.model,
    odometerKm: first?.odometerKm ?? car.odometerKm,
    modelHasPlan: Boolean(modelPlan),
    items: rows
      .filter((row) => row.name !== null)
      .map((row) => ({
        name: row.name!,
        everyKm: row.everyKm,
        everyMonths: row.everyMonths,
        lastServiceOn: row.lastServiceOn,
        lastServiceKm: row.lastServiceKm,
        dueAtKm: row.dueAtKm,
        dueOn: row.dueOn,
        state: row.state ?? 'ok',
      })),
  };
}

/** Replaces the car's own plan or its model's; empty items for the car remove its own plan. */
export async function savePlan(
  db: Database,
  events: EventLog,
  actorId: string,
  carId: string,
  body: MaintenancePlanSave,
): Promise<{ plan: MaintenancePlan; message: string }> {
  return db.transaction(async (tx) => {
    await actAs(tx, actorId);
    const car = await carOf(tx, carId, true);
    const brandKey = maintenanceItemKey(car.brand);
    const modelKey = maintenanceItemKey(car.model);
    const [existing] = await tx
      .select({ id: maintenancePlans.id })
      .from(maintenancePlans)
      .where(
        body.scope === 'car'
          ? eq(maintenancePlans.carId, car.id)
          : and(isNull(maintenancePlans.carId), eq(maintenancePlans.brandKey, brandKey), eq(maintenancePlans.modelKey, modelKey)),
      )
      // Two saves of one model's plan queue here (the car's row lock does not cover its model).
      .for('update');
    let message: string = body.scope === 'car' ? MAINTENANCE_MESSAGES.planSaved : MAINTENANCE_MESSAGES.modelPlanSaved;
    if (body.scope === 'car' && body.items.length === 0) {
      if (!existing) throw new HttpError(409, MAINTENANCE_MESSAGES.ownPlanNone);
      await tx.delete(maintenancePlans).where(eq(maintenancePlans.id, existing.id));
      message = MAINTENANCE_MESSAGES.ownPlanRemoved;
    } else {
      const planId =
        existing?.id ??
        (
          await tx
            .insert(maintenancePlans)
            .values(body.scope === 'car' ? { carId: car.id, updatedBy: actorId } : { brandKey, modelKey, updatedBy: actorId })
            // Two first saves of one model at once: the second finds the first's row.
            .onConflictDoUpdate({
              target: [maintenancePlans.brandKey, maintenancePlans.modelKey],
              targetWhere: isNull(maintenancePlans.carId),
              set: { updatedAt: sql`now()` },
            })
            .returning({ id: maintenancePlans.id })
        )[0]!.id;
      await tx
        .update(maintenancePlans)
        .set({ updatedBy: actorId, updatedAt: sql`now()` })
        .where(eq(maintenancePlans.id, planId));
      await tx.delete(maintenancePlanItems).where(eq(maintenancePlanItems.planId, planId));
      if (body.items.length > 0) {
        await tx.insert(maintenancePlanItems).values(
          body.items.map((item, position) => ({
            planId,
            position,
            name: item.name,
            itemKey: maintenanceItemKey(item.name),
            everyKm: item.everyKm,
            everyMonths: item.everyMonths,
          })),
        );
      }
    }
    await events.record(tx, [
      { kind: 'maintenance_plan_saved', bookingId: null, actorId, data: { carId: car.id, scope: body.scope, items: body.items.map((item) => item.name) } },
    ]);
    return { plan: await readPlan(tx, car.id), message };
  });
}
