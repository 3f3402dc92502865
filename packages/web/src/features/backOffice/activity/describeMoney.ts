/**
 * History entries about money: the price rules and extras (kind 'prices', migrations 0016) and the
 * card payment attempts (kind 'payment', migrations 0017), in plain words. The database hands over
 * the stored fields: the rules' JSON keys, the extras' and attempts' column names.
 */
import { DELIVERY_PLACE_WORDS, DELIVERY_PLACES, EXTRA_CHARGE_WORDS, EXTRA_CHARGES } from '@rental/contract/quote';
import { PAYMENT_ATTEMPT_STATUSES, PAYMENT_ATTEMPT_WORDS, type ActivityEntry } from '@rental/contract/schemas';

export interface MoneyDescription {
  headline: string;
  changes: string[];
}

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
/** The stored word read back as one of the list's, or undefined when it is not one. */
const chargeOf = (value: unknown) => EXTRA_CHARGES.find((charge) => charge === value);
const attemptStatusOf = (value: unknown) => PAYMENT_ATTEMPT_STATUSES.find((status) => status === value);

const amount = (value: unknown): string => (typeof value === 'number' ? value.toLocaleString('en-US') : 'not set');
const percentOff = (value: unknown): string => (value === 0 || value === null || value === undefined ? 'none' : `${amount(value)}% off`);
const fee = (value: unknown): string => (value === null || value === undefined ? 'not offered' : value === 0 ? 'free' : amount(value));

interface StoredSeason {
  name: string;
  startDate?: string;
  endDate?: string;
}

function seasonsOf(value: unknown): StoredSeason[] {
  return Array.isArray(value) ? value.filter((s): s is StoredSeason => typeof s === 'object' && s !== null && 'name' in s && typeof s.name === 'string') : [];
}

/** Seasons added, removed or changed, by name. */
function seasonChanges(before: unknown, after: unknown): string[] {
  const was = seasonsOf(before);
  const now = seasonsOf(after);
  const lines: string[] = [];
  for (const season of now) {
    const old = was.find((s) => s.name === season.name);
    if (!old) lines.push(`Season ${season.name} added`);
    else if (JSON.stringify(old) !== JSON.stringify(season)) lines.push(`Season ${season.name} changed`);
  }
  for (const season of was) if (!now.some((s) => s.name === season.name)) lines.push(`Season ${season.name} removed`);
  return lines;
}

/** The rules (one JSON value): what changed, field by field; the first save lists what was set. */
function describeRules(who: string, before: Fields, after: Fields): MoneyDescription {
  const lines: string[] = [];
  // The first save has no "before": only what it set differs from the defaults is listed.
  const line = (label: string, was: string, now: string) => {
    if (was !== now) lines.push(`${label} ${was} → ${now}`);
  };
  if ('weeklyPercentOff' in after) line('Weekly rate', percentOff(before.weeklyPercentOff), percentOff(after.weeklyPercentOff));
  if ('monthlyPercentOff' in after) line('Monthly rate', percentOff(before.monthlyPercentOff), percentOff(after.monthlyPercentOff));
  if ('additionalDriverPerDay' in after) line('Other driver, per day', fee(before.additionalDriverPerDay ?? 0), fee(after.additionalDriverPerDay));
  if ('delivery' in after) {
    const was = isFields(before.delivery) ? before.delivery : {};
    const now = isFields(after.delivery) ? after.delivery : {};
    for (const place of DELIVERY_PLACES) line(`Delivery, ${DELIVERY_PLACE_WORDS[place]}:`, fee(was[place]), fee(now[place]));
  }
  if ('seasons' in after) lines.push(...seasonChanges(before.seasons, after.seasons));
  return { headline: `${who} changed the prices`, changes: lines };
}

const EXTRA_FIELDS: Record<string, { label: string; show?: (value: unknown) => string; changedOnly?: boolean }> = {
  name: { label: 'Name', show: String },
  description: { label: 'Description', changedOnly: true },
  charge: {
    label: 'Charged',
    show: (v) => {
      const charge = chargeOf(v);
      return charge ? EXTRA_CHARGE_WORDS[charge] : String(v);
    },
  },
  price: { label: 'Price', show: amount },
  max_per_booking: { label: 'Most per booking', show: amount },
  stock: { label: 'Stock', show: (v) => (v === null || v === undefined ? 'no limit' : amount(v)) },
};

