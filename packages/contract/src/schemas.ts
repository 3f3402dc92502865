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
  MAX_PASSWORD_LENGTH,
  MAX_PRICE_PER_DAY,
  MAX_SEATS,
  MIN_CAR_YEAR,
  MIN_PASSWORD_LENGTH,
  PAYMENT_METHODS,
  ROLES,
  STATUS_REASONS,
  TRANSMISSIONS,
} from './constants';
import { MAP_ORIGINS } from './company';
import { isCalendarDate, latestCarYear } from './rentalDates';

/** PostgreSQL text cannot hold U+0000, and a lone surrogate half is not text at all (it would come back altered). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const storable = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/**
 * Control characters (what a keyboard does not type: escapes, backspace, NUL...) and the bidi
 * overrides and isolates (U+202A-U+202E, U+2066-U+2069), which make a name display reversed or out
 * of order, e.g. a car "model" that reads as something else in the owner's list.
 */
const CONTROL_OR_BIDI = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
/** The same, but line breaks and tabs are fine in text written on several lines. */
const CONTROL_OR_BIDI_MULTILINE = /(?![\n\r\t])[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

const text = (field: string, max = 200, options: { multiline?: boolean } = {}) =>
  z
    .string({ error: (iss) => (iss.input == null ? `${field} is required.` : `${field} must be text.`) })
    .trim()
    .min(1, { error: `${field} is required.` })
    .max(max, { error: `${field} must be at most ${max} characters.` })
    .refine(storable, { error: `${field} contains characters that cannot be stored.` })
    .refine((value) => !(options.multiline ? CONTROL_OR_BIDI_MULTILINE : CONTROL_OR_BIDI).test(value), {
      error: options.multiline
        ? `${field} must not contain control characters or text-direction overrides.`
        : `${field} must not contain line breaks, control characters or text-direction overrides.`,
    });

const oneOf = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: `${field} must be one of: ${values.join(', ')}.` });

/**
 * Form inputs send numbers as text; accept "2021" as well as 2021, nothing else. `max` may be a
 * function, for limits that move with time (the latest car year), so it is computed when asked.
 */
const wholeNumber = (field: string, min: number, max: number | (() => number)) => {
  const upper = typeof max === 'function' ? max : () => max;
  return z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], {
      error: `${field} must be a whole number.`,
    })
    .pipe(
      z
        .number()
        .int({ error: `${field} must be a whole number.` })
        .min(min, { error: `${field} must be at least ${min}.` })
        .refine((n) => n <= upper(), { error: () => `${field} must be at most ${upper()}.` }),
    );
};


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

/** Optional; digits, spaces, +, - and brackets, as people write Jamaican and foreign numbers. */
export const phoneSchema = z
  .string({ error: 'phone must be text.' })
  .trim()
  .max(40, { error: 'phone must be at most 40 characters.' })
  .refine((value) => value === '' || /^\+?[0-9 ()-]{7,40}$/.test(value), { error: 'phone may hold only digits, spaces, +, - and brackets (at least 7).' });

export const registerBody = z.object({
  name: text('name', 100),
  email: emailSchema,
  phone: phoneSchema.optional(),
  password: z
    .string({ error: (iss) => (iss.input == null ? 'password is required.' : 'password must be text.') })
    .min(MIN_PASSWORD_LENGTH, { error: `password must be at least ${MIN_PASSWORD_LENGTH} characters.` })
    .max(MAX_PASSWORD_LENGTH, { error: `password must be at most ${MAX_PASSWORD_LENGTH} characters.` }),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** The first owner's account, chosen on the one-time setup page (/setup?token=...). */
export const setupOwnerBody = registerBody.extend({
  token: z
    .string({ error: (iss) => (iss.input == null ? 'token is required.' : 'token must be text.') })
    .trim()
    .min(1, { error: 'token is required.' })
    .max(200, { error: 'token must be at most 200 characters.' }),
});
export type SetupOwnerBody = z.infer<typeof setupOwnerBody>;

export const loginBody = z.object({
  email: emailSchema,
  password: z
    .string({ error: (iss) => (iss.input == null ? 'password is required.' : 'password must be text.') })
    .min(1, { error: 'password is required.' })
    .max(MAX_PASSWORD_LENGTH, { error: `password must be at most ${MAX_PASSWORD_LENGTH} characters.` }),
});
export type LoginBody = z.infer<typeof loginBody>;

/** For an owner, the user also carries the company's bank fields (SPEC section 3); a customer's never does. */
const ownerBankFields = {
  bankName: z.string().optional(),
  accountHolderName: z.string().optional(),
  branch: z.string().optional(),
  accountNumber: z.string().optional(),
  accountType: z.string().optional(),
};

export const user = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  image: z.string(),
  /** Empty when the customer has not given one. */
  phone: z.string(),
  ...ownerBankFields,
});
export type User = z.infer<typeof user>;

export const profileBody = z.object({ name: text('name', 100), phone: phoneSchema });
export type ProfileBody = z.infer<typeof profileBody>;

