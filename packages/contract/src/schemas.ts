/**
 * zod schemas of every request and response of SPEC section 7.
 * Each error message is a sentence a customer or staff member can read: it names the field the
 * way the form labels it ("Pickup date", "Price per day"), never the API's key, and never a format
 * (test: plainWords.test.ts walks every message).
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
import { MESSAGES } from './messages';
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

/** `label` is how the form names the field: "Brand", "Pickup location". */
const text = (label: string, max = 200, options: { multiline?: boolean } = {}) =>
  z
    .string({ error: (iss) => (iss.input == null ? `${label} is required.` : `${label} must be written as text.`) })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} can be at most ${max} characters long.` })
    .refine(storable, { error: `${label} contains characters that cannot be stored. Please remove them.` })
    .refine((value) => !(options.multiline ? CONTROL_OR_BIDI_MULTILINE : CONTROL_OR_BIDI).test(value), {
      error: options.multiline
        ? `${label} contains invisible control characters. Please type it again.`
        : `${label} must be one line, without invisible control characters. Please type it again.`,
    });

/** "Sedan, SUV or Van". */
const orList = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`);

/** `what` completes "Please choose …": "a category", "how to pay". `shown` words the values for people. */
const oneOf = <T extends readonly [string, ...string[]]>(what: string, values: T, shown: readonly string[] = values) =>
  z.enum(values, { error: `Please choose ${what}: ${orList(shown)}.` });

/**
 * Form inputs send numbers as text; accept "2021" as well as 2021, nothing else. `max` may be a
 * function, for limits that move with time (the latest car year), so it is computed when asked.
 */
const wholeNumber = (label: string, min: number, max: number | (() => number)) => {
  const upper = typeof max === 'function' ? max : () => max;
  // Years read as years (2027); amounts get their separators (1,000,000).
  const show = (n: number) => (n >= 10_000 ? n.toLocaleString('en-US') : String(n));
  return z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], {
      error: `${label} must be a whole number.`,
    })
    .pipe(
      z
        .number()
        .int({ error: `${label} must be a whole number.` })
        .min(min, { error: `${label} must be at least ${show(min)}.` })
        .refine((n) => n <= upper(), { error: () => `${label} must be at most ${show(upper())}.` }),
    );
};


/** A calendar day; the forms send it as the date inputs give it, people only ever pick a day. */
export const calendarDate = (label: string) =>
  z
    .string({ error: `Please choose the ${label.toLowerCase()}.` })
    .refine(isCalendarDate, { error: `The ${label.toLowerCase()} is not a real date. Please choose it again.` });

/** Ids are UUIDs; a malformed one is simply "not found", so routes check it themselves. */
export const idSchema = z.string().uuid();
/** `what`: "the car", "the booking". An unknown id is "not found" (404), checked by the route. */
const idField = (what: string) => z.string({ error: `Please say which is ${what}.` }).trim().min(1, { error: `Please say which is ${what}.` });

// ---------- users ----------
export const emailSchema = z
  .string({ error: (iss) => (iss.input == null ? 'E-mail address is required.' : 'E-mail address must be written as text.') })
  .trim()
  .toLowerCase()
  .max(254, { error: 'E-mail address is too long.' })
  .pipe(z.email({ error: 'Please enter a valid e-mail address, such as name@example.com.' }));

/** Optional; digits, spaces, +, - and brackets, as people write Jamaican and foreign numbers. */
export const phoneSchema = z
  .string({ error: 'Phone number must be written as text.' })
  .trim()
  .max(40, { error: 'Phone number can be at most 40 characters long.' })
  .refine((value) => value === '' || /^\+?[0-9 ()-]{7,40}$/.test(value), {
    error: 'Phone number may hold only digits, spaces, +, - and brackets, at least 7 digits long.',
  });

const password = (label: string, min: number) =>
  z
    .string({ error: (iss) => (iss.input == null ? `${label} is required.` : `${label} must be written as text.`) })
    .min(min, { error: min <= 1 ? `${label} is required.` : `${label} must be at least ${min} characters long.` })
    .max(MAX_PASSWORD_LENGTH, { error: `${label} can be at most ${MAX_PASSWORD_LENGTH} characters long.` });

