/**
 * A car's costs, the one place the fleet report reads them: rows of (car_id, day, kind, amount) for the days from..to, kind one of the contract's FLEET_COST_KINDS. The tables that keep
 * services, repairs and papers belong to their own features; this fragment only reads the columns
 * agreed for the report, each cost counted on its own day (Jamaica time).
 */
import { type SQL, sql } from 'drizzle-orm';

export function carCostRows(_from: string, _to: string): SQL {
  // No table keeps a car's costs yet: no rows, of the shape the report sums.
  return sql`SELECT NULL::uuid AS car_id, NULL::date AS day, NULL::text AS kind, 0::bigint AS amount WHERE false`;
}
