/**
 * Bookings staff make for walk-in and phone customers (docs/decisions/094): finding the customer,
 * then booking for them under every rule a customer's own booking has, except the limit of holds.
 */
import { z } from 'zod';
import { PAYMENT_METHODS, VETTING_STATUSES } from '../constants';
import { calendarDate, expectedTotal, idField, oneOf, queryText, personName } from './fields';
import { quoteChoices } from './prices';
import { booking } from './bookings';
import { typedLicence } from './drivers';
import { emailSchema, phoneSchema } from './users';

/** At most this many customers answer one search: staff type more to narrow it. */
export const CUSTOMER_SEARCH_LIMIT = 20;
/** Fewer characters than this search nothing (every customer would match). */
export const CUSTOMER_SEARCH_MIN = 2;

export const customerSearchQuery = z.object({
  q: queryText('The search', 100).describe('Part of a name, e-mail address or phone number (a phone number by its digits).'),
});
export type CustomerSearchQuery = z.infer<typeof customerSearchQuery>;

/** A customer as the booking desk sees them: enough to pick the right person, nothing more. */
export const customerMatch = z.object({
  _id: z.string(),
  name: z.string(),
  /** Empty when the customer gave none (a walk-in). */
  email: z.string(),
  phone: z.string(),
  vetting: z.enum(VETTING_STATUSES),
  doNotRent: z.boolean(),
  bookings: z.number(),
});
export type CustomerMatch = z.infer<typeof customerMatch>;

/** Someone new: a name and a phone to reach them; an e-mail if they have one (they then get a link to set a password). */
export const newCustomer = z.object({
  name: personName('Name', 100),
  phone: phoneSchema.refine((value) => value !== '', { error: 'Phone number is required for a new customer.' }),
  email: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), emailSchema.optional()),
});
export type NewCustomer = z.infer<typeof newCustomer>;

export const STAFF_BOOKING_STATUSES = ['pending', 'confirmed'] as const;
export type StaffBookingStatus = (typeof STAFF_BOOKING_STATUSES)[number];

export const staffBookingBody = z.object({
  customer: z.union([z.object({ userId: idField('the customer') }), newCustomer], {
    error: 'Please choose the customer, or give a new customer’s name and phone number.',
  }),
  car: idField('the car'),
  pickupDate: calendarDate('Pickup date'),
  returnDate: calendarDate('Return date'),
  paymentMethod: oneOf('how to pay', PAYMENT_METHODS, ['upfront', 'cash deposit', 'card']),
  ...quoteChoices,
  expectedTotal,
  status: oneOf('whether the booking is confirmed', STAFF_BOOKING_STATUSES, ['pending', 'confirmed']).optional(),
  /** The customer's licence and date of birth, typed off the card in hand: saved as their own entry would be, checked on the booking's days. */
  driver: typedLicence.optional(),
});
export type StaffBookingBody = z.infer<typeof staffBookingBody>;
export type StaffBookingBodyInput = z.input<typeof staffBookingBody>;

export const staffBookingResponses = {
  customers: z.object({ success: z.literal(true), customers: z.array(customerMatch) }),
  /** customerId: whose the booking is (a new customer's id too), for the licence photo sent next. */
  booked: z.object({ success: z.literal(true), message: z.string(), booking, customerId: z.string(), notice: z.string().optional() }),
} as const;
export type CustomerSearchResponse = z.infer<typeof staffBookingResponses.customers>;
export type StaffBookingResponse = z.infer<typeof staffBookingResponses.booked>;

/** What staff read when a booking for a customer is refused for the customer's sake. */
export const STAFF_BOOKING_MESSAGES = {
  booked: 'The booking is made.',
  bookedConfirmed: 'The booking is made and confirmed.',
  customerNotFound: 'That customer cannot be found. Please search for them again.',
  staffNotCustomer: 'A staff account cannot be booked for here. Please choose a customer.',
  emailTaken: 'A customer with this e-mail address already has an account. Please search for them and choose them instead.',
  erased: 'This customer erased their account. Please add them again as a new customer.',
  doNotRent: 'This customer is marked “do not rent”, so they cannot be booked. The reason is on the driver checks page.',
  notApproved: 'This customer was not approved as a driver, so they cannot be booked until their details are approved.',
  driverMissing: 'The customer has not given their driving licence details yet: take them before handing over the keys.',
} as const;

/** How long the link of a customer staff added works: they may read their e-mail days after booking. */
export const WELCOME_LINK_DAYS = 7;
