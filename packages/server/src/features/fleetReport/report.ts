/**
 * What each car earns over a range of days (docs/decisions/120), read in one statement: each
 * booking and service block touching the range is cut at the months' edges, each booking's folio
 * charges (before GCT, net of voids) spread evenly over its days, the costs of costs.ts beside;
 * the rows are summed per car and month, and the report is made from those in memory.
 */
import { type FleetCar, type FleetReport, monthsOf, daysBetween, type FleetCostKind } from '@rental/contract';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/types';
import { queryRows } from '../../db/types';
import { carCostRows } from './costs';

interface MonthRow {
  car_id: string;
  month: string;
  rented: number;
  blocked: number;
  revenue: number;
  services: number;
  repairs: number;
  papers: number;
}

interface CarRow {
  id: string;
  name: string;
  plate: string | null;
  removed_before: boolean;
  removed: boolean;
}

/**
 * A booking's share of its charges for the days s..e of its n days is
 * floor(net x days to e / n) - floor(net x days before s / n): the shares of a booking's pieces add
 * up to its charges exactly, whatever the months or the range cut it into.
 */
function monthRows(from: string, to: string) {
  return sql`
    WITH touching AS MATERIALIZED (
      SELECT b.id, b.car_id, b.pickup_date, b.return_date, booking_holds_days(b.status) AS holds,
             b.return_date - b.pickup_date + 1 AS n
        FROM bookings b
       WHERE b.period && daterange(${from}::date, ${to}::date, '[]')
    ),
    charged AS (
      SELECT l.booking_id, sum(l.amount)::bigint AS net
        FROM folio_lines l JOIN touching t ON t.id = l.booking_id
       GROUP BY l.booking_id
    ),
    booking_pieces AS (
      SELECT t.car_id, to_char(m.first, 'YYYY-MM') AS month, t.holds, t.pickup_date, t.n, coalesce(c.net, 0) AS net,
             greatest(t.pickup_date, m.first::date, ${from}::date) AS s,
             least(t.return_date, (m.first + interval '1 month')::date - 1, ${to}::date) AS e
        FROM touching t
        LEFT JOIN charged c ON c.booking_id = t.id
        CROSS JOIN LATERAL generate_series(date_trunc('month', greatest(t.pickup_date, ${from}::date)), least(t.return_date, ${to}::date), interval '1 month') AS m(first)
    ),
    block_pieces AS (
      SELECT k.car_id, to_char(m.first, 'YYYY-MM') AS month,
             least(k.return_date, (m.first + interval '1 month')::date - 1, ${to}::date)
               - greatest(k.pickup_date, m.first::date, ${from}::date) + 1 AS days
        FROM car_blocks k
        CROSS JOIN LATERAL generate_series(date_trunc('month', greatest(k.pickup_date, ${from}::date)), least(k.return_date, ${to}::date), interval '1 month') AS m(first)
       WHERE k.period && daterange(${from}::date, ${to}::date, '[]')
    ),
    costs AS (${carCostRows(from, to)}),
    pieces AS (
      SELECT car_id, month, CASE WHEN holds THEN e - s + 1 ELSE 0 END AS rented, 0 AS blocked,
             floor(net::numeric * (e - pickup_date + 1) / n) - floor(net::numeric * (s - pickup_date) / n) AS revenue,
             0 AS services, 0 AS repairs, 0 AS papers
        FROM booking_pieces
      UNION ALL
      SELECT car_id, month, 0, days, 0, 0, 0, 0 FROM block_pieces
      UNION ALL
      SELECT car_id, month, 0, 0, 0,
             CASE WHEN kind = 'services' THEN amount ELSE 0 END,
             CASE WHEN kind = 'repairs' THEN amount ELSE 0 END,
             CASE WHEN kind = 'papers' THEN amount ELSE 0 END
        FROM costs
    )
    SELECT car_id, month, sum(rented)::int AS rented, sum(blocked)::int AS blocked, sum(revenue)::int AS revenue,
           sum(services)::int AS services, sum(repairs)::int AS repairs, sum(papers)::int AS papers
      FROM pieces
     GROUP BY car_id, month`;
}

