/**
 * Dates as people in Jamaica write them: day before month, month in words ("Sat 28 Nov 2026"),
 * never 11/28/2026 (which half the world reads as the 11th of the 28th month). Built by hand
 * rather than with Intl, so every browser and the tests print exactly the same text (and a page
 * pays nothing for Intl's first use while it is hydrated).
 */
import { companyWallClock } from '@rental/contract/rentalDates';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

type Parts = { y: number; m: number; d: number; weekday: number };

export function dateParts(date: string): Parts | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(y, m - 1, d));
  if (utc.getUTCMonth() !== m - 1) return null;
  return { y, m, d, weekday: utc.getUTCDay() };
}

/** "Sat 28 Nov 2026" for a calendar date YYYY-MM-DD (no time zone shift). */
export function formatCalendarDate(date: string): string {
  const p = dateParts(date);
  if (!p) return date;
  return `${WEEKDAYS[p.weekday]} ${p.d} ${MONTHS[p.m - 1]} ${p.y}`;
}

/** The company's calendar date (YYYY-MM-DD) and clock time of an instant. */
function companyParts(iso: string): { date: string; hour: number; minute: number } | null {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return null;
  return companyWallClock(instant);
}

/** The company's calendar day of an instant (e.g. when a booking was made): "Sat 28 Nov 2026". */
export function formatInstant(iso: string): string {
  const p = companyParts(iso);
  return p ? formatCalendarDate(p.date) : iso;
}

/** Day and clock time in Jamaica: "Mon 30 Nov 2026, 2:05 pm". */
export function formatInstantWithTime(iso: string): string {
  const p = companyParts(iso);
  if (!p) return iso;
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${formatCalendarDate(p.date)}, ${hour12}:${String(p.minute).padStart(2, '0')} ${p.hour < 12 ? 'am' : 'pm'}`;
}

/** A calendar date as a local Date at midnight, for date pickers (which count days in local time). */
export function toLocalDate(date: string): Date {
  const [y = NaN, m = NaN, d = NaN] = date.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/** The calendar date (YYYY-MM-DD) a date picker's local Date stands for. */
export function fromLocalDate(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** "1 day", "3 days". */
export function daysText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
