import { z } from 'zod';
import {
  CAR_CATEGORIES,
  FUEL_TYPES,
  MAX_CAR_PICTURES,
  MAX_DISTANCE_PER_DAY,
  MAX_DOORS,
  MAX_PRICE_PER_DAY,
  MAX_SEATS,
  MIN_CAR_YEAR,
  MIN_DOORS,
  TRANSMISSIONS,
} from '../constants';
import { latestCarYear } from '../rentalDates';
import { idField, oneOf, text, wholeNumber } from './fields';
import { groupedNumber } from '../numbers';

/**
 * A day's price: a whole amount above nothing. Unlike wholeNumber, text with a minus sign ("-5", as
 * a number box gives it) is read as the amount it is, so a price below zero is told it must be more
 * than 0 rather than that it is not a whole number.
 */
const dayPrice = (label: string, max: number) => {
  const notWhole = `${label} must be a whole number.`;
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+$/)
          .transform(Number),
      ],
      { error: notWhole },
    )
    .pipe(
      z
        .number()
        .int({ error: notWhole })
        .gt(0, { error: `${label} must be more than 0.` })
        .max(max, { error: `${label} must be at most ${groupedNumber(max)}.` }),
    );
};

/** The fields of the owner's car form, sent as the carData JSON string. Only these are read. */
export const carFormFields = z.object({
  brand: text('Brand', 60),
  model: text('Model', 60),
  year: wholeNumber('Year', MIN_CAR_YEAR, () => latestCarYear()),
  pricePerDay: dayPrice('Price per day', MAX_PRICE_PER_DAY),
  category: oneOf('a category', CAR_CATEGORIES),
  transmission: oneOf('a transmission', TRANSMISSIONS),
  fuel_type: oneOf('a fuel type', FUEL_TYPES),
  seating_capacity: wholeNumber('Seating capacity', 1, MAX_SEATS),
  /** One of the company's pickup locations (company settings); the server checks the list. */
  location: text('Location', 100),
  description: text('Description', 2000, { multiline: true }),
  // Optional so the SPEC's client (which never sends them) keeps working: left
  // out, an edit keeps the car's value; null means "the usual" (SPEC's 4 doors and 500 km).
  doors: wholeNumber('Doors', MIN_DOORS, MAX_DOORS).nullable().optional(),
  distancePerDay: wholeNumber('Daily distance allowance', 1, MAX_DISTANCE_PER_DAY).nullable().optional(),
  /** As the lot knows the car: its plate (unique in the fleet) and odometer; left out, an edit keeps them. */
  plate: z
    .string({ error: 'The plate number must be written as text.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9 -]{1,11}$/, { error: 'The plate number may hold only letters, digits, spaces and dashes (2 to 12), such as 1234 AB.' })
    .nullable()
    .optional(),
  odometerKm: wholeNumber('The odometer reading', 0, 2_000_000).optional(),
  /** An odometer reading lower than the car's: only an owner may save it, saying why (kept in the history). */
  odometerCorrection: z
    .object({ reason: text('The reason for the lower odometer reading', 300) }, { error: 'Please give the reason for the lower odometer reading.' })
    .optional(),
});
export type CarFormFields = z.infer<typeof carFormFields>;
/** What the form holds before parsing: numbers may still be text. */
export type CarFormInput = z.input<typeof carFormFields>;

export const reservedDateRange = z.object({ pickupDate: z.string(), returnDate: z.string() });
export type ReservedDateRange = z.infer<typeof reservedDateRange>;

export const car = z.object({
  _id: z.string(),
  brand: z.string(),
  model: z.string(),
  year: z.number(),
  pricePerDay: z.number(),
  category: z.enum(CAR_CATEGORIES),
  transmission: z.enum(TRANSMISSIONS),
  fuel_type: z.enum(FUEL_TYPES),
  seating_capacity: z.number(),
  location: z.string(),
  description: z.string(),
  /** URL of the stored picture (stable, immutably cached). */
  image: z.string(),
  /** The SPEC's wire name, spelt as the existing client reads it. */
  isAvaliable: z.boolean(),
  reservedDates: z.array(reservedDateRange),
  createdAt: z.string(),
  // The car as it is; defaults applied (4 doors, 500 km) when the owner set none.
  doors: z.number(),
  /** Kilometres a day included in the price. */
  distancePerDay: z.number(),
  /** Picture URLs in order, at most 8; the first is the cover, always equal to `image`. */
  pictures: z.array(z.string()),
  /** Staff's answers only: the plate (null until given) and the odometer at the last return. */
  plate: z.string().nullable().optional(),
  odometerKm: z.number().optional(),
});
export type Car = z.infer<typeof car>;

/** What a car costs for the days asked, as the booking will: seasons and GCT in, no extras (quote.ts). */
export const tripPrice = z.object({ days: z.number(), total: z.number(), currency: z.string(), gctPercent: z.number() });
export type TripPrice = z.infer<typeof tripPrice>;
/** A car free for the days asked, with its price for them (null: the days cannot be booked as asked; the answer's priceNote says why). */
export const availableCar = car.extend({ tripPrice: tripPrice.nullable().optional() });

/** A picture of a car is named by its stored image's id (the last part of its URL). */
export const carPictureParams = z.object({
  id: z.string().describe('The car id (a UUID).'),
  pictureId: z.string().describe("The picture's id: the last part of its URL."),
});
/** The car's pictures in their new order: every one of them once, the cover first. */
export const carPicturesOrderBody = z.object({
  order: z
    .array(z.string({ error: 'Please list the pictures in their new order.' }), { error: 'Please list the pictures in their new order.' })
    .min(1, { error: 'Please list the pictures in their new order.' })
    .max(MAX_CAR_PICTURES, { error: `A car has at most ${MAX_CAR_PICTURES} pictures.` }),
});
export type CarPicturesOrderBody = z.infer<typeof carPicturesOrderBody>;

export const carIdBody = z.object({ carId: idField('the car') });
