/**
 * The endpoint table: for every call of routes.ts, its request schemas (params, query, body or
 * multipart fields) and its answer. The server registers its routes from it (input validated and
 * output serialised by these schemas), OpenAPI is generated from it, and the web client takes its
 * types from it. See docs/decisions/023-endpoint-table.md for how to add a call.
 */
import { z } from 'zod';
import { IMAGE_VARIANT_WIDTHS, MAX_SLIPS_PER_BOOKING } from './constants';
import type { BookingRefusal } from './bookingRefusals';
import type { RefusalCode } from './refusalCodes';
import { type EndpointName, ROUTES } from './routes';
import { applyStatementBody, statementParams, statementResponses, statementUploadFields } from './schemas/statements';
import { carPaperParams, carPaperResponses, carPaperScanFields, carPapersBody } from './schemas/carPapers';
import { verifyAgreementFields, verifyAgreementResponse } from './schemas/agreements';
import { MAX_AGREEMENT_BYTES, VERIFY_AGREEMENT_PER_MINUTE } from './agreements';
import { lateChargeParams, lateChargeResponses, lateChargeScanParams, lateChargeUploadFields } from './schemas/lateCharges';
import {
  bankDetails,
  bookingIdBody,
  carIdBody,
  changePasswordBody,
  forgotPasswordBody,
  outboxQuery,
  bookingMessagesResponse,
  sendBookingMessageBody,
  bookingMessageSentResponse,
  bookingMessagesSeenResponse,
  channelOutboxQuery,
  channelOutboxResponse,
  unreadMessagesResponse,
  resendMessageBody,
  outboxMessageParams,
  outboxMessageResponse,
  outboxLinkResponse,
  resetPasswordBody,
  changeStatusBody,
  checkAvailabilityBody,
  createBookingBody,
  loginBody,
  profileBody,
  referenceParams,
  registerBody,
  responses,
  setupOwnerBody,
} from './schemas';
// Service blocks, the fleet timeline
import { blockParams, blockResponses, blocksQuery, createBlockBody, timelineQuery } from './schemas';
// One page of the public fleet
import { carsPageQuery, carsPageResponse } from './schemas';
// A car's pictures
import { carPictureParams, carPicturesOrderBody } from './schemas';
// Finding a booking without an account password
import { bookingLookupBody, bookingLookupResponse, bookingSignInBody, bookingSignInResponse } from './schemas';
// The history
import { activityQuery, activityResponses } from './schemas';
// The owner's pages of bookings, payments received, the export
import { staffBookingFilters, staffBookingsQuery, paymentStatusBody } from './schemas';
import {
  bookingHistoryResponse,
  folioChargeBody,
  folioLineParams,
  folioParams,
  folioPaymentBody,
  folioRefundBody,
  folioResponses,
  folioVoidBody,
} from './schemas';
// Drivers: licence, documents, vetting, other drivers, erasure
import {
  bookingDriversBody,
  customerIdParams,
  deleteAccountBody,
  documentUploadFields,
  doNotRentBody,
  driverBody,
  driverResponses,
  updateCompanyBody,
  vettingDecisionBody,
  vettingQuery,
} from './schemas';
// A bank deposit's slips
import { cashUpCloseBody, cashUpQuery, cashUpReopenBody, cashUpReopenParams, cashUpResponses } from './schemas';
import { paymentSlipItemParams, paymentSlipParams, paymentSlipResponses, paymentSlipUploadFields } from './schemas';
// Services that fall due
import { carServiceFields, carServiceParams, maintenancePlanBody, maintenanceResponses, serviceBlockBody } from './schemas';
// Prices, extras, the quote; card payments
import {
  closePaymentBody,
  paymentIdParams,
  paymentResponses,
  paymentReturnQuery,
  paymentsQuery,
  priceResponses,
  pricesBody,
  quoteBody,
  refundPaymentBody,
  startPaymentBody,
} from './schemas';
// The counter
import { agreementPreviewBody, carParams, counterFields, counterParams, counterResponses, damageParams, repairDamageBody } from './schemas';

/** The refusals of a damage's pin at the counter (damagePins.ts). */
const PIN_CODES = ['damage_view_unknown', 'damage_pin_off_car', 'damage_pin_inside', 'damage_place_missing'] as const;
const PIN_WORDS = 'view top, front, back, left, right or interior, with x and y from 0 to 1 on the drawn views, and photos [indexes]';
import { MAX_COUNTER_PHOTOS } from './counter';
// Bookings staff make for walk-in and phone customers
import { customerSearchQuery, staffBookingBody, staffBookingResponses } from './schemas';
// Staff accounts and invitations
import { acceptStaffInvitationBody, changeStaffRoleBody, inviteStaffBody, staffInvitationParams, staffResponses } from './schemas';
import { STAFF_INVITATION_DAYS } from './staffAccounts';
// Storage that cannot be filled
import { UPLOADS_PER_HOUR } from './storage';
// Changing a booking's dates or car
import { bookingChangeBody, bookingChangeResponses } from './schemas';
// GCT and the books
import { booksResponses, gctReportQuery, journalQuery } from './schemas';
import { JOURNAL_MAX_DAYS } from './books';
// What each car earns
import { fleetReportQuery, fleetReportResponses } from './schemas';
import { FLEET_REPORT_MAX_DAYS } from './fleetReport';
// Online check-in
import { completeCheckInBody, onlineCheckInResponses } from './schemas';
import {
  CHECK_IN_CODE_MINUTES,
  CHECK_IN_CODE_RESEND_SECONDS,
  CHECK_IN_CODE_TRIES,
  CHECK_IN_CODES_PER_HOUR,
  CHECK_IN_SIGNATURE_MAX_CHARS,
  DEFAULT_ONLINE_CHECK_IN_HOURS,
} from './onlineCheckIn';
import { groupedNumber } from './numbers';

/** A closed check-in's refusals (CLOSED_REFUSAL), answered by every call of it. */
const CHECK_IN_CLOSED_CODES = ['check_in_not_confirmed', 'check_in_cancelled', 'check_in_not_open_yet', 'check_in_closed', 'check_in_done'] as const;

export type Tag = 'Account' | 'Cars' | 'Bookings' | 'Company' | 'Owner' | 'Pictures' | 'Service';
/**
 * Failure statuses a call may answer besides the ones its access and input imply (400, 401, 403):
 * a call open to anyone may still answer 401 (a login with a wrong password), one open to customers
 * 403 (what only staff may change).
 */
export type ErrorStatus = 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503 | 507;

export interface EndpointSchemas {
  summary: string;
  description?: string;
  tag: Tag;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body, validated before the handler runs. */
  body?: z.ZodObject;
  /**
   * The fields of a multipart/form-data body. Described and typed, but read by the handler itself,
   * after the caller is checked, so nothing of an anonymous upload is ever read.
   */
  multipart?: z.ZodObject;
  /** Request headers the call reads (documented; the handler checks them). */
  headers?: z.ZodObject;
  /** The success status; 200 unless given. */
  status?: 200 | 201;
  /** The success answer (JSON), or the content type of a binary answer. */
  response: z.ZodType | { binary: string };
  errors?: readonly ErrorStatus[];
  /** The particular refusal codes it may answer (refusalCodes.ts), besides its statuses' general ones. */
  codes?: readonly (RefusalCode | BookingRefusal)[];
}

export const MESSAGE_BAD_IMAGE_WIDTH = `A smaller picture can be ${IMAGE_VARIANT_WIDTHS.slice(0, -1).join(', ')} or ${IMAGE_VARIANT_WIDTHS.at(-1)} pixels wide; leave the width out for the full picture.`;

const idParams = z.object({ id: z.string().describe('The id (a UUID).') });

/** A picture in a multipart form: one file in the field "image". */
const imageFile = z.file().describe('A JPEG, PNG, WebP, GIF or AVIF picture, at most 10 MB.');

const carForm = z.object({
  image: imageFile,
  carData: z
    .string()
    .describe(
      'The car form as a JSON string: brand, model, year, pricePerDay, category, transmission, fuel_type, seating_capacity, location, description; ' +
        "optionally doors (1-6) and distancePerDay (km, 1-5000): null means the usual 4 doors and 500 km, left out an edit keeps the car's value.",
    ),
});

