// Not company.ts for the shipped currency: its DEFAULT_COMPANY (bank holidays computed as it loads) would
// come into every chunk that formats money, the web's entry included.
import { CURRENCY_SYMBOL, DEFAULT_CURRENCY } from './constants';
import { groupedNumber } from './numbers';
import { isCalendarDate } from './rentalDates';

/**
 * "$12,500 JMD": whole dollars with thousands separators and the currency's code, since visitors
 * read a bare "$" as US dollars. The web app passes the company's currency (company settings).
 */
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A calendar date (2026-11-28) as people read it: "Sat 28 Nov 2026". */
export function formatDay(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${WEEKDAYS[weekday]} ${d} ${MONTHS[m - 1]} ${y}`;
}

export function formatMoney(amount: number, currency: string = DEFAULT_CURRENCY): string {
  // A discount line reads "-$7,800 JMD", never "$-7,800 JMD".
  const sign = Math.round(amount) < 0 ? '-' : '';
  return `${sign}${CURRENCY_SYMBOL}${groupedNumber(Math.abs(Math.round(amount)))} ${currency}`;
}

/**
 * A date typed or read in a form as Jamaicans write it, day first: 2026-11-28 is "28/11/2026". The
 * forms show and take this; the API keeps YYYY-MM-DD.
 */
export function formatShortDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : date;
}

/** "28/11/2026", "28-11-2026", "28.11.2026" or "8/3/1990" as YYYY-MM-DD; null when it is not a real day. */
export function parseShortDate(text: string): string | null {
  const match = /^\s*(\d{1,2})[/.\- ](\d{1,2})[/.\- ](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}
