/**
 * What a customer adds to the car and the days: extras, other drivers, delivery and collection.
 * Chosen on the car page, carried to the payment step in its address (/payment/...?extras=<id>:<n>,...
 * &drivers=n&delivery=airport&flight=JM123), priced by the server's quote and sent with the booking.
 * A delivery address is personal: it travels in the page's history state, never in the address
 * (which a reload sends to the server, whose access log keeps it).
 * Pure functions, tested without React (priceChoices.test.ts); nothing here computes a price.
 */
import { MAX_ADDITIONAL_DRIVERS } from '@rental/contract/constants';
import { DELIVERY_PLACES, type Delivery, type DeliveryPlace, type Extra, type PriceRules } from '@rental/contract/quote';

export type DeliveryChoice = { place: DeliveryPlace | null; flightNumber: string; address: string };

export interface PriceChoices {
  /** Extra id → how many (only those above 0). */
  extras: Readonly<Record<string, number>>;
  additionalDrivers: number;
  delivery: DeliveryChoice;
}

export const NO_CHOICES: PriceChoices = { extras: {}, additionalDrivers: 0, delivery: { place: null, flightNumber: '', address: '' } };

/** What the quote and the booking are sent beside the car and the days. */
export interface ChoicesBody {
  extras?: { id: string; quantity: number }[];
  additionalDrivers?: number;
  delivery?: Delivery | null;
}

const wholeIn = (text: string | null, min: number, max: number): number | null => {
  if (text === null || !/^\d{1,3}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
};

/**
 * The choices in a payment address's query string (and the address from history state). Anything
 * not understood is left out: a link edited by hand still opens the page, and the server checks the rest.
 */
export function choicesFromSearch(search: string, deliveryAddress: unknown = ''): PriceChoices {
  const params = new URLSearchParams(search);
  const extras: Record<string, number> = {};
  for (const part of (params.get('extras') ?? '').split(',')) {
    const [id = '', count = null] = part.split(':');
    const quantity = wholeIn(count, 1, 20);
    if (/^[\w-]{1,64}$/.test(id) && quantity !== null) extras[id] = quantity;
  }
  const additionalDrivers = wholeIn(params.get('drivers'), 0, MAX_ADDITIONAL_DRIVERS) ?? 0;
  const place = DELIVERY_PLACES.find((p) => p === params.get('delivery')) ?? null;
  const delivery: DeliveryChoice = {
    place,
    flightNumber: place === 'airport' ? (params.get('flight') ?? '').slice(0, 12) : '',
    address: place && place !== 'airport' && typeof deliveryAddress === 'string' ? deliveryAddress.slice(0, 200) : '',
  };
  return { extras, additionalDrivers, delivery };
}

/** The query string that carries the choices ('' when there are none); the address is left out (see above). */
export function choicesSearch(choices: PriceChoices): string {
  const params = new URLSearchParams();
  const extras = Object.entries(choices.extras)
    .filter(([, n]) => n > 0)
    .map(([id, n]) => `${id}:${n}`);
  if (extras.length > 0) params.set('extras', extras.join(','));
  if (choices.additionalDrivers > 0) params.set('drivers', String(choices.additionalDrivers));
  const { place, flightNumber } = choices.delivery;
  if (place) params.set('delivery', place);
  if (place === 'airport' && flightNumber.trim()) params.set('flight', flightNumber.trim());
  const text = params.toString().replace(/%3A/g, ':').replace(/%2C/g, ',');
  return text ? `?${text}` : '';
}

/** The history state that carries the delivery address to the payment step (null when there is none to carry). */
export function choicesState(choices: PriceChoices): { deliveryAddress: string } | null {
  const { place, address } = choices.delivery;
  return place && place !== 'airport' && address.trim() ? { deliveryAddress: address.trim() } : null;
}

/**
 * The choices as the quote and createBooking take them. A delivery whose flight number or address
 * is not written yet is left out (deliveryProblem says what is missing), so the price shown while
 * typing is the price without it rather than an error.
 */
export function choicesBody(choices: PriceChoices): ChoicesBody {
  const extras = Object.entries(choices.extras)
    .filter(([, quantity]) => quantity > 0)
    .map(([id, quantity]) => ({ id, quantity }));
  const { place, flightNumber, address } = choices.delivery;
  let delivery: Delivery | null = null;
  if (place === 'airport' && flightNumber.trim()) delivery = { place, flightNumber: flightNumber.trim() };
  else if ((place === 'portmore' || place === 'kingston') && address.trim()) delivery = { place, address: address.trim() };
  return {
    ...(extras.length > 0 ? { extras } : {}),
    ...(choices.additionalDrivers > 0 ? { additionalDrivers: choices.additionalDrivers } : {}),
    ...(delivery ? { delivery } : {}),
  };
}

export const FLIGHT_NUMBER_NEEDED = 'Please give your flight number, so we meet you when you land.';
export const ADDRESS_NEEDED = 'Please give the address to bring the car to.';

/** A delivery chosen without its flight number or address; null when there is nothing missing. */
export function deliveryProblem(choices: PriceChoices): string | null {
  const { place, flightNumber, address } = choices.delivery;
  if (place === 'airport' && !flightNumber.trim()) return FLIGHT_NUMBER_NEEDED;
  if ((place === 'portmore' || place === 'kingston') && !address.trim()) return ADDRESS_NEEDED;
  return null;
}

/** The places the company delivers to (those with a fee set), in the contract's order. */
export function deliveryPlaces(rules: Pick<PriceRules, 'delivery'>): DeliveryPlace[] {
  return DELIVERY_PLACES.filter((place) => rules.delivery[place] !== null && rules.delivery[place] !== undefined);
}

/** What the company offers beside the car (GET /api/prices). */
export type Offer = { rules: PriceRules; extras: readonly Extra[] };

/** Whether the company offers anything to choose at all. */
export function offersChoices(offer: Offer): boolean {
  return offer.extras.length > 0 || offer.rules.additionalDriverPerDay > 0 || deliveryPlaces(offer.rules).length > 0;
}

/**
 * The choices the company can still sell: extras it no longer offers, more than an extra's most,
 * other drivers when they are free (nothing to choose), delivery to a place it no longer serves.
 * Applied when the offer is known, so a link kept from last month does not ask for what cannot be had.
 */
export function choicesOffered(choices: PriceChoices, offer: Offer): PriceChoices {
  const extras: Record<string, number> = {};
  for (const [id, quantity] of Object.entries(choices.extras)) {
    const extra = offer.extras.find((e) => e.id === id);
    if (extra && quantity > 0) extras[id] = Math.min(quantity, extra.maxPerBooking);
  }
  const additionalDrivers = offer.rules.additionalDriverPerDay > 0 ? choices.additionalDrivers : 0;
  const delivery = choices.delivery.place && deliveryPlaces(offer.rules).includes(choices.delivery.place) ? choices.delivery : NO_CHOICES.delivery;
  return { extras, additionalDrivers, delivery };
}
