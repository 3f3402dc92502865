import { describe, expect, it } from 'vitest';
import { depositDueWords, refundPlan, refundSentences } from './refunds';

describe('what a cancellation does to the money', () => {
  it('owes back what was paid and not refunded, each part the way it came', () => {
    const plan = refundPlan(
      [
        { kind: 'payment', method: 'card', amount: 20_000 },
        { kind: 'payment', method: 'bank_deposit', amount: 5_000 },
        { kind: 'refund', method: 'card', amount: 2_000 },
      ],
      5,
    );
    expect(plan).toEqual({
      amount: 23_000,
      parts: [
        { route: 'card', amount: 18_000 },
        { route: 'bank', amount: 5_000 },
      ],
      bankDays: 5,
    });
    expect(refundSentences(plan, 'JMD', true).join(' ')).toContain(
      'You are owed a refund of $23,000 JMD: we send it $18,000 JMD back to the card you paid with; $5,000 JMD by bank transfer',
    );
  });

  it('says one way plainly, and nothing when nothing was paid', () => {
    const plan = refundPlan([{ kind: 'payment', method: 'bank_transfer', amount: 9_200 }], 5);
    expect(refundSentences(plan, 'JMD', false)).toEqual([
      'If you cancel, you are owed a refund of $9,200 JMD: we send it by bank transfer to your account (we ask you for its details), within 5 bank days of the cancellation.',
    ]);
    expect(refundSentences(refundPlan([], 5), 'JMD', true)).toEqual([]);
  });

  it('says when a bank deposit is due in bank days', () => {
    expect(depositDueWords(2)).toBe('by the end of the second bank day after the day you book (weekends and Jamaica’s public holidays are not bank days)');
    expect(depositDueWords(1)).toContain('next bank day');
  });
});
