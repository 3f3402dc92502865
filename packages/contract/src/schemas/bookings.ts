import { z } from 'zod';
import { BOOKING_STATUSES, MAX_BOOKINGS_PAGE, STAFF_SET_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, STATUS_REASONS, VETTING_STATUSES } from '../constants';
import { FOLIO_METHODS, LEGACY_PAYMENT_STATUS } from '../folio';
import { counterRecord } from './counterRecord';
import { additionalDriver } from './drivers';
import { PAYMENT_ATTEMPT_STATUSES } from './payments';
import { quoteChoices, quoteSchema } from './prices';
import { calendarDate, expectedTotal, idField, oneOf, queryText, text } from './fields';

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
  paymentMethod: oneOf('how to pay', PAYMENT_METHODS, ['upfront', 'cash deposit', 'card']),
  /** The extras, other drivers and delivery the quote priced (schemas/prices.ts). */
  ...quoteChoices,
  expectedTotal,
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

/** A booking checked in online (onlineCheckIn.ts): when, and the SHA-256 (hex) of the agreement PDF signed then. */
export const checkInDone = z.object({
  completedAt: z.string(),
  agreementSha256: z.string(),
});
export type CheckInDone = z.infer<typeof checkInDone>;

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
  /** What is paid, as the booking's folio says (GET /api/bookings/{id}/folio). */
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** The other drivers the customer named (the customer drives too). */
  additionalDrivers: z.array(additionalDriver),
  /** Its price lines as quoted when it was made (null for a booking made before quotes); price is the quote's total. */
  quote: quoteSchema.nullable(),
  /** Set once the customer checked in online (absent: not checked in online). */
  onlineCheckIn: checkInDone.optional(),
});
export type Booking = z.infer<typeof booking>;

/** One booking in full: its status history too, oldest first. */
export const bookingDetail = booking.extend({
  history: z.array(z.object({ status: z.enum(BOOKING_STATUSES), reason: z.enum(STATUS_REASONS).nullable(), at: z.string() })),
  /** The last card payment attempt: where it stands, the provider's words, when it last moved; null: none. */
  cardPayment: z
    .object({ status: z.enum(PAYMENT_ATTEMPT_STATUSES), message: z.string().nullable(), at: z.string() })
    .nullable()
    .optional(),
  /** The keys going out and coming back: condition, deposit, charges, the agreement and the receipt. */
  counter: counterRecord.optional(),
});
export type BookingDetail = z.infer<typeof bookingDetail>;

/** The owner's list also names the customer, and nothing secret. */
export const ownerBooking = booking.extend({
  user: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    /** Where the company's check of the customer stands; not_submitted: no driver details yet. */
    vetting: z.enum(VETTING_STATUSES),
    /** Staff marked them "do not rent" (the reason is on the vetting page). */
    doNotRent: z.boolean(),
  }),
  /** Deposit slips (or transfer screenshots) the customer sent on it: staff look for the money in the bank, then record it. */
  slipsSent: z.number().optional(),
});
export type StaffBooking = z.infer<typeof ownerBooking>;

export const bookingIdBody = z.object({ bookingId: idField('the booking') });
export const referenceParams = z.object({ reference: z.string().describe('The booking reference, e.g. WR-7K3M9Q.') });

export const changeStatusBody = z.object({
  bookingId: idField('the booking'),
  status: oneOf('a status', STAFF_SET_STATUSES, ['pending', 'confirmed', 'cancelled', 'no show']),
});
export type ChangeStatusBody = z.infer<typeof changeStatusBody>;

const PAYMENT_STATUS_SHOWN = ['not paid yet', 'part paid', 'paid', 'refund due', 'refunded'] as const;
export const paymentStatusBody = z.object({
  bookingId: idField('the booking'),
  paymentStatus: z.literal('paid', { error: 'Only "paid" can be recorded here: it records the balance as paid. To give money back, record a refund.' }),
  method: oneOf('how the money moved', FOLIO_METHODS, ['card', 'bank deposit', 'cash', 'bank transfer']).optional(),
});
export type PaymentStatusBody = z.infer<typeof paymentStatusBody>;

/** The balance filter of Manage Bookings: returned bookings still owing. */
export const STAFF_BALANCE_FILTERS = ['owing_after_return'] as const;

/** Which bookings: the filters of Manage Bookings, of its pages and of the export. */
export const staffBookingFilters = z.object({
  status: oneOf('a status', BOOKING_STATUSES, ['pending', 'confirmed', 'cancelled', 'picked up', 'returned', 'no show'])
    .optional()
    .describe('Only bookings with this status.'),
  paymentStatus: z
    .preprocess(
      (value) => (typeof value === 'string' ? (LEGACY_PAYMENT_STATUS[value] ?? value) : value),
      oneOf('what has been paid', PAYMENT_STATUSES, PAYMENT_STATUS_SHOWN),
    )
    .optional()
    .describe('Only bookings in this payment state (deposit_received, its older name, is part_paid).'),
  from: calendarDate('First day').optional().describe('With to: only rentals touching these days (inclusive).'),
  to: calendarDate('Last day').optional().describe('With from: only rentals touching these days (inclusive).'),
  q: queryText('Search', 100).optional().describe("Part of the reference, the customer's name or e-mail, or 4 or more digits of the phone."),
  balance: oneOf('which balance', STAFF_BALANCE_FILTERS, ['owing after return'])
    .optional()
    .describe('owing_after_return: only returned bookings that still owe money (a toll or ticket added later, a return not paid in full).'),
});
export type StaffBookingFilters = z.infer<typeof staffBookingFilters>;

export const staffBookingsQuery = staffBookingFilters.extend({
  limit: z
    .string({ error: `Bookings per page must be a whole number from 1 to ${MAX_BOOKINGS_PAGE}.` })
    .regex(/^\d{1,3}$/, { error: `Bookings per page must be a whole number from 1 to ${MAX_BOOKINGS_PAGE}.` })
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_BOOKINGS_PAGE, { error: `Bookings per page must be a whole number from 1 to ${MAX_BOOKINGS_PAGE}.` })
    .optional()
    .describe(`1 to ${MAX_BOOKINGS_PAGE}: answer one page (with nextCursor) instead of every booking.`),
  cursor: queryText('The page asked for', 200).optional().describe("The previous page's nextCursor."),
});
export type StaffBookingsQuery = z.infer<typeof staffBookingsQuery>;
