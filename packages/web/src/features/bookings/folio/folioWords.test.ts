import type { FolioLine } from '@rental/contract/schemas';
import { describe, expect, it } from 'vitest';
import { balanceWords, paymentWords, shownLines } from './folioWords';

const line = (fields: Partial<FolioLine>): FolioLine => ({
  id: 'l1',
  kind: 'rental',
  label: 'Toyota Yaris, 3 days',
  amount: 12_000,
  gct: 1_800,
  createdAt: '2026-11-28T10:00:00.000Z',
  by: null,
  voidsLineId: null,
  reason: null,
  voided: false,
  ...fields,
});

describe('how a folio reads', () => {
  it('lists each charge once: a voided one with the reason its voiding line gives, the voiding line itself not listed', () => {
    const lines = [
      line({ id: 'rent' }),
      line({ id: 'toll', kind: 'toll', label: 'Toll, Highway 2000', amount: 450, gct: 0, voided: true }),
      line({ id: 'void', kind: 'toll', label: 'Void: Toll, Highway 2000', amount: -450, gct: 0, voidsLineId: 'toll', reason: 'Charged twice' }),
      line({ id: 'sand', kind: 'cleaning', label: 'Sand in the boot', amount: 2_500, gct: 375 }),
    ];
    // The kind is said only where the label does not already say it.
    expect(shownLines({ lines }).map(({ line: shown, kindWords, voidReason }) => [shown.id, kindWords, voidReason])).toEqual([
      ['rent', 'Rental', null],
      ['toll', '', 'Charged twice'],
      ['sand', 'Cleaning', null],
    ]);
  });

  it('says the balance for the customer and for staff, the amount always as a positive figure', () => {
    expect(balanceWords(5_000, 'customer')).toEqual({ label: 'Still to pay', amount: 5_000, tone: 'owing' });
    expect(balanceWords(-1_200, 'customer')).toEqual({ label: 'We owe you', amount: 1_200, tone: 'owed' });
    expect(balanceWords(0, 'customer')).toEqual({ label: 'Nothing to pay', amount: 0, tone: 'settled' });
    expect(balanceWords(5_000, 'staff').label).toBe('Balance owing');
    expect(balanceWords(-1_200, 'staff').label).toBe('Owed back to the customer');
  });

  it('names a payment or a refund by how the money moved', () => {
    expect(paymentWords({ kind: 'payment', method: 'bank_deposit' })).toBe('Payment by bank deposit');
    expect(paymentWords({ kind: 'refund', method: 'card' })).toBe('Refund by card');
  });
});
