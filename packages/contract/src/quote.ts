/**
 * The price of a booking, in one place: the car's days (each priced on its own, the season of
 * highest priority winning), a weekly or monthly rate, the extras, the other drivers, delivery, and
 * GCT on top. The server stores what this returns with the booking; every screen shows the lines
 * the server sent, and the car page's calendar asks dayRate for a day's price.
 * Amounts are whole units of the company's currency, like every price of the site.
 */
import { addDays, rentalDays } from './rentalDates';

export const EXTRA_CHARGES = ['per_day', 'per_rental'] as const;
export type ExtraCharge = (typeof EXTRA_CHARGES)[number];
export const EXTRA_CHARGE_WORDS: Record<ExtraCharge, string> = { per_day: 'per day', per_rental: 'per rental' };

export const DELIVERY_PLACES = ['airport', 'portmore', 'kingston'] as const;
export type DeliveryPlace = (typeof DELIVERY_PLACES)[number];
export const DELIVERY_PLACE_WORDS: Record<DeliveryPlace, string> = {
  airport: 'Norman Manley International, KIN',
  portmore: 'An address in Portmore',
  kingston: 'An address in Kingston',
};

/** A named stretch of days with its own prices, e.g. Christmas. */
export interface Season {
  name: string;
  /** Inclusive, YYYY-MM-DD. */
  startDate: string;
  endDate: string;
  /** Where seasons overlap, the higher priority prices the day. */
  priority: number;
  /** A rental touching the season lasts at least this many days (null: no minimum). */
  minDays: number | null;
  /** A daily rate for named cars (car id → rate); it wins over the category's percentage. */
  carRates: Record<string, number>;
  /** A percentage on the usual daily rate per category (+20 dearer, -10 cheaper). */
  categoryPercents: Record<string, number>;
}

export interface PriceRules {
  seasons: Season[];
  /** Off the days' price for 7 days or more. */
  weeklyPercentOff: number;
  /** Off the days' price for 28 days or more (instead of the weekly rate). */
  monthlyPercentOff: number;
  /** Each other driver, per day (0: free). */
  additionalDriverPerDay: number;
  /** Delivery and collection fee per place; null: not offered there. */
  delivery: Record<DeliveryPlace, number | null>;
}

export const DEFAULT_PRICE_RULES: PriceRules = {
  seasons: [],
  weeklyPercentOff: 0,
  monthlyPercentOff: 0,
  additionalDriverPerDay: 0,
  delivery: { airport: null, portmore: null, kingston: null },
};

/** Something the company rents beside the car: a damage waiver, a child seat. */
export interface Extra {
  id: string;
  name: string;
  description: string;
  charge: ExtraCharge;
  price: number;
  maxPerBooking: number;
  /** How many the company has, for things that run out (null: no limit). */
  stock: number | null;
}

/**
 * The damage waiver is one of the company's extras, named by the company: the one whose name says
 * "waiver" (or CDW). The agreement (bought or declined) and the FAQ (coverage offered) read it so.
 */
export function isDamageWaiver(name: string): boolean {
  return /waiver|\bCDW\b/i.test(name);
}

export type Delivery = { place: 'airport'; flightNumber: string } | { place: 'portmore' | 'kingston'; address: string };

export interface QuoteRequest {
  pickupDate: string;
  returnDate: string;
  extras?: readonly { id: string; quantity: number }[];
  additionalDrivers?: number;
  delivery?: Delivery | null;
}

export interface QuoteCar {
  id: string;
  brand: string;
  model: string;
  category: string;
  pricePerDay: number;
}

export interface QuoteSettings {
  /** GCT in percent (15, or 0); prices entered by staff are before it. */
  gctPercent: number;
  currency: string;
  securityDeposit: number;
}

export const QUOTE_LINE_KINDS = ['days', 'discount', 'extra', 'driver', 'delivery'] as const;
export type QuoteLineKind = (typeof QUOTE_LINE_KINDS)[number];

export interface QuoteLine {
  kind: QuoteLineKind;
  label: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  /** The extra this line sells (kind extra). */
  extraId?: string;
}