export const registerBody = z.object({
  name: text('Name', 100),
  email: emailSchema,
  phone: phoneSchema.optional(),
  password: password('Password', MIN_PASSWORD_LENGTH),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** The first owner's account, chosen on the one-time setup page (/setup?token=...). */
export const setupOwnerBody = registerBody.extend({
  token: z
    .string({ error: 'The setup address is incomplete. Please open the address the server printed.' })
    .trim()
    .min(1, { error: 'The setup address is incomplete. Please open the address the server printed.' })
    .max(200, { error: 'The setup address is not valid. Please open the address the server printed.' }),
});
export type SetupOwnerBody = z.infer<typeof setupOwnerBody>;

export const loginBody = z.object({
  email: emailSchema,
  password: password('Password', 1),
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

export const profileBody = z.object({ name: text('Name', 100), phone: phoneSchema });
export type ProfileBody = z.infer<typeof profileBody>;

export const changePasswordBody = z.object({
  currentPassword: password('Current password', 1),
  newPassword: password('New password', MIN_PASSWORD_LENGTH),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** "Forgot password?": the account's e-mail address. */
export const forgotPasswordBody = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** The token of the e-mailed link (/reset-password?token=...) and the new password (the rules of registration). */
export const resetPasswordBody = z.object({
  token: z
    .string({ error: 'The password reset link is incomplete. Please open the link from the e-mail again.' })
    .trim()
    .min(1, { error: 'The password reset link is incomplete. Please open the link from the e-mail again.' })
    .max(200, { error: 'The password reset link is not valid. Please ask for a new one.' }),
  password: password('New password', MIN_PASSWORD_LENGTH),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

// ---------- cars ----------
/** The fields of the owner's car form, sent as the carData JSON string. Only these are read. */
export const carFormFields = z.object({
  brand: text('Brand', 60),
  model: text('Model', 60),
  year: wholeNumber('Year', MIN_CAR_YEAR, () => latestCarYear()),
  pricePerDay: wholeNumber('Price per day', 1, MAX_PRICE_PER_DAY),
  category: oneOf('a category', CAR_CATEGORIES),
  transmission: oneOf('a transmission', TRANSMISSIONS),
  fuel_type: oneOf('a fuel type', FUEL_TYPES),
  seating_capacity: wholeNumber('Seating capacity', 1, MAX_SEATS),
  /** One of the company's pickup locations (company settings); the server checks the list. */
  location: text('Location', 100),
  description: text('Description', 2000, { multiline: true }),
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

export const carIdBody = z.object({ carId: idField('the car') });

// ---------- bookings ----------
export const checkAvailabilityBody = z.object({
  /** A location the company does not list simply has no cars (an empty answer, not an error). */
  location: text('Pickup location', 100),
  pickupDate: calendarDate('Pickup date'),
  returnDate: calendarDate('Return date'),
});
export type CheckAvailabilityBody = z.infer<typeof checkAvailabilityBody>;

export const createBookingBody = z.object({
  car: idField('the car'),
  pickupDate: calendarDate('Pickup date'),
  returnDate: calendarDate('Return date'),
  paymentMethod: oneOf('how to pay', PAYMENT_METHODS, ['upfront', 'cash deposit']),
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

export const bookingIdBody = z.object({ bookingId: idField('the booking') });
export const referenceParams = z.object({ reference: z.string().describe('The booking reference, e.g. WR-7K3M9Q.') });

export const changeStatusBody = z.object({
  bookingId: idField('the booking'),
  status: oneOf('a status', BOOKING_STATUSES),
});
export type ChangeStatusBody = z.infer<typeof changeStatusBody>;

// ---------- bank details ----------
export const bankDetails = z.object({
  bankName: text('Bank name', 100),
  accountHolderName: text('Account holder name', 100),
  branch: text('Branch', 100),
  accountNumber: z
    .string({ error: (iss) => (iss.input == null ? 'Account number is required.' : 'Account number must be written as text.') })
    .trim()
    .min(1, { error: 'Account number is required.' })
    .max(34, { error: 'Account number can be at most 34 characters long.' })
    .regex(/^[0-9A-Za-z -]+$/, { error: 'Account number may hold only digits, letters, spaces and dashes.' }),
  accountType: oneOf('an account type', ACCOUNT_TYPES),
});
export type BankDetails = z.infer<typeof bankDetails>;

// ---------- company settings ----------
const webLink = (label: string) =>
  text(label, 500).refine((value) => /^https:\/\/[^\s/]+\.[^\s]+$/.test(value), { error: `${label} must be a web address starting with https://.` });

/** "Google Maps or OpenStreetMap": the services the about page may frame. */
const MAP_SERVICES = 'Google Maps or OpenStreetMap';

/** The company's own facts, edited by owners (company settings) and read by every page and message. */
export const companySettings = z.object({
  name: text('Company name', 100),
  phone: text('Phone', 40).refine((value) => /^[+0-9 ()-]{7,40}$/.test(value), {
    error: 'Phone may hold only digits, spaces, +, - and brackets.',
  }),
  email: emailSchema,
  address: text('Address', 300),
  /** The WhatsApp (or other) chat link of the car-sourcing banner and the contact strip. */
  chatUrl: webLink('WhatsApp chat link'),
  /** Framed on the about page. */
  mapUrl: webLink('Map link').refine((value) => MAP_ORIGINS.some((origin) => value.startsWith(`${origin}/`)), {
    error: `Map link must be a ${MAP_SERVICES} link (the about page can show only those).`,
  }),
  openingHours: text('Opening hours', 200),
  locations: z
    .array(text('Each pickup location', 100), { error: 'Pickup locations must be a list of places.' })
    .min(1, { error: 'Please name at least one pickup location.' })
    .max(20, { error: 'Please name at most 20 pickup locations.' })
    .refine((list) => new Set(list.map((l) => l.toLowerCase())).size === list.length, {
      error: 'Each pickup location may be named only once.',
    }),
  securityDeposit: wholeNumber('Security deposit', 0, 10_000_000),
  currency: z
    .string({ error: 'Currency is required.' })
    .trim()
    .regex(/^[A-Z]{3}$/, { error: 'Currency must be a three-letter code such as JMD.' }),
});
export type CompanySettings = z.infer<typeof companySettings>;
export type CompanySettingsInput = z.input<typeof companySettings>;

// ---------- outbox ----------
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const OUTBOX_PAGE_SIZE = 25;

/** One e-mail of the outbox, as staff see it (never its body: it may hold a password reset link). */
export const outboxMessage = z.object({
  _id: z.string(),
  recipient: z.string(),
  subject: z.string(),
  /** pending: waiting for its next attempt; sending: on its way; sent; failed: given up until sent again. */
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  /** The mail server's last refusal or the connection's failure; null when there was none. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** When the next attempt is due (pending messages). */
  nextAttemptAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxQuery = z.object({
  page: z
    .string({ error: 'Page must be a whole number, 1 or more.' })
    .regex(/^[1-9]\d{0,5}$/, { error: 'Page must be a whole number, 1 or more.' })
    .optional(),
});

export const resendMessageBody = z.object({ messageId: idField('the message') });

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
  outbox: ok({
    messages: z.array(outboxMessage),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
    /** false when the server has no mail server (SMTP_URL): messages are kept, none is sent. */
    mailEnabled: z.boolean(),
  }),
  messageResent: ok({ message: z.string(), outboxMessage }),
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
export type OutboxResponse = z.infer<typeof responses.outbox>;

/** The first problem of a failed parse, as the schema's own sentence. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return MESSAGES.requestNotValid;
  // Our schemas word every message for people; zod's own (a body that is not an object, an
  // unexpected shape) would speak of types and keys, so it gets a general sentence instead.
  return isZodsOwnWording(issue.message) ? MESSAGES.requestNotValid : issue.message;
}

/** zod's default messages ("Invalid input: expected string…", "Too big…") speak of types and keys. */
export function isZodsOwnWording(message: string): boolean {
  return /^(Invalid (input|option|string|number|type|element|key|union|value|date|email|url)|Too (big|small)|Unrecognized key)/i.test(message);
}
