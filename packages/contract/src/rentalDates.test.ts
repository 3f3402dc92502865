import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPANY_TIME_ZONE, MAX_DAYS_AHEAD, MAX_RENTAL_DAYS } from './constants';
import {
  addDays,
  bookingPrice,
  companyToday,
  companyWallClock,
  daysBetween,
  isCalendarDate,
  monthBounds,
  rangesOverlap,
  rentalDatesProblem,
  rentalDays,
  rentalPrice,
  storedRentalPrice,
} from './rentalDates';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

// An oracle written independently of the code under test: the Gregorian leap-year rule by hand.
const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number) => [31, isLeapYear(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;

/** Any real calendar date between 1990 and 2100, as YYYY-MM-DD. */
const calendarDate = fc
  .record({ y: fc.integer({ min: 1990, max: 2100 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 31 }) })
  .filter(({ y, m, d }) => d <= daysInMonth(y, m))
  .map(({ y, m, d }) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);

/** A pair of real dates where the second is `offset` days after the first (offset may be negative). */
const datePair = fc.tuple(calendarDate, fc.integer({ min: -800, max: 800 })).map(([from, offset]) => ({ from, to: addDays(from, offset), offset }));

describe('isCalendarDate', () => {
  it('accepts exactly the real dates of the Gregorian calendar', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
        const text = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
        const real = m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
        expect(isCalendarDate(text)).toBe(real);
      }),
      { numRuns: 2000 },
    );
  });

  it('knows the months and leap years customers trip over', () => {
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2100-02-29')).toBe(false);
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('2026-04-31')).toBe(false);
    expect(isCalendarDate('2026-12-31')).toBe(true);
  });

  it('refuses anything not written YYYY-MM-DD', () => {
    for (const bad of ['2026-1-05', '26-01-05', '2026/01/05', ' 2026-01-05', '2026-01-05 ', '2026-01-05T00:00', '', '20260105', '２０２６-01-05']) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (text) => {
        if (isCalendarDate(text)) expect(text).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('addDays and daysBetween', () => {
  it('are inverse: moving n days and measuring gives n back', () => {
    fc.assert(
      fc.property(datePair, ({ from, to, offset }) => {
        expect(isCalendarDate(to)).toBe(true);
        expect(daysBetween(from, to)).toBe(offset);
        expect(addDays(from, daysBetween(from, to))).toBe(to);
        expect(daysBetween(to, from) + offset).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });

  it('count one day across month ends, leap days and year ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
  });
});

describe('rentalDays', () => {
  it('is at least one, and the number of nights when return is after pickup', () => {
    fc.assert(
      fc.property(datePair, ({ from, to, offset }) => {
        const days = rentalDays(from, to);
        expect(days).toBeGreaterThanOrEqual(1);
        expect(Number.isInteger(days)).toBe(true);
        if (offset > 0) expect(days).toBe(daysBetween(from, to));
        else expect(days).toBe(1);
      }),
      { numRuns: 1000 },
    );
  });

  it('charges a same-day return as one day', () => {
    expect(rentalDays('2026-03-10', '2026-03-10')).toBe(1);
    expect(rentalDays('2026-03-10', '2026-03-11')).toBe(1);
    expect(rentalDays('2026-03-10', '2026-03-13')).toBe(3);
  });
});

describe('bookingPrice', () => {
  it('is pricePerDay times rentalDays, a positive whole number for any valid booking', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), calendarDate, fc.integer({ min: 0, max: MAX_RENTAL_DAYS }), (pricePerDay, pickup, length) => {
        const returnDate = addDays(pickup, length);
        const price = bookingPrice(pricePerDay, pickup, returnDate);
        expect(price).toBe(pricePerDay * rentalDays(pickup, returnDate));
        expect(price).toBeGreaterThan(0);
        expect(Number.isSafeInteger(price)).toBe(true);
        expect(price).toBeGreaterThanOrEqual(pricePerDay);
      }),
      { numRuns: 1000 },
    );
  });

  it('never makes a same-day rental free', () => {
    expect(bookingPrice(4500, '2026-05-01', '2026-05-01')).toBe(4500);
  });
});

describe('rentalDatesProblem', () => {
  it('accepts exactly: pickup from today to 365 days ahead, return on or after pickup, at most 90 days', () => {
    fc.assert(
      fc.property(
        calendarDate,
        fc.integer({ min: -30, max: MAX_DAYS_AHEAD + 30 }),
        fc.integer({ min: -10, max: MAX_RENTAL_DAYS + 10 }),
        (today, ahead, length) => {
          const pickup = addDays(today, ahead);
          const ret = addDays(pickup, length);
          const bookable = ahead >= 0 && ahead <= MAX_DAYS_AHEAD && length >= 0 && Math.max(1, length) <= MAX_RENTAL_DAYS;
          const problem = rentalDatesProblem(pickup, ret, today);
          if (bookable) expect(problem).toBeNull();
          else {
            expect(problem).not.toBeNull();
            expect(problem?.message.length).toBeGreaterThan(0);
            // The field named is the one to change: pickup when pickup is out of range, else return.
            expect(problem?.field).toBe(ahead < 0 || ahead > MAX_DAYS_AHEAD ? 'pickupDate' : 'returnDate');
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('names the field holding an impossible date', () => {
    expect(rentalDatesProblem('2026-02-30', '2026-03-02', '2026-01-10')?.field).toBe('pickupDate');
    expect(rentalDatesProblem('2026-02-20', '2026-02-30', '2026-01-10')?.field).toBe('returnDate');
    expect(rentalDatesProblem('garbage', '2026-02-20', '2026-01-10')).toMatchObject({ field: 'pickupDate', message: expect.stringMatching(/pickup date/) });
  });

  it('is at the edges exactly as the rules say', () => {
    const today = '2026-01-10';
    expect(rentalDatesProblem(today, today, today)).toBeNull();
    expect(rentalDatesProblem(addDays(today, -1), today, today)?.field).toBe('pickupDate');
    expect(rentalDatesProblem(addDays(today, 365), addDays(today, 365), today)).toBeNull();
    expect(rentalDatesProblem(addDays(today, 366), addDays(today, 366), today)?.field).toBe('pickupDate');
    expect(rentalDatesProblem(today, addDays(today, 90), today)).toBeNull();
    expect(rentalDatesProblem(today, addDays(today, 91), today)?.field).toBe('returnDate');
    expect(rentalDatesProblem(addDays(today, 5), addDays(today, 4), today)?.field).toBe('returnDate');
  });
});

describe('companyToday', () => {
  it('is the date and clock in Jamaica as the time zone database tells them, from 1984 on', () => {
    // The code shifts UTC by five hours; the oracle is the browser's and Node's own time zone data.
    const jamaica = new Intl.DateTimeFormat('en-CA', {
      timeZone: COMPANY_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const inJamaica = (now: Date) => {
      const part = (type: Intl.DateTimeFormatPartTypes) => jamaica.formatToParts(now).find((p) => p.type === type)?.value ?? '';
      return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')), minute: Number(part('minute')) };
    };
    fc.assert(
      fc.property(fc.date({ min: new Date('1984-01-01T05:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), (now) => {
        expect(companyWallClock(now)).toEqual(inJamaica(now));
        expect(companyToday(now)).toBe(inJamaica(now).date);
      }),
      { numRuns: 2000 },
    );
  });

  it('is still yesterday in Portmore late in the UTC night', () => {
    expect(companyToday(new Date('2026-01-01T03:00:00Z'))).toBe('2025-12-31');
    expect(companyToday(new Date('2026-01-01T04:59:59Z'))).toBe('2025-12-31');
    expect(companyToday(new Date('2026-01-01T05:00:00Z'))).toBe('2026-01-01');
    expect(companyToday(new Date('2026-07-01T04:30:00Z'))).toBe('2026-06-30');
  });
});

describe('rangesOverlap', () => {
  it('is true exactly when the two inclusive ranges share a day', () => {
    const range = fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 10 })).map(([start, length]) => ({
      pickupDate: addDays('2026-03-01', start),
      returnDate: addDays('2026-03-01', start + length),
    }));
    const days = (r: { pickupDate: string; returnDate: string }) =>
      Array.from({ length: daysBetween(r.pickupDate, r.returnDate) + 1 }, (_, i) => addDays(r.pickupDate, i));
    fc.assert(
      fc.property(range, range, (a, b) => {
        const shared = days(a).some((day) => days(b).includes(day));
        expect(rangesOverlap(a, b)).toBe(shared);
        expect(rangesOverlap(b, a)).toBe(shared);
      }),
      { numRuns: 1000 },
    );
  });

  it('counts the return day as taken', () => {
    expect(rangesOverlap({ pickupDate: '2026-03-01', returnDate: '2026-03-05' }, { pickupDate: '2026-03-05', returnDate: '2026-03-07' })).toBe(true);
  });
});

describe('monthBounds', () => {
  it('holds the date: start <= date < nextStart, both first days of consecutive months', () => {
    fc.assert(
      fc.property(calendarDate, (date) => {
        const { start, nextStart } = monthBounds(date);
        expect(start <= date && date < nextStart).toBe(true);
        expect(start.slice(8)).toBe('01');
        expect(nextStart.slice(8)).toBe('01');
        expect(start.slice(0, 7)).toBe(date.slice(0, 7));
        expect(daysBetween(start, nextStart)).toBe(daysInMonth(Number(date.slice(0, 4)), Number(date.slice(5, 7))));
      }),
      { numRuns: 500 },
    );
  });
});

describe('rentalPrice', () => {
  it('is days (return minus pickup, at least 1) times the daily rate, the total the server stores', () => {
    expect(rentalPrice(6500, '2026-12-01', '2026-12-04')).toEqual({ pricePerDay: 6500, days: 3, total: 19_500 });
    expect(rentalPrice(6500, '2026-12-01', '2026-12-01')).toEqual({ pricePerDay: 6500, days: 1, total: 6500 });
    expect(bookingPrice(6500, '2026-12-01', '2026-12-04')).toBe(19_500);
  });

  it('tells a stored booking as days x the rate it was made at, whatever the car costs now', () => {
    expect(storedRentalPrice({ price: 19_500, pickupDate: '2026-12-01', returnDate: '2026-12-04' })).toEqual({ pricePerDay: 6500, days: 3, total: 19_500 });
  });
});
