/**
 * What each car earns (docs/decisions/120-what-each-car-earns.md): per car for a range of days its
 * rented days, utilisation, revenue, costs and the difference. The rules of the question (the
 * range) and of the table (its columns, how it sorts) live here, so the page asks and sorts as
 * the server does; the sums are the server's.
 */
import { addDays, daysBetween, isCalendarDate } from './rentalDates';

/** The longest range the report covers: three years, a leap day included. */
export const FLEET_REPORT_MAX_DAYS = 3 * 365 + 1;

export const FLEET_REPORT_REFUSALS = {
  fleet_dates_not_valid: 'Please give the report’s first and last day, each written YYYY-MM-DD, such as 2026-01-01.',
  fleet_range_backwards: 'The report’s last day is before its first day. Please swap them.',
  fleet_range_too_long: 'The report can cover at most three years. Please choose a shorter range.',
} as const;
export type FleetReportRefusal = keyof typeof FLEET_REPORT_REFUSALS;

/** Why this range cannot be reported (null: it can), both days included. */
export function fleetRangeProblem(from: unknown, to: unknown): FleetReportRefusal | null {
  if (typeof from !== 'string' || typeof to !== 'string' || !isCalendarDate(from) || !isCalendarDate(to)) return 'fleet_dates_not_valid';
  if (to < from) return 'fleet_range_backwards';
  return daysBetween(from, to) + 1 > FLEET_REPORT_MAX_DAYS ? 'fleet_range_too_long' : null;
}

/** The page's range when it opens: the last twelve months, this one included, up to today. */
export function defaultFleetRange(today: string): { from: string; to: string } {
  const [year = NaN, month = NaN] = today.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 12, 1)).toISOString().slice(0, 10);
  return { from: first, to: today };
}

/** The months ("2026-01") a range touches, in order. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  for (let day = `${from.slice(0, 7)}-01`; day <= to; day = addDays(day, 32).slice(0, 8) + '01') months.push(day.slice(0, 7));
  return months;
}

/** The kinds of a car's costs, as the report splits them. */
export const FLEET_COST_KINDS = ['services', 'repairs', 'papers'] as const;
export type FleetCostKind = (typeof FLEET_COST_KINDS)[number];
export const FLEET_COST_WORDS: Record<FleetCostKind, string> = { services: 'Services', repairs: 'Repairs', papers: 'Papers' };

/** The table's columns a report may be sorted by. */
export const FLEET_SORT_COLUMNS = ['car', 'rentedDays', 'utilisation', 'revenue', 'costs', 'difference'] as const;
export type FleetSortColumn = (typeof FLEET_SORT_COLUMNS)[number];
export const FLEET_COLUMN_WORDS: Record<FleetSortColumn, string> = {
  car: 'Car',
  rentedDays: 'Rented days',
  utilisation: 'Utilisation',
  revenue: 'Revenue',
  costs: 'Costs',
  difference: 'Difference',
};
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** What a row must carry to be sorted (a car's line of the report). */
export interface FleetSortable {
  name: string;
  plate: string | null;
  rentedDays: number;
  utilisation: number | null;
  revenue: number;
  costs: { total: number };
  difference: number;
}

function sortValue(row: FleetSortable, column: Exclude<FleetSortColumn, 'car'>): number {
  if (column === 'costs') return row.costs.total;
  // A car with no day to rent has no utilisation: it sorts below every car that had one.
  if (column === 'utilisation') return row.utilisation ?? -1;
  return row[column];
}

// Made once: a collator compares names many times faster than localeCompare building one per call.
let names: Intl.Collator | undefined;

/** The rows in the order asked; ties (and the car column) by name, then plate, so the order is the same every time. */
export function sortFleetRows<R extends FleetSortable>(rows: readonly R[], column: FleetSortColumn, order: SortOrder): R[] {
  const collator = (names ??= new Intl.Collator('en'));
  const byName = (a: R, b: R) => collator.compare(a.name, b.name) || collator.compare(a.plate ?? '', b.plate ?? '');
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (column === 'car') return sign * byName(a, b);
    return sign * (sortValue(a, column) - sortValue(b, column)) || byName(a, b);
  });
}

/** Utilisation as people read it: "62.5%", or a dash when the car had no day to rent. */
export function utilisationWords(utilisation: number | null): string {
  return utilisation === null ? '–' : `${(Math.round(utilisation * 1000) / 10).toFixed(1)}%`;
}
