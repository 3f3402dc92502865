/**
 * What the rest of the site knows of a card provider: it starts an attempt (the provider answers
 * the address of its card page) and it checks the browser's return. Nothing else: the provider
 * never decides the amount (the stored attempt does) and a return is worth nothing until verified.
 */

/** The stored attempt a return claims to be about; the return is checked against this, never the reverse. */
export interface StoredAttempt {
  orderId: string;
  /** Whole units. */
  amount: number;
  currency: string;
  /** The provider's id of the transaction, when it gave one as the page was asked for. */
  transactionId: string | null;
}

export interface StartRequest {
  orderId: string;
  /** Whole units: what the booking's folio owed when the attempt started. */
  amount: number;
  currency: string;
  /** Where the provider sends the browser back (our paymentReturn route). */
  returnUrl: string;
  /** The merchant's name for the request (WiPay's origin). */
  origin: string;
}

export interface StartedAttempt {
  /** The provider's card page: the browser is sent there. */
  redirectUrl: string;
  transactionId: string | null;
}

export interface VerifiedReturn {
  orderId: string;
  outcome: 'paid' | 'failed';
  /** Whole units: what the provider says it charged, once checked against the stored attempt. */
  amount: number;
  currency: string;
  transactionId: string | null;
  /** The last 4 digits of the card, never more. */
  cardLast4: string | null;
  /** The provider's words ("Card declined"). */
  message: string | null;
}

/** Why a return was not believed, for the log (never shown to the customer). */
export interface ForgedReturn {
  forged: string;
}

export type ReturnQuery = Record<string, string | undefined>;

export interface PaymentProvider {
  /** Stored on each attempt: real money (wipay) or the local sandbox. */
  readonly name: 'wipay' | 'sandbox';
  /** Currencies the provider takes. */
  readonly currencies: readonly string[];
  start(request: StartRequest): Promise<StartedAttempt>;
  /** The order id a return claims, to find its stored attempt; undefined when it names none. */
  orderIdOf(query: ReturnQuery): string | undefined;
  verifyReturn(query: ReturnQuery, stored: StoredAttempt): VerifiedReturn | ForgedReturn;
}

/** The provider could not be reached or refused the request: the customer is asked to try again later. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}

export function isForged(result: VerifiedReturn | ForgedReturn): result is ForgedReturn {
  return 'forged' in result;
}
