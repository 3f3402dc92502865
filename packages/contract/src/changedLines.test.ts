import { describe, expect, it } from 'vitest';
import { changedLines } from './changedLines';
import { DEFAULT_PRICE_RULES, type Extra, quote, type Quote } from './quote';

const car = { id: 'c1', brand: 'Toyota', model: 'Yaris', category: 'Sedan', pricePerDay: 6000 };
const seat: Extra = { id: 'seat', name: 'Child seat', description: '', charge: 'per_day', price: 500, maxPerBooking: 2, stock: null };
const rules = {
  ...DEFAULT_PRICE_RULES,
  weeklyPercentOff: 10,
  seasons: [{ name: 'Christmas', startDate: '2026-12-24', endDate: '2026-12-26', priority: 1, minDays: null, carRates: { c1: 9000 }, categoryPercents: {} }],
};
const settings = { gctPercent: 15, currency: 'JMD', securityDeposit: 15_000 };
const priced = (pickupDate: string, returnDate: string): Quote =>
  quote(car, { pickupDate, returnDate, extras: [{ id: 'seat', quantity: 1 }] }, rules, [seat], settings).quote!;

describe('why a change moved the total', () => {
  it('names the lines that moved: a season’s days added, the extra per day, the weekly rate gained, and GCT', () => {
    const rows = changedLines(priced('2026-12-19', '2026-12-23'), priced('2026-12-19', '2026-12-26'));
    expect(rows).toEqual([
      { label: 'Toyota Yaris', before: 24_000, after: 30_000 },
      { label: 'Toyota Yaris, Christmas', before: null, after: 18_000 },
      { label: 'Weekly rate: 10% off', before: null, after: -4_800 },
      { label: 'Child seat, 1 × 7 days', before: 2_000, after: 3_500 },
      { label: 'GCT (15%)', before: 3_900, after: 7_005 },
    ]);
  });

  it('says nothing moved when the total is the same, and has nothing to compare for a booking made before quotes', () => {
    expect(changedLines(priced('2026-11-02', '2026-11-04'), priced('2026-11-09', '2026-11-11'))).toEqual([]);
    expect(changedLines(null, priced('2026-11-02', '2026-11-04'))).toEqual([]);
  });
});
