/**
 * Online check-in's calls (onlineCheckIn.ts holds the rules): the state of each step, the code sent
 * to the customer's e-mail, and the completion that signs the agreement.
 */
import { z } from 'zod';
import { PAYMENT_METHODS, VETTING_STATUSES } from '../constants';
import { DELIVERY_PLACES } from '../quote';
import { CHECK_IN_CLOSED_REASONS, CHECK_IN_SIGNATURE_MAX_CHARS, CHECK_IN_TRAIL_STEPS } from '../onlineCheckIn';
import { agreementDocument } from './counter';
import { bookingDetail, checkInDone } from './bookings';
import { delivery } from './prices';
import { ok } from './fields';

// The company's settings it adds (opening hours per weekday, onlineCheckInHours) are in company.ts;
// the booking's own `onlineCheckIn` ({ completedAt, agreementSha256 }) is in bookings.ts.
import { timeOfDay } from './company';

// ---------- GET /api/bookings/{id}/online-check-in ----------
/** A step's state: done; waiting on the company (vetting); still to do by the customer; or cannot be done online. */
export const CHECK_IN_STEP_STATES = ['done', 'waiting', 'to_do', 'blocked'] as const;
export type CheckInStepState = (typeof CHECK_IN_STEP_STATES)[number];
const stepState = z.enum(CHECK_IN_STEP_STATES);

/** One driver of the booking as the Drivers step shows them. */
export const checkInDriver = z.object({
  /** main: the customer who booked (documents and vetting); other: a driver they named (licence details). */
  role: z.enum(['main', 'other']),
  name: z.string(),
  /** The licence details are given (number, expiry, date of birth...). */
  licenceGiven: z.boolean(),
  /** What must still be sent, in words ("Licence (front)", "Passport or work ID"); empty when nothing. Always empty for other drivers. */
  documentsNeeded: z.array(z.string()),
  /** The company's check of the main driver (other drivers: checked at the counter, as today). */
  vetting: z.enum(VETTING_STATUSES).nullable(),
  /** The driver rules they break for this booking's days (age, licence years, licence expiring), in words. */
  problems: z.array(z.string()),
  state: stepState,
});
export type CheckInDriver = z.infer<typeof checkInDriver>;

/** One step of the trail with its time (ISO). */
export const checkInTrailEntry = z.object({ step: z.enum(CHECK_IN_TRAIL_STEPS), at: z.string() });

export const onlineCheckInState = z.object({
  bookingId: z.string(),
  reference: z.string(),
  /** Can the customer complete it now. */
  open: z.boolean(),
  /** Why not (null when open); the words are CHECK_IN_CLOSED_WORDS'. */
  closedReason: z.enum(CHECK_IN_CLOSED_REASONS).nullable(),
  closedMessage: z.string().nullable(),
  /** When check-in opens (ISO instant): onlineCheckInHours before the pickup day's opening time. */
  opensAt: z.string(),
  /** Set once completed. */
  completed: checkInDone.nullable(),
  /** What happened so far, oldest first (printed on the signing certificate). */
  trail: z.array(checkInTrailEntry),
  drivers: z.object({
    state: stepState,
    /** The main driver first, then the others the customer named. */
    drivers: z.array(checkInDriver),
  }),
  arrival: z.object({
    state: stepState,
    pickupDate: z.string(),
    /** Where the car is picked up (the car's location). */
    location: z.string(),
    /** The company's hours that day; null: closed that day. */
    hours: z.object({ opens: z.string(), closes: z.string() }).nullable(),
    /** The time given at completion; null until then. */
    pickupTime: z.string().nullable(),
    /** The delivery the booking was made with (null: picked up at the office). */
    delivery: z
      .object({ place: z.enum(DELIVERY_PLACES), placeWords: z.string(), address: z.string().nullable(), flightNumber: z.string().nullable() })
      .nullable(),
    /** A flight number the customer gave (at completion or with the delivery). */
    flightNumber: z.string().nullable(),
  }),
  agreement: z.object({
    state: stepState,
    /** The agreement's text exactly as the PDF will hold it (the counter's content), for reading on the phone. */
    document: agreementDocument,
    /** Where the code goes, masked ("j•••@example.com"). */
    codeEmail: z.string(),
    /** The last code's sending and expiry (ISO); null: none sent. */
    codeSentAt: z.string().nullable(),
    codeExpiresAt: z.string().nullable(),
    /** Wrong tries the last code still takes (0: ask for a new one). */
    triesLeft: z.number(),
  }),
  money: z.object({
    /** done: nothing owing; to_do: a balance to pay (by card when cards are on, or the bank deposit). */
    state: stepState,
    /** The folio's balance (whole units of the currency); positive: owing. */
    balance: z.number(),
    /** The security deposit taken at the counter. */
    deposit: z.number(),
    currency: z.string(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    /** Cards can be taken online (a provider is set up). */
    cardsOn: z.boolean(),
    /** The reference to write on a bank deposit: the booking reference. */
    bankReference: z.string(),
  }),
});
export type OnlineCheckInState = z.infer<typeof onlineCheckInState>;

// ---------- POST /api/bookings/{id}/online-check-in ----------
export const completeCheckInBody = z.object({
  /** The time of day the customer will pick the car up (or meet the delivery), within the day's opening hours. */
  pickupTime: timeOfDay('Pickup time'),
  /** The flight the customer arrives on (airport deliveries: replaces the one given when booking). */
  flightNumber: delivery.options[0].shape.flightNumber.optional(),
  code: z
    .string({ error: 'Please type the 6-digit code from the e-mail.' })
    .trim()
    .regex(/^\d{6}$/, { error: 'Please type the 6-digit code from the e-mail.' }),
  /**
   * The customer's signature as a PNG data URL. Checked by the server with a code (signature_missing,
   * signature_not_png, signature_too_large, signature_unreadable), not here.
   */
  signature: z
    .string({ error: 'Please sign with your finger in the box.' })
    .max(CHECK_IN_SIGNATURE_MAX_CHARS * 4, { error: 'The signature is too large. Please clear it and sign again.' }),
});
export type CompleteCheckInBody = z.infer<typeof completeCheckInBody>;
export type CompleteCheckInBodyInput = z.input<typeof completeCheckInBody>;

export const onlineCheckInResponses = {
  state: ok({ checkIn: onlineCheckInState }),
  codeSent: ok({
    message: z.string(),
    /** Masked address the code went to. */
    codeEmail: z.string(),
    codeExpiresAt: z.string(),
  }),
  completed: ok({
    message: z.string(),
    booking: bookingDetail.extend({ onlineCheckIn: checkInDone }),
  }),
};
