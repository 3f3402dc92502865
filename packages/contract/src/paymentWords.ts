/**
 * How a customer pays, in the words every page and e-mail uses: the home page, the FAQ, the terms,
 * the payment step, the booking page and the booking e-mail tell one story. "Cash deposit" is any
 * payment into the company's bank account (cash at the bank, or a transfer from online banking),
 * with the booking reference; "Pay upfront" is at the office, when the car is collected.
 */
import { PAYMENT_METHOD_NAMES, type PaymentMethod } from './constants';

/** How the money reaches the bank account, with the reference that matches it to the booking. */
export const BANK_PAYMENT_WAYS = 'a cash deposit at the bank or a transfer from online banking, with your booking reference';

export const PAYMENT_METHOD_TEXT: Record<PaymentMethod, { name: string; summary: string }> = {
  upfront: {
    name: PAYMENT_METHOD_NAMES.upfront,
    summary: 'Pay the rental price at our office when you collect the car, before you drive off.',
  },
  cash_deposit: {
    name: PAYMENT_METHOD_NAMES.cash_deposit,
    summary: `Pay the rental price into our bank account before the hold on your booking ends: ${BANK_PAYMENT_WAYS}.`,
  },
  card: {
    name: PAYMENT_METHOD_NAMES.card,
    summary: 'Pay the whole price now with a Visa or Mastercard on our payment provider’s secure page; we never see your card number.',
  },
};

/** Both ways in one sentence, for the pages that sum them up (home, FAQ). */
export const PAYMENT_WAYS_IN_SHORT = `Pay at our office when you collect the car, or beforehand into our bank account: ${BANK_PAYMENT_WAYS}.`;

/** The method as a booking's facts name it (e-mails, staff lists). */
export const PAYMENT_METHOD_IN_A_LINE: Record<PaymentMethod, string> = {
  upfront: `${PAYMENT_METHOD_NAMES.upfront}: at our office when you collect the car`,
  cash_deposit: `${PAYMENT_METHOD_NAMES.cash_deposit}: into our bank account (${BANK_PAYMENT_WAYS})`,
  card: 'Paid by card online, on our payment provider’s page',
};
