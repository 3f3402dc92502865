/** The owner's car form: what it holds, what makes it valid, and what it sends as carData. */
import { DEFAULT_DISTANCE_PER_DAY, DEFAULT_DOORS } from '@rental/contract/constants';
import { MESSAGES } from '@rental/contract/messages';
import { type Car, carFormFields } from '@rental/contract/schemas';
import { type FieldLabel, formErrors } from './formErrors';
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
  /** Empty means the usual (4 doors, 500 km), which the form shows to begin with. */
  doors: string;
  distancePerDay: string;
  /** Empty: no plate yet. Shown uppercased as typed. */
  plate: string;
  /** Empty: left as the car has it (0 for a new car). */
  odometerKm: string;
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
  /** The page fills in the company's first location (company settings). */
  location: '',
  description: '',
  doors: String(DEFAULT_DOORS),
  distancePerDay: String(DEFAULT_DISTANCE_PER_DAY),
  plate: '',
  odometerKm: '',
};

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
    doors: String(car.doors),
    distancePerDay: String(car.distancePerDay),
    plate: car.plate ?? '',
    odometerKm: car.odometerKm === undefined ? '' : String(car.odometerKm),
  };
}

const CAR_FIELDS: Record<keyof CarFormValues, FieldLabel> = {
  brand: { label: 'Brand' },
  model: { label: 'Model' },
  year: { label: 'Year' },
  pricePerDay: { label: 'Price per day' },
  category: { label: 'Category', choice: true },
  transmission: { label: 'Transmission', choice: true },
  fuel_type: { label: 'Fuel type', choice: true },
  seating_capacity: { label: 'Seating capacity' },
  location: { label: 'Location', choice: true },
  description: { label: 'Description' },
  doors: { label: 'Doors' },
  distancePerDay: { label: 'Daily distance allowance' },
  plate: { label: 'Plate number' },
  odometerKm: { label: 'Odometer (km)' },
};

/** An empty box sends null, "the usual"; anything typed goes as typed, for the schema to judge. */
const numberOrUsual = (value: string) => (value.trim() === '' ? null : /^\d+$/.test(value.trim()) ? Number(value) : value);
/** An empty plate box: the car has no plate yet. */
const plateOrNone = (value: string) => (value.trim() === '' ? null : value);
/** An empty odometer box leaves the reading as it is; anything typed goes for the schema to judge. */
const readingOrKept = (value: string) => (value.trim() === '' ? undefined : /^\d+$/.test(value.trim()) ? Number(value) : value);

/** The plate as the lot writes it: capitals, as the box shows it while it is typed. */
export function plateAsTyped(value: string): string {
  return value.toUpperCase();
}

/**
 * Every problem at once, so the owner can fix them all in one go; empty when the form can be sent.
 * The rules are the server's (carFormFields); the locations are the company's current list.
 */
export function validateCarForm(values: CarFormValues, image: File | null, isNewCar: boolean, locations: readonly string[]): CarFormErrors {
  const input = {
    ...values,
    doors: numberOrUsual(values.doors),
    distancePerDay: numberOrUsual(values.distancePerDay),
    plate: plateOrNone(values.plate),
    odometerKm: readingOrKept(values.odometerKm),
  };
  const errors: CarFormErrors = formErrors(carFormFields, values, CAR_FIELDS, input);
  if (!errors.location && !locations.includes(values.location)) errors.location = 'Please choose a location.';
  // A new car needs a picture (the server refuses one without); an edit keeps the old one.
  const imageProblem = image ? imageFileProblem(image) : isNewCar ? MESSAGES.imageRequired : undefined;
  if (imageProblem) errors.image = imageProblem;
  return errors;
}

/**
 * The carData JSON string add-car and update-car take (the shape existing clients send): the form's
 * fields, numbers as numbers; with an owner's reason when the odometer is corrected lower.
 */
export function carDataJson(values: CarFormValues, odometerCorrection = ''): string {
  const reason = odometerCorrection.trim();
  return JSON.stringify({ ...carDataOf(values), ...(reason ? { odometerCorrection: { reason } } : {}) });
}

/**
 * Why an edit's odometer cannot be saved as typed: a reading never goes below the car's last one,
 * unless an owner corrects it with a reason (the server refuses the same). Undefined when it can.
 */
export function odometerProblem(typed: string, lastKm: number | null, isOwner: boolean, reason: string): string | undefined {
  const km = readingOrKept(typed);
  if (lastKm === null || typeof km !== 'number' || km >= lastKm) return undefined;
  if (!isOwner) return `The odometer cannot go below the car's last reading (${lastKm.toLocaleString('en-US')} km). Only an owner can correct it.`;
  if (!reason.trim()) return 'Please say why the reading is lower than the last one.';
  return undefined;
}

/** An edit's reading typed below the car's last one: an owner's correction, with its reason. */
export function odometerLowered(typed: string, lastKm: number | null): boolean {
  const km = readingOrKept(typed);
  return lastKm !== null && typeof km === 'number' && km < lastKm;
}

function carDataOf(values: CarFormValues) {
  return {
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
    doors: numberOrUsual(values.doors),
    distancePerDay: numberOrUsual(values.distancePerDay),
    plate: plateOrNone(values.plate)?.trim().toUpperCase() ?? null,
    odometerKm: readingOrKept(values.odometerKm),
  };
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
  'doors',
  'distancePerDay',
  'plate',
  'odometerKm',
  'location',
  'description',
];
