/**
 * zod schemas of every request and response of SPEC section 7.
 * Each error message names its field so a 400 tells the caller what to fix.
 */
import { z } from 'zod';
import {
  ACCOUNT_TYPES,
  BOOKING_STATUSES,
  CAR_CATEGORIES,
  FUEL_TYPES,
  LOCATIONS,
  MAX_PASSWORD_LENGTH,
  MIN_CAR_YEAR,
  MIN_PASSWORD_LENGTH,
  PAYMENT_METHODS,
  ROLES,
  TRANSMISSIONS,
} from './constants';
import { isCalendarDate } from './rentalDates';

/** PostgreSQL text cannot hold U+0000, and a lone surrogate half is not text at all (it would come back altered). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const storable = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

const text = (field: string, max = 200) =>
  z
    .string({ error: (iss) => (iss.input == null ? `${field} is required.` : `${field} must be text.`) })
    .trim()
    .min(1, { error: `${field} is required.` })
    .max(max, { error: `${field} must be at most ${max} characters.` })
    .refine(storable, { error: `${field} contains characters that cannot be stored.` });

const oneOf = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: `${field} must be one of: ${values.join(', ')}.` });

/** Form inputs send numbers as text; accept "2021" as well as 2021, nothing else. */
const wholeNumber = (field: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], {
      error: `${field} must be a whole number.`,
    })
    .pipe(
      z
        .number()
        .int({ error: `${field} must be a whole number.` })
        .min(min, { error: `${field} must be at least ${min}.` })
        .max(max, { error: `${field} must be at most ${max}.` }),
    );

export const calendarDate = (field: string) =>
  z
    .string({ error: `${field} is required (YYYY-MM-DD).` })
    .refine(isCalendarDate, { error: `${field} must be a real date written YYYY-MM-DD.` });

/** Ids are UUIDs; a malformed one is simply "not found", so routes check it themselves. */
export const idSchema = z.string().uuid();
const idField = (field: string) => z.string({ error: `${field} is required.` }).trim().min(1, { error: `${field} is required.` });

// ---------- users ----------
export const emailSchema = z
  .string({ error: (iss) => (iss.input == null ? 'email is required.' : 'email must be text.') })
  .trim()
  .toLowerCase()
  .max(254, { error: 'email is too long.' })
  .pipe(z.email({ error: 'email must be a valid e-mail address.' }));

export const registerBody = z.object({
  name: text('name', 100),
  email: emailSchema,
  password: z
    .string({ error: (iss) => (iss.input == null ? 'password is required.' : 'password must be text.') })
    .min(MIN_PASSWORD_LENGTH, { error: `password must be at least ${MIN_PASSWORD_LENGTH} characters.` })
    .max(MAX_PASSWORD_LENGTH, { error: `password must be at most ${MAX_PASSWORD_LENGTH} characters.` }),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email: emailSchema,
  password: z
    .string({ error: (iss) => (iss.input == null ? 'password is required.' : 'password must be text.') })
    .min(1, { error: 'password is required.' })
    .max(MAX_PASSWORD_LENGTH, { error: `password must be at most ${MAX_PASSWORD_LENGTH} characters.` }),
});
export type LoginBody = z.infer<typeof loginBody>;

export const user = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  image: z.string(),
});
export type User = z.infer<typeof user>;

// ---------- cars ----------
/** The fields of the owner's car form, sent as the carData JSON string. Only these are read. */
export const carFormFields = z.object({
  brand: text('brand', 60),
  model: text('model', 60),
  year: wholeNumber('year', MIN_CAR_YEAR, new Date().getUTCFullYear() + 1),
  pricePerDay: wholeNumber('pricePerDay', 1, 1_000_000),
  category: oneOf('category', CAR_CATEGORIES),
  transmission: oneOf('transmission', TRANSMISSIONS),
  fuel_type: oneOf('fuel_type', FUEL_TYPES),
  seating_capacity: wholeNumber('seating_capacity', 1, 60),
  location: oneOf('location', LOCATIONS),
  description: text('description', 2000),
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
  isAvaliable: z.boolean(),
  reservedDates: z.array(reservedDateRange),
  createdAt: z.string(),
});
export type Car = z.infer<typeof car>;

export const carIdBody = z.object({ carId: idField('carId') });

// ---------- bookings ----------
export const checkAvailabilityBody = z.object({
  location: oneOf('location', LOCATIONS),
  pickupDate: calendarDate('pickupDate'),
  returnDate: calendarDate('returnDate'),
});
export type CheckAvailabilityBody = z.infer<typeof checkAvailabilityBody>;

