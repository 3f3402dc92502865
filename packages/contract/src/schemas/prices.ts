/** Price rules, extras and the quote (quote.ts computes; these check what is sent and answered). */
import { z } from 'zod';
import { CAR_CATEGORIES, MAX_ADDITIONAL_DRIVERS } from '../constants';
import { DELIVERY_PLACES, EXTRA_CHARGES, QUOTE_LINE_KINDS } from '../quote';
import { calendarDate, idField, ok, oneOf, text, wholeNumber } from './fields';

const MAX_PRICE = 10_000_000;
export const MAX_SEASONS = 50;
export const MAX_EXTRAS = 30;

/** A percentage on a rate: -90 (much cheaper) to +300. */
const percentChange = (label: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+$/)
          .transform(Number),
      ],
      { error: `${label} must be a whole number of percent.` },
    )
    .pipe(
      z
        .number()
        .int({ error: `${label} must be a whole number of percent.` })
        .min(-90, { error: `${label} can take at most 90% off.` })
        .max(300, { error: `${label} can add at most 300%.` }),
    );

export const season = z
  .object({
    name: text('Season name', 60),
    startDate: calendarDate('First day of the season'),
    endDate: calendarDate('Last day of the season'),
    priority: wholeNumber('Priority', 0, 100),
    minDays: wholeNumber('Fewest days', 1, 90).nullable(),
    carRates: z.record(z.string().uuid({ error: 'A season names a car that does not exist.' }), wholeNumber('A car’s daily rate in the season', 1, MAX_PRICE)),
    categoryPercents: z.partialRecord(oneOf('a category', CAR_CATEGORIES), percentChange('A category’s change')),
  })
  .refine((s) => s.startDate <= s.endDate, {
    error: (iss) => `The last day of ${(iss.input as { name?: string }).name ?? 'a season'} cannot be before its first day.`,
    path: ['endDate'],
  })
  .refine((s) => Object.keys(s.carRates).length > 0 || Object.keys(s.categoryPercents).length > 0, {
    error: (iss) => `${(iss.input as { name?: string }).name ?? 'A season'} changes no price. Give a rate for a car or a percentage for a category.`,
  });

const deliveryFee = (label: string) => wholeNumber(label, 0, MAX_PRICE).nullable();

export const priceRules = z.object({
  seasons: z
    .array(season, { error: 'Seasons must be a list.' })
    .max(MAX_SEASONS, { error: `A company can have at most ${MAX_SEASONS} seasons.` })
    .refine((list) => new Set(list.map((s) => s.name.toLowerCase())).size === list.length, { error: 'Each season needs its own name.' }),
  weeklyPercentOff: wholeNumber('Weekly rate (percent off)', 0, 90),
  monthlyPercentOff: wholeNumber('Monthly rate (percent off)', 0, 90),
  additionalDriverPerDay: wholeNumber('Other driver, per day', 0, MAX_PRICE),
  delivery: z.object(
    {
      airport: deliveryFee('Delivery to the airport'),
      portmore: deliveryFee('Delivery in Portmore'),
      kingston: deliveryFee('Delivery in Kingston'),
    },
    { error: 'Please give the delivery fees: the airport, Portmore and Kingston (empty where the company does not deliver).' },
  ),
});
export type PriceRulesInput = z.input<typeof priceRules>;

export const extra = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  charge: z.enum(EXTRA_CHARGES),
  price: z.number(),
  maxPerBooking: z.number(),
  stock: z.number().nullable(),
});

/** One extra as staff save it; without an id it is new. */
export const extraInput = z.object({
  id: z.string().uuid({ error: 'An extra is not known. Please reload the page.' }).optional(),
  name: text('Extra name', 60),
  description: z
    .string({ error: 'Description must be written as text.' })
    .trim()
    .max(300, { error: 'Description can be at most 300 characters long.' })
    .default(''),
  charge: oneOf('how the extra is charged', EXTRA_CHARGES, ['per day', 'per rental']),
  price: wholeNumber('Extra price', 0, MAX_PRICE),
  maxPerBooking: wholeNumber('Most per booking', 1, 20),
  stock: wholeNumber('Stock', 0, 10_000).nullable(),
});

