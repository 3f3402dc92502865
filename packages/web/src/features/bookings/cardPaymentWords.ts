/**
 * What a customer reads after the provider's card page sent them back to their booking
 * (/my-bookings/<reference>?payment=paid|failed|unverified).
 */
export const PAYMENT_OUTCOMES = ['paid', 'failed', 'unverified'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** The ?payment= the provider's return carries, if it is one of ours. */
export function paymentOutcome(search: string): PaymentOutcome | null {
  const value = new URLSearchParams(search).get('payment');
  return PAYMENT_OUTCOMES.find((outcome) => outcome === value) ?? null;
}

export const CARD_PAID = 'Your card payment went through: the booking is paid.';
export const CARD_UNVERIFIED =
  'We could not confirm your card payment yet. Please do not pay again: we check it with our payment provider, and this page shows the booking as paid once we have. Call or message us if it does not within a day.';

/** The sentence for an outcome; a refusal carries the provider's own words when it gave some. */
export function paymentOutcomeText(outcome: PaymentOutcome, providerWords: string | null | undefined): string {
  if (outcome === 'paid') return CARD_PAID;
  if (outcome === 'unverified') return CARD_UNVERIFIED;
  const words = providerWords?.trim().replace(/[.!\s]+$/, '');
  return `Your card was not charged${words ? `: ${words}` : ''}. You can try again or choose another way to pay.`;
}
