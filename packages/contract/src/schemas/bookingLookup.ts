/** Finding a booking without an account password (bookingLookup.ts): the look-up and the sign-in link. */
import { z } from 'zod';
import { BOOKING_STATUSES, PAYMENT_STATUSES, STATUS_REASONS } from '../constants';
import { bookingCar } from './bookings';
import { ok } from './fields';

export const bookingLookupBody = z.object({
  reference: z
    .string({ error: 'Please type the booking reference, such as WR-7K3M9Q.' })
    .trim()
    .min(1, { error: 'Please type the booking reference, such as WR-7K3M9Q.' })
    .max(40, { error: 'A booking reference is short, such as WR-7K3M9Q.' }),
  lastNameOrEmail: z
    .string({ error: 'Please type the last name or the e-mail address on the booking.' })
    .trim()
    .min(1, { error: 'Please type the last name or the e-mail address on the booking.' })
    .max(254, { error: 'That is too long for a last name or an e-mail address.' }),
});
export type BookingLookupBody = z.infer<typeof bookingLookupBody>;

/** A booking as its renter sees it without signing in: the car, the dates, where it stands, what is owed. No one's personal details. */
export const lookedUpBooking = z.object({
  reference: z.string(),
  car: bookingCar,
  pickupDate: z.string(),
  returnDate: z.string(),
  status: z.enum(BOOKING_STATUSES),
  statusReason: z.enum(STATUS_REASONS).nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** The folio's totals, whole JMD: charged (GCT included), paid, and the balance still owed (negative: owed back). */
  owed: z.object({ charged: z.number().int(), paid: z.number().int(), balance: z.number().int(), currency: z.string() }),
});
export type LookedUpBooking = z.infer<typeof lookedUpBooking>;

export const bookingLookupResponse = ok({
  booking: lookedUpBooking,
  /** Whether a sign-in link went to the renter's address now (false: none on file, or enough sent lately; message says which). */
  linkSent: z.boolean(),
  message: z.string(),
});
export type BookingLookupResponse = z.infer<typeof bookingLookupResponse>;

export const bookingSignInBody = z.object({
  token: z
    .string({ error: 'The sign-in link is incomplete. Please open the link from the e-mail again.' })
    .trim()
    .min(1, { error: 'The sign-in link is incomplete. Please open the link from the e-mail again.' })
    .max(200, { error: 'The sign-in link is not valid. Please look up your booking again for a new one.' }),
});

/** A session for one booking: send token as the Authorization header to that booking's calls (access "bookingHolder"). */
export const bookingSignInResponse = ok({
  token: z.string(),
  bookingId: z.string(),
  reference: z.string(),
  expiresAt: z.string(),
  message: z.string(),
});
export type BookingSignInResponse = z.infer<typeof bookingSignInResponse>;
