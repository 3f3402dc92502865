/** The fleet report's months as chart bars: "2026-05" as a short label, the year shown where it changes. */
import type { FleetCar } from '@rental/contract/schemas';
import { MONTHS } from '../../../lib/dates';

export interface FleetBar {
  month: string;
  label: string;
  name: string;
  rentedDays: number;
  revenue: number;
  costs: number;
}

export function monthBars(months: readonly string[], byMonth: FleetCar['byMonth']): FleetBar[] {
  return months.map((month, i) => {
    const [year = NaN, m = NaN] = month.split('-').map(Number);
    const short = MONTHS[m - 1] ?? month;
    return {
      month,
      label: i === 0 || m === 1 ? `${short} ${year}` : short,
      name: `${short} ${year}`,
      rentedDays: byMonth.rentedDays[i] ?? 0,
      revenue: byMonth.revenue[i] ?? 0,
      costs: byMonth.costs[i] ?? 0,
    };
  });
}
