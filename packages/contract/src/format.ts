import { CURRENCY_SYMBOL } from './constants';

/** "$12,500": whole dollars with thousands separators. */
export function formatMoney(amount: number): string {
  return `${CURRENCY_SYMBOL}${Math.round(amount).toLocaleString('en-US')}`;
}
