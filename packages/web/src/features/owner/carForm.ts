/** The owner's car form: what it holds, what makes it valid, and what it sends as carData. */
import { CAR_CATEGORIES, CURRENCY_SYMBOL, DEFAULT_LOCATION, FUEL_TYPES, LOCATIONS, MIN_CAR_YEAR, TRANSMISSIONS } from '@rental/contract/constants';
import { MESSAGES } from '@rental/contract/messages';
import type { Car } from '@rental/contract/schemas';
import { imageFileProblem } from './imageFile';

/** Inputs hold text; numbers are parsed on submit. */
export type CarFormValues = {
  brand: string;
  model: string;
  year: string;
  pricePerDay: string;
  category: string;
  transmission: string;
  fuel_type: string;
  seating_capacity: string;
  location: string;
  description: string;
};

export type CarFormField = keyof CarFormValues | 'image';
export type CarFormErrors = Partial<Record<CarFormField, string>>;

export const EMPTY_CAR_FORM: CarFormValues = {
  brand: '',
  model: '',
  year: '',
  pricePerDay: '',
  category: '',
  transmission: '',
  fuel_type: '',
  seating_capacity: '',
  location: DEFAULT_LOCATION,
  description: '',
};

export const MAX_SEATS = 60;
export const MAX_PRICE_PER_DAY = 1_000_000;

export function maxCarYear(): number {
  return new Date().getFullYear() + 1;
}

export function carFormFromCar(car: Car): CarFormValues {
  return {
    brand: car.brand,
    model: car.model,
    year: String(car.year),
    pricePerDay: String(car.pricePerDay),
    category: car.category,
    transmission: car.transmission,
    fuel_type: car.fuel_type,
    seating_capacity: String(car.seating_capacity),
    location: car.location,
    description: car.description,
  };
}

function wholeNumberProblem(value: string, label: string, min: number, max: number, unit = ''): string | undefined {
  const text = value.trim();
  if (!text) return `${label} is required.`;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    // Years read as years (2027, not 2,027); amounts get their separators.
    const show = (n: number) => (unit ? `${unit}${n.toLocaleString('en-US')}` : String(n));
    return `${label} must be a whole number from ${show(min)} to ${show(max)}.`;
  }
  return undefined;
}

function choiceProblem(value: string, options: readonly string[], what: string): string | undefined {
  return options.includes(value) ? undefined : `Please choose a ${what}.`;
}

/** Every problem at once, so the owner can fix them all in one go; empty when the form can be sent. */
export function validateCarForm(values: CarFormValues, image: File | null, isNewCar: boolean): CarFormErrors {
  const errors: CarFormErrors = {
    brand: values.brand.trim() ? undefined : 'Brand is required.',
    model: values.model.trim() ? undefined : 'Model is required.',
    year: wholeNumberProblem(values.year, 'Year', MIN_CAR_YEAR, maxCarYear()),
    pricePerDay: wholeNumberProblem(values.pricePerDay, 'Price per day', 1, MAX_PRICE_PER_DAY, CURRENCY_SYMBOL),
    seating_capacity: wholeNumberProblem(values.seating_capacity, 'Seating capacity', 1, MAX_SEATS),
    description: values.description.trim() ? undefined : 'Description is required.',
    category: choiceProblem(values.category, CAR_CATEGORIES, 'category'),
    transmission: choiceProblem(values.transmission, TRANSMISSIONS, 'transmission'),
    fuel_type: choiceProblem(values.fuel_type, FUEL_TYPES, 'fuel type'),
    location: choiceProblem(values.location, LOCATIONS, 'location'),
    // A new car needs a picture (the server refuses one without); an edit keeps the old one.
    image: image ? (imageFileProblem(image) ?? undefined) : isNewCar ? MESSAGES.imageRequired : undefined,
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as CarFormErrors;
}

/** The carData JSON string of SPEC section 7: the form's fields, numbers as numbers. */
export function carDataJson(values: CarFormValues): string {
  return JSON.stringify({
    brand: values.brand.trim(),
    model: values.model.trim(),
    year: Number(values.year),
    pricePerDay: Number(values.pricePerDay),
    category: values.category,
    transmission: values.transmission,
    fuel_type: values.fuel_type,
    seating_capacity: Number(values.seating_capacity),
    location: values.location,
    description: values.description.trim(),
  });
}

/** The form's fields in screen order, so the first problem gets the focus. */
export const CAR_FORM_ORDER: CarFormField[] = [
  'image',
  'brand',
  'model',
  'year',
  'pricePerDay',
  'category',
  'transmission',
  'fuel_type',
  'seating_capacity',
  'location',
  'description',
];