export const createBookingBody = z.object({
  car: idField('car'),
  pickupDate: calendarDate('pickupDate'),
  returnDate: calendarDate('returnDate'),
  paymentMethod: oneOf('paymentMethod', PAYMENT_METHODS),
});
export type CreateBookingBody = z.infer<typeof createBookingBody>;

export const bookingCar = z.object({
  _id: z.string(),
  image: z.string(),
  brand: z.string(),
  model: z.string(),
  year: z.number(),
  category: z.string(),
  location: z.string(),
});

export const booking = z.object({
  _id: z.string(),
  car: bookingCar,
  pickupDate: z.string(),
  returnDate: z.string(),
  price: z.number(),
  status: z.enum(BOOKING_STATUSES),
  createdAt: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
});
export type Booking = z.infer<typeof booking>;

/** The owner's list also names the customer, and nothing secret. */
export const ownerBooking = booking.extend({
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
});
export type OwnerBooking = z.infer<typeof ownerBooking>;

export const changeStatusBody = z.object({
  bookingId: idField('bookingId'),
  status: oneOf('status', BOOKING_STATUSES),
});
export type ChangeStatusBody = z.infer<typeof changeStatusBody>;

// ---------- bank details ----------
export const bankDetails = z.object({
  bankName: text('bankName', 100),
  accountHolderName: text('accountHolderName', 100),
  branch: text('branch', 100),
  accountNumber: z
    .string({ error: (iss) => (iss.input == null ? 'accountNumber is required.' : 'accountNumber must be text.') })
    .trim()
    .min(1, { error: 'accountNumber is required.' })
    .max(34, { error: 'accountNumber must be at most 34 characters.' })
    .regex(/^[0-9A-Za-z -]+$/, { error: 'accountNumber may hold only digits, letters, spaces and dashes.' }),
  accountType: oneOf('accountType', ACCOUNT_TYPES),
});
export type BankDetails = z.infer<typeof bankDetails>;

// ---------- dashboard ----------
export const dashboardData = z.object({
  totalCars: z.number(),
  totalBookings: z.number(),
  pendingBookings: z.number(),
  completedBookings: z.number(),
  recentBookings: z.array(ownerBooking),
  monthlyRevenue: z.number(),
});
export type DashboardData = z.infer<typeof dashboardData>;

// ---------- responses ----------
export const failure = z.object({ success: z.literal(false), message: z.string() });
export type Failure = z.infer<typeof failure>;
const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), ...shape });

export const responses = {
  auth: ok({ token: z.string(), message: z.string() }),
  userData: ok({ user }),
  cars: ok({ cars: z.array(car) }),
  car: ok({ car }),
  availableCars: ok({ availableCars: z.array(car) }),
  bookings: ok({ bookings: z.array(booking) }),
  ownerBookings: ok({ bookings: z.array(ownerBooking) }),
  bookingCreated: ok({ message: z.string(), booking }),
  publicBankDetails: ok({ bankDetails: bankDetails.nullable(), message: z.string().optional() }),
  dashboard: ok({ dashboardData }),
  message: ok({ message: z.string() }),
  carSaved: ok({ message: z.string(), car }),
} as const;

export type AuthResponse = z.infer<typeof responses.auth>;
export type UserDataResponse = z.infer<typeof responses.userData>;
export type CarsResponse = z.infer<typeof responses.cars>;
export type CarResponse = z.infer<typeof responses.car>;
export type AvailableCarsResponse = z.infer<typeof responses.availableCars>;
export type BookingsResponse = z.infer<typeof responses.bookings>;
export type OwnerBookingsResponse = z.infer<typeof responses.ownerBookings>;
export type BookingCreatedResponse = z.infer<typeof responses.bookingCreated>;
export type PublicBankDetailsResponse = z.infer<typeof responses.publicBankDetails>;
export type DashboardResponse = z.infer<typeof responses.dashboard>;
export type MessageResponse = z.infer<typeof responses.message>;
export type CarSavedResponse = z.infer<typeof responses.carSaved>;

/** The first problem of a failed parse, as one sentence naming the field. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  const field = issue.path.join('.');
  // Our schemas' messages already name the field; zod's own (e.g. for a non-object body) may not.
  if (field && !issue.message.includes(field)) return `${field}: ${issue.message}`;
  return issue.message;
}
