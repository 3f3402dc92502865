/**
 * Where each item of each car's plan falls due, in one statement for the whole fleet (or one car):
 * the plan the car follows (its own, else its make and model's), each item's last service (the
 * latest day and the highest reading among the services that did it), and its state against the
 * car's odometer and today. An item never serviced counts from 0 km and the day the car was added
 * (docs/decisions/117): staff log a used car's last known service to start it right.
 */
import { COMPANY_TIME_ZONE, type MaintenanceState } from '@rental/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Tx } from '../../db/types';

export interface ItemStateRow {
  carId: string;
  brand: string;
  model: string;
  plate: string | null;
  odometerKm: number;
  /** car, model: the plan's owner; null when the car follows none. */
  source: 'car' | 'model' | null;
  name: string | null;
  everyKm: number | null;
  everyMonths: number | null;
  lastServiceOn: string | null;
  lastServiceKm: number | null;
  dueAtKm: number | null;
  dueOn: string | null;
  state: MaintenanceState | null;
}

export interface Margins {
  soonKm: number;
  soonDays: number;
  today: string;
}

/**
 * The rows: one per car and plan item (a car without a plan: one row, its item null when `carId`
 * is given). `onlyDue`: only the items due soon or overdue, for the fleet's list.
 */
export function itemStates(db: Database | Tx, margins: Margins, options: { carId?: string; onlyDue?: boolean }): Promise<ItemStateRow[]> {
  const { soonKm, soonDays, today } = margins;
  const oneCar = options.carId === undefined ? sql`true` : sql`c.id = ${options.carId}`;
  return queryRows<ItemStateRow>(
    db,
    sql`WITH fleet AS (
          SELECT c.id, c.brand, c.model, c.plate, c.odometer_km, (c.created_at AT TIME ZONE ${COMPANY_TIME_ZONE})::date AS since,
                 coalesce(own.id, shared.id) AS plan_id,
                 CASE WHEN own.id IS NOT NULL THEN 'car' WHEN shared.id IS NOT NULL THEN 'model' END AS source
            FROM cars c
            LEFT JOIN maintenance_plans own ON own.car_id = c.id
            LEFT JOIN maintenance_plans shared
              ON own.id IS NULL AND shared.car_id IS NULL AND shared.brand_key = lower(trim(c.brand)) AND shared.model_key = lower(trim(c.model))
           WHERE c.deleted_at IS NULL AND ${oneCar}),
        items AS (
          SELECT f.*, i.position, i.name, i.every_km, i.every_months, last.last_on, last.last_km,
                 coalesce(last.last_km, 0) + i.every_km AS due_km,
                 (coalesce(last.last_on, f.since) + make_interval(months => i.every_months))::date AS due_on
            FROM fleet f
            ${options.onlyDue ? sql`JOIN` : sql`LEFT JOIN`} maintenance_plan_items i ON i.plan_id = f.plan_id
            LEFT JOIN car_item_last_service last ON last.car_id = f.id AND last.item_key = i.item_key),
        states AS (
          SELECT *, CASE
                      WHEN name IS NULL THEN NULL
                      WHEN due_km <= odometer_km OR due_on <= ${today}::date THEN 'overdue'
                      WHEN due_km - odometer_km <= ${soonKm} OR due_on - ${today}::date <= ${soonDays} THEN 'due_soon'
                      ELSE 'ok'
                    END AS state
            FROM items)
        SELECT id AS "carId", brand, model, plate, odometer_km AS "odometerKm", source, name,
               every_km AS "everyKm", every_months AS "everyMonths",
               to_char(last_on, 'YYYY-MM-DD') AS "lastServiceOn", last_km AS "lastServiceKm",
               due_km AS "dueAtKm", to_char(due_on, 'YYYY-MM-DD') AS "dueOn", state
          FROM states
         WHERE ${options.onlyDue ? sql`state IN ('due_soon', 'overdue')` : sql`true`}
         ORDER BY brand, model, plate NULLS LAST, id, position`,
  );
}
