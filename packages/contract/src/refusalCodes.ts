/**
 * Refusals a screen must act on carry a code beside their sentence; screens decide on the code,
 * never on the words. Each code here with the sentence the server sends for it.
 */
import { BOOKING_REFUSALS, type BookingRefusal } from './bookingRefusals';
import { mapRecord } from './records';
import { FOLIO_MESSAGES } from './folio';
import { STORAGE_REFUSALS } from './storage';
import { SLIP_REFUSALS } from './paymentSlips';
import { CASH_UP_REFUSALS } from './cashUp';
import { BOOKS_REFUSALS } from './books';
import { STATEMENT_REFUSALS } from './statements';
import { DAMAGE_PIN_REFUSALS } from './damagePins';
import { CAR_PAPER_REFUSALS } from './carPapers';
import { LATE_CHARGE_REFUSALS } from './lateCharges';
import { MAINTENANCE_REFUSALS } from './maintenance';
import { FLEET_REPORT_REFUSALS } from './fleetReport';
import { AGREEMENT_REFUSALS } from './agreements';
import { ONLINE_CHECK_IN_REFUSALS } from './onlineCheckIn';
import { CHECKED_IN_ONLINE_REFUSALS } from './checkedInOnline';
import { BOOKING_LOOKUP_REFUSALS } from './bookingLookup';
import { MESSAGE_CHANNEL_REFUSALS } from './messageChannels';
import { BOOKING_MESSAGE_REFUSALS } from './bookingMessages';
import { PHONE_NEEDED_REFUSAL } from './phoneNumber';

/**
 * The code of a refusal that has no more particular one: what its status means. Every failure body
 * carries a code, so a screen never has to read the words.
 */
export const GENERAL_CODES = {
  invalid_input: 'Something in the request is missing or not valid; the message says what.',
  login_needed: 'Please log in (again) to do this.',
  not_allowed: 'Your account may not do this.',
  not_found: 'It does not exist, or it is not yours to see.',
  conflict: 'This cannot be done as things stand now; the message says why.',
  too_large: 'What was sent is too large.',
  too_slow: 'The request took too long to arrive. Please try again.',
  not_possible: 'This cannot be done with these values; the message says why.',
  too_many_attempts: 'Too many attempts: please wait a little and try again.',
  server_error: 'Something went wrong on our side. Please try again.',
  unavailable: 'This is not available just now. Please try again shortly.',
} as const;
export type GeneralCode = keyof typeof GENERAL_CODES;

const CODE_OF_STATUS: Record<number, GeneralCode> = {
  400: 'invalid_input',
  401: 'login_needed',
  403: 'not_allowed',
  404: 'not_found',
  409: 'conflict',
  408: 'too_slow',
  413: 'too_large',
  431: 'too_large',
  422: 'not_possible',
  429: 'too_many_attempts',
  500: 'server_error',
  503: 'unavailable',
};

/** The general code of a failure's status. */
export function codeOfStatus(status: number): GeneralCode {
  return CODE_OF_STATUS[status] ?? (status >= 500 ? 'server_error' : 'invalid_input');
}

/** The booking function's reasons are codes too, with their sentences (bookingRefusals.ts). */
export const BOOKING_REFUSAL_CODES: Record<BookingRefusal, string> = mapRecord(BOOKING_REFUSALS, ({ message }) => message);

