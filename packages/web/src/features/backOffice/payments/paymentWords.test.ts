import type { PaymentAttempt } from '@rental/contract/schemas';
import { describe, expect, it } from 'vitest';
import { canClose, emptyListText, noteProblem, refundedText, refundLeft, refundProblems, tabFromSearch } from './paymentWords';

const attempt = (fields: Partial<PaymentAttempt>): PaymentAttempt => ({
  _id: 'a1',
  orderId: 'WR-7KQ2M9-1',
  provider: 'sandbox',
  bookingId: 'b1',
  reference: 'WR-7KQ2M9',
  customerName: 'Carl Reid',
  amount: 25_000,
  currency: 'JMD',
  status: 'paid',
  message: null,
  transactionId: null,
  cardLast4: null,
  refundedAmount: 0,
  createdAt: '2026-11-30T19:05:00.000Z',
  updatedAt: '2026-11-30T19:05:00.000Z',
  ...fields,
});

describe('card payments in staff’s words', () => {
  it('shows those that never came back unless the address asks for all', () => {
    expect(tabFromSearch('')).toBe('open');
    expect(tabFromSearch('?state=all')).toBe('all');
    expect(tabFromSearch('?state=anything')).toBe('open');
    expect(emptyListText('open')).toMatch(/nothing to look up/);
  });

  it('closes only an attempt that never came back: one on the card page may still come back', () => {
    expect(canClose(attempt({ status: 'expired' }))).toBe(true);
    for (const status of ['created', 'sent', 'paid', 'failed', 'refunded'] as const) expect(canClose(attempt({ status }))).toBe(false);
  });

  it('refunds what is left of a paid payment, and says what was refunded', () => {
    expect(refundLeft(attempt({}))).toBe(25_000);
    expect(refundLeft(attempt({ status: 'refunded', refundedAmount: 5_000 }))).toBe(20_000);
    expect(refundLeft(attempt({ status: 'refunded', refundedAmount: 25_000 }))).toBe(0);
    expect(refundLeft(attempt({ status: 'expired' }))).toBe(0);
    expect(refundedText(attempt({}))).toBeNull();
    expect(refundedText(attempt({ status: 'refunded', refundedAmount: 5_000 }))).toBe('Refunded $5,000 JMD of $25,000 JMD');
    expect(refundedText(attempt({ status: 'refunded', refundedAmount: 25_000 }))).toBe('Refunded in full');
  });

  it('names a refund’s problems in the dialog’s words', () => {
    expect(refundProblems('', '', 25_000, 'JMD')).toEqual({ amount: 'Amount refunded is required.' });
    expect(refundProblems('12.50', '', 25_000, 'JMD')).toEqual({ amount: 'Amount refunded must be a whole number.' });
    expect(refundProblems('0', '', 25_000, 'JMD')).toEqual({ amount: 'Amount refunded must be at least 1.' });
    expect(refundProblems('30000', '', 25_000, 'JMD')).toEqual({ amount: 'Amount refunded can be at most $25,000 JMD, what is left of this payment.' });
    expect(refundProblems('5000', 'x'.repeat(301), 25_000, 'JMD')).toEqual({ note: 'Note can be at most 300 characters long.' });
    expect(refundProblems(' 5000 ', 'Customer cut the trip short', 25_000, 'JMD')).toEqual({});
  });

  it('lets a closing note be empty, not too long', () => {
    expect(noteProblem('')).toBeNull();
    expect(noteProblem('Dashboard shows it paid, 10:42')).toBeNull();
    expect(noteProblem('x'.repeat(301))).toBe('Note can be at most 300 characters long.');
  });
});
