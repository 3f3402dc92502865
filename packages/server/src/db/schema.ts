/**
 * Drizzle's view of the tables. The migrations in ./migrations are the source of truth:
 * what Drizzle cannot express (the bookings' daterange and its exclusion constraint) lives only there.
 */
import {
  AGREEMENT_KINDS,
  type AccountType,
  type AdditionalDriver,
  type BookingEventKind,
  CAR_PAPER_KINDS,
  CHANNEL_STOPS,
  type CarCategory,
  type CheckInTrailStep,
  type FuelType,
  type Transmission,
  DAMAGE_VIEWS,
  FOLIO_LINE_KINDS,
  type OtherBankAccount,
  STORED_DOCUMENT_KINDS,
  FOLIO_METHODS,
  FOLIO_PAYMENT_KINDS,
  type PriceRules,
  type Quote,
  type ReturnCharge,
  type StatementMapping,
} from '@rental/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  content: bytea('content').notNull(),
  mimeType: text('mime_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Stored lower-cased; unique. NULL: a walk-in customer staff booked for without one (migrations/0021). */
  email: text('email').unique(),
  /** NULL until a customer staff added sets one through their link (migrations/0021): no login matches it. */
  passwordHash: text('password_hash'),
  role: text('role', { enum: ['user', 'owner'] })
    .notNull()
    .default('user'),
  /** Staff only (role 'owner'): owner, manager or agent; the database fills in 'owner' (migrations/0019_staff_roles.sql). */
  staffRole: text('staff_role', { enum: ['owner', 'manager', 'agent'] }),
  /** Since when they are on the staff; set by the database as staff_role comes and goes (migrations/0020_staff_invitations.sql). */
  staffSince: timestamp('staff_since', { withTimezone: true }),
  imageId: uuid('image_id').references(() => images.id),
  /** Optional, given at registration or on the account page; staff call it about a booking. Kept as typed. */
  phone: text('phone'),
  /**
   * The phone in E.164 (+18765550142), NULL when it is not understood: computed by the database
   * from phone with the contract's rule (migrations/0052_message_channels.sql), never written.
   */
  phoneE164: text('phone_e164').generatedAlwaysAs(sql`phone_e164_of(phone)`),
  // migrations/0052: WhatsApp and SMS, chosen by the customer (e-mail is always on); when one was
  // turned off after being on, when and how (a STOP answered to a message, or the customer's choice).
  whatsappOn: boolean('whatsapp_on').notNull().default(false),
  whatsappStoppedAt: timestamp('whatsapp_stopped_at', { withTimezone: true }),
  whatsappStoppedBy: text('whatsapp_stopped_by', { enum: CHANNEL_STOPS }),
  smsOn: boolean('sms_on').notNull().default(false),
  smsStoppedAt: timestamp('sms_stopped_at', { withTimezone: true }),
  smsStoppedBy: text('sms_stopped_by', { enum: CHANNEL_STOPS }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Carried by every session token; a token with another version is refused. The database raises
   * it when password_hash or role changes (trigger in migrations/0003_session_version.sql).
   */
  sessionVersion: integer('session_version').notNull().default(0),
  // migrations/0015_drivers.sql: the company's check of the driver, staff's "do not rent", erasure.
  vettingStatus: text('vetting_status', { enum: ['not_submitted', 'waiting', 'approved', 'rejected'] })
    .notNull()
    .default('not_submitted'),
  vettingReason: text('vetting_reason'),
  vettedAt: timestamp('vetted_at', { withTimezone: true }),
  doNotRentReason: text('do_not_rent_reason'),
  erasedAt: timestamp('erased_at', { withTimezone: true }),
});

