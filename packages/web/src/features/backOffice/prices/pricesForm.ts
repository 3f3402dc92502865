/**
 * The prices form (/owner/prices): what it holds (text, as typed), what makes it valid (the
 * server's own schema, pricesBody), and what it sends. Problems are keyed by where they show:
 * "weeklyPercentOff", "delivery.airport", "seasons.0.name", "seasons.0.carRates.1.rate",
 * "seasons.0.categoryPercents.SUV", "extras.2.price"; "seasons.0" is about a whole season.
 */
import { CAR_CATEGORIES } from '@rental/contract/constants';
import { recordOf } from '@rental/contract/records';
import { DELIVERY_PLACES, type DeliveryPlace, type Extra, type ExtraCharge, type PriceRules } from '@rental/contract/quote';
import { type PricesBody, pricesBody } from '@rental/contract/schemas';

export interface CarRateRow {
  /** React's key: rows come and go. */
  key: string;
  carId: string;
  rate: string;
}

export interface SeasonForm {
  key: string;
  name: string;
  startDate: string;
  endDate: string;
  priority: string;
  /** Empty: no fewest days. */
  minDays: string;
  carRates: CarRateRow[];
  /** Per category, the percentage typed; empty: the category's price does not change. */
  categoryPercents: Record<string, string>;
}

export interface ExtraForm {
  key: string;
  /** Saved before; an extra without one is new. */
  id?: string;
  name: string;
  description: string;
  charge: ExtraCharge;
  price: string;
  maxPerBooking: string;
  /** Empty: no limit. */
  stock: string;
}

export interface PricesForm {
  seasons: SeasonForm[];
  weeklyPercentOff: string;
  monthlyPercentOff: string;
  additionalDriverPerDay: string;
  /** Empty: not offered there. */
  delivery: Record<DeliveryPlace, string>;
  extras: ExtraForm[];
}

/** Problems by where they show (see the module's comment). */
export type PricesErrors = Record<string, string>;

let keys = 0;
export const newKey = (): string => {
  keys += 1;
  return `k${keys}`;
};

const text = (value: number | null): string => (value === null ? '' : String(value));

export function formFromPrices(rules: PriceRules, extras: readonly Extra[]): PricesForm {
  return {
    seasons: rules.seasons.map((season) => ({
      key: newKey(),
      name: season.name,
      startDate: season.startDate,
      endDate: season.endDate,
      priority: String(season.priority),
      minDays: text(season.minDays),
      carRates: Object.entries(season.carRates).map(([carId, rate]) => ({ key: newKey(), carId, rate: String(rate) })),
      categoryPercents: Object.fromEntries(Object.entries(season.categoryPercents).map(([category, percent]) => [category, String(percent)])),
    })),
    weeklyPercentOff: String(rules.weeklyPercentOff),
    monthlyPercentOff: String(rules.monthlyPercentOff),
    additionalDriverPerDay: String(rules.additionalDriverPerDay),
    delivery: recordOf(DELIVERY_PLACES, (place) => text(rules.delivery[place])),
    extras: extras.map((extra) => ({
      key: newKey(),
      id: extra.id,
      name: extra.name,
      description: extra.description,
      charge: extra.charge,
      price: String(extra.price),
      maxPerBooking: String(extra.maxPerBooking),
      stock: text(extra.stock),
    })),
  };
}

export function emptySeason(): SeasonForm {
  return { key: newKey(), name: '', startDate: '', endDate: '', priority: '1', minDays: '', carRates: [], categoryPercents: {} };
}

export function emptyExtra(): ExtraForm {
  return { key: newKey(), name: '', description: '', charge: 'per_day', price: '', maxPerBooking: '1', stock: '' };
}

/** The extras most companies offer, as quick-add buttons on an empty list. The price is the company's to set. */
export const SUGGESTED_EXTRAS: readonly Omit<ExtraForm, 'key' | 'price'>[] = [
  {
    name: 'Collision damage waiver',
    description: 'Lowers what the customer pays if the car is damaged in a collision.',
    charge: 'per_day',
    maxPerBooking: '1',
    stock: '',
  },
  {
    name: 'Child seat',
    description: 'A seat for a young child, fitted before pickup.',
    charge: 'per_day',
    maxPerBooking: '2',
    stock: '4',
  },
];

export function suggestedExtra(suggestion: (typeof SUGGESTED_EXTRAS)[number]): ExtraForm {
  return { ...suggestion, key: newKey(), price: '' };
}

const blank = (value: string) => value.trim() === '';