export interface Quote {
  lines: QuoteLine[];
  subtotal: number;
  gctPercent: number;
  gct: number;
  total: number;
  currency: string;
  /** Taken at pickup and given back at return; not part of the total. */
  securityDeposit: number;
  days: number;
  /** What was asked, so the booking keeps what it sold. */
  extras: { id: string; quantity: number }[];
  additionalDrivers: number;
  delivery: Delivery | null;
}

export type QuoteResult = { quote: Quote; problem?: undefined } | { quote?: undefined; problem: string };

/** A car's price on one day, and the season that set it (null: the usual rate). */
export function dayRate(
  car: Pick<QuoteCar, 'id' | 'category' | 'pricePerDay'>,
  date: string,
  rules: Pick<PriceRules, 'seasons'>,
): { rate: number; season: string | null } {
  let best: Season | undefined;
  let bestRate = car.pricePerDay;
  for (const season of rules.seasons) {
    if (date < season.startDate || date > season.endDate) continue;
    if (best && season.priority <= best.priority) continue;
    const own = season.carRates[car.id];
    const percent = season.categoryPercents[car.category];
    if (own !== undefined) bestRate = own;
    else if (percent !== undefined) bestRate = Math.max(0, Math.round((car.pricePerDay * (100 + percent)) / 100));
    else continue;
    best = season;
  }
  return { rate: bestRate, season: best?.name ?? null };
}

