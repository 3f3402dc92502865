/**
 * The date sums react-day-picker does while it draws a month, in plain local-time arithmetic
 * instead of date-fns: the library renders a month in one piece of work React cannot split, and
 * there date-fns' generic functions (a format pattern parsed for each of some 130 strings, a week
 * number through its week-year, options merged on every call) were most of its time on a slowed
 * phone. The answers are date-fns' own for the calendar's en-US week (Sunday first, week 1 holding
 * 1 January); calendarDates.test.ts compares them day by day. A format pattern not listed here goes
 * to the library's own date-fns.
 */
import { defaultDateLib } from 'react-day-picker';

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const two = (n: number) => (n < 10 ? `0${n}` : String(n));
const DAY_MS = 86_400_000;

const FORMATS: Record<string, (date: Date) => string> = {
  'yyyy-MM-dd': (date) => `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`,
  'yyyy-MM': (date) => `${date.getFullYear()}-${two(date.getMonth() + 1)}`,
  d: (date) => String(date.getDate()),
  cccccc: (date) => (WEEKDAY_NAMES[date.getDay()] ?? '').slice(0, 2),
  cccc: (date) => WEEKDAY_NAMES[date.getDay()] ?? '',
  'LLLL y': (date) => `${MONTH_NAMES[date.getMonth()]} ${date.getFullYear()}`,
};

const startOfWeek = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate() - date.getDay());
const calendarDay = (date: Date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());

/** The react-day-picker `dateLib` prop: one object for the page's life, as the library rebuilds its months when it changes. */
export const calendarDateLib = {
  format: (date: Date, pattern: string) => FORMATS[pattern]?.(date) ?? defaultDateLib.format(date, pattern),
  /** The week's number in its week-year: the week holding 1 January is week 1, whatever year its Sunday is in. */
  getWeek: (date: Date) => {
    const sunday = startOfWeek(date);
    const saturday = new Date(sunday.getFullYear(), sunday.getMonth(), sunday.getDate() + 6);
    const firstSunday = startOfWeek(new Date(saturday.getFullYear(), 0, 1));
    return Math.round((calendarDay(sunday) - calendarDay(firstSunday)) / (7 * DAY_MS)) + 1;
  },
  startOfWeek,
  endOfWeek: (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + 6 - date.getDay(), 23, 59, 59, 999),
  startOfMonth: (date: Date) => new Date(date.getFullYear(), date.getMonth(), 1),
  endOfMonth: (date: Date) => new Date(date.getFullYear(), date.getMonth() + 1, 0, 23, 59, 59, 999),
  startOfDay: (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()),
  addDays: (date: Date, amount: number) => {
    const moved = new Date(date.getTime());
    moved.setDate(moved.getDate() + amount);
    return moved;
  },
  differenceInCalendarDays: (later: Date, earlier: Date) => Math.round((calendarDay(later) - calendarDay(earlier)) / DAY_MS),
  isSameDay: (a: Date, b: Date) => a.getDate() === b.getDate() && a.getMonth() === b.getMonth() && a.getFullYear() === b.getFullYear(),
  isSameMonth: (a: Date, b: Date) => a.getMonth() === b.getMonth() && a.getFullYear() === b.getFullYear(),
  isBefore: (date: Date, than: Date) => date.getTime() < than.getTime(),
  isAfter: (date: Date, than: Date) => date.getTime() > than.getTime(),
};
