/**
 * What each car earns over a range of days (docs/decisions/120), read in one statement: each
 * booking and service block touching the range is cut at the months' edges, each booking's folio
 * charges (before GCT, net of voids) spread evenly over its days, the costs of costs.ts beside;
 * the rows are summed per car and month, and the report is made from those in memory.
 */
import { COMPANY_TIME_ZONE, daysBetween, type FleetCar, type FleetCostKind, type FleetReport, monthsOf } from '@rental/contract';
import { type SQL, sql } from 'drizzle-orm';
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
 * A booking inside one month of the range (most of them) counts whole in that month. One that
 * crosses a month's or the range's edge is cut there, and a piece of days s..e of its n days from
 * pickup p gets floor(net x (e - p + 1) / n) - floor(net x (s - p) / n) of its charges: the pieces
 * of a booking add up to its charges exactly, whatever months or ranges cut it.
 */
function monthRows(from: string, to: string) {
  const range = sql`daterange(${from}::date, ${to}::date, '[]')`;
  const monthsSpanned = (first: SQL, last: SQL) =>
    sql`generate_series(date_trunc('month', greatest(${first}, ${from}::date)), least(${last}, ${to}::date), interval '1 month')`;
  const pieceStart = (first: SQL) => sql`greatest(${first}, m.first::date, ${from}::date)`;
  const pieceEnd = (last: SQL) => sql`least(${last}, (m.first + interval '1 month')::date - 1, ${to}::date)`;
  return sql`
    WITH touching AS MATERIALIZED (
      SELECT b.car_id, b.pickup_date, b.return_date, booking_holds_days(b.status) AS holds,
             b.return_date - b.pickup_date + 1 AS n, coalesce(sum(l.amount), 0)::bigint AS net,
             date_trunc('month', b.pickup_date) AS first_month,
             b.pickup_date >= ${from}::date AND b.return_date <= ${to}::date
               AND date_trunc('month', b.pickup_date) = date_trunc('month', b.return_date) AS whole
        FROM bookings b LEFT JOIN folio_lines l ON l.booking_id = b.id
       WHERE b.period && ${range}
       GROUP BY b.id
    ),
    cut AS (
      SELECT t.car_id, m.first AS month, t.holds, t.pickup_date, t.n, t.net,
             ${pieceStart(sql`t.pickup_date`)} AS s, ${pieceEnd(sql`t.return_date`)} AS e
        FROM touching t CROSS JOIN LATERAL ${monthsSpanned(sql`t.pickup_date`, sql`t.return_date`)} AS m(first)
       WHERE NOT t.whole
    ),
    costs AS (${carCostRows(from, to)}),
    pieces AS (
      SELECT car_id, first_month AS month, coalesce(sum(n) FILTER (WHERE holds), 0) AS rented, 0 AS blocked, sum(net) AS revenue,
             0 AS services, 0 AS repairs, 0 AS papers
        FROM touching WHERE whole GROUP BY car_id, first_month
      UNION ALL
      SELECT car_id, month, CASE WHEN holds THEN e - s + 1 ELSE 0 END, 0,
             floor(net::numeric * (e - pickup_date + 1) / n) - floor(net::numeric * (s - pickup_date) / n), 0, 0, 0
        FROM cut
      UNION ALL
      SELECT k.car_id, m.first, 0, ${pieceEnd(sql`k.return_date`)} - ${pieceStart(sql`k.pickup_date`)} + 1, 0, 0, 0, 0
        FROM car_blocks k CROSS JOIN LATERAL ${monthsSpanned(sql`k.pickup_date`, sql`k.return_date`)} AS m(first)
       WHERE k.period && ${range}
      UNION ALL
      SELECT car_id, date_trunc('month', day), 0, 0, 0,
             CASE WHEN kind = 'services' THEN amount ELSE 0 END,
             CASE WHEN kind = 'repairs' THEN amount ELSE 0 END,
             CASE WHEN kind = 'papers' THEN amount ELSE 0 END
        FROM costs
    )
    SELECT car_id, to_char(month, 'YYYY-MM') AS month, sum(rented)::int AS rented, sum(blocked)::int AS blocked, sum(revenue)::int AS revenue,
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
                 deleted_at IS NOT NULL AND deleted_at < (${from}::timestamp AT TIME ZONE ${COMPANY_TIME_ZONE}) AS removed_before,
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
