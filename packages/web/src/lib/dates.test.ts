import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatInstant, formatInstantWithTime, fromLocalDate, toLocalDate } from './dates';

describe('dates the Jamaican way', () => {
  it('writes a calendar date day first, month in words: Sat 28 Nov 2026', () => {
    expect(formatCalendarDate('2026-11-28')).toBe('Sat 28 Nov 2026');
    expect(formatCalendarDate('2027-01-01')).toBe('Fri 1 Jan 2027');
    expect(formatCalendarDate('2028-02-29')).toBe('Tue 29 Feb 2028');
  });

  it('leaves what is not a date as it is', () => {
    expect(formatCalendarDate('not a date')).toBe('not a date');
    expect(formatCalendarDate('2026-02-30')).toBe('2026-02-30');
  });

  it('tells an instant by the company’s clock (Jamaica, UTC-5), with am and pm', () => {
    expect(formatInstant('2026-11-29T03:30:00Z')).toBe('Sat 28 Nov 2026');
    expect(formatInstantWithTime('2026-11-29T03:30:00Z')).toBe('Sat 28 Nov 2026, 10:30 pm');
    expect(formatInstantWithTime('2026-11-28T17:05:00Z')).toBe('Sat 28 Nov 2026, 12:05 pm');
    expect(formatInstantWithTime('2026-11-28T05:00:00Z')).toBe('Sat 28 Nov 2026, 12:00 am');
  });

  it('never writes a date with slashes', () => {
    for (const text of [formatCalendarDate('2026-03-04'), formatInstantWithTime('2026-03-04T12:00:00Z')]) expect(text).not.toMatch(/\d\/\d/);
  });

  it('turns a calendar date into a date picker’s local day and back', () => {
    for (const date of ['2026-01-31', '2026-03-08', '2026-11-01', '2026-12-31']) expect(fromLocalDate(toLocalDate(date))).toBe(date);
  });
});