/** A customer's driving licence and date of birth (one row, once given). */
export const driverDetails = pgTable('driver_details', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  licenceNumber: text('licence_number').notNull(),
  licenceCountry: text('licence_country').notNull(),
  licenceIssued: date('licence_issued', { mode: 'string' }).notNull(),
  licenceExpires: date('licence_expires', { mode: 'string' }).notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A customer's documents: served only by their own route, to the customer and staff. */
export const documents = pgTable('documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: STORED_DOCUMENT_KINDS }).notNull(),
  /** A deposit slip's booking (migration 0035); null for a driver's documents. */
  bookingId: uuid('booking_id').references((): AnyPgColumn => bookings.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  mimeType: text('mime_type', { enum: ['image/webp', 'application/pdf'] }).notNull(),
  size: integer('size').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cars = pgTable('cars', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The owner who added the car (the fleet is the company's; any owner manages it). */
  addedBy: uuid('added_by').references(() => users.id),
  brand: text('brand').notNull(),
  model: text('model').notNull(),
  year: integer('year').notNull(),
  pricePerDay: integer('price_per_day').notNull(),
  category: text('category').$type<CarCategory>().notNull(),
  transmission: text('transmission').$type<Transmission>().notNull(),
  fuelType: text('fuel_type').$type<FuelType>().notNull(),
  seatingCapacity: integer('seating_capacity').notNull(),
  location: text('location').notNull(),
  description: text('description').notNull(),
  imageId: uuid('image_id')
    .notNull()
    .references(() => images.id),
  isAvailable: boolean('is_available').notNull().default(true),
  // migrations/0009_car_details.sql: null = SPEC's usual 4 doors, 500 km a day.
  doors: integer('doors'),
  distancePerDay: integer('distance_per_day'),
  /** As the lot knows it (migrations/0018_counter.sql): unique among cars not removed; null until given. */
  plate: text('plate'),
  /** At the last check-in (or as staff set it). */
  odometerKm: integer('odometer_km').notNull().default(0),
  /** Soft delete: deleted cars stay for the bookings that name them. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// A car's pictures in order (migrations/0009_car_details.sql). Position 0 is the
// cover, always the car's imageId; positions are unique per car (checked at commit) and 0-7.
export const carPictures = pgTable(
  'car_pictures',
  {
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id),
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.carId, t.imageId] })],
);

export const bookings = pgTable('bookings', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** "WR-7K3M9Q": unique, never changed; made by the database (new_booking_reference()). */
  reference: text('reference')
    .notNull()
    .unique()
    .default(sql`new_booking_reference()`),
  carId: uuid('car_id')
    .notNull()
    .references(() => cars.id),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  /** Inclusive: the car is taken on both days and every day between. */
  pickupDate: date('pickup_date', { mode: 'string' }).notNull(),
  returnDate: date('return_date', { mode: 'string' }).notNull(),
  price: integer('price').notNull(),
  status: text('status', { enum: ['pending', 'confirmed', 'cancelled', 'on_rent', 'returned', 'no_show'] })
    .notNull()
    .default('pending'),
  paymentMethod: text('payment_method', { enum: ['upfront', 'cash_deposit', 'card'] }).notNull(),
  /** While pending: when the hold ends (HOLD_MINUTES after it was made). */
  holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
  /** Why it was cancelled (null while it is not). */
  statusReason: text('status_reason', { enum: ['customer', 'staff', 'expired', 'not_approved'] }),
  /** What the folio says is paid (migrations/0024_folio.sql): the database derives it, whatever an UPDATE writes. */
  paymentStatus: text('payment_status', { enum: ['unpaid', 'part_paid', 'paid', 'refund_due', 'refunded'] })
    .notNull()
    .default('unpaid'),
  /** The address a pending booking came from (holds per address); forgotten once it is no longer pending. */
  madeFrom: text('made_from'),
  /** The other drivers the customer named (contract's additionalDriver), at most 3. */
  additionalDrivers: jsonb('additional_drivers').$type<AdditionalDriver[]>().notNull().default([]),
  /** Its price lines as quoted when it was made (contract quote.ts); null for bookings made before quotes. */
  quote: jsonb('quote').$type<Quote>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // period daterange GENERATED ... and the exclusion constraint: see migrations/0001_init.sql
});

/**
 * What happened to a booking (contract companyEvents.ts): each step of its life with the status it
 * reached, its money and reminders; who did it, when. Rows are only ever added (migrations/0028).
 */
export const bookingEvents = pgTable('booking_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  bookingId: uuid('booking_id')
    .notNull()
    .references(() => bookings.id),
  kind: text('kind').$type<BookingEventKind>().notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  /** The status a step of its life reached; null for any other event. */
  status: text('status', { enum: ['pending', 'confirmed', 'cancelled', 'on_rent', 'returned', 'no_show'] }),
  reason: text('reason', { enum: ['customer', 'staff', 'expired', 'not_approved'] }),
  actorId: uuid('actor_id').references(() => users.id),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

// Service blocks (migrations/0006_service_blocks.sql)
/**
 * Days staff take a car out of hire. Never shares a day of its car with a live booking or another
 * block: derived.car_days_taken and its exclusion constraint hold that (see the migration).
 */
export const carBlocks = pgTable('car_blocks', {
  id: uuid('id').primaryKey().defaultRandom(),
  carId: uuid('car_id')
    .notNull()
    .references(() => cars.id),
  /** Inclusive, as a booking's dates. */
  pickupDate: date('pickup_date', { mode: 'string' }).notNull(),
  returnDate: date('return_date', { mode: 'string' }).notNull(),
  note: text('note').notNull().default(''),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // period daterange GENERATED ...: see the migration
});

/** The company's one bank account record (id is always 1). */
export const bankDetails = pgTable(
  'bank_details',
  {
    id: integer('id').primaryKey().default(1),
    bankName: text('bank_name').notNull(),
    accountHolderName: text('account_holder_name').notNull(),
    branch: text('branch').notNull(),
    accountNumber: text('account_number').notNull(),
    accountType: text('account_type').$type<AccountType>().notNull(),
    /** The company's other accounts beside this main one (migration 0035). */
    otherAccounts: jsonb('other_accounts').$type<OtherBankAccount[]>().notNull().default([]),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('bank_details_single_row', sql`${t.id} = 1`)],
);

/** The company's facts as owners set them (id is always 1); see features/company/settings.ts. */
/** The price rules, one row of JSON (migrations/0016_prices.sql). */
export const priceRules = pgTable('price_rules', {
  id: integer('id').primaryKey().default(1),
  value: jsonb('value').$type<PriceRules>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What the company rents beside the cars; archived, never deleted. */
export const extras = pgTable('extras', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  charge: text('charge', { enum: ['per_day', 'per_rental'] }).notNull(),
  price: integer('price').notNull(),
  maxPerBooking: integer('max_per_booking').notNull(),
  stock: integer('stock'),
  position: integer('position').notNull().default(0),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const bookingExtras = pgTable(
  'booking_extras',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    extraId: uuid('extra_id')
      .notNull()
      .references(() => extras.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.extraId] })],
);

export const companySettings = pgTable(
  'company_settings',
  {
    id: integer('id').primaryKey().default(1),
    value: jsonb('value').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an owner first saved the settings (phone and e-mail no longer the shipped ones): migrations/0023. */
    contactsSavedAt: timestamp('contacts_saved_at', { withTimezone: true }),
  },
  (t) => [check('company_settings_single_row', sql`${t.id} = 1`)],
);

/** Each reminder sent once, by (kind, booking id or day): migrations/0023_reminders.sql, features/reminders/. */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    kind: text('kind', { enum: ['pickup_reminder', 'hold_ending_reminder', 'staff_daily_summary'] }).notNull(),
    subject: text('subject').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subject] })],
);

