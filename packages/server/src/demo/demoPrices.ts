/**
 * The demo company's prices: a Christmas season, weekly and monthly rates, fees for other drivers
 * and delivery, and the extras a Jamaican rental desk sells (a damage waiver, child seats that run
 * out, a GPS). Demo bookings are quoted with them, as the site would have.
 */
import { DEFAULT_COMPANY, type Extra, type PriceRules, quote, type Quote, type QuoteCar } from '@rental/contract';
import { CAR_CATEGORIES } from '@rental/contract/constants';
import { extras, priceRules } from '../db/schema';
import type { Database } from '../db/types';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The Christmas season around today: this year's, or last year's while it still runs. */
function christmas(today: string): { startDate: string; endDate: string } {
  const year = Number(today.slice(0, 4));
  const first = today <= `${year}-01-05` ? year - 1 : year;
  return { startDate: `${first}-12-15`, endDate: `${first + 1}-01-05` };
}

export function demoPriceRules(today: string): PriceRules {
  return {
    seasons: [
      {
        name: 'Christmas',
        ...christmas(today),
        priority: 1,
        minDays: 3,
        carRates: {},
        categoryPercents: Object.fromEntries(CAR_CATEGORIES.map((category) => [category, 25])),
      },
    ],
    weeklyPercentOff: 10,
    monthlyPercentOff: 20,
    additionalDriverPerDay: 1500,
    delivery: { airport: 6000, portmore: 2500, kingston: 4000 },
  };
}

export const DEMO_EXTRAS: Omit<Extra, 'id'>[] = [
  {
    name: 'Collision damage waiver',
    description: 'Lowers what you pay if the car is damaged to the excess only.',
    charge: 'per_day',
    price: 2500,
    maxPerBooking: 1,
    stock: null,
  },
  {
    name: 'Child seat',
    description: 'For children from 9 months to 4 years, fitted before pickup.',
    charge: 'per_day',
    price: 800,
    maxPerBooking: 2,
    stock: 4,
  },
  { name: 'GPS', description: 'A satellite navigator with the maps of Jamaica.', charge: 'per_rental', price: 3000, maxPerBooking: 1, stock: 3 },
];

/** Saves the rules and extras; answers the extras with their ids, for quoting the demo's bookings. */
export async function seedDemoPrices(tx: Tx, today: string): Promise<{ rules: PriceRules; extras: Extra[] }> {
  const rules = demoPriceRules(today);
  await tx.insert(priceRules).values({ id: 1, value: rules }).onConflictDoNothing();
  const saved = await tx
    .insert(extras)
    .values(DEMO_EXTRAS.map((extra, position) => ({ ...extra, position })))
    .returning({
      id: extras.id,
      name: extras.name,
      description: extras.description,
      charge: extras.charge,
      price: extras.price,
      maxPerBooking: extras.maxPerBooking,
      stock: extras.stock,
    });
  return { rules, extras: saved };
}

/** A demo booking's quote with the shipped GCT and deposit (the demo starts from the shipped settings). */
export function demoQuote(
  car: QuoteCar,
  booking: { pickupDate: string; returnDate: string; extras?: { id: string; quantity: number }[] },
  prices: { rules: PriceRules; extras: Extra[] },
): Quote {
  // The demo's rules have no fewest days outside Christmas, and its bookings avoid Christmas' short stays.
  const result = quote(car, booking, { ...prices.rules, seasons: prices.rules.seasons.map((s) => ({ ...s, minDays: null })) }, prices.extras, DEFAULT_COMPANY);
  if (!result.quote) throw new Error(`A demo booking cannot be quoted: ${result.problem}`);
  return result.quote;
}
