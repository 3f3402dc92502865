/**
 * A car's services: logged with the items they did (which then count again from that day and
 * reading), the cost in cents, the garage, and an optional receipt scan cleaned as a driver's
 * document is. Nothing is stored when anything is refused. A reading above the car's odometer
 * raises it, through the cars feature.
 */
import {
  type CarService,
  type CarServiceSave,
  carServiceInput,
  COMPANY_TIME_ZONE,
  companyToday,
  firstIssueMessage,
  MAINTENANCE_MESSAGES,
  maintenanceItemKey,
  REFUSAL_CODES,
} from '@rental/contract';
import { and, eq, sql } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { isId } from '../../db/ids';
import { carItemLastService, carServiceItems, carServiceReceipts, carServices } from '../../db/schema';
import { type Database, queryRows, type Tx } from '../../db/types';
import type { EventLog } from '../../events';
import { HttpError } from '../../http/errors';
import { raiseOdometer } from '../cars';
import { carOf, readPlan } from './plan';

export type Receipt = { content: Buffer; mimeType: 'image/webp' | 'application/pdf' };

/** The `service` field of the form, read as JSON and checked; refused in words. */
export function parseService(value: unknown): CarServiceSave {
  let data: unknown;
  try {
    data = typeof value === 'string' ? JSON.parse(value) : undefined;
  } catch {
    data = undefined;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new HttpError(400, MAINTENANCE_MESSAGES.serviceJsonUnreadable);
  const parsed = carServiceInput.safeParse(data);
  if (!parsed.success) throw new HttpError(400, firstIssueMessage(parsed.error));
  return parsed.data;
}

/** The checks that need no database: refused before the receipt is cleaned. */
export function serviceProblem(service: CarServiceSave, today = companyToday()): void {
  if (service.date > today) throw new HttpError(400, REFUSAL_CODES.service_date_future, 'service_date_future');
  if (service.cost < 0) throw new HttpError(400, REFUSAL_CODES.service_cost_negative, 'service_cost_negative');
}

/** The highest reading the car had shown by the end of `day`: at the counter (out and in) and at services. */
async function readingBy(tx: Tx, carId: string, day: string): Promise<number | null> {
  const local = (column: string) => sql.raw(`(${column} AT TIME ZONE '${COMPANY_TIME_ZONE}')::date`);
  const [row] = await queryRows<{ km: number | null }>(
    tx,
    sql`SELECT greatest(
          (SELECT max(r.odometer_out) FROM rentals r JOIN bookings b ON b.id = r.booking_id WHERE b.car_id = ${carId} AND ${local('r.checked_out_at')} <= ${day}::date),
          (SELECT max(r.odometer_in) FROM rentals r JOIN bookings b ON b.id = r.booking_id WHERE b.car_id = ${carId} AND ${local('r.checked_in_at')} <= ${day}::date),
          (SELECT max(s.odometer_km) FROM car_services s WHERE s.car_id = ${carId} AND s.service_date <= ${day}::date)) AS km`,
  );
  return row?.km ?? null;
}

/** The plan's names of the items the service names (as the plan spells them), or refused: an item not in the plan the car follows. */
async function itemsOfPlan(tx: Tx, carId: string, names: string[]): Promise<{ key: string; name: string }[]> {
  const plan = await readPlan(tx, carId);
  const byKey = new Map(plan.items.map((item) => [maintenanceItemKey(item.name), item.name]));
  const keys = [...new Set(names.map(maintenanceItemKey))];
  const unknown = keys.filter((key) => !byKey.has(key));
  if (unknown.length > 0) throw new HttpError(400, REFUSAL_CODES.service_item_unknown, 'service_item_unknown', { items: unknown });
  return keys.map((key) => ({ key, name: byKey.get(key)! }));
}

export async function logService(
  db: Database,
  events: EventLog,
  actorId: string,
  carId: string,
  service: CarServiceSave,
  receipt: Receipt | undefined,
): Promise<CarService> {
  serviceProblem(service);
  return db.transaction(async (tx) => {
    await actAs(tx, actorId);
    // Services and check-ins of one car queue on its row: the reading checked is the one kept.
    const car = await carOf(tx, carId, true);
    const shown = await readingBy(tx, car.id, service.date);
    if (shown !== null && service.odometerKm < shown) {
      throw new HttpError(400, REFUSAL_CODES.service_odometer_below, 'service_odometer_below', { odometerKm: shown });
    }
    const items = await itemsOfPlan(tx, car.id, service.items);
    const [row] = await tx
      .insert(carServices)
      .values({
        carId: car.id,
        serviceDate: service.date,
        odometerKm: service.odometerKm,
        cost: service.cost,
        garage: service.garage,
        note: service.note,
        createdBy: actorId,
      })
      .returning({ id: carServices.id });
    const serviceId = row!.id;
    await tx.insert(carServiceItems).values(items.map((item) => ({ serviceId, itemKey: item.key, name: item.name })));
    // A service logged late (an earlier day, a lower reading) keeps the later one as the last.
    await tx
      .insert(carItemLastService)
      .values(items.map((item) => ({ carId: car.id, itemKey: item.key, lastOn: service.date, lastKm: service.odometerKm })))
      .onConflictDoUpdate({
        target: [carItemLastService.carId, carItemLastService.itemKey],
        set: { lastOn: sql`greatest(${carItemLastService.lastOn}, excluded.last_on)`, lastKm: sql`greatest(${carItemLastService.lastKm}, excluded.last_km)` },
      });
    if (receipt) await tx.insert(carServiceReceipts).values({ serviceId, content: receipt.content, mimeType: receipt.mimeType, size: receipt.content.length });
    if (service.odometerKm > car.odometerKm) await raiseOdometer(tx, car.id, service.odometerKm);
    const names = items.map((item) => item.name);
    await events.record(tx, [
      {
        kind: 'car_service_logged',
        bookingId: null,
        actorId,
        data: { carId: car.id, serviceId, date: service.date, odometerKm: service.odometerKm, items: names, cost: service.cost },
      },
    ]);
    const [logged] = await listServices(tx, car.id, serviceId);
    return logged!;
  });
}

/** The car's services, newest first (or the one asked). */
export async function listServices(db: Database | Tx, carId: string, serviceId?: string): Promise<CarService[]> {
  await carOf(db, carId);
  return queryRows<CarService>(
    db,
    sql`SELECT s.id AS "_id", to_char(s.service_date, 'YYYY-MM-DD') AS date, s.odometer_km AS "odometerKm",
               coalesce((SELECT json_agg(i.name ORDER BY i.name) FROM car_service_items i WHERE i.service_id = s.id), '[]') AS items,
               s.cost, s.garage, s.note,
               EXISTS (SELECT 1 FROM car_service_receipts r WHERE r.service_id = s.id) AS "hasReceipt",
               coalesce((SELECT u.name FROM users u WHERE u.id = s.created_by), '') AS "loggedBy",
               to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "loggedAt"
          FROM car_services s
         WHERE s.car_id = ${carId} ${serviceId === undefined ? sql`` : sql`AND s.id = ${serviceId}`}
         ORDER BY s.service_date DESC, s.odometer_km DESC, s.created_at DESC`,
  );
}

/** A service's receipt, staff only (the route's guard); undefined when the service has none. */
export async function readReceipt(db: Database, carId: string, serviceId: string): Promise<Receipt | undefined> {
  if (!isId(carId) || !isId(serviceId)) return undefined;
  const [row] = await db
    .select({ content: carServiceReceipts.content, mimeType: carServiceReceipts.mimeType })
    .from(carServiceReceipts)
    .innerJoin(carServices, eq(carServices.id, carServiceReceipts.serviceId))
    .where(and(eq(carServices.id, serviceId), eq(carServices.carId, carId)));
  return row;
}
