/** The revenue chart's bars: "2026-05" months as short labels, the year shown where it changes. */
import type { MonthRevenue } from '@rental/contract/schemas';
import { MONTHS } from '../../lib/dates';

export interface RevenueBar {
  month: string;
  /** "Jan 2026" at the first bar and every January, "Feb" otherwise: 12 bars fit a phone. */
  label: string;
  /** The whole name for the tooltip and the screen-reader table: "May 2026". */
  name: string;
  revenue: number;
}

export function revenueBars(months: MonthRevenue[]): RevenueBar[] {
  return months.map(({ month, revenue }, i) => {
    const [year = NaN, m = NaN] = month.split('-').map(Number);
    const short = MONTHS[m - 1] ?? month;
    return { month, label: i === 0 || m === 1 ? `${short} ${year}` : short, name: `${short} ${year}`, revenue };
  });
}

/** "8.5k", "1.2M": axis ticks stay narrow on a phone. */
export function compactAmount(amount: number): string {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(amount);
}
