import { PAYMENT_METHOD_NAMES, type PaymentMethod } from '@rental/contract/constants';

/** The two ways to pay, named and summed up in one place: every screen uses these words. */
export const PAYMENT_METHOD_TEXT: Record<PaymentMethod, { name: string; summary: string }> = {
  upfront: {
    name: PAYMENT_METHOD_NAMES.upfront,
    summary: 'Pay the rental price at our office when you collect the car, before you drive off.',
  },
  cash_deposit: {
    name: PAYMENT_METHOD_NAMES.cash_deposit,
    summary: 'Pay the rental price in cash into our bank account at the bank, before the hold on your booking ends.',
  },
};
