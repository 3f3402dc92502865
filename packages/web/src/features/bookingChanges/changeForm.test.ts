import { describe, expect, it } from 'vitest';
import { changeBody, differenceText, extendedReturn, initialValues, type ChangeableBookingView } from './changeForm';

const booking: ChangeableBookingView = {
  _id: 'b1',
  reference: 'WR-7KQ2M9',
  status: 'confirmed',
  pickupDate: '2026-12-05',
  returnDate: '2026-12-08',
  car: { _id: 'car-a', brand: 'Toyota', model: 'Yaris' },
};

describe('the change form', () => {
  it('starts from the booking as it is and sends nothing until something differs', () => {
    expect(changeBody(booking, initialValues(booking))).toBeNull();
  });

  it('sends only what changed', () => {
    expect(changeBody(booking, { ...initialValues(booking), returnDate: '2026-12-10' })).toEqual({ returnDate: '2026-12-10' });
    expect(changeBody(booking, { pickupDate: '2026-12-06', returnDate: '2026-12-08', car: 'car-b' })).toEqual({ pickupDate: '2026-12-06', car: 'car-b' });
  });

  it('says the difference in words, never with a minus sign', () => {
    expect(differenceText(5000, 'JMD')).toBe('$5,000 JMD more');
    expect(differenceText(-2000, 'JMD')).toBe('$2,000 JMD less');
    expect(differenceText(0, 'JMD')).toBe('The same price');
  });

  it('extends a return day across the month’s end', () => {
    expect(extendedReturn('2026-11-30', 2)).toBe('2026-12-02');
  });
});