/** What the schema reads: an empty box is "none" where the form says so (fewest days, stock, a delivery place, a discount). */
function inputOf(form: PricesForm) {
  return {
    seasons: form.seasons.map((season) => ({
      name: season.name,
      startDate: season.startDate,
      endDate: season.endDate,
      priority: season.priority,
      minDays: blank(season.minDays) ? null : season.minDays,
      carRates: Object.fromEntries(season.carRates.filter((row) => row.carId).map((row) => [row.carId, row.rate])),
      categoryPercents: Object.fromEntries(CAR_CATEGORIES.filter((c) => !blank(season.categoryPercents[c] ?? '')).map((c) => [c, season.categoryPercents[c]])),
    })),
    weeklyPercentOff: blank(form.weeklyPercentOff) ? 0 : form.weeklyPercentOff,
    monthlyPercentOff: blank(form.monthlyPercentOff) ? 0 : form.monthlyPercentOff,
    additionalDriverPerDay: blank(form.additionalDriverPerDay) ? 0 : form.additionalDriverPerDay,
    delivery: Object.fromEntries(DELIVERY_PLACES.map((place) => [place, blank(form.delivery[place]) ? null : form.delivery[place]])),
    extras: form.extras.map((extra) => ({
      ...(extra.id ? { id: extra.id } : {}),
      name: extra.name,
      description: extra.description,
      charge: extra.charge,
      price: extra.price,
      maxPerBooking: extra.maxPerBooking,
      stock: blank(extra.stock) ? null : extra.stock,
    })),
  };
}

/** What an empty required box says, by the box's last key. */
const REQUIRED: Record<string, string> = {
  startDate: 'Please choose the first day of the season.',
  endDate: 'Please choose the last day of the season.',
  priority: 'Priority is required.',
  rate: 'The car’s daily rate in the season is required.',
  price: 'Extra price is required.',
  maxPerBooking: 'Most per booking is required.',
};

/** The text typed at a key, if the key names a box. */
function valueAt(form: PricesForm, key: string): string | undefined {
  let at: unknown = form;
  for (const part of key.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return typeof at === 'string' ? at : undefined;
}

/** The later of two items with the same name (case aside): where "needs its own name" shows. */
function secondOfAName(names: readonly string[]): number {
  const seen = new Set<string>();
  for (const [index, name] of names.entries()) {
    const folded = name.trim().toLowerCase();
    if (seen.has(folded)) return index;
    seen.add(folded);
  }
  return -1;
}

/** Where a schema problem shows in the form. */
function keyOf(form: PricesForm, path: readonly PropertyKey[]): string {
  const [list, index, field, inner] = path;
  if (list === 'seasons' && typeof index === 'number' && field === 'carRates' && typeof inner === 'string') {
    const row = form.seasons[index]?.carRates.findIndex((r) => r.carId === inner) ?? -1;
    return row >= 0 ? `seasons.${index}.carRates.${row}.rate` : `seasons.${index}`;
  }
  if ((list === 'seasons' || list === 'extras') && path.length === 1) {
    const items = list === 'seasons' ? form.seasons : form.extras;
    const second = secondOfAName(items.map((item) => item.name));
    return second >= 0 ? `${list}.${second}.name` : list;
  }
  return path.map(String).join('.');
}

export function validatePricesForm(form: PricesForm): PricesErrors {
  const errors: PricesErrors = {};
  for (const [s, season] of form.seasons.entries()) {
    const chosen = new Set<string>();
    for (const [r, row] of season.carRates.entries()) {
      if (!row.carId) errors[`seasons.${s}.carRates.${r}.car`] = 'Please choose a car, or remove this line.';
      else if (chosen.has(row.carId))
        errors[`seasons.${s}.carRates.${r}.car`] = 'This car has a rate in this season already. Please choose another car, or remove this line.';
      chosen.add(row.carId);
    }
  }
  const result = pricesBody.safeParse(inputOf(form));
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = keyOf(form, issue.path);
    if (errors[key]) continue;
    const typed = valueAt(form, key);
    const last = key.split('.').at(-1) ?? '';
    errors[key] = typed !== undefined && blank(typed) && REQUIRED[last] ? REQUIRED[last] : issue.message;
  }
  return errors;
}

/** What the server is sent: the schema's own reading of the form (trimmed, numbers as numbers). */
export function pricesFromForm(form: PricesForm): PricesBody {
  return pricesBody.parse(inputOf(form));
}

/** The problems of one season or extra, to say beside its heading how many there are. */
export function problemsUnder(errors: PricesErrors, prefix: string): number {
  return Object.keys(errors).filter((key) => key === prefix || key.startsWith(`${prefix}.`)).length;
}
