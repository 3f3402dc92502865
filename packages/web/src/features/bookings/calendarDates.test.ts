/** The calendar's own date sums give date-fns' answers, day by day, over years and their turns. */
import { defaultDateLib } from 'react-day-picker';
import { describe, expect, it } from 'vitest';
import { calendarDateLib } from './calendarDates';

/** Every day from 1 December 2025 to 31 January 2029 (four turns of the year, one a leap year), at noon and at midnight. */
function days(): Date[] {
  const all: Date[] = [];
  for (let day = new Date(2025, 11, 1); day < new Date(2029, 1, 1); day = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1)) {
    all.push(day, new Date(day.getFullYear(), day.getMonth(), day.getDate(), 12, 30));
  }
  return all;
}

describe('the calendar’s date sums', () => {
  it('write the days, months and week days as date-fns does', () => {
    for (const date of days()) {
      for (const pattern of ['yyyy-MM-dd', 'yyyy-MM', 'd', 'cccccc', 'cccc', 'LLLL y', 'PPPP']) {
        expect(calendarDateLib.format(date, pattern)).toBe(defaultDateLib.format(date, pattern));
      }
    }
  });

  it('number the weeks, find their and the months’ ends and add days as date-fns does', () => {
    for (const date of days()) {
      expect(calendarDateLib.getWeek(date)).toBe(defaultDateLib.getWeek(date));
      for (const name of ['startOfWeek', 'endOfWeek', 'startOfMonth', 'endOfMonth', 'startOfDay'] as const) {
        expect(calendarDateLib[name](date).getTime()).toBe(defaultDateLib[name](date).getTime());
      }
      for (const amount of [-40, -1, 0, 1, 6, 7, 31, 365]) {
        expect(calendarDateLib.addDays(date, amount).getTime()).toBe(defaultDateLib.addDays(date, amount).getTime());
      }
    }
  });

  it('compare days as date-fns does', () => {
    const all = days();
    const pivot = new Date(2026, 10, 28, 12);
    const midnight = new Date(2026, 10, 28);
    for (const date of all) {
      for (const other of [pivot, midnight]) {
        expect(calendarDateLib.differenceInCalendarDays(date, other)).toBe(defaultDateLib.differenceInCalendarDays(date, other));
        expect(calendarDateLib.isSameDay(date, other)).toBe(defaultDateLib.isSameDay(date, other));
        expect(calendarDateLib.isSameMonth(date, other)).toBe(defaultDateLib.isSameMonth(date, other));
        expect(calendarDateLib.isBefore(date, other)).toBe(defaultDateLib.isBefore(date, other));
        expect(calendarDateLib.isAfter(date, other)).toBe(defaultDateLib.isAfter(date, other));
      }
    }
  });
});