export const ENDPOINTS = {
  register: {
    summary: 'Create a customer account',
    description: 'Answers a session token. Limited to 10 attempts a minute per address.',
    tag: 'Account',
    body: registerBody,
    status: 201,
    response: responses.auth,
    errors: [409, 429],
  },
  login: {
    summary: 'Log in',
    description:
      'Answers a session token (valid 7 days). Send it as the Authorization header, raw or as "Bearer <token>". A wrong e-mail or password answers 401.',
    tag: 'Account',
    body: loginBody,
    response: responses.auth,
    errors: [401, 429],
  },
  setupOwner: {
    summary: 'Create the first owner account',
    description:
      'Only with the one-time token of the setup address the server prints at start when no owner exists and none is configured. ' +
      'The token works once, and only while there is no owner (409 once there is one; 404 for a token that is not valid or was used). ' +
      'Answers a session token, like login.',
    tag: 'Account',
    body: setupOwnerBody,
    status: 201,
    response: responses.auth,
    errors: [404, 409, 429],
  },
  userData: {
    summary: 'The logged-in account',
    description:
      "For an owner, also the company's bank fields. driver: the caller's own licence and date of birth (null until given); vetting: where the company's check of them stands.",
    tag: 'Account',
    response: responses.userData,
  },
  updateProfile: {
    summary: "Change one's name and phone number, and the messages one gets",
    description:
      'whatsapp and sms (optional; left out: as they are) choose WhatsApp and SMS text messages beside e-mail. ' +
      'They need a phone number that is understood (its E.164 form is answered as user.phoneE164): without a phone the answer is 422 with code channel_needs_phone, ' +
      'with one whose country cannot be told 422 with code channel_phone_not_understood; nothing is saved then.',
    tag: 'Account',
    body: profileBody,
    response: responses.profileSaved,
    errors: [422],
    codes: ['channel_needs_phone', 'channel_phone_not_understood'],
  },
  changePassword: {
    summary: "Change one's password",
    description: 'Answers a new session token; every other session of the account ends (401).',
    tag: 'Account',
    body: changePasswordBody,
    response: responses.passwordChanged,
    errors: [429],
  },
  forgotPassword: {
    summary: 'Ask for a password reset link by e-mail',
    description:
      'The same answer whether or not an account uses the address; only an existing account is sent the link ' +
      '(PUBLIC_URL/reset-password?token=...), valid one hour and once. Limited like register and login.',
    tag: 'Account',
    body: forgotPasswordBody,
    response: responses.message,
    errors: [429],
  },
  resetPassword: {
    summary: 'Choose a new password with the e-mailed link',
    description: 'Every earlier session of the account ends (401). A wrong, used or expired link is a 400 with a message.',
    tag: 'Account',
    body: resetPasswordBody,
    response: responses.message,
    errors: [429],
  },
  saveDriver: {
    summary: "Give or change one's driving licence and date of birth",
    description:
      "Checked at every booking by the company's rules (minDriverAge and minLicenceYears in the company settings) on the pickup and return days. " +
      'Saving details sends a customer the company has approved or refused back to be checked (vetting status waiting).',
    tag: 'Account',
    body: driverBody,
    response: driverResponses.driverSaved,
  },
  userDocuments: {
    summary: 'My documents (licence, passport, work ID, proof of address)',
    tag: 'Account',
    response: driverResponses.documents,
  },
  uploadDocument: {
    summary: 'Send a document',
    description:
      'A JPEG, PNG or WebP photo (stored re-encoded, without its metadata: no GPS position) or a PDF, at most 10 MB; at most 4 files of each kind. ' +
      'Served only to its customer and to staff (GET /api/documents/{id}), never cached. ' +
      'A PDF is kept without its scripts, automatic actions, launch actions and links other than web, e-mail and phone. ' +
      `An account's documents together fit in its quota (DOCUMENT_QUOTA_MB, 413 documents_full with used and limit); ${UPLOADS_PER_HOUR.account} files an hour per account and ${UPLOADS_PER_HOUR.address} per address ` +
      '(429 uploads_too_many, with Retry-After); 507 uploads_paused while the server is short of disk.',
    tag: 'Account',
    multipart: documentUploadFields,
    status: 201,
    response: driverResponses.documentUploaded,
    errors: [409, 413, 429, 507],
    codes: ['document_unreadable', 'documents_full', 'uploads_too_many', 'uploads_paused'],
  },
  deleteDocument: {
    summary: 'Remove one of my documents',
    description: 'Erased at once (backups made before keep it until they are replaced).',
    tag: 'Account',
    params: idParams,
    response: responses.message,
    errors: [404],
  },
  document: {
    summary: "A document's file",
    description: 'Only to its customer and to staff: 404 for anyone else, as for a document that does not exist. Cache-Control: private, no-store.',
    tag: 'Account',
    params: idParams,
    response: { binary: 'image/webp or application/pdf' },
    errors: [404],
  },
  deleteAccount: {
    summary: 'Erase my account',
    description:
      'With the password. The name, e-mail, phone, driver details, documents and picture are erased and every session ends; ' +
      'past bookings stay in the company\'s books under "Deleted customer". Refused with 409 while a booking is pending, confirmed or on rent ' +
      '(cancel it or bring the car back first), for staff accounts, and for an account the company keeps; 400 when the password is wrong.',
    tag: 'Account',
    body: deleteAccountBody,
    response: responses.message,
    errors: [409, 429],
  },
  cars: { summary: 'The fleet customers can rent', tag: 'Cars', response: responses.cars },
  carsPage: {
    summary: 'One page of the fleet customers can rent',
    description:
      'The cars of GET /api/user/cars in the same order, narrowed by the search and the vehicle group over the whole fleet, then cut into pages: ' +
      'the count of matching cars, the page answered and how many there are, and the vehicle groups the fleet has.',
    tag: 'Cars',
    query: carsPageQuery,
    response: carsPageResponse,
  },
  car: {
    summary: 'One car',
    description: 'Also opens a car that is marked unavailable (isAvaliable false); deleted cars are not found.',
    tag: 'Cars',
    params: idParams,
    response: responses.car,
    errors: [404],
  },
  checkAvailability: {
    summary: 'Cars free at a location for the given days',
    description: 'Days are inclusive, in Jamaica time. A location the company does not list has no cars.',
    tag: 'Bookings',
    body: checkAvailabilityBody,
    response: responses.availableCars,
  },
  createBooking: {
    summary: 'Book a car',
    description:
      'The server computes the price. Send an Idempotency-Key so that a retry after a lost answer makes no second booking. ' +
      'Send expectedTotal, the total the customer saw: if the price is now different (a season or an extra saved meanwhile), the answer is 409 with code price_changed and the new quote, and no booking is made. ' +
      "Without expectedTotal the server's price stands. " +
      'A customer whose account has no phone number is refused (422, code phone_needed): give one with PUT /api/user/profile first.',
    tag: 'Bookings',
    body: createBookingBody,
    headers: z.object({
      'idempotency-key': z
        .string()
        .max(255)
        .optional()
        .describe('1 to 255 visible characters, new for each booking; the same key with another booking is a 422.'),
    }),
    status: 201,
    response: responses.bookingCreated,
    errors: [404, 409, 422],
    codes: [
      'dates_taken',
      'car_unavailable',
      'extra_sold_out',
      'too_many_holds',
      'too_many_holds_from_address',
      'bank_details_missing',
      'price_changed',
      'phone_needed',
    ],
  },
  userBookings: { summary: "The caller's bookings, newest first", tag: 'Bookings', response: responses.bookings },
  userBooking: {
    summary: 'One of my bookings in full, by its reference',
    description: "With its status history. Someone else's booking is not found. The session of a booking's one-time sign-in link reads its own booking here.",
    tag: 'Bookings',
    params: referenceParams,
    response: responses.bookingDetail,
    errors: [404],
  },
  bookingLookup: {
    summary: 'Find a booking by its reference and the renter’s last name or e-mail',
    description:
      'No password needed. When both match, the booking read-only (car, dates, status, what is owed as its folio says) and a one-time ' +
      'sign-in link e-mailed to the renter (PUBLIC_URL/booking/sign-in?token=..., 30 minutes, once). When they do not, one refusal ' +
      'that does not say which part was wrong. Failed tries are limited like login: per address, per reference, and both.',
    tag: 'Bookings',
    body: bookingLookupBody,
    response: bookingLookupResponse,
    errors: [404, 429],
    codes: ['lookup_no_match'],
  },
  bookingLookupSignIn: {
    summary: 'Sign in to one booking with its one-time link',
    description:
      'The token of the e-mailed link, once and within 30 minutes, gives a session for that booking alone (2 hours): its own calls ' +
      '(access bookingHolder), nothing else. A used or expired link is refused.',
    tag: 'Bookings',
    body: bookingSignInBody,
    response: bookingSignInResponse,
    errors: [429],
    codes: ['lookup_link_gone'],
  },
  cancelBooking: {
    summary: 'Cancel one of my bookings',
    description: 'While it is pending, or confirmed with a pickup after today (Jamaica time). Its days are free at once.',
    tag: 'Bookings',
    body: bookingIdBody,
    response: responses.bookingCancelled,
    errors: [404, 409],
    codes: ['step_not_allowed'],
  },
  bookingDrivers: {
    summary: 'Name the other drivers of my booking',
    description:
      "At most 3, replacing the list; each is checked by the company's rules on the booking's days (422 with the rule). " +
      'Only on a pending or confirmed booking before its pickup day (409). ' +
      'The booking is re-quoted as if quoted with these drivers: the other-drivers line and the total follow the number named, and difference is the new total minus the old. ' +
      'Send expectedTotal, the new total the customer saw: if it is not the price with these drivers, the answer is 409 with code price_changed and that quote, and nothing is saved ' +
      "(send the booking's current total first to learn the new one). Without expectedTotal the new price stands. " +
      "A confirmed booking made dearer goes back to pending with a new booking's hold, and staff are e-mailed (confirmAgain).",
    tag: 'Bookings',
    params: idParams,
    body: bookingDriversBody,
    response: responses.bookingSaved.extend({ difference: z.number(), confirmAgain: z.boolean() }),
    errors: [404, 409, 422],
    codes: ['payment_open', 'price_changed'],
  },
  paymentSlips: {
    summary: "A bank deposit's slips on its booking",
    description:
      'The deposit slips or transfer screenshots the customer sent, oldest first, each with whether the customer may still remove it. ' +
      "The customer their own booking's, staff any booking's; 404 for anyone else. Each file is GET /api/documents/{id}.",
    tag: 'Bookings',
    params: paymentSlipParams,
    response: paymentSlipResponses.slips,
    errors: [404],
  },
  sendPaymentSlip: {
    summary: 'Send the deposit slip or a screenshot of the transfer',
    description:
      'The customer, on their own booking paid by cash deposit (409 payment_slip_not_cash_deposit), while it is going and not yet paid (409 payment_slip_not_needed); ' +
      `at most ${MAX_SLIPS_PER_BOOKING} per booking (409 payment_slips_too_many). Kept as a document: a photo re-encoded without its metadata, a PDF without its scripts and actions ` +
      "(400 document_unreadable for anything else), counted in the account's quota (413 documents_full) and files an hour (429 uploads_too_many), 507 uploads_paused while the server is short of disk. " +
      'Served only to the customer and staff, never cached, erased with the account. Staff are told by e-mail; the slip marks nothing paid: staff record the payment once the bank shows it.',
    tag: 'Bookings',
    params: paymentSlipParams,
    multipart: paymentSlipUploadFields,
    status: 201,
    response: paymentSlipResponses.slipSent,
    errors: [404, 409, 413, 429, 507],
    codes: [
      'payment_slip_not_cash_deposit',
      'payment_slip_not_needed',
      'payment_slips_too_many',
      'document_unreadable',
      'documents_full',
      'uploads_too_many',
      'uploads_paused',
    ],
  },
  removePaymentSlip: {
    summary: 'Remove a deposit slip sent by mistake',
    description:
      'The customer, until staff record a payment on the booking after the slip was sent (409 payment_slip_kept). 404 for a slip that is not theirs.',
    tag: 'Bookings',
    params: paymentSlipItemParams,
    response: responses.message,
    errors: [404, 409],
    codes: ['payment_slip_kept'],
  },
  bookingChangeQuote: {
    summary: 'The price of a booking with other dates or another car, before changing it',
    description:
      'Same body and rules as the change, nothing written: the old and new totals, the difference and what it means for the payment. ' +
      "Staff: any pending or confirmed booking, or extend (or give another car to) a booking on rent; a customer: their own pending or confirmed booking's dates before its pickup day. " +
      'Anyone else: 404.',
    tag: 'Bookings',
    params: idParams,
    body: bookingChangeBody,
    response: bookingChangeResponses.changeQuote,
    errors: [404, 409, 422],
    codes: ['payment_open'],
  },
  changeBooking: {
    summary: "Change a booking's dates or car",
    description:
      'Re-quoted at the current prices; the new days are taken in the same transaction that frees the old ones, so a change that cannot get them (409) leaves the booking as it was. ' +
      'The customer is e-mailed the before and after; the history records who changed what. ' +
      "A customer's change to a confirmed booking that takes a day it did not have, or costs more, puts it back to pending with a new booking's hold, and staff are e-mailed (confirmAgain). " +
      'Send expectedTotal, the new total the customer saw in the preview: if the price is now different, the answer is 409 with code price_changed and the new quote, and nothing is changed. ' +
      "Without expectedTotal the server's price stands. A customer changes only the dates of their own booking: another car is staff's to choose (403).",
    tag: 'Bookings',
    params: idParams,
    body: bookingChangeBody,
    response: bookingChangeResponses.changed,
    errors: [403, 404, 409, 422],
    codes: ['payment_open', 'price_changed'],
  },
  quote: {
    summary: 'The price of a car for some days, with extras, other drivers and delivery',
    description:
      'Each day is priced on its own (the season of highest priority that prices the car wins), then a weekly (7+ days) or monthly (28+ days) rate, ' +
      "the extras, the other drivers and delivery; GCT is added to the subtotal. The same computation stores a booking's price. " +
      "422 when the choices cannot be sold (an extra no longer offered, more than its most per booking, a season's fewest days, delivery not offered there).",
    tag: 'Bookings',
    body: quoteBody,
    response: priceResponses.quote,
    errors: [404, 422],
  },
  prices: {
    summary: 'The price rules and extras customers are offered',
    description: "Seasons (for the calendar's day prices), weekly and monthly rates, the fee for other drivers, delivery fees, the extras, and the GCT rate.",
    tag: 'Bookings',
    response: priceResponses.prices,
  },
  ownerPrices: {
    summary: 'The price rules and extras, to edit',
    tag: 'Owner',
    response: priceResponses.ownerPrices,
  },
  savePrices: {
    summary: 'Save the price rules and extras',
    description:
      'Replaces the rules. Extras without an id are added; extras the list leaves out are no longer offered (bookings that have them keep them). ' +
      'Without `extras` the extras stay as they are: an empty list removes them all. ' +
      'Prices are before GCT. Bookings already made keep the price they were quoted.',
    tag: 'Owner',
    body: pricesBody,
    response: priceResponses.pricesSaved,
    errors: [409, 422],
  },
  startPayment: {
    summary: "Pay my booking by card on the provider's page",
    description:
      "For the caller's own pending or confirmed booking that still owes money; the amount is the folio's balance when the attempt starts. Answers the address of the provider's card page. " +
      "While the attempt is open (30 minutes) the booking's hold does not expire, its dates, car and drivers cannot change (409, code payment_open), and a second start answers the same page. " +
      '409 when card payments are off, nothing is owing (code nothing_owing), or it cannot be paid now.',
    tag: 'Bookings',
    body: startPaymentBody,
    response: paymentResponses.started,
    errors: [404, 409, 503],
    codes: ['nothing_owing'],
  },
  paymentReturn: {
    summary: "Where the provider's card page sends the customer back",
    description:
      'The result is checked (WiPay: the hash in constant time, the order id, the amount and the currency against the stored attempt) before anything changes; ' +
      "then the amount the provider charged is recorded as a card payment in the booking's folio and the browser is sent to the booking's page (303). A forged, unsigned or replayed return changes nothing.",
    tag: 'Bookings',
    query: paymentReturnQuery,
    response: { binary: 'text/html' },
  },
  paymentAttempts: {
    summary: 'Card payment attempts (by default those that never came back)',
    tag: 'Owner',
    query: paymentsQuery,
    response: paymentResponses.attempts,
  },
  closePayment: {
    summary: "Close an attempt that never came back, as the provider's dashboard shows it",
    description:
      "paid records the attempt's amount as a card payment in the booking's folio; failed records nothing. Only an attempt that never came back (409 otherwise).",
    tag: 'Owner',
    params: paymentIdParams,
    body: closePaymentBody,
    response: paymentResponses.attemptSaved,
    errors: [404, 409],
  },
  refundPayment: {
    summary: "Record a refund made in the provider's dashboard",
    description: "Only on a paid attempt, and at most what is left of its amount (409 otherwise); recorded as a card refund in the booking's folio.",
    tag: 'Owner',
    params: paymentIdParams,
    body: refundPaymentBody,
    response: paymentResponses.attemptSaved,
    errors: [404, 409],
  },
  // Pages, filters and search
  ownerBookings: {
    summary: 'Every booking, with its customer, newest first',
    description:
      'Without limit: every booking that matches (all of them without filters). With limit: one page and nextCursor, ' +
      'to send as cursor for the next page (null on the last); no booking appears on two pages. ' +
      'A cursor that cannot be read is a 400: start again from the first page.',
    tag: 'Bookings',
    query: staffBookingsQuery,
    response: responses.ownerBookings,
  },
  customerSearch: {
    summary: 'Find a customer to book for, by name, e-mail or phone',
    description:
      'Part of any of them, in any case; a phone number is compared by its digits only. At most 20 customers, those with the most bookings first; ' +
      'fewer than 2 characters find nobody. Staff accounts and erased accounts are never listed.',
    tag: 'Owner',
    query: customerSearchQuery,
    response: staffBookingResponses.customers,
  },
  staffBooking: {
    summary: 'Book a car for a walk-in or phone customer',
    description:
      'customer is { userId } of a customer found by the search, or { name, phone, email? } of someone new: their account has no password; with an e-mail they are sent a link to set one ' +
      "(409 when an account already uses that e-mail: choose that customer instead). Every rule of a customer's own booking applies (dates, days taken, service blocks, the driver's checks, " +
      '"do not rent", prices) except the limit of bookings waiting for confirmation. status confirmed confirms it at once. The customer is e-mailed as for their own booking when they have an address. ' +
      'expectedTotal, the total staff read out: a different price now is 409 price_changed with the new quote, and nothing is booked.',
    tag: 'Owner',
    body: staffBookingBody,
    status: 201,
    response: staffBookingResponses.booked,
    errors: [404, 409, 422],
    codes: ['dates_taken', 'car_unavailable', 'extra_sold_out', 'price_changed'],
  },
  // Payments received, the export
  changePaymentStatus: {
    summary: 'Record the balance as paid',
    description:
      'What is paid is read from the folio, never set by hand: paymentStatus "paid" records a payment of the whole balance by method ' +
      "(by default the booking's own: bank deposit, card, or cash for upfront). Nothing owing: 409, code nothing_owing. To give money back, record a refund.",
    tag: 'Bookings',
    body: paymentStatusBody,
    response: responses.statusChanged,
    errors: [404, 409],
    codes: ['nothing_owing'],
  },
  ownerBookingsCsv: {
    summary: 'The bookings as a spreadsheet (CSV)',
    description:
      'The same filters as the list, newest first. UTF-8 with a byte order mark, CRLF, every field quoted; ' +
      'a cell that starts with = + - or @ gets a leading apostrophe so a spreadsheet never runs it as a formula.',
    tag: 'Owner',
    query: staffBookingFilters,
    response: { binary: 'text/csv' },
  },
  gctReport: {
    summary: "A month's GCT",
    description:
      'Summed from the folio lines (charges, and the lines that void them) written in that month, Jamaica time: the taxable charges and their GCT, ' +
      'the GCT given back by voided charges, discounts and lowered prices, and the net GCT the month owes, with the company’s TRN. ' +
      'A month not written YYYY-MM: 400, code month_not_valid.',
    tag: 'Owner',
    query: gctReportQuery,
    response: booksResponses.gctReport,
    codes: ['month_not_valid'],
  },
  gctReportCsv: {
    summary: "A month's GCT as a spreadsheet (CSV): the lines behind the totals",
    description:
      'One row per folio line of the month (date, booking reference, what, amount before GCT, GCT, a voided line’s reason), then the totals of the report. ' +
      'UTF-8 with a byte order mark, CRLF, every field quoted, no cell ever read as a formula. A bad month: 400, code month_not_valid.',
    tag: 'Owner',
    query: gctReportQuery,
    response: { binary: 'text/csv' },
    codes: ['month_not_valid'],
  },
  journalCsv: {
    summary: 'The journal for the accountant (CSV)',
    description:
      'One journal entry per money event from the first day to the last (Jamaica time): each charge line and each void, each payment and refund, ' +
      'each security deposit held, returned or kept. layout=quickbooks (the default): Journal No, Date (DD/MM/YYYY), Account, Debit, Credit, Memo, Reference (the booking reference), ' +
      'the rows of one Journal No balance; layout=xero: Narration (one per entry), Date, Description, AccountCode, TaxRate, Amount (a debit positive), each narration adding up to nothing. ' +
      'Amounts with two decimals; account names are the company settings’. ' +
      `Days not written YYYY-MM-DD: 400 date_not_valid; the first after the last: 400 range_backwards; more than ${JOURNAL_MAX_DAYS} days: 400 range_too_long.`,
    tag: 'Owner',
    query: journalQuery,
    response: { binary: 'text/csv' },
    codes: ['date_not_valid', 'range_backwards', 'range_too_long'],
  },
  fleetReport: {
    summary: 'What each car earns over a range of days',
    description:
      'Per car: rented days (bookings that hold it: on rent, returned, booked ahead; not cancelled or no-show), days blocked for service, ' +
      'utilisation (rented over days not blocked), revenue (folio charges before GCT, net of voids and discounts, each booking’s spread evenly over its days), ' +
      'costs (services, repairs, papers) and the difference, with per-month figures for the chart and the fleet’s totals. Whole units of the currency. ' +
      `Days not written YYYY-MM-DD: 400 fleet_dates_not_valid; the last before the first: 400 fleet_range_backwards; more than ${FLEET_REPORT_MAX_DAYS} days: 400 fleet_range_too_long.`,
    tag: 'Owner',
    query: fleetReportQuery,
    response: fleetReportResponses.fleetReport,
    codes: ['fleet_dates_not_valid', 'fleet_range_backwards', 'fleet_range_too_long'],
  },
  fleetReportCsv: {
    summary: 'What each car earns, as a spreadsheet (CSV)',
    description:
      'The same figures as GET /api/owner/reports/fleet, a row per car in the order asked, then the totals row. ' +
      'UTF-8 with a byte order mark, CRLF, every field quoted, no cell ever read as a formula. The same refusals as the report.',
    tag: 'Owner',
    query: fleetReportQuery,
    response: { binary: 'text/csv' },
    codes: ['fleet_dates_not_valid', 'fleet_range_backwards', 'fleet_range_too_long'],
  },
  desk: {
    summary: "The desk: today's pickups, today's returns and overdue returns",
    description:
      'Confirmed bookings picked up today, bookings on rent due back today, and bookings still on rent past their due time plus the grace period (overdue: true).',
    tag: 'Owner',
    response: counterResponses.desk,
  },
  counterBooking: {
    summary: 'One booking as the counter needs it',
    description:
      "The car's plate, odometer and open damages, the driver's licence number, what the counter recorded, and why it cannot be checked out now (checkOutProblem).",
    tag: 'Owner',
    params: counterParams,
    response: counterResponses.counterBooking,
    errors: [404],
  },
  checkOut: {
    summary: 'Hand over the keys (check-out)',
    description:
      'Staff only, for a confirmed booking from its pickup day, whose customer is approved by vetting. Multipart: `data` (JSON: licenceNumber, odometerKm, fuelEighths, ' +
      'existingDamagesConfirmed, damages [{ zone, description, photo }] (or pins: ' +
      PIN_WORDS +
      '), items, deposit { amount, method, reference }, signature and optionally staffSignature as PNG data URLs) ' +
      `and up to ${MAX_COUNTER_PHOTOS} \`photo\` files. The booking becomes on_rent; the rental agreement (PDF) is made, stored as made and e-mailed. ` +
      "A second check-out of the same booking gets 409. Keys go out once the folio's balance is paid: `payment` { method, amount (the whole balance), reference } " +
      'is recorded with the keys; `payAtReturn` { reason } (owners and managers; an agent gets 403) lets it be paid at return; otherwise 409 code payment_before_keys. ' +
      'A car whose registration, certificate of fitness or insurance expires on or before today is not handed over: 409 car_papers_expired, naming the paper. ' +
      'A booking checked in online (its `onlineCheckIn` set) may leave out licenceNumber, renterAddress and signature and must carry staffSignature (400 staff_signature_missing): ' +
      'its agreement stays the one signed online, byte for byte, and the car as handed over becomes a sealed condition appendix (GET /api/bookings/{id}/condition.pdf). ' +
      'Any other booking without them: 400 counter_paperwork_missing.',
    tag: 'Bookings',
    params: counterParams,
    multipart: counterFields,
    response: counterResponses.checkedOut,
    errors: [404, 409, 413, 422],
    codes: [
      'payment_before_keys',
      'payment_not_balance',
      'nothing_owing',
      'step_not_allowed',
      'signature_unreadable',
      'car_papers_expired',
      'counter_paperwork_missing',
      'staff_signature_missing',
      ...PIN_CODES,
    ],
  },
  agreementPreview: {
    summary: 'The rental agreement as it will be signed',
    description:
      "Staff only, before the signatures: the check-out form as it stands (JSON, the check-out's `data` without signature and staffSignature) gives the agreement's " +
      'content, worked out as the check-out works it out (the payment taken with the keys included) and then forgotten: nothing is kept. ' +
      'Refused as the check-out would be (404, 409 with the same codes, 422).',
    tag: 'Bookings',
    params: counterParams,
    body: agreementPreviewBody,
    response: counterResponses.agreementPreview,
    errors: [404, 409, 422],
    codes: ['payment_before_keys', 'payment_not_balance', 'nothing_owing', 'car_papers_expired', ...PIN_CODES],
  },
  checkIn: {
    summary: 'Take the keys back (check-in)',
    description:
      'Staff only, for a booking on rent. Multipart like check-out: `data` (JSON: odometerKm, fuelEighths, returnedAt, damages [{ zone, description, photo, amount or null }] (pins as at check-out, each tied to this rental), cleaning, ' +
      'itemsMissing [{ item, amount }]: items handed over at check-out that did not come back, each with its charge; left out, nothing is recorded missing; an item never handed over gets 422 code item_not_handed_over) ' +
      "and `photo` files. The server computes the charges (late days past the due time and grace, kilometres over the allowance, fuel, damages, cleaning, GCT) as folio lines, settles the security deposit against the folio's whole balance (held while a damage is to be assessed), " +
      'gives the next receipt number (R-YYYY-NNNNNN, without gaps) and e-mails the receipt. The booking becomes returned; a second check-in gets 409.',
    tag: 'Bookings',
    params: counterParams,
    multipart: counterFields,
    response: counterResponses.checkedIn,
    errors: [404, 409, 413, 422],
    codes: ['step_not_allowed', 'item_not_handed_over', ...PIN_CODES],
  },
  agreementPdf: {
    summary: 'The rental agreement signed at check-out (PDF)',
    description: "The booking's customer or staff only (404 for anyone else); the same bytes every time. Cache-Control: private, no-store.",
    tag: 'Bookings',
    params: counterParams,
    response: { binary: 'application/pdf' },
    errors: [404],
  },
  conditionPdf: {
    summary: 'The car as handed over to a customer who checked in online (PDF)',
    description:
      'The condition appendix (decision 125): odometer, fuel, damages, items and keys, the time, and the staff member who handed over and signed, sealed like an agreement ' +
      "(POST /api/agreements/verify says valid for it). The booking's customer or staff only (404 for anyone else, and before such a check-out); the same bytes every time. Cache-Control: private, no-store.",
    tag: 'Bookings',
    params: counterParams,
    response: { binary: 'application/pdf' },
    errors: [404],
  },
  verifyAgreement: {
    summary: 'Check a copy of a signed rental agreement',
    description:
      'Anyone, no account: send the PDF as received (multipart field "file"). valid is true only when its SHA-256 is that of an agreement the company sealed ' +
      '(its last page is the signing certificate); one changed byte answers valid false with reference and signedAt null. Nothing personal is answered and nothing is stored. ' +
      `At most ${MAX_AGREEMENT_BYTES / (1024 * 1024)} MB (413 agreement_too_large, refused without reading the rest); no file: 422 agreement_file_missing; ` +
      `not a PDF: 422 agreement_not_pdf. Limited to ${VERIFY_AGREEMENT_PER_MINUTE} checks a minute per address (429).`,
    tag: 'Bookings',
    multipart: verifyAgreementFields,
    response: verifyAgreementResponse,
    errors: [413, 422, 429],
    codes: ['agreement_file_missing', 'agreement_not_pdf', 'agreement_too_large'],
  },
  receiptPdf: {
    summary: 'The receipt made at check-in (PDF)',
    description: "The booking's customer or staff only (404 for anyone else). Cache-Control: private, no-store.",
    tag: 'Bookings',
    params: counterParams,
    response: { binary: 'application/pdf' },
    errors: [404],
  },
  counterPhoto: {
    summary: 'A photo taken at check-out or check-in',
    description: "The booking's customer or staff only (404 for anyone else); re-encoded without metadata. Cache-Control: private, no-store.",
    tag: 'Bookings',
    params: idParams,
    response: { binary: 'image/webp' },
    errors: [404],
  },
  carDamages: {
    summary: "A car's damages, open first",
    description:
      'Each with its place on the drawing (view, x, y; a damage noted before the drawings or inside the car has no x and y), its photos, ' +
      'the booking and the check (check_out or check_in) that found it, and its repair (repairedAt, repairCost, repairedBy).',
    tag: 'Owner',
    params: carParams,
    response: counterResponses.carDamages,
    errors: [404],
  },
  repairDamage: {
    summary: 'Mark a damage repaired',
    description:
      'Owners and managers. `repairedOn` (a Jamaica day, today when left out; not in the future, not before the damage was found) and `cost` (not negative; left out: not known). ' +
      'It is no longer carried to the next rental; its record stays.',
    tag: 'Owner',
    params: damageParams,
    body: repairDamageBody,
    response: counterResponses.damageRepaired,
    errors: [404, 409, 422],
    codes: ['repair_cost_negative', 'repair_in_future', 'repair_before_found'],
  },
  changeStatus: {
    summary: "Set a booking's status",
    description:
      'pending, confirmed or cancelled (the status select), or no_show: a confirmed booking from its pickup day on, whose days become free. ' +
      'A booking on rent or returned is changed only by check-in (409).',
    tag: 'Bookings',
    body: changeStatusBody,
    response: responses.statusChanged,
    errors: [404, 409],
    codes: ['step_not_allowed'],
  },
  company: {
    summary: "The company's facts",
    description:
      'Name, contacts, opening hours, pickup locations (with their address and hours), the home and About texts, testimonials, security deposit and currency. ' +
      "Not the accountant's account names: staff read those at GET /api/owner/company.",
    tag: 'Company',
    response: responses.company,
  },
  staffCompany: {
    summary: "The company's facts, as staff edit them",
    description:
      "Everything GET /api/company answers, and the accountant's account names the journal uses (accountRentalIncome ... accountCardClearing), " +
      'which the public answer leaves out. Managers and owners: the Company settings page loads its form from here.',
    tag: 'Company',
    response: responses.staffCompany,
  },
  updateCompany: {
    summary: "Change the company's facts",
    description:
      'A location that cars still stand at, or whose cars have open bookings, cannot be removed (409 location_in_use). ' +
      '`locationDetails` gives each location its address and opening hours (left out: each keeps what it had); a detail for a place not in `locations` is refused (400 location_details_unknown).',
    tag: 'Company',
    body: updateCompanyBody,
    response: responses.companySaved,
    errors: [409],
    codes: ['location_in_use', 'location_details_unknown'],
  },
  publicBankDetails: {
    summary: "The company's bank account, for cash deposits",
    description:
      'bankDetails is null (with a message) until an owner has saved them. Its five fields are the main account; otherAccounts lists the others ' +
      '(the same fields, and the currency each takes when the company said), any of which takes a deposit.',
    tag: 'Company',
    response: responses.publicBankDetails,
  },
  bankDetails: {
    summary: "Set the company's bank account",
    description:
      'The five fields are the main account. otherAccounts (at most 4) replaces the list of other accounts; left out, the stored list is kept, ' +
      'so a client that knows only the five fields never removes them. Every owner is e-mailed the change, account numbers as their last 4 digits.',
    tag: 'Company',
    body: bankDetails,
    response: responses.bankDetailsSaved,
  },
  dashboard: { summary: 'Figures for the staff dashboard', tag: 'Owner', response: responses.dashboard },
  // Service blocks, the fleet timeline
  createBlock: {
    summary: 'Block a car for some days (service, garage)',
    description:
      'Dates are inclusive, from today up to 365 days ahead. A block never shares a day of its car with a booking that is not cancelled or with another block (409). ' +
      'Customers see the days as reserved, without the note.',
    tag: 'Owner',
    body: createBlockBody,
    status: 201,
    response: blockResponses.blockCreated,
    errors: [404, 409],
  },
  blocks: {
    summary: 'Service blocks not over yet, earliest first',
    description: 'Only blocks of cars still in the fleet; car narrows the list to one car (404 for an unknown car).',
    tag: 'Owner',
    query: blocksQuery,
    response: blockResponses.blocks,
    errors: [404],
  },
  deleteBlock: {
    summary: 'Remove a service block',
    description: 'Its days are free to book at once.',
    tag: 'Owner',
    params: blockParams,
    response: responses.message,
    errors: [404],
  },
  timeline: {
    summary: 'The fleet timeline: cars, and the bookings and blocks of a range of days',
    description:
      "Bookings that are not cancelled and blocks sharing a day with the range (from, from + days - 1), and today's pickups and returns (Jamaica). " +
      "carsFrom, cars and search answer a page of the fleet (make, model order) with only its cars' bookings and blocks, and carsTotal, " +
      "the cars matching the search; left out, every car. Today's pickups and returns are always the whole fleet's.",
    tag: 'Owner',
    query: timelineQuery,
    response: blockResponses.timeline,
  },
  ownerCars: {
    summary: 'The whole fleet, unavailable cars included',
    description: 'Each car with paperAlert: its registration, certificate of fitness or insurance that has expired by today (null when none).',
    tag: 'Owner',
    response: carPaperResponses.ownerCars,
  },
  ownerCar: { summary: 'One car of the fleet', tag: 'Owner', params: idParams, response: responses.car, errors: [404] },
  addCar: {
    summary: 'Add a car',
    tag: 'Owner',
    multipart: carForm,
    status: 201,
    response: responses.carSaved,
    errors: [413, 507],
    codes: ['uploads_paused'],
  },
  updateCar: {
    summary: 'Change a car',
    description:
      "The image is optional: without one the car keeps its picture. An odometer never goes below the car's reading (409 code odometer_backwards) unless an owner " +
      'corrects it with odometerCorrection { reason }, kept in the history (a manager gets 403).',
    tag: 'Owner',
    params: idParams,
    multipart: carForm.extend({ image: imageFile.optional() }),
    response: responses.carSaved,
    errors: [404, 409, 413, 507],
    codes: ['odometer_backwards', 'uploads_paused'],
  },
  toggleCar: {
    summary: 'Mark a car available or unavailable',
    tag: 'Owner',
    body: carIdBody,
    response: responses.carSaved,
    errors: [404],
  },
  deleteCar: {
    summary: 'Remove a car from the fleet',
    description: 'Kept for the bookings that name it; refused while it has upcoming bookings.',
    tag: 'Owner',
    body: carIdBody,
    response: responses.message,
    errors: [404, 409],
  },
  updateImage: {
    summary: "Set the owner's profile picture",
    tag: 'Owner',
    multipart: z.object({ image: imageFile }),
    response: responses.imageUpdated,
    errors: [413, 507],
    codes: ['uploads_paused'],
  },
  bookingMessages: {
    summary: "A booking's WhatsApp and SMS messages, ours and the customer's, oldest first",
    description:
      'Each with its channel, its state (queued, sent, delivered, read, failed; received for the customer’s) and when; the customer’s phone and choices; and until when WhatsApp lets staff write freely (24 hours after the customer last wrote there).',
    tag: 'Owner',
    params: idParams,
    response: bookingMessagesResponse,
    errors: [404],
  },
  sendBookingMessage: {
    summary: 'Write to the customer of a booking by WhatsApp or SMS',
    description:
      'Queued and sent at once. WhatsApp: as it is within 24 hours of the customer’s last WhatsApp message, else in the staff_message template. Refused (409) when the site does not send that channel (message_channel_off), the customer has no phone messages can go to (message_customer_no_phone) or answered STOP there (message_customer_stopped).',
    tag: 'Owner',
    params: idParams,
    body: sendBookingMessageBody,
    response: bookingMessageSentResponse,
    status: 201,
    errors: [404, 409],
    codes: ['message_channel_off', 'message_customer_no_phone', 'message_customer_stopped'],
  },
  bookingMessagesSeen: {
    summary: "Marks the customer's messages on a booking as opened by this staff member",
    tag: 'Owner',
    params: idParams,
    response: bookingMessagesSeenResponse,
    errors: [404],
  },
  unreadMessages: {
    summary: 'Bookings whose customer wrote by WhatsApp or SMS and waits for an answer, newest first',
    description:
      'Each booking with its reference, the customer’s name, how many of their messages no staff member has opened, when the last came and its first words; the 50 newest, and how many in all. Opening the booking’s messages (POST /api/owner/bookings/:id/messages/seen) takes it off.',
    tag: 'Owner',
    response: unreadMessagesResponse,
  },
  channelOutbox: {
    summary: 'WhatsApp and SMS messages, ours and the customers’, newest first',
    description:
      'Each with its channel, phone, kind or template, booking, state, attempts and last error; 25 a page, by state, channel or booking reference. A check-in code is never shown: its digits read ••••••.',
    tag: 'Owner',
    query: channelOutboxQuery,
    response: channelOutboxResponse,
  },
  ownerOutbox: {
    summary: 'E-mails the site has written, newest first',
    description: 'Recipient, subject, when, status, attempts and the last error; 25 a page.',
    tag: 'Owner',
    query: outboxQuery,
    response: responses.outbox,
  },
  // Drivers as staff check them
  vetting: {
    summary: 'Customers to check, or checked',
    description:
      'waiting by default: customers with driver details the company has not decided on. Each with documents, the rules checked on their coming bookings, and their bookings.',
    tag: 'Owner',
    query: vettingQuery,
    response: driverResponses.vetting,
  },
  decideVetting: {
    summary: 'Approve a customer, or not',
    description:
      'The customer is told by e-mail. Not approved (a reason is required, and told): their pending bookings are cancelled, and new ones are refused with a neutral message. ' +
      'A customer without driver details cannot be approved (409).',
    tag: 'Owner',
    body: vettingDecisionBody,
    response: driverResponses.vettingDecided,
    errors: [404, 409],
  },
  markDoNotRent: {
    summary: 'Mark a customer "do not rent"',
    description: 'The reason is private to staff. Their new bookings are refused with a neutral message; existing ones are left to staff.',
    tag: 'Owner',
    params: customerIdParams,
    body: doNotRentBody,
    response: responses.message,
    errors: [404, 409],
  },
  clearDoNotRent: {
    summary: 'Remove the "do not rent" mark',
    tag: 'Owner',
    params: customerIdParams,
    response: responses.message,
    errors: [404],
  },
  // Walk-ins who drive off (docs/decisions/107)
  customerDriver: {
    summary: "A customer's driver details, documents and checks, as staff see them at the desk",
    description: 'The same entry as the driver checks page, for one customer. Staff accounts and erased customers: 404.',
    tag: 'Owner',
    params: customerIdParams,
    response: driverResponses.customerDriver,
    errors: [404],
  },
  saveCustomerDriver: {
    summary: "Type a customer's driving licence and date of birth (a walk-in at the desk)",
    description:
      "The same fields, checks and vetting as the customer's own PUT /api/user/driver: given or changed, the customer waits for a staff member's check " +
      '(POST /api/owner/vetting approves them). Staff accounts and erased customers: 404.',
    tag: 'Owner',
    params: customerIdParams,
    body: driverBody,
    response: driverResponses.customerDriverSaved,
    errors: [404],
  },
  uploadCustomerDocument: {
    summary: "Send a photo of a customer's document (their licence, at the desk)",
    description:
      "As the customer's own upload (POST /api/user/documents): the same kinds, checks and cleaning, counted in the customer's quota and files an hour " +
      '(413 documents_full, 429 uploads_too_many), 507 uploads_paused while the server is short of disk. Staff accounts and erased customers: 404.',
    tag: 'Owner',
    params: customerIdParams,
    multipart: documentUploadFields,
    status: 201,
    response: driverResponses.documentUploaded,
    errors: [404, 409, 413, 429, 507],
    codes: ['document_unreadable', 'documents_full', 'uploads_too_many', 'uploads_paused'],
  },
  counterDrivers: {
    summary: 'Name the other drivers of a booking at the counter',
    description:
      "Staff, until the keys are handed over (a pending or confirmed booking; 409 otherwise). The same list, rules and price as the customer's own call " +
      "(PUT /api/bookings/{id}/drivers): each driver is checked on the booking's days (422 with the rule, nothing saved), the booking is re-quoted for the drivers named, " +
      'and expectedTotal guards the price (409 price_changed with the new quote). The difference is owed in the folio, to be paid with the keys. Never sent back to be confirmed again.',
    tag: 'Bookings',
    params: idParams,
    body: bookingDriversBody,
    response: responses.bookingSaved.extend({ difference: z.number() }),
    errors: [404, 409, 422],
    codes: ['payment_open', 'price_changed'],
  },
  // The history (activity log)
  ownerActivity: {
    summary: 'The history of changes, newest first',
    description:
      "Every change of a booking's status or payment, of a car, of the bank details (account numbers as their last 4 digits), " +
      'of the company settings and of service blocks: who (null for the site itself), when, and the fields before and after. ' +
      "Recorded by the database; nothing can change or remove an entry. With cursor (the previous page's nextCursor): the next, older page.",
    tag: 'Owner',
    query: activityQuery,
    response: activityResponses.activity,
  },
  // A car's pictures
  addCarPicture: {
    summary: 'Add a picture to a car',
    description: 'Goes last; a car has at most 8 pictures (409 at 8). The same checks and processing as add-car.',
    tag: 'Owner',
    params: idParams,
    multipart: z.object({ image: imageFile }),
    status: 201,
    response: responses.carSaved,
    errors: [404, 409, 413, 507],
    codes: ['uploads_paused'],
  },
  orderCarPictures: {
    summary: "Put a car's pictures in a new order",
    description:
      'order lists every picture id of the car once (the last part of each picture URL); the first becomes the cover (image). 409 if the pictures changed meanwhile.',
    tag: 'Owner',
    params: idParams,
    body: carPicturesOrderBody,
    response: responses.carSaved,
    errors: [404, 409],
  },
  deleteCarPicture: {
    summary: 'Remove a picture of a car',
    description: 'The next picture becomes the cover when the cover is removed; the last picture cannot be removed (409).',
    tag: 'Owner',
    params: carPictureParams,
    response: responses.carSaved,
    errors: [404, 409],
  },
  resendMessage: {
    summary: 'Send a failed e-mail again',
    description: 'Only a message whose status is failed (409 otherwise).',
    tag: 'Owner',
    body: resendMessageBody,
    response: responses.messageResent,
    errors: [404, 409],
  },
  outboxMessage: {
    summary: 'One e-mail of the outbox, to read',
    description:
      'Its text, its HTML as the recipient sees it, the links in it, the PDF it carries and, for a customer with a phone, a WhatsApp link with its text. ' +
      'Messages to staff members (their password links, invitations) are for owners only: 404 for other staff, as for a message that does not exist.',
    tag: 'Owner',
    params: outboxMessageParams,
    response: outboxMessageResponse,
    errors: [404],
  },
  outboxLink: {
    summary: "Copy a customer's one-time link out of the outbox",
    description:
      'For mail that is off: the link of a welcome, password or booking sign-in letter to a customer, to pass on by hand. Owners and managers only (an agent gets 403, code not_allowed). ' +
      'The link is the one the e-mail carries: it works once and expires as the e-mail says (welcome 7 days, password 1 hour). A used or expired link: 409 code link_gone; ' +
      'a message with no such link, or to a staff member: 404.',
    tag: 'Owner',
    params: outboxMessageParams,
    response: outboxLinkResponse,
    errors: [404, 409],
    codes: ['link_gone'],
  },
  outboxAttachment: {
    summary: 'The PDF an e-mail of the outbox carries',
    description:
      'The rental agreement or receipt, as it is sent. 404 when the message carries none, or the reader may not open it. Cache-Control: private, no-store.',
    tag: 'Owner',
    params: outboxMessageParams,
    response: { binary: 'application/pdf' },
    errors: [404],
  },
  // Staff accounts and invitations
  staffMembers: {
    summary: 'The team and the invitations waiting',
    description: 'Every staff member (name, e-mail, role, since when) and every invitation not yet accepted or cancelled, an expired one marked so.',
    tag: 'Owner',
    response: staffResponses.staff,
  },
  inviteStaff: {
    summary: 'Invite a person onto the staff',
    description:
      `E-mails a one-time link (PUBLIC_URL/staff-invitation/<token>), valid ${STAFF_INVITATION_DAYS} days. ` +
      'A new invitation to the same address replaces the one waiting. 409 when the address is already staff.',
    tag: 'Owner',
    body: inviteStaffBody,
    status: 201,
    response: staffResponses.invited,
    errors: [409],
  },
  cancelStaffInvitation: {
    summary: 'Cancel an invitation',
    description: 'Its link stops working at once. 409 when it was already accepted, cancelled or replaced.',
    tag: 'Owner',
    params: idParams,
    response: staffResponses.message,
    errors: [404, 409],
  },
  changeStaffRole: {
    summary: "Change a staff member's role",
    description: "Their sessions end (they log in again). The company keeps at least one owner: 409 for the last owner's demotion.",
    tag: 'Owner',
    params: idParams,
    body: changeStaffRoleBody,
    response: staffResponses.memberChanged,
    errors: [404, 409],
  },
  removeStaff: {
    summary: 'Remove a staff member',
    description: 'Their account becomes a customer account again (their bookings stay) and their sessions end at once. 409 for the last owner.',
    tag: 'Owner',
    params: idParams,
    response: staffResponses.message,
    errors: [404, 409],
  },
  staffInvitation: {
    summary: 'What an invitation link offers',
    description:
      "The address, the role, the company's name, and whether an account already uses the address. 404 in words for a link that was used, cancelled, replaced or is too old.",
    tag: 'Account',
    params: staffInvitationParams,
    response: staffResponses.invitation,
    errors: [404],
  },
  acceptStaffInvitation: {
    summary: 'Accept an invitation',
    description:
      'A new person gives a name and chooses a password; a person who has an account gives its current password (their bookings stay). ' +
      'Answers a session token, like login. The link works once. Limited like login.',
    tag: 'Account',
    body: acceptStaffInvitationBody,
    response: staffResponses.accepted,
    errors: [404, 409, 429],
  },
  image: {
    summary: 'A stored picture (WebP)',
    description: 'Immutable: cache it for ever. w asks for a narrower copy.',
    tag: 'Pictures',
    params: idParams,
    query: z.object({
      w: z
        .enum(IMAGE_VARIANT_WIDTHS.map(String) as [string, ...string[]], { error: MESSAGE_BAD_IMAGE_WIDTH })
        .optional()
        .describe('Width in pixels of a smaller copy.'),
    }),
    response: { binary: 'image/webp' },
    errors: [404],
  },
  openApi: {
    summary: 'This description of the API (OpenAPI 3.1)',
    tag: 'Service',
    response: z.record(z.string(), z.unknown()),
  },
  folio: {
    summary: "A booking's folio: every charge, payment and refund, and the balance",
    description:
      "The booking's customer or staff only (404 for anyone else). Lines are never edited or removed: a correction is a line that voids another (voidsLineId, reason). " +
      "Amounts are whole units of the currency; a line's amount is before GCT, its gct beside it. totals.balance = charged - paid + refunded; paymentStatus is derived from it.",
    tag: 'Bookings',
    params: folioParams,
    response: folioResponses.folio,
    errors: [404],
  },
  recordPayment: {
    summary: 'Record money received for a booking',
    description: 'Staff: cash, card (at the counter), bank deposit or bank transfer, with its reference. The payment is a new line; nothing is changed.',
    tag: 'Bookings',
    params: folioParams,
    body: folioPaymentBody,
    status: 201,
    response: folioResponses.folioChanged,
    errors: [404],
  },
  recordRefund: {
    summary: 'Record money given back',
    description: 'Owner or manager. Never more than was paid and not yet refunded (409, code refund_too_much).',
    tag: 'Bookings',
    params: folioParams,
    body: folioRefundBody,
    status: 201,
    response: folioResponses.folioChanged,
    errors: [404, 409],
    codes: ['refund_too_much'],
  },
  addCharge: {
    summary: 'Add a charge (or a discount) to a booking',
    description:
      "Staff, also after the return: tolls, tickets, damage found later. gctApplies adds GCT at the company's rate. A discount lowers the balance. " +
      'The customer is e-mailed the new balance.',
    tag: 'Bookings',
    params: folioParams,
    body: folioChargeBody,
    status: 201,
    response: folioResponses.folioChanged,
    errors: [404, 409],
  },
  addLateCharge: {
    summary: 'Add a toll or a traffic ticket that arrived after the return',
    description:
      'Owners and managers, on a returned booking (409 late_charge_not_returned otherwise): kind (toll or fine), offenceDate, amount (passed through at cost, no GCT), ' +
      'description (the plaza or the ticket number) and the scan (field file, a photo or a PDF: 400 document_unreadable for anything else, 413 late_charge_scan_too_large). ' +
      'One folio line and one e-mail to the customer with the new balance and how to pay it. The scan is kept without its metadata, served only to the customer and staff, ' +
      "and erased with the customer's account. Send an Idempotency-Key: the same key again answers the first charge (Idempotent-Replayed: true) and adds nothing.",
    tag: 'Bookings',
    params: lateChargeParams,
    multipart: lateChargeUploadFields,
    headers: z.object({
      'idempotency-key': z
        .string()
        .max(255)
        .optional()
        .describe('1 to 255 visible characters, new for each toll or ticket; the same key with another charge is a 422.'),
    }),
    status: 201,
    response: lateChargeResponses.added,
    errors: [404, 409, 413, 422, 507],
    codes: [
      'late_charge_not_returned',
      'late_charge_kind_unknown',
      'late_charge_amount_not_positive',
      'late_charge_scan_needed',
      'late_charge_scan_too_large',
      'late_charge_key_reused',
      'document_unreadable',
    ],
  },
  lateCharges: {
    summary: 'The tolls and tickets added after the return',
    description: "The booking's customer and staff; 404 for anyone else. Each with its scan's address.",
    tag: 'Bookings',
    params: lateChargeParams,
    response: lateChargeResponses.list,
    errors: [404],
  },
  lateChargeScan: {
    summary: "A toll's or ticket's scan",
    description: "Only to the booking's customer and to staff: 404 for anyone else, as for a scan that does not exist. Cache-Control: private, no-store.",
    tag: 'Bookings',
    params: lateChargeScanParams,
    response: { binary: 'image/webp or application/pdf' },
    errors: [404],
  },
  voidLine: {
    summary: 'Void a line of the folio, with a reason',
    description:
      'Owner or manager. Adds a line of the opposite amount naming the voided one; a line is voided once, and a voiding line cannot be voided (409). ' +
      "A line made on a day whose cash-up is closed (the whole desk's, or the day of the staff member who made it) is refused (409 day_closed) until an owner reopens that day.",
    tag: 'Bookings',
    params: folioLineParams,
    body: folioVoidBody,
    status: 201,
    response: folioResponses.folioChanged,
    errors: [404, 409],
    codes: ['line_not_found', 'line_already_voided', 'void_of_void', 'day_closed'],
  },
  bookingHistory: {
    summary: 'What happened to a booking',
    description:
      'Staff only. Every event of the booking, oldest first: each step of its life (booked, confirmed, keys handed over...), money staff recorded, charges, card payments, reminders. ' +
      "`kind` is one of the contract's event kinds, `data` what it carries (amounts in whole units of `currency`).",
    tag: 'Bookings',
    params: folioParams,
    response: bookingHistoryResponse,
    errors: [404],
  },
  cashUp: {
    summary: "The day's cash-up: money by method, security deposits, what the cash drawer should hold",
    description:
      "For a day of the company (Jamaica time) and a staff member (staffId) or the whole desk (no staffId): the folios' payments and refunds by method, " +
      'security deposits taken at check-out and given back or kept at the return, and the cash the drawer should hold (cash in less cash out; ' +
      'a payment kept from a deposit is not counted again). With the closing in force (null while open) and the closings an owner reopened. ' +
      'A counter agent sees only their own day (403 cash_up_own_day_only); a day not yet come is refused (400 cash_up_future_day).',
    tag: 'Owner',
    query: cashUpQuery,
    response: cashUpResponses.cashUp,
    errors: [403, 404],
    codes: ['cash_up_future_day', 'cash_up_own_day_only'],
  },
  closeCashUp: {
    summary: 'Close the day: the cash counted in the drawer',
    description:
      'Stores the counted cash beside what the drawer should hold then, and the difference. A difference needs a note (400 cash_difference_needs_note). ' +
      'A day (of the staff member, or of the whole desk) is closed once (409 day_already_closed) until an owner reopens it. ' +
      'While closed, the folio lines made that day cannot be voided. A counter agent closes only their own day (403 cash_up_own_day_only). Recorded in the history.',
    tag: 'Owner',
    body: cashUpCloseBody,
    status: 201,
    response: cashUpResponses.cashUpChanged,
    errors: [403, 404, 409],
    codes: ['cash_difference_needs_note', 'day_already_closed', 'cash_up_future_day', 'cash_up_own_day_only'],
  },
  reopenCashUp: {
    summary: 'Reopen a closed day, with a reason',
    description:
      "Owner only. The closing stays in the history with who reopened it, when and why; the day's lines may be voided again, and the day closed again. " +
      '409 day_not_closed when the day (of the staff member given, or of the whole desk) is not closed.',
    tag: 'Owner',
    params: cashUpReopenParams,
    body: cashUpReopenBody,
    response: cashUpResponses.cashUpChanged,
    errors: [404, 409],
    codes: ['day_not_closed'],
  },
  carPapers: {
    summary: "A car's papers: registration, certificate of fitness, insurance",
    description:
      'Any staff member. The current paper of each kind (the one that expires last), the kinds missing, and every paper kept (renewals keep the ones before), ' +
      'each with its state: expired on its expiry day and after, expiring within 30 days.',
    tag: 'Owner',
    params: idParams,
    response: carPaperResponses.carPapers,
    errors: [404],
  },
  saveCarPapers: {
    summary: 'Save new papers of a car (a renewal is a new paper)',
    description:
      'Owners and managers. One or more papers, each kind at most once; the papers before are kept. An insurance needs its insurer and policy number (400). ' +
      'The expiry date of a new paper must be after today (422 car_paper_already_expired); the cost is a whole number, 0 or more (400). ' +
      'Staff are e-mailed 30, 14 and 3 days before a paper expires, once each. Nothing is stored when anything is refused.',
    tag: 'Owner',
    params: idParams,
    body: carPapersBody,
    response: carPaperResponses.carPapersSaved,
    errors: [404, 422],
    codes: ['car_paper_already_expired'],
  },
  uploadCarPaperScan: {
    summary: "A paper's scan",
    description:
      'Owners and managers. A JPEG, PNG or WebP photo (stored re-encoded, without its metadata) or a PDF (without its scripts and actions), at most 10 MB, ' +
      "cleaned as a driver's documents are (400 document_unreadable otherwise). Replaces the scan the paper had. Served only to staff, never cached.",
    tag: 'Owner',
    params: carPaperParams,
    multipart: carPaperScanFields,
    status: 201,
    response: carPaperResponses.carPapersSaved,
    errors: [404, 413, 429, 507],
    codes: ['document_unreadable', 'uploads_too_many', 'uploads_paused'],
  },
  carPaperScan: {
    summary: "A paper's scan file",
    description: 'Staff only. Cache-Control: private, no-store. 404 when the paper has no scan.',
    tag: 'Owner',
    params: carPaperParams,
    response: { binary: 'image/webp or application/pdf' },
    errors: [404],
  },
  fleetPapers: {
    summary: "Every car's papers by expiry, and the bookings that run past one",
    description:
      'Any staff member. The current papers of every car, the soonest expiry first; the cars missing a kind of paper; and the bookings (pending, confirmed, on rent) ' +
      'whose car has a current paper that expires on or before their return day, for staff to renew the paper or move the booking to another car.',
    tag: 'Owner',
    response: carPaperResponses.fleetPapers,
  },
  maintenancePlan: {
    summary: "A car's maintenance plan, each item with where it falls due",
    description:
      "Staff. The car's own plan, or else its make and model's (source says which; none when neither has one). Each item with its last service " +
      '(null: never, counted from 0 km and the day the car was added), where it falls due by distance and date, and its state: ' +
      "overdue once either is reached, due_soon within the company's margins (maintenanceSoonKm, maintenanceSoonDays).",
    tag: 'Owner',
    params: idParams,
    response: maintenanceResponses.plan,
    errors: [404],
  },
  saveMaintenancePlan: {
    summary: "Save a car's maintenance plan, or its make and model's",
    description:
      'Owner or manager. The items replace the plan. scope car: this car only; scope model: every car of the same make and model (letter case aside) ' +
      "without a plan of its own. Empty items with scope car remove the car's own plan, and it follows its model's. Services already logged are kept.",
    tag: 'Owner',
    params: idParams,
    body: maintenancePlanBody,
    response: maintenanceResponses.planSaved,
    errors: [404],
  },
  carServices: {
    summary: "A car's services, newest first",
    description:
      'Staff. Each with its items, cost in whole JMD (as the folio counts), garage, note, and whether it has a receipt scan (GET .../services/{serviceId}/receipt).',
    tag: 'Owner',
    params: idParams,
    response: maintenanceResponses.services,
    errors: [404],
  },
  logCarService: {
    summary: 'Log a service: its items start counting again',
    description:
      'Owner or manager; multipart: the service as JSON in `service`, and an optional receipt scan in `receipt`. Refused, with nothing stored: ' +
      'a date in the future (400 service_date_future), an odometer below what the car had already shown by that day at the counter or at an earlier service ' +
      '(400 service_odometer_below, with odometerKm), a cost below zero (400 service_cost_negative), an item not in the plan the car follows (400 service_item_unknown), ' +
      "a receipt that is neither a photo nor a PDF (400 document_unreadable). A reading above the car's odometer raises it. The receipt is kept without its metadata.",
    tag: 'Owner',
    params: idParams,
    multipart: carServiceFields,
    status: 201,
    response: maintenanceResponses.serviceLogged,
    errors: [404, 413, 507],
    codes: ['service_date_future', 'service_odometer_below', 'service_cost_negative', 'service_item_unknown', 'document_unreadable', 'uploads_paused'],
  },
  carServiceReceipt: {
    summary: "A service's receipt scan",
    description: 'Staff only. Cache-Control: private, no-store. 404 when the service has none.',
    tag: 'Owner',
    params: carServiceParams,
    response: { binary: 'image/webp or application/pdf' },
    errors: [404],
  },
  maintenanceDue: {
    summary: 'Cars with services due soon or overdue',
    description:
      "Staff. Every car of the fleet with an item of its plan overdue (its distance or date reached) or due soon (within the company's maintenanceSoonKm " +
      'or maintenanceSoonDays), worked out from the odometer the counter records and the last service of each item; overdue cars first.',
    tag: 'Owner',
    response: maintenanceResponses.due,
  },
  serviceBlock: {
    summary: 'Take a car out of hire for its service',
    description:
      'Owner or manager. A service block (as POST /api/owner/blocks) whose note names the items. 409 when the days are taken by a booking or another block.',
    tag: 'Owner',
    body: serviceBlockBody,
    status: 201,
    response: blockResponses.blockCreated,
    errors: [404, 409],
  },
  statements: {
    summary: 'Bank statements uploaded, newest first',
    description: 'Each with its account, its lines and the credits not applied yet. Owners and managers.',
    tag: 'Owner',
    response: statementResponses.list,
  },
  previewStatement: {
    summary: "A statement's columns and first rows, to choose a CSV's mapping",
    description:
      'Nothing is stored. For a CSV: its headers, its first rows and the mapping remembered for the account (or one guessed from the headers). ' +
      'For an OFX/QFX: no mapping is needed (format ofx).',
    tag: 'Owner',
    multipart: statementUploadFields,
    response: statementResponses.preview,
    errors: [413, 422],
    codes: ['statement_empty', 'statement_unreadable', 'statement_too_large', 'statement_bank_account_unknown'],
  },
  uploadStatement: {
    summary: 'Upload a bank statement and match its credits to bookings',
    description:
      "For one of the company's bank accounts (422 statement_bank_account_unknown). OFX/QFX (1.x SGML or 2.x XML): each line's FITID is its identity; CURDEF must be the account's currency (422 statement_currency). " +
      'CSV: the columns by the mapping sent (JSON) or remembered for the account (422 statement_mapping_needed, or statement_mapping_unfit when it does not fit); the mapping is remembered once the file is read. ' +
      'A credit whose description holds a booking reference (any case, spaces or dashes) is certain when it is the balance or a part of it; else likely by amount and the renter’s name. Debits are listed and ignored. ' +
      'At most 5 MB (413 statement_too_large, refused without reading the rest); empty, binary or malformed files, and lines dated after today, are refused and nothing is stored.',
    tag: 'Owner',
    multipart: statementUploadFields,
    status: 201,
    response: statementResponses.uploaded,
    errors: [413, 422],
    codes: [
      'statement_empty',
      'statement_unreadable',
      'statement_too_large',
      'statement_no_lines',
      'statement_currency',
      'statement_future_dates',
      'statement_bank_account_unknown',
      'statement_mapping_needed',
      'statement_mapping_unfit',
    ],
  },
  statement: {
    summary: 'A bank statement with its lines, their matches and states',
    tag: 'Owner',
    params: statementParams,
    response: statementResponses.one,
    errors: [404],
  },
  applyStatement: {
    summary: "Record a statement's lines as bank deposits on their bookings",
    description:
      'lineIds: lines applied to the booking they were matched to ("accept all certain" sends the certain ones). lines: lines assigned by hand, each to the booking of a reference. ' +
      "Each is a bank_deposit payment in the booking's folio (its reference the bank's id of the line), as staff record one by hand, and in the booking's history. " +
      'A bank line is recorded once per account, whatever statements repeat it or however many staff apply it at once: a line applied already is skipped. ' +
      '404 for a line not on this statement; 409 statement_line_unmatched for a line with no booking, statement_line_debit for money out; 422 statement_booking_unknown for a reference no booking has. ' +
      'One refusal and nothing of the call is recorded.',
    tag: 'Owner',
    params: statementParams,
    body: applyStatementBody,
    response: statementResponses.applied,
    errors: [404, 409, 422],
    codes: ['statement_line_unmatched', 'statement_line_debit', 'statement_booking_unknown'],
  },
  onlineCheckIn: {
    summary: "A booking's online check-in: the state of each step",
    description:
      "The booking's customer (staff may read it too; 404 for anyone else). open, and when not, closedReason with its words (closedMessage): " +
      `a confirmed booking, from onlineCheckInHours (company settings, default ${DEFAULT_ONLINE_CHECK_IN_HOURS}) before the pickup day's opening time (opensAt) until check-out. ` +
      'drivers: the main driver (licence, documents still needed, vetting; waiting: the company is checking them) and every other driver named. ' +
      "arrival: the pickup day's opening hours (weekHours), the delivery (address or flight) and the pickup time once given. " +
      "agreement: the agreement's text exactly as the PDF will hold it, where the code goes and the last code's times and tries left. " +
      "money: the folio's balance, the security deposit, and whether cards are on (else the bank deposit with the booking reference). completed: { completedAt, agreementSha256 } once done.",
    tag: 'Bookings',
    params: idParams,
    response: onlineCheckInResponses.state,
    errors: [404],
  },
  sendCheckInCode: {
    summary: 'Send the 6-digit code that proves who signs',
    description:
      `The booking's customer only (404 for anyone else, staff included). A new code by e-mail to the account's address, working ${CHECK_IN_CODE_MINUTES} minutes and ${CHECK_IN_CODE_TRIES} wrong tries; ` +
      `it replaces the one before. At most one a ${CHECK_IN_CODE_RESEND_SECONDS} seconds (429 check_in_code_too_soon) and ${CHECK_IN_CODES_PER_HOUR} an hour (429 check_in_codes_too_many). ` +
      'Refused while check-in is not open (409 with the closed reason’s code). Recorded in the booking’s history.',
    tag: 'Bookings',
    params: idParams,
    response: onlineCheckInResponses.codeSent,
    errors: [404, 409, 429],
    codes: [...CHECK_IN_CLOSED_CODES, 'check_in_code_too_soon', 'check_in_codes_too_many'],
  },
  completeCheckIn: {
    summary: 'Check in online: give the pickup time, type the code and sign the agreement',
    description:
      "The booking's customer only (404 for anyone else). `pickupTime` (HH:MM) within the pickup day's opening hours (422 pickup_time_outside_hours, pickup_day_closed); " +
      '`flightNumber` (optional: the flight the customer arrives on; for an airport delivery it replaces the one given when booking); ' +
      `\`code\` the 6 digits e-mailed (422 check_in_code_missing, check_in_code_wrong (a try used), check_in_code_expired after ${CHECK_IN_CODE_MINUTES} minutes, check_in_code_used_up after ${CHECK_IN_CODE_TRIES} wrong tries); ` +
      `\`signature\` a PNG data URL of the finger-drawn signature (422 signature_missing, signature_not_png, signature_unreadable; 413 signature_too_large above ${groupedNumber(CHECK_IN_SIGNATURE_MAX_CHARS)} characters). ` +
      "The main driver's licence and documents must be given (409 check_in_drivers_missing; not approved or do not rent: 409 check_in_driver_refused); waiting for vetting is allowed (staff are alerted). " +
      'The agreement is drawn as the counter draws it, with the signature, the time, the address and browser; stored as made, its SHA-256 kept (GET /api/bookings/{id}/agreement.pdf gives it until the counter signs its own). ' +
      'Every step is in the booking’s history. A second completion, a cancelled or not open booking: 409 with the closed reason’s code. Nothing is stored on a refusal (but for the wrong try counted).',
    tag: 'Bookings',
    params: idParams,
    body: completeCheckInBody,
    response: onlineCheckInResponses.completed,
    errors: [404, 409, 413, 422],
    codes: [
      ...CHECK_IN_CLOSED_CODES,
      'check_in_drivers_missing',
      'check_in_driver_refused',
      'check_in_code_missing',
      'check_in_code_wrong',
      'check_in_code_expired',
      'check_in_code_used_up',
      'signature_missing',
      'signature_not_png',
      'signature_too_large',
      'signature_unreadable',
      'pickup_day_closed',
      'pickup_time_outside_hours',
    ],
  },
  health: {
    summary: 'Is the server up and its database reachable?',
    tag: 'Service',
    response: responses.health,
    errors: [503],
  },
  whatsappSubscribe: {
    summary: "WhatsApp's check that the webhook is ours (Meta's subscribe call)",
    description: 'Answers hub.challenge as plain text when hub.mode is subscribe and hub.verify_token is the one set in WHATSAPP_VERIFY_TOKEN; 403 otherwise.',
    tag: 'Service',
    query: z.object({
      'hub.mode': z.string({ error: 'The subscription mode must be text, such as subscribe.' }).optional(),
      'hub.verify_token': z.string({ error: 'The verify token must be text.' }).optional(),
      'hub.challenge': z.string({ error: 'The challenge must be text.' }).optional(),
    }),
    response: { binary: 'text/plain' },
    errors: [403, 409],
    codes: ['webhook_channel_off'],
  },
  whatsappWebhook: {
    summary: "WhatsApp's statuses and customers' messages (Meta's webhook)",
    description:
      'Signed with X-Hub-Signature-256 (HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET); a call without a valid signature is 401 (code webhook_not_signed) and changes nothing. ' +
      "A message's status moves it forward only (sent, delivered, read; failed unless delivered), once, whatever arrives twice or late; a customer's message is kept once on their current booking, and STOP or START turns WhatsApp off or on for their phone.",
    tag: 'Service',
    response: { binary: 'application/json' },
    errors: [401, 409],
    codes: ['webhook_not_signed', 'webhook_channel_off'],
  },
  twilioWebhook: {
    summary: "Twilio's SMS statuses and customers' text messages",
    description:
      'Signed with X-Twilio-Signature (HMAC-SHA1 of this address and the sorted form fields, keyed with TWILIO_AUTH_TOKEN); a call without a valid signature is 401 (code webhook_not_signed) and changes nothing. Statuses and messages as for WhatsApp; answers an empty TwiML response.',
    tag: 'Service',
    response: { binary: 'text/xml' },
    errors: [401, 409],
    codes: ['webhook_not_signed', 'webhook_channel_off'],
  },
} satisfies { [K in EndpointName]: EndpointSchemas };

export type Endpoints = typeof ENDPOINTS;

/** One call's whole entry: route and schemas. */
export function endpoint<N extends EndpointName>(name: N): (typeof ROUTES)[N] & Endpoints[N] {
  return { ...ROUTES[name], ...ENDPOINTS[name] };
}

// ---------- types the client and the server derive from the table ----------
type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;

export type ResponseOf<N extends EndpointName> = Endpoints[N]['response'] extends z.ZodType ? z.output<Endpoints[N]['response']> : Blob;
/** What a handler returns (before serialisation). */
export type ResponseInputOf<N extends EndpointName> = Endpoints[N]['response'] extends z.ZodType ? z.input<Endpoints[N]['response']> : unknown;
export type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: infer B } ? Out<B> : undefined;
export type BodyInputOf<N extends EndpointName> = Endpoints[N] extends { body: infer B } ? In<B> : undefined;
export type ParamsOf<N extends EndpointName> = Endpoints[N] extends { params: infer P } ? Out<P> : undefined;
export type QueryOf<N extends EndpointName> = Endpoints[N] extends { query: infer Q } ? Out<Q> : undefined;
export type IsMultipart<N extends EndpointName> = Endpoints[N] extends { multipart: z.ZodObject } ? true : false;
