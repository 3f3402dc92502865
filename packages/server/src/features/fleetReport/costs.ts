/**
 * A car's costs, the one place the fleet report reads them: rows of (car_id, day, kind, amount) for
 * the days from..to, kind one of the contract's FLEET_COST_KINDS, amounts in whole units as the
 * folio's. The tables belong to their own features (services, damages, papers); this reads only the
 * columns agreed for the report, each cost counted on its own day: a service on its date, a repair
 * on the Jamaica day it was done, a paper on the day it was paid. A cost not given (null) is none.
 */
import { COMPANY_TIME_ZONE } from '@rental/contract';
import { type SQL, sql } from 'drizzle-orm';

export function carCostRows(from: string, to: string): SQL {
  const firstInstant = sql`(${from}::date::timestamp AT TIME ZONE ${COMPANY_TIME_ZONE})`;
  const afterInstant = sql`((${to}::date + 1)::timestamp AT TIME ZONE ${COMPANY_TIME_ZONE})`;
  return sql`
    SELECT car_id, service_date AS day, 'services' AS kind, cost::bigint AS amount
      FROM car_services WHERE service_date BETWEEN ${from}::date AND ${to}::date
    UNION ALL
    SELECT car_id, (repaired_at AT TIME ZONE ${COMPANY_TIME_ZONE})::date, 'repairs', repair_cost::bigint
      FROM car_damages WHERE repair_cost IS NOT NULL AND repaired_at >= ${firstInstant} AND repaired_at < ${afterInstant}
    UNION ALL
    SELECT car_id, paid_on, 'papers', cost::bigint
      FROM car_papers WHERE cost IS NOT NULL AND paid_on BETWEEN ${from}::date AND ${to}::date`;
}
