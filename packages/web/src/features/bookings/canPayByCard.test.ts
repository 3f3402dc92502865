import { describe, expect, it } from 'vitest';
import { canPayByCard } from './BookingDetail';

describe('the card button on a booking', () => {
  it('offers a card for what is still owed on a booking to come, and only while cards are taken', () => {
    expect(canPayByCard({ status: 'confirmed', paymentStatus: 'unpaid' }, true)).toBe(true);
    expect(canPayByCard({ status: 'pending', paymentStatus: 'part_paid' }, true)).toBe(true);
    expect(canPayByCard({ status: 'confirmed', paymentStatus: 'part_paid' }, false)).toBe(false);
  });

  it('offers a card on the road and after the return, for what is charged then (a toll, damage found later)', () => {
    expect(canPayByCard({ status: 'on_rent', paymentStatus: 'unpaid' }, true)).toBe(true);
    expect(canPayByCard({ status: 'returned', paymentStatus: 'part_paid' }, true)).toBe(true);
    expect(canPayByCard({ status: 'returned', paymentStatus: 'part_paid' }, false)).toBe(false);
  });

  it('offers none when nothing is owed, money is owed back, or the booking was cancelled', () => {
    for (const paymentStatus of ['paid', 'refund_due', 'refunded'] as const)
      expect(canPayByCard({ status: 'confirmed', paymentStatus }, true), paymentStatus).toBe(false);
    for (const status of ['cancelled', 'no_show'] as const) expect(canPayByCard({ status, paymentStatus: 'unpaid' }, true), status).toBe(false);
  });
});
