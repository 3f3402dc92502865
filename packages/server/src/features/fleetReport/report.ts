/**
 * What each car earns over a range of days (docs/decisions/120, 121). The months the range holds
 * whole are read from the figures the database keeps per car and month (migration 0045); a month
 * the range cuts is computed from the tables themselves in one statement: each booking and service
 * block touching it is cut at the months' and range's edges, each booking's folio charges (before
 * GCT, net of voids) spread evenly over its days, the costs of costs.ts beside. Both give rows per
 * car and month, and the report is made from those in memory.
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
 * The bookings and their charges come from the tables (decision 120, `tables`), or for the months a
 * range cuts from what the kept figures count of each booking (`counted`, migration 0045: its
 * charges summed already, found by its days through an index): a month's ~700 bookings, instead of
 * their folio lines looked up one booking at a time or every line scanned.
 */
function monthRows(from: string, to: string, bookingsFrom: 'tables' | 'counted') {
  const range = sql`daterange(${from}::date, ${to}::date, '[]')`;
  const touching =
    bookingsFrom === 'tables'
      ? sql`
      SELECT b.car_id, b.pickup_date, b.return_date, booking_holds_days(b.status) AS holds,
             b.return_date - b.pickup_date + 1 AS n, coalesce(sum(l.amount), 0)::bigint AS net
        FROM bookings b LEFT JOIN folio_lines l ON l.booking_id = b.id
       WHERE b.period && ${range}
       GROUP BY b.id`
      : sql`
      SELECT c.car_id, c.pickup_date, c.return_date, c.holds, c.return_date - c.pickup_date + 1 AS n, c.net
        FROM derived.fleet_booking_counted c
       WHERE daterange(c.pickup_date, c.return_date, '[]') && ${range}`;
  const monthsSpanned = (first: SQL, last: SQL) =>
    sql`generate_series(date_trunc('month', greatest(${first}, ${from}::date)), least(${last}, ${to}::date), interval '1 month')`;
  const pieceStart = (first: SQL) => sql`greatest(${first}, m.first::date, ${from}::date)`;
  const pieceEnd = (last: SQL) => sql`least(${last}, (m.first + interval '1 month')::date - 1, ${to}::date)`;
  return sql`
    WITH touching AS MATERIALIZED (
      SELECT t.*, date_trunc('month', t.pickup_date) AS first_month,
             t.pickup_date >= ${from}::date AND t.return_date <= ${to}::date
               AND date_trunc('month', t.pickup_date) = date_trunc('month', t.return_date) AS whole
        FROM (${touching}) AS t
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

/** The kept figures of the months first..last (YYYY-MM-01), the rows monthRows gives for them. */
function keptMonthRows(first: string, last: string) {
  return sql`
    SELECT car_id, to_char(month, 'YYYY-MM') AS month, rented, blocked, revenue::int AS revenue,
           services::int AS services, repairs::int AS repairs, papers::int AS papers
      FROM derived.fleet_month_figures
     WHERE month BETWEEN ${first}::date AND ${last}::date AND items > 0`;
}

const lastDayOf = (month: string) => {
  const [y = NaN, m = NaN] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};
const monthAfter = (month: string, step: 1 | -1) => {
  const [y = NaN, m = NaN] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + step, 1)).toISOString().slice(0, 7);
};

/**
 * The range as the whole months it holds (first and last, YYYY-MM, or none) and the pieces of the
 * months it cuts (at most two: the page's last twelve months cut only the current one).
 */
export function rangeParts(from: string, to: string): { whole: [string, string] | null; cut: [string, string][] } {
  const [fromMonth, toMonth] = [from.slice(0, 7), to.slice(0, 7)];
  const [startsMonth, endsMonth] = [from.endsWith('-01'), to === lastDayOf(toMonth)];
  if (fromMonth === toMonth) return startsMonth && endsMonth ? { whole: [fromMonth, toMonth], cut: [] } : { whole: null, cut: [[from, to]] };
  const cut: [string, string][] = [];
  if (!startsMonth) cut.push([from, lastDayOf(fromMonth)]);
  if (!endsMonth) cut.push([`${toMonth}-01`, to]);
  const [first, last] = [startsMonth ? fromMonth : monthAfter(fromMonth, 1), endsMonth ? toMonth : monthAfter(toMonth, -1)];
  return { whole: first <= last ? [first, last] : null, cut };
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

/**
 * Rows of a statement as one JSON text, parsed at once: from PGlite's worker thread a thousand
 * rows come faster as one string than as a thousand objects built and copied one by one.
 */
async function jsonRows<Row>(db: Database | Tx, query: SQL): Promise<Row[]> {
  const [row] = await queryRows<{ rows: string }>(db, sql`SELECT coalesce(json_agg(r), '[]')::text AS rows FROM (${query}) AS r`);
  return JSON.parse(row?.rows ?? '[]') as Row[];
}

/**
 * The rows per car and month (11,000 for a year of 1,000 cars) as one text of numbers: car,month,
 * then the six figures, rows apart by ';'. Made and read in a fraction of the time of the same rows
 * one by one or as JSON (bench/README.md, issue 34's figures): building JSON objects on PGlite cost
 * more than reading the kept months.
 */
async function packedMonthRows(db: Database | Tx, query: SQL): Promise<MonthRow[]> {
  const [row] = await queryRows<{ rows: string | null }>(
    db,
    sql`SELECT string_agg(concat_ws(',', r.car_id, r.month, coalesce(r.rented, 0), coalesce(r.blocked, 0), coalesce(r.revenue, 0),
                                    coalesce(r.services, 0), coalesce(r.repairs, 0), coalesce(r.papers, 0)), ';') AS rows
          FROM (${query}) AS r`,
  );
  if (!row?.rows) return [];
  return row.rows.split(';').map((line) => {
    const [car_id = '', month = '', ...figures] = line.split(',');
    const [rented = 0, blocked = 0, revenue = 0, services = 0, repairs = 0, papers = 0] = figures.map(Number);
    return { car_id, month, rented, blocked, revenue, services, repairs, papers };
  });
}

/** The rows per car and month: kept for the whole months, from the tables for the cut ones (or all of them, `fromTables`). */
function rowsOf(from: string, to: string, fromTables: boolean): SQL {
  if (fromTables) return monthRows(from, to, 'tables');
  const { whole, cut } = rangeParts(from, to);
  const parts = [...(whole ? [keptMonthRows(`${whole[0]}-01`, `${whole[1]}-01`)] : []), ...cut.map(([first, last]) => monthRows(first, last, 'counted'))];
  return sql.join(
    parts.map((part) => sql`(${part})`),
    sql` UNION ALL `,
  );
}

/**
 * `fromTables`: every month computed from the tables, as decision 120 first did: what the kept
 * figures must always equal (test/fleetFigures.test.ts).
 */
export async function fleetReport(
  db: Database | Tx,
  from: string,
  to: string,
  currency: string,
  { fromTables = false }: { fromTables?: boolean } = {},
): Promise<FleetReport> {
  const months = monthsOf(from, to);
  const monthIndex = new Map(months.map((month, i) => [month, i]));
  const monthDays = daysInRange(months, from, to);
  const days = daysBetween(from, to) + 1;
  const [rows, carRows] = [
    await packedMonthRows(db, rowsOf(from, to, fromTables)),
    await jsonRows<CarRow>(
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