export const REFUSAL_CODES = {
  nothing_owing: FOLIO_MESSAGES.nothingOwing,
  refund_too_much: FOLIO_MESSAGES.refundTooMuch,
  line_not_found: FOLIO_MESSAGES.lineNotFound,
  line_already_voided: FOLIO_MESSAGES.lineAlreadyVoided,
  void_of_void: FOLIO_MESSAGES.voidOfVoid,
  price_changed: 'The price has changed since you looked: please check the new total and confirm again.',
  payment_open: 'A card payment for this booking is still open. Please finish it or wait until it ends (at most 30 minutes), then change the booking.',
  odometer_backwards: 'The odometer reading cannot be lower than the car’s last reading. An owner can correct it, with a reason.',
  step_not_allowed: 'This booking cannot take that step from where it is now.',
  payment_before_keys:
    'This booking still has money to pay. Record the payment before handing over the keys, or choose "pay at return" with a reason (owners and managers).',
  // The counter's money (features/counter).
  payment_not_balance: 'The payment recorded at check-out must be the whole balance owing. Please check the amount.',
  item_not_handed_over: 'An item marked as not returned was not handed over with the car at check-out. Please choose only from the items listed then.',
  // The company's settings (features/company).
  location_in_use: 'Cars or open bookings are still at this pickup location. Move the cars to another location (and let the bookings end) before removing it.',
  location_details_unknown: 'Each pickup location’s address and hours must belong to one of the pickup locations listed.',
  signature_unreadable: 'The signature could not be read. Please clear it and sign again.',
  // Storage that cannot be filled (storage.ts): a customer's space, files an hour, the server's disk.
  ...STORAGE_REFUSALS,
  // A file that is neither a photo nor a PDF we can read (a driver's document, a deposit slip).
  document_unreadable: 'This file is not a photo or a PDF we can read. Please send a JPEG, PNG or WebP photo, or a PDF (without a password).',
  // A bank deposit's slip (paymentSlips.ts).
  ...SLIP_REFUSALS,
  // The day's cash-up (cashUp.ts), and a folio line of a closed day.
  ...CASH_UP_REFUSALS,
  // The GCT report and the journal for the accountant (books.ts): a month, a range of days.
  ...BOOKS_REFUSALS,
  // A bank statement (statements.ts).
  ...STATEMENT_REFUSALS,
  // A damage's pin on the car's drawing, and its repair (damagePins.ts).
  ...DAMAGE_PIN_REFUSALS,
  // A car's papers (carPapers.ts): a new paper already expired, a car not handed over with an expired one.
  ...CAR_PAPER_REFUSALS,
  // A toll or ticket added after the return (lateCharges.ts).
  ...LATE_CHARGE_REFUSALS,
  // A car's service (maintenance.ts).
  ...MAINTENANCE_REFUSALS,
  // What each car earns (fleetReport.ts): a range of days.
  ...FLEET_REPORT_REFUSALS,
  // A copy of a signed agreement sent to be checked (agreements.ts).
  ...AGREEMENT_REFUSALS,
  // Online check-in (onlineCheckIn.ts): the window, the e-mailed code, the signature, the pickup time.
  ...ONLINE_CHECK_IN_REFUSALS,
  // A check-out without the counter's paperwork: only for a booking checked in online (checkedInOnline.ts).
  ...CHECKED_IN_ONLINE_REFUSALS,
  // Finding a booking without an account password (bookingLookup.ts).
  ...BOOKING_LOOKUP_REFUSALS,
  // WhatsApp or SMS chosen without a phone number they can be sent to (messageChannels.ts).
  ...MESSAGE_CHANNEL_REFUSALS,
  // Staff writing to a customer from their booking (bookingMessages.ts).
  ...BOOKING_MESSAGE_REFUSALS,
  // A customer's own booking: the company must be able to call them about it (features/bookings/driverChecks.ts).
  phone_needed: PHONE_NEEDED_REFUSAL,
  // A customer's one-time link copied from the outbox (docs/decisions/107).
  link_gone: 'This link no longer works: it was used, or its time ran out. The customer can ask for a new one with "Forgot password?" on the login form.',
} as const;
export type RefusalCode = keyof typeof REFUSAL_CODES;

/** Every code a failure body may carry, with its words (OpenAPI lists them). */
export const ALL_FAILURE_CODES: Record<string, string> = { ...GENERAL_CODES, ...BOOKING_REFUSAL_CODES, ...REFUSAL_CODES };