/** GCT on an amount, rounded to the whole unit. Basis points keep 16.5% exact. */
export function gctOn(amount: number, gctPercent: number): number {
  return Math.round((amount * Math.round(gctPercent * 100)) / 10_000);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The seasons a rental touches whose minimum it does not reach, as a sentence; null when none. */
export function minimumDaysProblem(pickupDate: string, returnDate: string, rules: Pick<PriceRules, 'seasons'>): string | null {
  const days = rentalDays(pickupDate, returnDate);
  const last = addDays(pickupDate, days - 1);
  for (const season of rules.seasons) {
    if (season.minDays === null || days >= season.minDays) continue;
    if (pickupDate <= season.endDate && season.startDate <= last) {
      return `Rentals during ${season.name} are for at least ${plural(season.minDays, 'day')}. Please choose a later return date.`;
    }
  }
  return null;
}

/**
 * A booking's price lines. The rental's days are pickupDate up to the day before returnDate (a
 * same-day return is one day), each priced by dayRate; runs of one rate make one line.
 */
export function quote(car: QuoteCar, request: QuoteRequest, rules: PriceRules, extras: readonly Extra[], settings: QuoteSettings): QuoteResult {
  const days = rentalDays(request.pickupDate, request.returnDate);
  const minimum = minimumDaysProblem(request.pickupDate, request.returnDate, rules);
  if (minimum) return { problem: minimum };

  const lines: QuoteLine[] = [];
  const carName = `${car.brand} ${car.model}`;
  const runs = new Map<string, QuoteLine>();
  for (let n = 0; n < days; n += 1) {
    const { rate, season } = dayRate(car, addDays(request.pickupDate, n), rules);
    const key = `${season ?? ''}\u0000${rate}`;
    const line = runs.get(key);
    if (line) {
      line.quantity += 1;
      line.amount += rate;
    } else {
      const created: QuoteLine = { kind: 'days', label: season ? `${carName}, ${season}` : carName, quantity: 1, unitPrice: rate, amount: rate };
      runs.set(key, created);
      lines.push(created);
    }
  }
  const daysTotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const percentOff = days >= 28 && rules.monthlyPercentOff > 0 ? rules.monthlyPercentOff : days >= 7 ? rules.weeklyPercentOff : 0;
  if (percentOff > 0) {
    const off = Math.round((daysTotal * percentOff) / 100);
    const label = days >= 28 && rules.monthlyPercentOff > 0 ? `Monthly rate: ${percentOff}% off` : `Weekly rate: ${percentOff}% off`;
    if (off > 0) lines.push({ kind: 'discount', label, quantity: 1, unitPrice: -off, amount: -off });
  }

  const chosen: { id: string; quantity: number }[] = [];
  for (const wanted of request.extras ?? []) {
    if (wanted.quantity <= 0) continue;
    const extra = extras.find((e) => e.id === wanted.id);
    if (!extra) return { problem: 'One of the extras you chose is no longer offered. Please choose the extras again.' };
    if (chosen.some((c) => c.id === extra.id)) return { problem: `${extra.name} is chosen twice. Please choose it once, with the number you need.` };
    if (wanted.quantity > extra.maxPerBooking) return { problem: `A booking can have at most ${extra.maxPerBooking} of ${extra.name}.` };
    chosen.push({ id: extra.id, quantity: wanted.quantity });
    const quantity = extra.charge === 'per_day' ? wanted.quantity * days : wanted.quantity;
    const label =
      extra.charge === 'per_day'
        ? `${extra.name}, ${wanted.quantity} × ${plural(days, 'day')}`
        : wanted.quantity === 1
          ? extra.name
          : `${extra.name} × ${wanted.quantity}`;
    lines.push({ kind: 'extra', label, quantity, unitPrice: extra.price, amount: extra.price * quantity, extraId: extra.id });
  }

  const drivers = request.additionalDrivers ?? 0;
  const driver = driverLine(drivers, days, rules.additionalDriverPerDay);
  if (driver) lines.push(driver);

  const delivery = request.delivery ?? null;
  if (delivery) {
    const fee = rules.delivery[delivery.place];
    if (fee === null || fee === undefined)
      return { problem: 'The company does not deliver there. Please choose another place, or collect the car at the office.' };
    const where = delivery.place === 'airport' ? `${DELIVERY_PLACE_WORDS.airport}, flight ${delivery.flightNumber}` : delivery.address;
    lines.push({ kind: 'delivery', label: `Delivery and collection: ${where}`, quantity: 1, unitPrice: fee, amount: fee });
  }

  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const gct = gctOn(subtotal, settings.gctPercent);
  return {
    quote: {
      lines,
      subtotal,
      gctPercent: settings.gctPercent,
      gct,
      total: subtotal + gct,
      currency: settings.currency,
      securityDeposit: settings.securityDeposit,
      days,
      extras: chosen,
      additionalDrivers: drivers,
      delivery,
    },
  };
}

/** The other drivers' line of a quote (none when there are none, or they are free). */
function driverLine(drivers: number, days: number, perDay: number): QuoteLine | null {
  if (drivers <= 0 || perDay <= 0) return null;
  const quantity = drivers * days;
  return {
    kind: 'driver',
    label: `Other ${drivers === 1 ? 'driver' : 'drivers'}, ${drivers} × ${plural(days, 'day')}`,
    quantity,
    unitPrice: perDay,
    amount: perDay * quantity,
  };
}

/**
 * A booking's quote as if it had been quoted with this many other drivers: its other lines as they
 * were sold, the drivers' line for the new number at the rate the quote gave them (free if it had
 * drivers and no line for them; `perDay`, the company's rate today, if it had none), and the
 * subtotal, GCT and total worked out again.
 */
export function withOtherDrivers(quoted: Quote, drivers: number, perDay: number): Quote {
  const old = quoted.lines.find((line) => line.kind === 'driver');
  const rate = old ? old.unitPrice : quoted.additionalDrivers > 0 ? 0 : perDay;
  const line = driverLine(drivers, quoted.days, rate);
  const lines = quoted.lines.filter((l) => l.kind !== 'driver');
  // Where quote() puts it: after the extras, before delivery.
  const at = lines.findIndex((l) => l.kind === 'delivery');
  if (line) lines.splice(at === -1 ? lines.length : at, 0, line);
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  const gct = gctOn(subtotal, quoted.gctPercent);
  return { ...quoted, lines, subtotal, gct, total: subtotal + gct, additionalDrivers: drivers };
}

/** The usual price of a car's days with GCT, for a card in a list (no extras, no seasons known). */
export function withGct(amount: number, gctPercent: number): number {
  return amount + gctOn(amount, gctPercent);
}