export const changePasswordBody = z.object({
  currentPassword: z
    .string({ error: (iss) => (iss.input == null ? 'currentPassword is required.' : 'currentPassword must be text.') })
    .min(1, { error: 'currentPassword is required.' })
    .max(MAX_PASSWORD_LENGTH, { error: `currentPassword must be at most ${MAX_PASSWORD_LENGTH} characters.` }),
  newPassword: z
    .string({ error: (iss) => (iss.input == null ? 'newPassword is required.' : 'newPassword must be text.') })
    .min(MIN_PASSWORD_LENGTH, { error: `newPassword must be at least ${MIN_PASSWORD_LENGTH} characters.` })
    .max(MAX_PASSWORD_LENGTH, { error: `newPassword must be at most ${MAX_PASSWORD_LENGTH} characters.` }),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

// ---------- cars ----------
/** The fields of the owner's car form, sent as the carData JSON string. Only these are read. */
export const carFormFields = z.object({
  brand: text('brand', 60),
  model: text('model', 60),
  year: wholeNumber('year', MIN_CAR_YEAR, () => latestCarYear()),
  pricePerDay: wholeNumber('pricePerDay', 1, MAX_PRICE_PER_DAY),
  category: oneOf('category', CAR_CATEGORIES),
  transmission: oneOf('transmission', TRANSMISSIONS),
  fuel_type: oneOf('fuel_type', FUEL_TYPES),
  seating_capacity: wholeNumber('seating_capacity', 1, MAX_SEATS),
  /** One of the company's pickup locations (company settings); the server checks the list. */
  location: text('location', 100),
  description: text('description', 2000, { multiline: true }),
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
  /** A location the company does not list simply has no cars (an empty answer, not an error). */
  location: text('location', 100),
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
  /** Short and human ("WR-7K3M9Q"): how customers and staff speak of a booking. Never changes. */
  reference: z.string(),
  car: bookingCar,
  pickupDate: z.string(),
  returnDate: z.string(),
  price: z.number(),
  status: z.enum(BOOKING_STATUSES),
  /** Why it is cancelled: by the customer, by staff, or its hold expired unconfirmed. */
  statusReason: z.enum(STATUS_REASONS).nullable(),
  createdAt: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** While pending: when the hold ends (cancelled if staff have not confirmed it by then). */
  holdExpiresAt: z.string().nullable(),
});
export type Booking = z.infer<typeof booking>;

/** One booking in full: its status history too, oldest first. */
export const bookingDetail = booking.extend({
  history: z.array(z.object({ status: z.enum(BOOKING_STATUSES), reason: z.enum(STATUS_REASONS).nullable(), at: z.string() })),
});
export type BookingDetail = z.infer<typeof bookingDetail>;

/** The owner's list also names the customer, and nothing secret. */
export const ownerBooking = booking.extend({
  user: z.object({ _id: z.string(), name: z.string(), email: z.string(), phone: z.string() }),
});
export type OwnerBooking = z.infer<typeof ownerBooking>;

export const bookingIdBody = z.object({ bookingId: idField('bookingId') });
export const referenceParams = z.object({ reference: z.string().describe('The booking reference, e.g. WR-7K3M9Q.') });

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

// ---------- company settings ----------
const webLink = (field: string) =>
  text(field, 500).refine((value) => /^https:\/\/[^\s/]+\.[^\s]+$/.test(value), { error: `${field} must be a web address starting with https://.` });

/** The company's own facts, edited by owners (company settings) and read by every page and message. */
export const companySettings = z.object({
  name: text('name', 100),
  phone: text('phone', 40).refine((value) => /^[+0-9 ()-]{7,40}$/.test(value), {
    error: 'phone may hold only digits, spaces, +, - and brackets.',
  }),
  email: emailSchema,
  address: text('address', 300),
  /** The WhatsApp (or other) chat link of the car-sourcing banner and the contact strip. */
  chatUrl: webLink('chatUrl'),
  /** Framed on the about page. */
  mapUrl: webLink('mapUrl').refine((value) => MAP_ORIGINS.some((origin) => value.startsWith(`${origin}/`)), {
    error: `mapUrl must be a map link from ${MAP_ORIGINS.join(', ')}.`,
  }),
  openingHours: text('openingHours', 200),
  locations: z
    .array(text('location', 100), { error: 'locations must be a list of places.' })
    .min(1, { error: 'locations must name at least one pickup location.' })
    .max(20, { error: 'locations may name at most 20 places.' })
    .refine((list) => new Set(list.map((l) => l.toLowerCase())).size === list.length, {
      error: 'locations must not name the same place twice.',
    }),
  securityDeposit: wholeNumber('securityDeposit', 0, 10_000_000),
  currency: z
    .string({ error: 'currency is required.' })
    .trim()
    .regex(/^[A-Z]{3}$/, { error: 'currency must be a three-letter code such as JMD.' }),
});
export type CompanySettings = z.infer<typeof companySettings>;
export type CompanySettingsInput = z.input<typeof companySettings>;

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
  company: ok({ company: companySettings }),
  companySaved: ok({ message: z.string(), company: companySettings }),
  health: z.object({ success: z.literal(true), status: z.literal('ok'), database: z.literal('ok') }),
  imageUpdated: ok({ message: z.string(), image: z.string() }),
  statusChanged: ok({ message: z.string(), booking: ownerBooking }),
  bankDetailsSaved: ok({ message: z.string(), bankDetails }),
  cars: ok({ cars: z.array(car) }),
  car: ok({ car }),
  availableCars: ok({ availableCars: z.array(car) }),
  bookings: ok({ bookings: z.array(booking) }),
  ownerBookings: ok({ bookings: z.array(ownerBooking) }),
  bookingCreated: ok({ message: z.string(), booking }),
  bookingDetail: ok({ booking: bookingDetail }),
  bookingCancelled: ok({ message: z.string(), booking }),
  profileSaved: ok({ message: z.string(), user }),
  passwordChanged: ok({ message: z.string(), token: z.string() }),
  publicBankDetails: ok({ bankDetails: bankDetails.nullable(), message: z.string().optional() }),
  dashboard: ok({ dashboardData }),
  message: ok({ message: z.string() }),
  carSaved: ok({ message: z.string(), car }),
} as const;

export type AuthResponse = z.infer<typeof responses.auth>;
export type UserDataResponse = z.infer<typeof responses.userData>;
export type CompanyResponse = z.infer<typeof responses.company>;
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
