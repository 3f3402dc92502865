import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';
import { groupedNumber, typedAmount } from './numbers';

describe('an amount a person typed', () => {
  it('reads whole amounts with separators, spaces or the currency', () => {
    expect(typedAmount('12500')).toBe(12_500);
    expect(typedAmount('12,500')).toBe(12_500);
    expect(typedAmount(' 12 500 ')).toBe(12_500);
    expect(typedAmount('JMD 12,500')).toBe(12_500);
    expect(typedAmount('jmd12500')).toBe(12_500);
    expect(typedAmount('$12,500')).toBe(12_500);
    expect(typedAmount('J$12,500')).toBe(12_500);
    expect(typedAmount('0')).toBe(0);
  });

  it('reads back what the screens show', () => {
    expect(typedAmount(formatMoney(12_500))).toBe(12_500);
    expect(typedAmount(groupedNumber(1_234_567))).toBe(1_234_567);
  });

  it('keeps a minus, so a form can say the amount is below zero', () => {
    expect(typedAmount('-500')).toBe(-500);
    expect(typedAmount('-$500')).toBe(-500);
    expect(typedAmount('$-500')).toBe(-500);
    expect(typedAmount('-0')).toBe(0);
  });

  it('reads nothing from an empty box, words or decimals', () => {
    for (const typed of ['', '   ', 'abc', '12a', '$', 'JMD', '12,500.50', '12500.00', '.5', '1e5', '--5', '5-', '0x10', '12 500 USD', '1234567890123456']) {
      expect(typedAmount(typed), typed).toBeNull();
    }
  });
});

describe('a number grouped in thousands', () => {
  it('reads as en-US writes it, for every whole number and the rest', () => {
    const enUS = new Intl.NumberFormat('en-US');
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0, 999, 1000, -1000, 2 ** 53)),
        (n) => {
          expect(groupedNumber(n)).toBe(enUS.format(n));
        },
      ),
      { numRuns: 3000 },
    );
    expect(groupedNumber(12_500)).toBe('12,500');
    expect(groupedNumber(-1_234_567)).toBe('-1,234,567');
    expect(groupedNumber(999)).toBe('999');
  });
});