/** Server settings that must survive restarts and be shared by instances (the JWT secret). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Answers to POST /api/bookings/create by Idempotency-Key, so a retry gets the first answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** E-mails waiting to be sent, and sent (migrations/0005_outbox.sql; features/mail/outbox.ts). */
export const outbox = pgTable('outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  kind: text('kind').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  bookingId: uuid('booking_id').references(() => bookings.id),
  status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** A reset e-mail's token, only until it is sent or its link stops working (migrations/0013). */
  linkToken: text('link_token'),
  /** The booking's PDF the e-mail carries, read from rentals as it is sent (migrations/0018). */
  attachment: text('attachment', { enum: ['agreement', 'receipt'] }),
});

/**
 * WhatsApp and SMS messages beside the e-mails, ours and the customers' (migrations/0053_channel_messages.sql;
 * features/mail: outbox.ts writes them with the e-mails, channelSender.ts sends, channelWebhooks.ts moves their state).
 */
export const channelMessages = pgTable('channel_messages', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  direction: text('direction', { enum: ['out', 'in'] }).notNull(),
  channel: text('channel', { enum: ['whatsapp', 'sms'] }).notNull(),
  bookingId: uuid('booking_id').references(() => bookings.id),
  userId: uuid('user_id').references(() => users.id),
  phone: text('phone').notNull(),
  kind: text('kind').notNull(),
  template: text('template'),
  params: jsonb('params').$type<string[]>(),
  body: text('body').notNull(),
  secret: text('secret'),
  state: text('state', { enum: ['queued', 'sending', 'sent', 'delivered', 'read', 'failed', 'received'] }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  providerId: text('provider_id').unique(),
  lastError: text('last_error'),
  fallbackOf: bigint('fallback_of', { mode: 'number' }).references((): AnyPgColumn => channelMessages.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  readAt: timestamp('read_at', { withTimezone: true }),
  failedAt: timestamp('failed_at', { withTimezone: true }),
  seenAt: timestamp('seen_at', { withTimezone: true }),
  seenBy: uuid('seen_by').references(() => users.id),
});

/** Statuses that came before their message's provider id was kept (migrations/0053; features/mail/channelStates.ts). */
export const channelStatusesEarly = pgTable(
  'channel_statuses_early',
  {
    providerId: text('provider_id').notNull(),
    state: text('state', { enum: ['sent', 'delivered', 'read', 'failed'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    error: text('error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.state] })],
);

/** Password reset links: the token's SHA-256 only; valid until expiresAt, once. */
export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** One-time sign-in links to one booking (migrations/0047, features/bookingLookup): the token's SHA-256 only; valid until expiresAt, once. */
export const bookingSignInLinks = pgTable('booking_sign_in_links', {
  tokenHash: text('token_hash').primaryKey(),
  bookingId: uuid('booking_id')
    .notNull()
    .references(() => bookings.id),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** A one-time link that brings a person onto the staff (migrations/0020_staff_invitations.sql; features/staff/). */
export const staffInvitations = pgTable('staff_invitations', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  staffRole: text('staff_role', { enum: ['owner', 'manager', 'agent'] }).notNull(),
  /** SHA-256 of the link's token: the token itself is never stored. */
  tokenHash: text('token_hash').notNull().unique(),
  invitedBy: uuid('invited_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  status: text('status', { enum: ['pending', 'accepted', 'cancelled', 'replaced'] })
    .notNull()
    .default('pending'),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  userId: uuid('user_id').references(() => users.id),
});

/** One visit to the card provider's page (migrations/0017_card_payments.sql; features/payments/). */
export const paymentAttempts = pgTable('payment_attempts', {
  id: uuid('id').primaryKey().defaultRandom(),
  bookingId: uuid('booking_id')
    .notNull()
    .references(() => bookings.id),
  /** The booking's reference and "-<n>": unique, at most 16 characters. */
  orderId: text('order_id').notNull().unique(),
  provider: text('provider', { enum: ['wipay', 'sandbox'] }).notNull(),
  /** Whole units, set by the server when the attempt began. */
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  /** Forward only (a trigger holds it): created → sent → paid | failed | expired; expired → paid | failed; paid → refunded. */
  status: text('status', { enum: ['created', 'sent', 'paid', 'failed', 'expired', 'refunded'] })
    .notNull()
    .default('created'),
  refundedAmount: integer('refunded_amount').notNull().default(0),
  transactionId: text('transaction_id'),
  /** The provider's card page, stored as it opens: a second start while the attempt is open is sent back to it (0025). */
  pageUrl: text('page_url'),
  /** Never the card number: its last 4 digits only. */
  cardLast4: text('card_last4'),
  message: text('message'),
  closeNote: text('close_note'),
  closedBy: uuid('closed_by').references(() => users.id),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- The counter (migrations/0018_counter.sql; features/counter/) ----

/** One row per booking that reached the counter: written at check-out, completed once at check-in. */
/** Online check-in (0048_online_check_in.sql): the e-mailed code (hashed), its trail, and once completed the signed agreement. */
export const onlineCheckIns = pgTable('online_check_ins', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => bookings.id),
  codeHash: text('code_hash'),
  codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
  codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
  codeTries: integer('code_tries').notNull().default(0),
  trail: jsonb('trail').$type<{ step: CheckInTrailStep; at: string }[]>().notNull().default([]),
  pickupTime: text('pickup_time'),
  flightNumber: text('flight_number'),
  signature: bytea('signature'),
  agreementPdf: bytea('agreement_pdf'),
  agreementSha256: text('agreement_sha256'),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  signedIp: text('signed_ip'),
  signedUserAgent: text('signed_user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The customer erased their account (0049): the agreement, the signature and where it was signed from are gone. */
  erasedAt: timestamp('erased_at', { withTimezone: true }),
});

export const rentals = pgTable('rentals', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => bookings.id),
  checkedOutAt: timestamp('checked_out_at', { withTimezone: true }).notNull().defaultNow(),
  checkedOutBy: uuid('checked_out_by')
    .notNull()
    .references(() => users.id),
  licenceNumber: text('licence_number').notNull(),
  /** Read off the proof of address at check-out (0030_renter_address.sql); null before it was asked. */
  renterAddress: text('renter_address'),
  odometerOut: integer('odometer_out').notNull(),
  fuelOut: smallint('fuel_out').notNull(),
  items: jsonb('items').$type<string[]>().notNull().default([]),
  depositAmount: integer('deposit_amount').notNull(),
  depositMethod: text('deposit_method', { enum: ['cash', 'card', 'bank_transfer'] }).notNull(),
  depositReference: text('deposit_reference').notNull().default(''),
  /** Keys out with the balance owing, by an owner's or a manager's choice (0026_counter_money.sql). */
  payAtReturnReason: text('pay_at_return_reason'),
  payAtReturnBy: uuid('pay_at_return_by').references(() => users.id),
  signature: bytea('signature').notNull(),
  staffSignature: bytea('staff_signature'),
  agreementPdf: bytea('agreement_pdf').notNull(),
  /** Checked in online: the car as handed over, sealed (0051_condition_appendix.sql); null for a counter agreement. */
  conditionPdf: bytea('condition_pdf'),
  checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
  checkedInBy: uuid('checked_in_by').references(() => users.id),
  returnedAt: timestamp('returned_at', { withTimezone: true }),
  odometerIn: integer('odometer_in'),
  fuelIn: smallint('fuel_in'),
  cleaning: integer('cleaning'),
  charges: jsonb('charges').$type<ReturnCharge[]>(),
  chargesTotal: integer('charges_total'),
  depositRefunded: integer('deposit_refunded'),
  depositKept: integer('deposit_kept'),
  owing: integer('owing'),
  toBeAssessed: boolean('to_be_assessed'),
  /** Items handed over and not brought back, as written at check-out (0036_items_missing.sql). */
  itemsMissing: jsonb('items_missing').$type<string[]>().notNull().default([]),
  receiptNumber: text('receipt_number').unique(),
  receiptPdf: bytea('receipt_pdf'),
  overdueAlertedAt: timestamp('overdue_alerted_at', { withTimezone: true }),
  returnRemindedAt: timestamp('return_reminded_at', { withTimezone: true }),
});

/** The last receipt number given in each year. */
export const receiptNumbers = pgTable('receipt_numbers', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

export const counterPhotos = pgTable('counter_photos', {
  id: uuid('id').primaryKey().defaultRandom(),
  bookingId: uuid('booking_id')
    .notNull()
    .references(() => bookings.id),
  stage: text('stage', { enum: ['check_out', 'check_in'] }).notNull(),
  content: bytea('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The SHA-256 of every agreement PDF handed over, its signing certificate page included
 * (0046_sealed_agreements.sql, features/agreements): never changed nor removed.
 */
export const sealedAgreements = pgTable('sealed_agreements', {
  id: uuid('id').primaryKey().defaultRandom(),
  bookingId: uuid('booking_id')
    .notNull()
    .references(() => bookings.id),
  kind: text('kind', { enum: AGREEMENT_KINDS }).notNull(),
  /** Lower-case hex of the whole final PDF. */
  sha256: text('sha256').notNull().unique(),
  reference: text('reference').notNull(),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull().defaultNow(),
  /** A copy made again for an erasure: the seal of the copy it replaces. */
  redraws: uuid('redraws').references((): AnyPgColumn => sealedAgreements.id),
});

export const carDamages = pgTable('car_damages', {
  id: uuid('id').primaryKey().defaultRandom(),
  carId: uuid('car_id')
    .notNull()
    .references(() => cars.id),
  zone: text('zone', { enum: ['front', 'back', 'left', 'right', 'roof', 'interior'] }).notNull(),
  description: text('description').notNull(),
  photoId: uuid('photo_id').references(() => counterPhotos.id),
  foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
  foundBookingId: uuid('found_booking_id').references(() => bookings.id),
  foundStage: text('found_stage', { enum: ['check_out', 'check_in'] }),
  amount: integer('amount'),
  repairedAt: timestamp('repaired_at', { withTimezone: true }),
  repairedBy: uuid('repaired_by').references(() => users.id),
  // A pin on the car's drawing (migrations/0041_damage_pins.sql): x and y are fractions of the view.
  view: text('view', { enum: DAMAGE_VIEWS }).notNull(),
  x: real('x'),
  y: real('y'),
  repairCost: integer('repair_cost'),
});

/** A damage's photos in the order taken (car_damages.photo_id is the first). */
export const carDamagePhotos = pgTable(
  'car_damage_photos',
  {
    damageId: uuid('damage_id')
      .notNull()
      .references(() => carDamages.id),
    photoId: uuid('photo_id')
      .notNull()
      .references(() => counterPhotos.id),
    position: smallint('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.damageId, table.position] })],
);

// ---- The folio (migrations/0024_folio.sql; features/bookings/folio.ts) ----

/** A booking's charges; append-only (a trigger refuses UPDATE and DELETE): a correction voids a line. */
export const folioLines = pgTable('folio_lines', {
  id: uuid('id').primaryKey().defaultRandom(),
  bookingId: uuid('booking_id')
    .notNull()
    .references(() => bookings.id),
  kind: text('kind', { enum: FOLIO_LINE_KINDS }).notNull(),
  label: text('label').notNull(),
  /** Before GCT; negative for a discount or a voiding line. */
  amount: integer('amount').notNull(),
  gct: integer('gct').notNull().default(0),
  voidsLineId: uuid('voids_line_id'),
  reason: text('reason'),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
});

/** Tolls and tickets added after the return, each with its folio line and scan (0042_late_charges.sql). */
export const lateCharges = pgTable('late_charges', {
  id: uuid('id').primaryKey().defaultRandom(),
  bookingId: uuid('booking_id')
    .notNull()
    .references(() => bookings.id),
  lineId: uuid('line_id')
    .notNull()
    .unique()
    .references(() => folioLines.id),
  kind: text('kind', { enum: ['toll', 'fine'] }).notNull(),
  offenceDate: date('offence_date', { mode: 'string' }).notNull(),
  amount: integer('amount').notNull(),
  description: text('description').notNull(),
  /** Null once the customer's account was erased (scanErasedAt says when). */
  scan: bytea('scan'),
  scanType: text('scan_type', { enum: ['image/webp', 'application/pdf'] }),
  scanErasedAt: timestamp('scan_erased_at', { withTimezone: true }),
  requestKey: text('request_key'),
  requestHash: text('request_hash'),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Money in and out of a booking; append-only. */
export const folioPayments = pgTable('folio_payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  bookingId: uuid('booking_id')
    .notNull()
    .references(() => bookings.id),
  kind: text('kind', { enum: FOLIO_PAYMENT_KINDS }).notNull(),
  method: text('method', { enum: FOLIO_METHODS }).notNull(),
  amount: integer('amount').notNull(),
  reference: text('reference').notNull().default(''),
  note: text('note').notNull().default(''),
  /** A card payment's attempt (one payment line per attempt). */
  attemptId: uuid('attempt_id').references(() => paymentAttempts.id),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
});

/** The day's cash-up: a day closed for a staff member or the whole desk (staffId null), reopened by an owner (0038_cash_up.sql). */
export const cashUps = pgTable('cash_ups', {
  id: uuid('id').primaryKey().defaultRandom(),
  day: date('day', { mode: 'string' }).notNull(),
  staffId: uuid('staff_id').references(() => users.id),
  countedCash: integer('counted_cash').notNull(),
  expectedCash: integer('expected_cash').notNull(),
  difference: integer('difference').notNull(),
  note: text('note').notNull().default(''),
  closedBy: uuid('closed_by')
    .notNull()
    .references(() => users.id),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  reopenedBy: uuid('reopened_by').references(() => users.id),
  reopenedAt: timestamp('reopened_at', { withTimezone: true }),
  reopenReason: text('reopen_reason'),
});

// ---- Bank statements (0037_bank_statements.sql) ----

/** A bank statement uploaded for one of the company's accounts (its account number's digits). */
export const bankStatements = pgTable('bank_statements', {
  id: uuid('id').primaryKey().defaultRandom(),
  bankAccount: text('bank_account').notNull(),
  format: text('format', { enum: ['ofx', 'csv'] }).notNull(),
  fileName: text('file_name').notNull().default(''),
  currency: text('currency').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
});

/** A statement's line as the bank wrote it, with the booking it seems to pay. */
export const bankStatementLines = pgTable('bank_statement_lines', {
  id: uuid('id').primaryKey().defaultRandom(),
  statementId: uuid('statement_id')
    .notNull()
    .references(() => bankStatements.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  lineKey: text('line_key').notNull(),
  bankId: text('bank_id').notNull(),
  postedOn: date('posted_on', { mode: 'string' }).notNull(),
  amount: integer('amount').notNull(),
  description: text('description').notNull(),
  bookingId: uuid('booking_id').references(() => bookings.id),
  confidence: text('confidence', { enum: ['certain', 'likely'] }),
  reason: text('reason'),
});

/** A bank line paid into a booking: once per account (the primary key). */
export const bankLinesApplied = pgTable(
  'bank_lines_applied',
  {
    bankAccount: text('bank_account').notNull(),
    lineKey: text('line_key').notNull(),
    lineId: uuid('line_id')
      .notNull()
      .references(() => bankStatementLines.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    paymentId: uuid('payment_id').references(() => folioPayments.id),
    appliedBy: uuid('applied_by').references(() => users.id),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bankAccount, t.lineKey] })],
);

/** A CSV's columns chosen once for an account. */
export const bankStatementMappings = pgTable('bank_statement_mappings', {
  bankAccount: text('bank_account').primaryKey(),
  mapping: jsonb('mapping').$type<StatementMapping>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A car's papers (migrations/0039_car_papers.sql): a renewal is a new row; the current of a kind expires last. */
export const carPapers = pgTable('car_papers', {
  id: uuid('id').primaryKey().defaultRandom(),
  carId: uuid('car_id')
    .notNull()
    .references(() => cars.id),
  kind: text('kind', { enum: CAR_PAPER_KINDS }).notNull(),
  /** The first day the paper no longer covers the car. */
  expiresOn: date('expires_on', { mode: 'string' }).notNull(),
  insurer: text('insurer'),
  policyNumber: text('policy_number'),
  /** Whole units of the currency, as the folio's; counts on paidOn. */
  cost: integer('cost'),
  paidOn: date('paid_on', { mode: 'string' }),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A paper's scan, private: staff read it through its own call. */
export const carPaperScans = pgTable('car_paper_scans', {
  paperId: uuid('paper_id')
    .primaryKey()
    .references(() => carPapers.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  mimeType: text('mime_type', { enum: ['image/webp', 'application/pdf'] }).notNull(),
  size: integer('size').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Staff's alerts before a paper expires: one row per (paper, days before), taken with the alert's event. */
export const carPaperAlerts = pgTable(
  'car_paper_alerts',
  {
    paperId: uuid('paper_id')
      .notNull()
      .references(() => carPapers.id, { onDelete: 'cascade' }),
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.daysBefore] })],
);

// ---- Services that fall due (0040_maintenance.sql) ----

/** A maintenance plan: a car's own (carId) or its make and model's (brandKey, modelKey in lower case). */
export const maintenancePlans = pgTable('maintenance_plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  carId: uuid('car_id')
    .unique()
    .references(() => cars.id),
  brandKey: text('brand_key'),
  modelKey: text('model_key'),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An item of a plan: due every everyKm kilometres and/or everyMonths months after its last service. */
export const maintenancePlanItems = pgTable(
  'maintenance_plan_items',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => maintenancePlans.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    itemKey: text('item_key').notNull(),
    everyKm: integer('every_km'),
    everyMonths: integer('every_months'),
  },
  (t) => [primaryKey({ columns: [t.planId, t.position] })],
);

/** A service done to a car (cost in whole JMD as the folio counts, counted on serviceDate by the fleet report). */
export const carServices = pgTable('car_services', {
  id: uuid('id').primaryKey().defaultRandom(),
  carId: uuid('car_id')
    .notNull()
    .references(() => cars.id),
  serviceDate: date('service_date', { mode: 'string' }).notNull(),
  odometerKm: integer('odometer_km').notNull(),
  cost: integer('cost').notNull(),
  garage: text('garage').notNull().default(''),
  note: text('note').notNull().default(''),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The items a service did, by the plan's names at the time. */
export const carServiceItems = pgTable(
  'car_service_items',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => carServices.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.itemKey] })],
);

/** Each car's last service of each item (the latest day, the highest reading), kept as services are logged: the due list reads this. */
export const carItemLastService = pgTable(
  'car_item_last_service',
  {
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id),
    itemKey: text('item_key').notNull(),
    lastOn: date('last_on', { mode: 'string' }).notNull(),
    lastKm: integer('last_km').notNull(),
  },
  (t) => [primaryKey({ columns: [t.carId, t.itemKey] })],
);

/** A service's receipt scan, cleaned as a driver's document; staff only. */
export const carServiceReceipts = pgTable('car_service_receipts', {
  serviceId: uuid('service_id')
    .primaryKey()
    .references(() => carServices.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  mimeType: text('mime_type', { enum: ['image/webp', 'application/pdf'] }).notNull(),
  size: integer('size').notNull(),
});
