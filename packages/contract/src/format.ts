import { DEFAULT_COMPANY } from './company';
import { CURRENCY_SYMBOL } from './constants';

/**
 * "$12,500 JMD": whole dollars with thousands separators and the currency's code, since visitors
 * read a bare "$" as US dollars. The web app passes the company's currency (company settings).
 */
export function formatMoney(amount: number, currency: string = DEFAULT_COMPANY.currency): string {
  return `${CURRENCY_SYMBOL}${Math.round(amount).toLocaleString('en-US')} ${currency}`;
}