function describeExtra(who: string, entry: ActivityEntry, before: Fields, after: Fields): MoneyDescription {
  const name = entry.subjectName || String(after.name ?? before.name ?? 'an extra');
  if (entry.action === 'added') {
    const chargeWord = chargeOf(after.charge);
    const charge = chargeWord ? EXTRA_CHARGE_WORDS[chargeWord] : '';
    const stock = after.stock === null || after.stock === undefined ? [] : [`Stock ${amount(after.stock)}`];
    return { headline: `${who} added the extra ${name}`, changes: [`Price ${amount(after.price)} ${charge}`.trim(), ...stock] };
  }
  // An extra is never deleted: "removed" is its archiving, so bookings that have it keep it.
  if (entry.action === 'removed' || (before.archived_at === null && after.archived_at)) return { headline: `${who} removed the extra ${name}`, changes: [] };
  const changes = Object.keys(after).flatMap((key) => {
    const field = EXTRA_FIELDS[key];
    if (!field) return [];
    if (field.changedOnly) return [`${field.label} changed`];
    const show = field.show ?? String;
    return [`${field.label} ${show(before[key])} → ${show(after[key])}`];
  });
  return { headline: `${who} changed the extra ${name}`, changes };
}

/** Prices: the rules are subject "1"; an extra is its own row. */
export function describePrices(who: string, entry: ActivityEntry, before: Fields, after: Fields): MoneyDescription {
  return entry.subjectId === '1' ? describeRules(who, before, after) : describeExtra(who, entry, before, after);
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "WR-7KQ2M9-2" is the second attempt to pay WR-7KQ2M9. */
const bookingOf = (orderId: string) => orderId.replace(/-\d+$/, '');

export function describePayment(who: string, entry: ActivityEntry, before: Fields, after: Fields): MoneyDescription {
  const order = typeof after.order_id === 'string' ? after.order_id : '';
  const reference = entry.subjectName || (order ? bookingOf(order) : 'a booking');
  const payment = order ? `card payment ${order}` : 'a card payment';
  if (entry.action === 'added') {
    return {
      headline: `${who} began paying ${reference} by card`,
      changes: [`Amount ${amount(after.amount)}${typeof after.currency === 'string' ? ` ${after.currency}` : ''}`],
    };
  }
  const lines: string[] = [];
  const details: string[] = [];
  const status = attemptStatusOf(after.status);
  // Staff close an attempt that never came back; the provider's own answer has no one behind it.
  if ((status === 'paid' || status === 'failed') && 'closed_at' in after && entry.actor) {
    lines.push(`${who} closed ${payment} as ${status === 'paid' ? 'paid' : 'not paid'}`);
    const was = attemptStatusOf(before.status);
    details.push(`Was: ${(was ? PAYMENT_ATTEMPT_WORDS[was] : 'open').toLowerCase()}`);
  } else if ('refunded_amount' in after) {
    lines.push(`${who} recorded a refund on ${payment}`);
    details.push(`Refunded in all ${amount(before.refunded_amount ?? 0)} → ${amount(after.refunded_amount)}`);
  } else if (status) {
    lines.push(`${capital(payment)} for ${reference}: ${PAYMENT_ATTEMPT_WORDS[status].toLowerCase()}`);
  }
  if (typeof after.message === 'string' && after.message) details.push(`The provider said: ${after.message}`);
  if (typeof after.card_last4 === 'string') details.push(`Card ending ${after.card_last4}`);
  if (after.note_given === true) details.push('With a note (on the card payments page)');
  const [headline, ...more] = lines;
  return { headline: headline ?? `${capital(payment)} for ${reference} changed`, changes: [...more, ...details] };
}

/** A day's cash-up closed (added) or reopened by an owner (changed), from the cash_ups row (migration 0038). */
export function describeCashUp(who: string, entry: ActivityEntry, after: Fields): MoneyDescription {
  const day = entry.subjectName || 'a day';
  if (entry.action === 'changed') {
    return { headline: `${who} reopened the cash-up of ${day}`, changes: typeof after.reopen_reason === 'string' ? [`Reason: ${after.reopen_reason}`] : [] };
  }
  const changes = [`Counted cash ${amount(after.counted_cash)}`, `The drawer should have held ${amount(after.expected_cash)}`];
  if (typeof after.difference === 'number' && after.difference !== 0) changes.push(`Difference ${amount(after.difference)}`);
  if (typeof after.note === 'string' && after.note) changes.push(`Note: ${after.note}`);
  return { headline: `${who} closed the cash-up of ${day}`, changes };
}
