import { formatMoney } from '@rental/contract/format';
import type { CounterRecord } from '@rental/contract/schemas';
import { describe, expect, it } from 'vitest';
import { damageWords, depositWords, itemsWords, odometerWords, receiptLinkWords, settlementRows } from './rentalRecord';

const money = (amount: number) => formatMoney(amount, 'JMD');
type CheckIn = NonNullable<CounterRecord['checkIn']>;
const checkIn = (facts: Partial<CheckIn>): CheckIn => ({
  at: '2026-11-20T18:00:00.000Z',
  by: 'Desk',
  returnedAt: '2026-11-20T18:00:00.000Z',
  odometerKm: 10_500,
  fuelEighths: 8,
  charges: [],
  chargesTotal: 0,
  depositRefunded: 15_000,
  depositKept: 0,
  depositHeld: 0,
  owing: 0,
  toBeAssessed: false,
  itemsMissing: [],
  damages: [],
  photos: [],
  receiptNumber: 'R-2026-000123',
  receipt: '/api/bookings/x/receipt.pdf',
  ...facts,
});

describe('the counter’s record in the customer’s words', () => {
  it('says the deposit with how it was taken, and its reference when there is one', () => {
    expect(depositWords({ amount: 15_000, method: 'card', reference: '' }, money)).toBe('$15,000 JMD by card');
    expect(depositWords({ amount: 20_000, method: 'bank_transfer', reference: 'TX-88' }, money)).toBe('$20,000 JMD by bank transfer (TX-88)');
  });

  it('reads the odometer with separators, the items as a list, a damage with where it is', () => {
    expect(odometerWords(123_456)).toBe('123,456 km');
    expect(itemsWords(['Spare tyre', 'Jack'])).toBe('Spare tyre, Jack');
    expect(itemsWords([])).toBe('None');
    expect(damageWords({ zone: 'left', description: 'Scratch on the rear door' })).toBe('Left side: Scratch on the rear door');
    expect(receiptLinkWords('R-2026-000123')).toBe('Your receipt R-2026-000123 (PDF)');
  });

  it('says what the deposit did and what is still to pay', () => {
    expect(settlementRows(checkIn({}), money)).toEqual([
      ['Security deposit refunded', '$15,000 JMD'],
      ['Security deposit kept', '$0 JMD'],
      ['Still to pay', 'Nothing'],
    ]);
    expect(settlementRows(checkIn({ depositRefunded: 0, depositKept: 15_000, owing: 2_300 }), money)).toEqual([
      ['Security deposit refunded', '$0 JMD'],
      ['Security deposit kept', '$15,000 JMD'],
      ['Still to pay', '$2,300 JMD'],
    ]);
    // A damage to be assessed: the whole security deposit is held, neither kept nor refunded yet.
    expect(settlementRows(checkIn({ depositRefunded: 0, depositKept: 0, depositHeld: 15_000, owing: 2_300, toBeAssessed: true }), money)).toEqual([
      ['Security deposit held', '$15,000 JMD'],
      ['Still to pay', '$2,300 JMD'],
    ]);
  });
});