type Figures = Omit<FleetCar, 'carId' | 'name' | 'plate' | 'removed' | 'byMonth'>;
type ByMonth = FleetCar['byMonth'];

const emptyMonths = (count: number): ByMonth => ({
  rentedDays: Array<number>(count).fill(0),
  availableDays: Array<number>(count).fill(0),
  revenue: Array<number>(count).fill(0),
  costs: Array<number>(count).fill(0),
});

/** The days of each month that fall in the range. */
function daysInRange(months: readonly string[], from: string, to: string): number[] {
  return months.map((month) => {
    const first = `${month}-01` < from ? from : `${month}-01`;
    const [y = NaN, m = NaN] = month.split('-').map(Number);
    const monthLast = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    const last = monthLast > to ? to : monthLast;
    return daysBetween(first, last) + 1;
  });
}

interface Tally {
  rented: number;
  blocked: number;
  revenue: number;
  costs: Record<FleetCostKind, number>;
  byMonth: ByMonth;
}

function figuresOf(tally: Tally, days: number): Figures {
  const availableDays = days - tally.blocked;
  const total = tally.costs.services + tally.costs.repairs + tally.costs.papers;
  return {
    rentedDays: tally.rented,
    blockedDays: tally.blocked,
    availableDays,
    utilisation: availableDays > 0 ? tally.rented / availableDays : null,
    revenue: tally.revenue,
    costs: { ...tally.costs, total },
    difference: tally.revenue - total,
  };
}

export async function fleetReport(db: Database | Tx, from: string, to: string, currency: string): Promise<FleetReport> {
  const months = monthsOf(from, to);
  const monthIndex = new Map(months.map((month, i) => [month, i]));
  const monthDays = daysInRange(months, from, to);
  const days = daysBetween(from, to) + 1;
  const [rows, carRows] = [
    await queryRows<MonthRow>(db, monthRows(from, to)),
    await queryRows<CarRow>(
      db,
      sql`SELECT id, brand || ' ' || model || ' ' || year AS name, plate,
                 deleted_at IS NOT NULL AND deleted_at < (${from}::timestamp AT TIME ZONE 'America/Jamaica') AS removed_before,
                 deleted_at IS NOT NULL AS removed
            FROM cars`,
    ),
  ];

  const tallies = new Map<string, Tally>();
  const tallyOf = (carId: string): Tally => {
    let tally = tallies.get(carId);
    if (!tally) {
      const byMonth = emptyMonths(months.length);
      byMonth.availableDays = [...monthDays];
      tally = { rented: 0, blocked: 0, revenue: 0, costs: { services: 0, repairs: 0, papers: 0 }, byMonth };
      tallies.set(carId, tally);
    }
    return tally;
  };
  const fleet: Tally = { rented: 0, blocked: 0, revenue: 0, costs: { services: 0, repairs: 0, papers: 0 }, byMonth: emptyMonths(months.length) };
  for (const row of rows) {
    const i = monthIndex.get(row.month);
    if (i === undefined) continue;
    const costs = row.services + row.repairs + row.papers;
    for (const tally of [tallyOf(row.car_id), fleet]) {
      tally.rented += row.rented;
      tally.blocked += row.blocked;
      tally.revenue += row.revenue;
      tally.costs.services += row.services;
      tally.costs.repairs += row.repairs;
      tally.costs.papers += row.papers;
      tally.byMonth.rentedDays[i]! += row.rented;
      tally.byMonth.availableDays[i]! -= row.blocked;
      tally.byMonth.revenue[i]! += row.revenue;
      tally.byMonth.costs[i]! += costs;
    }
  }

  // A car taken out of the fleet before the range shows only when something of it fell in the range.
  const cars: FleetCar[] = carRows
    .filter((car) => !car.removed_before || tallies.has(car.id))
    .map((car) => {
      const tally = tallyOf(car.id);
      return { carId: car.id, name: car.name, plate: car.plate, removed: car.removed, ...figuresOf(tally, days), byMonth: tally.byMonth };
    });
  fleet.byMonth.availableDays = fleet.byMonth.availableDays.map((blocked, i) => monthDays[i]! * cars.length + blocked);
  return { from, to, currency, days, months, cars, totals: { ...figuresOf(fleet, days * cars.length), byMonth: fleet.byMonth } };
}
