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
// issue 12 item 8: doors, distance allowance, pictures
import { MAX_CAR_PICTURES, MAX_DISTANCE_PER_DAY, MAX_DOORS, MIN_DOORS } from './constants';
// issue 12 items 3-5: payments received, the owner's pages of bookings
import { MAX_BOOKINGS_PAGE, PAYMENT_STATUSES } from './constants';
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
  // issue 12 item 8. Optional so the SPEC's client (which never sends them) keeps working: left
  // out, an edit keeps the car's value; null means "the usual" (SPEC's 4 doors and 500 km).
  doors: wholeNumber('Doors', MIN_DOORS, MAX_DOORS).nullable().optional(),
  distancePerDay: wholeNumber('Daily distance allowance', 1, MAX_DISTANCE_PER_DAY).nullable().optional(),
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
  // issue 12 item 8: the car as it is; defaults applied (4 doors, 500 km) when the owner set none.
  doors: z.number(),
  /** Kilometres a day included in the price. */
  distancePerDay: z.number(),
  /** Picture URLs in order, at most 8; the first is the cover, always equal to `image`. */
  pictures: z.array(z.string()),
});
export type Car = z.infer<typeof car>;

// ---- issue 12 item 8: a car's pictures ----
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
  /** issue 12 item 4: what the company has received, as staff mark it. */
  paymentStatus: z.enum(PAYMENT_STATUSES),
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

// ---- issue 12 items 3-5: payments received, the owner's pages of bookings, the export ----
const PAYMENT_STATUS_SHOWN = ['not paid yet', 'deposit received', 'paid'] as const;
export const paymentStatusBody = z.object({
  bookingId: idField('the booking'),
  paymentStatus: oneOf('what has been paid', PAYMENT_STATUSES, PAYMENT_STATUS_SHOWN),
});
export type PaymentStatusBody = z.infer<typeof paymentStatusBody>;