/**
 * GET and PUT /api/owner/prices: the rules and the extras, saved together. Extras a list leaves out
 * are no longer offered; no list at all keeps them as they are (a client that only knows the rules
 * must not empty the company's extras by saying nothing of them).
 */
export const pricesBody = priceRules.extend({
  extras: z
    .array(extraInput, { error: 'Extras must be a list.' })
    .max(MAX_EXTRAS, { error: `A company can offer at most ${MAX_EXTRAS} extras.` })
    .refine((list) => new Set(list.map((e) => e.name.toLowerCase())).size === list.length, { error: 'Each extra needs its own name.' })
    .optional(),
});
export type PricesBody = z.infer<typeof pricesBody>;
export type PricesBodyInput = z.input<typeof pricesBody>;

export const delivery = z.discriminatedUnion(
  'place',
  [
    z.object({
      place: z.literal('airport'),
      flightNumber: z
        .string({ error: 'Flight number is required for a delivery to the airport.' })
        .trim()
        .regex(/^[A-Za-z0-9]{2}\s?\d{1,4}[A-Za-z]?$/, { error: 'Flight number must look like JM 123 or AA1234.' })
        .transform((value) => value.toUpperCase()),
    }),
    z.object({ place: z.enum(['portmore', 'kingston']), address: text('Delivery address', 200) }),
  ],
  { error: `Please choose where to deliver the car: ${DELIVERY_PLACES.join(', ')}.` },
);

/** What a quote (and a booking) may ask for beside the car and the days. */
export const quoteChoices = {
  extras: z
    .array(z.object({ id: idField('the extra'), quantity: wholeNumber('Number of an extra', 0, 20) }), { error: 'Extras must be a list.' })
    .max(MAX_EXTRAS, { error: 'Too many extras were chosen.' })
    .optional(),
  additionalDrivers: wholeNumber('Other drivers', 0, MAX_ADDITIONAL_DRIVERS).optional(),
  delivery: delivery.nullable().optional(),
};

export const quoteBody = z.object({
  car: idField('the car'),
  pickupDate: calendarDate('Pickup date'),
  returnDate: calendarDate('Return date'),
  ...quoteChoices,
});
export type QuoteBody = z.infer<typeof quoteBody>;
export type QuoteBodyInput = z.input<typeof quoteBody>;

export const quoteLine = z.object({
  kind: z.enum(QUOTE_LINE_KINDS),
  label: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  amount: z.number(),
  extraId: z.string().optional(),
});

export const quoteSchema = z.object({
  lines: z.array(quoteLine),
  subtotal: z.number(),
  gctPercent: z.number(),
  gct: z.number(),
  total: z.number(),
  currency: z.string(),
  securityDeposit: z.number(),
  days: z.number(),
  extras: z.array(z.object({ id: z.string(), quantity: z.number() })),
  additionalDrivers: z.number(),
  delivery: z
    .union([z.object({ place: z.literal('airport'), flightNumber: z.string() }), z.object({ place: z.enum(['portmore', 'kingston']), address: z.string() })])
    .nullable(),
});

const storedSeason = z.object({
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  priority: z.number(),
  minDays: z.number().nullable(),
  carRates: z.record(z.string(), z.number()),
  categoryPercents: z.record(z.string(), z.number()),
});
const storedRules = z.object({
  seasons: z.array(storedSeason),
  weeklyPercentOff: z.number(),
  monthlyPercentOff: z.number(),
  additionalDriverPerDay: z.number(),
  delivery: z.object({ airport: z.number().nullable(), portmore: z.number().nullable(), kingston: z.number().nullable() }),
});

export const priceResponses = {
  quote: ok({ quote: quoteSchema }),
  /** Public: what the car page and the payment step need to offer and explain. */
  prices: ok({
    rules: storedRules,
    extras: z.array(extra),
    gctPercent: z.number(),
    currency: z.string(),
    /** A card provider is set up (PAYMENT_PROVIDER): the payment step offers "Pay by card now". */
    cardPayments: z.boolean(),
  }),
  ownerPrices: ok({ rules: storedRules, extras: z.array(extra) }),
  pricesSaved: ok({ message: z.string(), rules: storedRules, extras: z.array(extra) }),
};
