/**
 * WiPay's hosted card page (API v1.0.8; /work/shared/PAYMENTS.md): the server POSTs the order to
 * /plugins/payments/request and gets the page's address; the browser comes back to response_url
 * with the result in the query. There is no server-to-server notice, so the return is checked
 * hard: md5(transaction_id + the original total + the API key), compared in constant time, and the
 * order id, transaction id, amount and currency must be those of the STORED attempt (the hash
 * does not cover the order id: without these checks one payment's return could pay another order).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  PaymentProviderError,
  type ForgedReturn,
  type PaymentProvider,
  type ReturnQuery,
  type StartedAttempt,
  type StartRequest,
  type StoredAttempt,
  type VerifiedReturn,
} from './provider';

export interface WipayOptions {
  name: 'wipay' | 'sandbox';
  accountNumber: string;
  apiKey: string;
  environment: 'sandbox' | 'live';
  /** The platform's base address, no trailing slash. */
  url: string;
  /** How long to wait for the platform's answer. */
  timeoutMs?: number;
}

/** WiPay's total: two decimals ("8500.00"); our amounts are whole units. */
export function wipayTotal(amount: number): string {
  return `${amount}.00`;
}

/** The total as sent back, in whole units; undefined unless it is exactly a whole amount. */
function wholeUnits(total: string | undefined): number | undefined {
  if (!total || !/^\d{1,12}(\.\d{1,2})?$/.test(total)) return undefined;
  const [units, cents = '0'] = total.split('.');
  return Number(cents) === 0 ? Number(units) : undefined;
}

export function wipayHash(transactionId: string, total: string, apiKey: string): string {
  return createHash('md5').update(`${transactionId}${total}${apiKey}`).digest('hex');
}

function sameHex(given: string, expected: string): boolean {
  const a = Buffer.from(given.toLowerCase(), 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Only the last 4 digits of whatever the provider sends as the card ("XXXXXXXXXXXX1111" or "1111"). */
function last4(card: string | undefined): string | null {
  const digits = (card ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
}

/** Provider words are shown to people: plain, one line, not too long. */
function plainWords(message: string | undefined): string | null {
  // Control characters (a new line in a log, an e-mail's header) become spaces.
  const words = [...(message ?? '')]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
  return words === '' ? null : words;
}

export function createWipayProvider(options: WipayOptions): PaymentProvider {
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    name: options.name,
    currencies: ['JMD', 'USD'],

    async start(request: StartRequest): Promise<StartedAttempt> {
      const form = new URLSearchParams({
        account_number: options.accountNumber,
        country_code: 'JM',
        currency: request.currency,
        environment: options.environment,
        // The company pays the fee: the card is charged exactly the booking's total, so the total
        // that comes back is the one stored (customer_pay would add the fee to it).
        fee_structure: 'merchant_absorb',
        method: 'credit_card',
        order_id: request.orderId,
        origin: request.origin,
        response_url: request.returnUrl,
        total: wipayTotal(request.amount),
      });
      let response: Response;
      try {
        response = await fetch(`${options.url}/plugins/payments/request`, {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new PaymentProviderError(`WiPay could not be reached: ${err instanceof Error ? err.message : String(err)}`);
      }
      const answer = (await response.json().catch(() => undefined)) as { url?: unknown; message?: unknown; transaction_id?: unknown } | undefined;
      if (!response.ok || typeof answer?.url !== 'string' || !/^https?:\/\//.test(answer.url)) {
        throw new PaymentProviderError(`WiPay refused the payment request (${response.status}): ${String(answer?.message ?? 'no message')}`);
      }
      return {
        redirectUrl: answer.url,
        transactionId: typeof answer.transaction_id === 'string' && answer.transaction_id !== '' ? answer.transaction_id : null,
      };
    },

    orderIdOf(query: ReturnQuery): string | undefined {
      const orderId = query.order_id?.trim();
      return orderId && orderId.length <= 16 ? orderId : undefined;
    },

    verifyReturn(query: ReturnQuery, stored: StoredAttempt): VerifiedReturn | ForgedReturn {
      const transactionId = query.transaction_id?.trim() ?? '';
      if (query.order_id?.trim() !== stored.orderId) return { forged: 'the order id is not the attempt’s' };
      if (transactionId === '') return { forged: 'no transaction id' };
      if (stored.transactionId !== null && transactionId !== stored.transactionId)
        return { forged: 'the transaction id is not the one the page was opened with' };
      if ((query.currency ?? '').trim().toUpperCase() !== stored.currency) return { forged: 'the currency is not the attempt’s' };
      // A missing total is not believed either: the amount charged must be the stored one.
      const charged = wholeUnits(query.total?.trim());
      if (charged !== stored.amount) return { forged: 'the amount is not the attempt’s' };
      if (query.status !== 'success' && query.status !== 'failed') return { forged: `an unknown status (${String(query.status).slice(0, 20)})` };
      // The hash is over the total we sent, never the one in the query. A "failed" must be signed
      // too: an unsigned one would close an attempt whose card page may still take the money.
      const expected = wipayHash(transactionId, wipayTotal(stored.amount), options.apiKey);
      if (!sameHex(query.hash ?? '', expected)) return { forged: 'the hash does not match' };
      const common = {
        orderId: stored.orderId,
        amount: charged,
        currency: stored.currency,
        transactionId,
        cardLast4: last4(query.card),
        message: plainWords(query.message),
      };
      return { ...common, outcome: query.status === 'success' ? 'paid' : 'failed' };
    },
  };
}