/** A query value: one piece of text (a parameter given twice arrives as a list). */
const queryText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be given once, as text.` })
    .trim()
    .max(max, { error: `${label} can be at most ${max} characters long.` })
    .refine((value) => storable(value) && !CONTROL_OR_BIDI.test(value), { error: `${label} contains characters that cannot be searched for. Please remove them.` });

/** Which bookings: the filters of Manage Bookings, of its pages and of the export. */
export const ownerBookingFilters = z.object({
  status: oneOf('a status', BOOKING_STATUSES).optional().describe('Only bookings with this status.'),
  paymentStatus: oneOf('what has been paid', PAYMENT_STATUSES, PAYMENT_STATUS_SHOWN).optional().describe('Only bookings in this payment state.'),
  from: calendarDate('First day').optional().describe('With to: only rentals touching these days (inclusive).'),
  to: calendarDate('Last day').optional().describe('With from: only rentals touching these days (inclusive).'),
  q: queryText('Search', 100).optional().describe("Part of the reference, the customer's name or e-mail, or 4 or more digits of the phone."),
});
export type OwnerBookingFilters = z.infer<typeof ownerBookingFilters>;

export const ownerBookingsQuery = ownerBookingFilters.extend({
  limit: z
    .string({ error: `Bookings per page must be a whole number from 1 to ${MAX_BOOKINGS_PAGE}.` })
    .regex(/^\d{1,3}$/, { error: `Bookings per page must be a whole number from 1 to ${MAX_BOOKINGS_PAGE}.` })
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_BOOKINGS_PAGE, { error: `Bookings per page must be a whole number from 1 to ${MAX_BOOKINGS_PAGE}.` })
    .optional()
    .describe(`1 to ${MAX_BOOKINGS_PAGE}: answer one page (with nextCursor) instead of every booking.`),
  cursor: queryText('The page asked for', 200).optional().describe("The previous page's nextCursor."),
});
export type OwnerBookingsQuery = z.infer<typeof ownerBookingsQuery>;

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

// ---------- issue 12 items 1-2: service blocks, the fleet timeline, today's movements ----------
/** Staff's note on a block ("Brakes at the garage"): optional, several lines allowed. */
const blockNote = z
  .string({ error: 'Note must be written as text.' })
  .trim()
  .max(500, { error: 'Note can be at most 500 characters long.' })
  .refine(storable, { error: 'Note contains characters that cannot be stored. Please remove them.' })
  .refine((value) => !CONTROL_OR_BIDI_MULTILINE.test(value), { error: 'Note contains invisible control characters. Please type it again.' });

/** A service block: days staff take a car out of hire (garage, inspection). Dates are inclusive, as for bookings. */
export const createBlockBody = z.object({
  car: idField('the car'),
  pickupDate: calendarDate('First day'),
  returnDate: calendarDate('Last day'),
  note: blockNote.optional(),
});
export type CreateBlockBody = z.infer<typeof createBlockBody>;
export type CreateBlockInput = z.input<typeof createBlockBody>;

export const carBlock = z.object({
  _id: z.string(),
  /** The car's id. */
  car: z.string(),
  pickupDate: z.string(),
  returnDate: z.string(),
  note: z.string(),
});
export type CarBlock = z.infer<typeof carBlock>;

export const blocksQuery = z.object({
  car: z.string({ error: 'Please say which is the car.' }).describe("Only this car's blocks (its id).").optional(),
});
export const blockParams = z.object({ id: z.string({ error: 'Please say which is the block.' }).describe('The block id (a UUID).') });

/** The longest span the timeline shows at once, in days. */
export const MAX_TIMELINE_DAYS = 92;
export const timelineQuery = z.object({
  from: calendarDate('First day shown').optional().describe('The first day shown; today in Jamaica when left out.'),
  days: z
    .string({ error: `Days shown must be a whole number from 1 to ${MAX_TIMELINE_DAYS}.` })
    .regex(/^\d{1,3}$/, { error: `Days shown must be a whole number from 1 to ${MAX_TIMELINE_DAYS}.` })
    .refine((value) => Number(value) >= 1 && Number(value) <= MAX_TIMELINE_DAYS, { error: `Days shown must be a whole number from 1 to ${MAX_TIMELINE_DAYS}.` })
    .optional()
    .describe('How many days, 35 when left out.'),
});

/** A booking as the timeline and today's lists show it: enough to recognise it and call the customer. */
export const timelineBooking = z.object({
  _id: z.string(),
  reference: z.string(),
  /** The car's id. */
  car: z.string(),
  pickupDate: z.string(),
  returnDate: z.string(),
  status: z.enum(BOOKING_STATUSES),
  customer: z.object({ name: z.string(), phone: z.string() }),
});
export type TimelineBooking = z.infer<typeof timelineBooking>;

export const timelineCar = z.object({ _id: z.string(), brand: z.string(), model: z.string(), image: z.string() });
export type TimelineCar = z.infer<typeof timelineCar>;

/** Today's pickups and returns (the company's day, Jamaica), with the car named for the counter staff. */
export const movement = timelineBooking.extend({ carName: z.string() });
export const todaysMovements = z.object({ date: z.string(), pickups: z.array(movement), returns: z.array(movement) });
export type Movement = z.infer<typeof movement>;
export type TodaysMovements = z.infer<typeof todaysMovements>;

export const blockResponses = {
  blockCreated: z.object({ success: z.literal(true), message: z.string(), block: carBlock }),
  blocks: z.object({ success: z.literal(true), blocks: z.array(carBlock) }),
  timeline: z.object({
    success: z.literal(true),
    from: z.string(),
    days: z.number(),
    cars: z.array(timelineCar),
    /** Bookings not cancelled that share a day with the range. */
    bookings: z.array(timelineBooking),
    blocks: z.array(carBlock),
    today: todaysMovements,
  }),
} as const;
export type TimelineResponse = z.infer<typeof blockResponses.timeline>;

// ---- issue 12 items 6-7: the history (activity log), the dashboard's months and occupancy ----
/** What a history entry is about: the API's names for the database's subjects. */
export const ACTIVITY_KINDS = ['booking', 'car', 'bank_details', 'block', 'company'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
const ACTIVITY_KINDS_SHOWN = ['bookings', 'cars', 'bank details', 'service blocks', 'company settings'] as const;
export const ACTIVITY_PAGE_SIZE = 50;
export const MAX_ACTIVITY_PAGE = 200;

/** One change, as recorded by the database: who, when, and the fields before and after. */
export const activityEntry = z.object({
  _id: z.string(),
  at: z.string(),
  /** Who made the change; null when the site itself did (a hold that expired). */
  actor: z.object({ _id: z.string(), name: z.string() }).nullable(),
  kind: z.enum(ACTIVITY_KINDS),
  action: z.enum(['added', 'changed', 'removed']),
  /** The booking's, car's or block's id ("1" for the company's one bank account and settings). */
  subjectId: z.string(),
  /** How staff name it: a booking's reference, a car's brand and model (a block's car); empty otherwise. */
  subjectName: z.string(),
  /** Only the fields that changed (every field of something added or removed), by their stored names. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

const ACTIVITY_LIMIT_PROBLEM = `Entries per page must be a whole number from 1 to ${MAX_ACTIVITY_PAGE}.`;
export const activityQuery = z.object({
  limit: z
    .string({ error: ACTIVITY_LIMIT_PROBLEM })
    .regex(/^\d{1,3}$/, { error: ACTIVITY_LIMIT_PROBLEM })
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_ACTIVITY_PAGE, { error: ACTIVITY_LIMIT_PROBLEM })
    .optional()
    .describe(`1 to ${MAX_ACTIVITY_PAGE}, ${ACTIVITY_PAGE_SIZE} when left out.`),
  cursor: z
    .string({ error: 'The page asked for cannot be found. Please start again from the newest changes.' })
    .regex(/^\d{1,18}$/, { error: 'The page asked for cannot be found. Please start again from the newest changes.' })
    .optional()
    .describe("The previous page's nextCursor."),
  kind: oneOf('which changes to show', ACTIVITY_KINDS, ACTIVITY_KINDS_SHOWN).optional().describe('Only changes of this kind.'),
});
export type ActivityQuery = z.input<typeof activityQuery>;

export const activityResponses = {
  activity: z.object({ success: z.literal(true), entries: z.array(activityEntry), nextCursor: z.string().nullable() }),
} as const;
export type ActivityResponse = z.infer<typeof activityResponses.activity>;

/** Revenue of one month ("2026-05"), counted as the dashboard's monthly revenue is. */
export const monthRevenue = z.object({ month: z.string(), revenue: z.number() });
export type MonthRevenue = z.infer<typeof monthRevenue>;
/** This month's share of the fleet's car-days taken by bookings that are not cancelled. */
export const fleetOccupancy = z.object({ percent: z.number(), bookedCarDays: z.number(), carDays: z.number() });
export type FleetOccupancy = z.infer<typeof fleetOccupancy>;

// ---------- dashboard ----------
export const dashboardData = z.object({
  totalCars: z.number(),
  totalBookings: z.number(),
  pendingBookings: z.number(),
  completedBookings: z.number(),
  recentBookings: z.array(ownerBooking),
  monthlyRevenue: z.number(),
  // issue 12 item 7: the last 12 months, oldest first (the current month last), and occupancy.
  revenueByMonth: z.array(monthRevenue),
  occupancy: fleetOccupancy,
  /** Today's pickups and returns, as the fleet timeline lists them. */
  today: todaysMovements,
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
  // issue 12 item 3: a page (with limit) also says where the next one starts (null on the last).
  ownerBookings: ok({ bookings: z.array(ownerBooking), nextCursor: z.string().nullable().optional() }),
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
