import type { CarBlock, TimelineBooking } from '@rental/contract/schemas';
import { describe, expect, it } from 'vitest';
import { HOLD_LOOKS, lookOf } from './holdStyle';
import { barColumns, daysFrom, groupByFirstDay, holdDays, holdsOf, holdTitle, weekStart } from './timelineLayout';

const booking = (id: string, pickupDate: string, returnDate: string, status: TimelineBooking['status'] = 'confirmed'): TimelineBooking => ({
  _id: id,
  reference: `WR-${id.toUpperCase().padEnd(6, 'X')}`,
  car: 'car-1',
  pickupDate,
  returnDate,
  status,
  customer: { name: 'Tamika Brown', phone: '876 555 0142' },
});
const block = (id: string, pickupDate: string, returnDate: string): CarBlock => ({ _id: id, car: 'car-2', pickupDate, returnDate, note: 'Garage' });

describe('the fleet timeline layout', () => {
  it('starts weeks on Monday and lists the days shown', () => {
    expect(weekStart('2026-11-22')).toBe('2026-11-16'); // a Sunday
    expect(weekStart('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(weekStart('2027-01-01')).toBe('2026-12-28'); // across the year
    expect(daysFrom('2026-12-30', 4)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });

  it('puts a bar on the columns of its days, clipped at the edges of the range, and nowhere when outside', () => {
    const from = '2026-11-16';
    expect(barColumns({ pickupDate: '2026-11-16', returnDate: '2026-11-18' }, from, 35)).toEqual({ start: 1, end: 4, clippedStart: false, clippedEnd: false });
    expect(barColumns({ pickupDate: '2026-11-10', returnDate: '2026-11-16' }, from, 35)).toEqual({ start: 1, end: 2, clippedStart: true, clippedEnd: false });
    expect(barColumns({ pickupDate: '2026-12-20', returnDate: '2027-01-05' }, from, 35)).toEqual({ start: 35, end: 36, clippedStart: false, clippedEnd: true });
    expect(barColumns({ pickupDate: '2026-11-01', returnDate: '2026-11-15' }, from, 35)).toBeNull();
    expect(barColumns({ pickupDate: '2026-12-21', returnDate: '2026-12-22' }, from, 35)).toBeNull();
  });

  it('leaves cancelled bookings out and names each hold for people', () => {
    const holds = holdsOf(
      [booking('b', '2026-11-20', '2026-11-21', 'pending'), booking('c', '2026-11-18', '2026-11-19', 'cancelled')],
      [block('k', '2026-11-17', '2026-11-17')],
      '2026-11-16',
    );
    expect(holds.map((h) => h.id)).toEqual(['k', 'b']);
    expect(holds.map(holdTitle)).toEqual(['Service block', 'Pending booking WR-BXXXXX']);
    expect(holdDays(holds[0]!)).toBe('Tue 17 Nov 2026');
    expect(holdDays(holds[1]!)).toBe('Fri 20 Nov 2026 to Sat 21 Nov 2026');
  });

  it('leaves no-shows out like cancelled bookings, and names a car still out after its return day overdue', () => {
    const holds = holdsOf(
      [
        booking('n', '2026-11-18', '2026-11-19', 'no_show'),
        booking('o', '2026-11-10', '2026-11-15', 'on_rent'),
        booking('p', '2026-11-14', '2026-11-16', 'on_rent'),
        booking('r', '2026-11-12', '2026-11-13', 'returned'),
      ],
      [],
      '2026-11-16',
    );
    expect(holds.map((h) => h.id)).toEqual(['o', 'r', 'p']);
    expect(holds.map(holdTitle)).toEqual(['Overdue: booking WR-OXXXXX', 'Returned: booking WR-RXXXXX', 'Picked up: booking WR-PXXXXX']);
    expect(holds.map(lookOf)).toEqual(['overdue', 'returned', 'on_rent']);
    expect(HOLD_LOOKS.overdue.label).toBe('Overdue');
    expect(HOLD_LOOKS.overdue.bar).toContain('bg-red-');
  });

  it("lists each hold once on a phone, under its first day shown (one that began earlier under the range's first day)", () => {
    const holds = holdsOf(
      [booking('a', '2026-11-10', '2026-11-17'), booking('b', '2026-11-20', '2026-11-21'), booking('z', '2027-02-01', '2027-02-02')],
      [block('k', '2026-11-20', '2026-11-20')],
      '2026-11-16',
    );
    const groups = groupByFirstDay(holds, '2026-11-16', 35);
    expect(groups.map((g) => [g.day, g.holds.map((h) => h.id)])).toEqual([
      ['2026-11-16', ['a']],
      ['2026-11-20', ['b', 'k']],
    ]);
  });
});
