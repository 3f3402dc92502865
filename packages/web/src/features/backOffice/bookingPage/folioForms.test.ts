import { describe, expect, it } from 'vitest';
import { chargeWrite, paymentWrite, refundWrite, validateCharge, validatePayment, validateRefund } from './folioForms';

describe("the folio's forms read an amount as the contract's one reader does", () => {
  it('takes separators and the currency, and sends the whole amount', () => {
    const payment = { method: 'cash', amount: 'JMD 12,500', reference: '', note: '' };
    expect(validatePayment(payment)).toEqual({});
    expect(paymentWrite(payment)).toMatchObject({ kind: 'payment', body: { amount: 12_500 } });
    const refund = { method: 'cash', amount: '$1,000', note: 'Deposit back' };
    expect(validateRefund(refund)).toEqual({});
    expect(refundWrite(refund)).toMatchObject({ body: { amount: 1_000 } });
    const charge = { kind: 'fuel', label: 'Fuel', amount: '2,000', gct: 'no' };
    expect(validateCharge(charge)).toEqual({});
    expect(chargeWrite(charge)).toMatchObject({ body: { amount: 2_000 } });
  });

  it('keeps its words for an empty box, cents or words', () => {
    expect(validatePayment({ method: 'cash', amount: '', reference: '', note: '' }).amount).toBe('Amount is required.');
    expect(validatePayment({ method: 'cash', amount: '12,500.50', reference: '', note: '' }).amount).toBe('Amount must be a whole number.');
    expect(validateRefund({ method: 'cash', amount: 'ten', note: 'x' }).amount).toBe('Amount must be a whole number.');
  });
});
