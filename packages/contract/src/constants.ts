/** Domain constants shared by the server and the web app. */

/** Every category the spec names anywhere, so every filter button can match a car. */
export const CAR_CATEGORIES = ['Sedan', 'SUV', 'Van', 'Hatchback', 'Cabriolet', 'Pickup', 'Minivan'] as const;
export type CarCategory = (typeof CAR_CATEGORIES)[number];

/** The car list's filter buttons; "All vehicles" is the empty filter. */
export const LIST_FILTER_CATEGORIES = ['Sedan', 'Cabriolet', 'Pickup', 'SUV', 'Minivan'] as const;
/** The home hero form's car types. */
export const HERO_CATEGORIES = ['Sedan', 'SUV', 'Hatchback'] as const;

export const TRANSMISSIONS = ['Automatic', 'Manual', 'Semi-Automatic'] as const;
export type Transmission = (typeof TRANSMISSIONS)[number];

export const FUEL_TYPES = ['Gas', 'Diesel', 'Petrol', 'Electric', 'Hybrid'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

export const ACCOUNT_TYPES = ['Savings', 'Chequing'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
/** The currencies a company account may be said to take (a Jamaican company may keep a US dollar account). */
export const BANK_ACCOUNT_CURRENCIES = ['JMD', 'USD'] as const;

/**
 * A booking's life: the SPEC's pending, confirmed and cancelled; then on_rent (picked up, through
 * check-out), returned (through check-in), or no_show (never picked up; its days are free again).
 */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'on_rent', 'returned', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** The statuses the SPEC's status select sets. */
export const SELECTABLE_STATUSES = ['pending', 'confirmed', 'cancelled'] as const;
/** What staff may set by status (a no-show besides the select's three); on_rent and returned come only from the counter. */
export const STAFF_SET_STATUSES = [...SELECTABLE_STATUSES, 'no_show'] as const;
export type StaffSetStatus = (typeof STAFF_SET_STATUSES)[number];
/** A booking in one of these holds no days: its car is free for others. */
export const STATUSES_FREEING_DAYS = ['cancelled', 'no_show'] as const;
/** The counter has the car or had it: the status select leaves these alone. */
export const COUNTER_STATUSES = ['on_rent', 'returned'] as const;

/** Why a booking was cancelled. */
export const STATUS_REASONS = ['customer', 'staff', 'expired', 'not_approved'] as const;
export type StatusReason = (typeof STATUS_REASONS)[number];

/** A customer may hold at most this many pending bookings at once. */
export const MAX_PENDING_BOOKINGS = 3;

/**
 * Pending bookings made from one address, whatever the accounts: many accounts from one place could
 * otherwise hold the fleet. Above a family's or an office's needs, below a hoarder's.
 */
export const MAX_PENDING_BOOKINGS_PER_ADDRESS = 6;

/**
 * The days (charged days, as rentalDays counts them) all the pending bookings of one address may
 * hold together: six bookings of 90 days each would otherwise keep cars off the road for months.
 * Room for the longest rental and a short one beside it.
 */
export const MAX_PENDING_DAYS_PER_ADDRESS = 120;

/** A pending booking whose pickup is further ahead than this is held only FAR_AHEAD_HOLD_MINUTES. */
export const FAR_AHEAD_DAYS = 60;
export const FAR_AHEAD_HOLD_MINUTES = 24 * 60;

export const PAYMENT_METHODS = ['upfront', 'cash_deposit', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The ways to pay by name, the same on every screen and in the bookings export ("online": by card on the provider's page). */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = { upfront: 'Pay upfront', cash_deposit: 'Cash deposit', card: 'Pay by card now' };
/** How staff's tables and the export name a method in one word. */
export const PAYMENT_METHOD_SHORT: Record<PaymentMethod, string> = { upfront: 'upfront', cash_deposit: 'cash deposit', card: 'online' };

// ---- Payments received, the owner's pages of bookings ----
/**
 * What a booking reads as paid: derived from its folio (folio.ts paymentStatusOf; the database's
 * folio_payment_status keeps bookings.payment_status in step), never set by hand.
 */
export const PAYMENT_STATUSES = ['unpaid', 'part_paid', 'paid', 'refund_due', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** How staff and customers read each payment state. */
export const PAYMENT_STATUS_WORDS: Record<PaymentStatus, string> = {
  unpaid: 'Not paid yet',
  part_paid: 'Part paid',
  paid: 'Paid',
  refund_due: 'Refund due',
  refunded: 'Refunded',
};
/** Bookings per page of Manage Bookings; the API takes 1 to MAX_BOOKINGS_PAGE. */
export const BOOKINGS_PAGE_SIZE = 50;
export const MAX_BOOKINGS_PAGE = 200;

/** The SPEC's wire values: "owner" marks every staff account, whose staffRole says which (owner, manager or agent). */
export const ROLES = ['user', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/** Dates and "today" are the company's: Jamaica is UTC-5 all year (no daylight saving). */
export const COMPANY_TIME_ZONE = 'America/Jamaica';
/** Its offset from UTC, the same all year: the browser and server work out the company's clock from it (rentalDates.ts). */
export const COMPANY_UTC_OFFSET_MINUTES = -300;

export const MAX_RENTAL_DAYS = 90;
/** How far ahead a pickup may be booked, in days from today. */
export const MAX_DAYS_AHEAD = 365;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;
export const MIN_CAR_YEAR = 1950;
export const MAX_PRICE_PER_DAY = 1_000_000;
export const MAX_SEATS = 60;

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const CAR_IMAGE_MAX_WIDTH = 1280;
export const PROFILE_IMAGE_MAX_WIDTH = 400;
/**
 * The narrower copies of a picture a page may ask for (?w=): thumbnails, phone cards, tablets and
 * 2x screens. A short fixed list, so nobody can make the server resize a picture at every width.
 * 800: a phone's card (about 380 px at 1.75-2x) needs ~665-760 px; without it a phone took 960
 * (about 30% more bytes for the largest picture of the page).
 */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 800, 960] as const;

export const HOME_FEATURED_CARS = 6;
export const OTHER_CARS_ON_DETAIL = 3;
export const RECENT_BOOKINGS_ON_DASHBOARD = 5;

/** Fixed values of the car detail's specification grid (as SPEC.md has it). */
export const CAR_SPEC_FIXED = { doors: 4, airConditioner: 'Yes', distance: 500 } as const;

// ---- Cars as they are (doors, distance allowance, pictures) ----
/** A car's doors and daily distance allowance (km) when the owner has not set them: SPEC's fixed values. */
export const DEFAULT_DOORS = CAR_SPEC_FIXED.doors;
export const DEFAULT_DISTANCE_PER_DAY = CAR_SPEC_FIXED.distance;
export const MIN_DOORS = 1;
export const MAX_DOORS = 6;
/** No car covers more than this in a day of driving; a larger figure is a typo. */
export const MAX_DISTANCE_PER_DAY = 5_000;
/** Pictures a car may have; the first is its cover (the SPEC's one `image`). */
export const MAX_CAR_PICTURES = 8;

export const CURRENCY_SYMBOL = '$';
/** The currency a new install counts in (the company's `currency` setting starts here). */
export const DEFAULT_CURRENCY = 'JMD';
export const TOKEN_STORAGE_KEY = 'token';

/** react-hot-toast's defaults, the timings the original site used. */
export const TOAST_LIMIT = 20;

/** A server-drawn page's list of its code, read by the boot script (decision 076): its element's id. */
export const PAGE_CODE_ID = 'page-code';
/** Fired once React has hydrated a drawn page's own part (web/src/lib/pageLive.tsx): the boot script then gives a held tap again. */
export const PAGE_LIVE_EVENT = 'rental:live';

// ---- Drivers (their rules: driverRules.ts) ----
/** The documents SPEC section 9 asks of a renter. */
export const DOCUMENT_KINDS = ['licence_front', 'licence_back', 'passport', 'work_id', 'proof_of_address'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
/** What the documents table keeps: a driver's documents, and a bank deposit's slip (tied to its booking, docs/decisions/110). */
export const STORED_DOCUMENT_KINDS = [...DOCUMENT_KINDS, 'payment_slip'] as const;
export type StoredDocumentKind = (typeof STORED_DOCUMENT_KINDS)[number];
/** Slips (or transfer screenshots) one booking may carry: a deposit made in parts, a photo sent again more clearly. */
export const MAX_SLIPS_PER_BOOKING = 5;
export const DOCUMENT_KIND_WORDS: Record<DocumentKind, string> = {
  licence_front: 'Driving licence (front)',
  licence_back: 'Driving licence (back)',
  passport: 'Passport',
  work_id: 'Work ID',
  proof_of_address: 'Proof of address',
};
export const DOCUMENT_KIND_NAMES = DOCUMENT_KINDS.map((kind) => DOCUMENT_KIND_WORDS[kind]);
/**
 * Which documents a renter gives: both sides of the licence and a proof of address always; a passport
 * or a work ID, one of the two, since a visitor has no Jamaican work ID (driverRules.ts documentsStillNeeded).
 */
export const DOCUMENT_NEED: Record<DocumentKind, 'required' | 'passport_or_work_id'> = {
  licence_front: 'required',
  licence_back: 'required',
  passport: 'passport_or_work_id',
  work_id: 'passport_or_work_id',
  proof_of_address: 'required',
};
/** The either/or, as every list of what to bring says it. */
export const PASSPORT_OR_WORK_ID = 'A valid passport or a work ID (visitors to Jamaica: your passport)';
/** Other drivers a booking may name besides the customer. */
export const MAX_ADDITIONAL_DRIVERS = 3;
/** Where the company's check of a customer stands: no driver details yet, to check, or decided. */
export const VETTING_STATUSES = ['not_submitted', 'waiting', 'approved', 'rejected'] as const;
export type VettingStatus = (typeof VETTING_STATUSES)[number];
export const VETTING_STATUS_WORDS: Record<VettingStatus, string> = {
  not_submitted: 'Driver details not given yet',
  waiting: 'Waiting for our check',
  approved: 'Approved',
  rejected: 'Not approved',
};
/** The name kept on an erased customer's past bookings. */
export const DELETED_CUSTOMER_NAME = 'Deleted customer';

/** The public page where anyone checks a copy of a rental agreement; every footer and the certificate page name it. */
export const VERIFY_AGREEMENT_PAGE = '/verify-agreement';
