import { describe, expect, it } from 'vitest';
import { formatShortDate, parseShortDate } from './format';

describe('dates in forms, day first', () => {
  it('shows YYYY-MM-DD as dd/mm/yyyy and reads it back, however it is separated', () => {
    expect(formatShortDate('2026-11-28')).toBe('28/11/2026');
    expect(formatShortDate('')).toBe('');
    expect(parseShortDate('28/11/2026')).toBe('2026-11-28');
    expect(parseShortDate(' 8-3-1990 ')).toBe('1990-03-08');
    expect(parseShortDate('08.03.1990')).toBe('1990-03-08');
    expect(parseShortDate(formatShortDate('2000-02-29'))).toBe('2000-02-29');
  });

  it('reads no day that is not real, nor the month first', () => {
    expect(parseShortDate('31/02/2026')).toBeNull();
    expect(parseShortDate('12/31/2026')).toBeNull();
    expect(parseShortDate('2026-11-28')).toBeNull();
    expect(parseShortDate('28/11/26')).toBeNull();
    expect(parseShortDate('')).toBeNull();
  });
});
