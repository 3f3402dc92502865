/**
 * The company's rules for who may drive its cars (SPEC section 9): old enough and a licence held long
 * enough on the pickup day, and a licence still valid on the return day. One home for them: the
 * server refuses a booking by them, the forms warn by them, staff read them on the vetting page.
 * Days are the company's calendar days ("YYYY-MM-DD"), as the bookings' are.
 */

import { DOCUMENT_KIND_WORDS, DOCUMENT_KINDS, DOCUMENT_NEED, type DocumentKind } from './constants';

/** The company's settings the rules read (owners change them at /owner/settings; shipped: 23 and 2). */
export interface DriverRules {
  minDriverAge: number;
  minLicenceYears: number;
}

/** What a driver's rules are checked on; a customer's own details and an additional driver's alike. */
export interface DriverFacts {
  dateOfBirth: string;
  licenceIssued: string;
  licenceExpires: string;
}

export type DriverRule = 'age' | 'licence_years' | 'licence_expires';
export interface DriverProblem {
  rule: DriverRule;
  message: string;
}

/**
 * Whole years from `from` to `on`: a birthday (or a licence's anniversary) counts on its day, so
 * someone born 2003-05-10 is 23 on 2026-05-10 and 22 the day before. Born on 29 February, the
 * anniversary in a year without one is 1 March.
 */
export function wholeYears(from: string, on: string): number {
  const years = Number(on.slice(0, 4)) - Number(from.slice(0, 4));
  return on.slice(5) < from.slice(5) ? years - 1 : years;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Every rule the driver breaks for a rental from `pickupDate` to `returnDate`, in the order a person
 * would fix them. `who` names another driver ("Jane Brown") in the messages; left out, they speak
 * to the customer ("You must be ...").
 */
export function driverProblems(driver: DriverFacts, rental: { pickupDate: string; returnDate: string }, rules: DriverRules, who?: string): DriverProblem[] {
  const problems: DriverProblem[] = [];
  const subject = who ?? 'You';
  const their = who ? `${who}'s` : 'Your';
  if (wholeYears(driver.dateOfBirth, rental.pickupDate) < rules.minDriverAge) {
    problems.push({
      rule: 'age',
      message: `${subject} must be ${rules.minDriverAge} or older on the pickup day to ${who ? 'drive' : 'rent'} a car.`,
    });
  }
  if (wholeYears(driver.licenceIssued, rental.pickupDate) < rules.minLicenceYears) {
    problems.push({
      rule: 'licence_years',
      message: `${their} driving licence must have been held for at least ${plural(rules.minLicenceYears, 'year')} on the pickup day.`,
    });
  }
  if (driver.licenceExpires < rental.returnDate) {
    problems.push({
      rule: 'licence_expires',
      // Advice only to the customer themself: staff read the fact.
      message: who
        ? `${their} driving licence expires before the return day.`
        : 'Your driving licence expires before the return day. Please renew it first, or choose an earlier return day.',
    });
  }
  return problems;
}

/**
 * What a customer has still to send, in words, from the kinds they sent: each required one missing,
 * and "Passport or work ID" while they have sent neither. Empty when nothing is missing.
 */
export function documentsStillNeeded(sent: readonly DocumentKind[]): string[] {
  const have = new Set(sent);
  const missing = DOCUMENT_KINDS.filter((kind) => DOCUMENT_NEED[kind] === 'required' && !have.has(kind)).map((kind) => DOCUMENT_KIND_WORDS[kind]);
  if (!DOCUMENT_KINDS.some((kind) => DOCUMENT_NEED[kind] === 'passport_or_work_id' && have.has(kind))) missing.push('Passport or work ID');
  return missing;
}

/** What a document card says of its kind: needed, or one of the two. */
export function documentNeedWords(kind: DocumentKind): string {
  return DOCUMENT_NEED[kind] === 'required' ? 'Required' : 'Passport or work ID: one of the two is enough';
}

/** Files of one kind of document a customer may keep (a renewed licence, a passport's second page...). */
export const MAX_FILES_PER_DOCUMENT = 4;

/** What drivers are told, and staff about them. Apart from MESSAGES, which every public page loads. */
export const DRIVER_MESSAGES = {
  driverSaved: 'Your driver details are saved. We check them before your pickup.',
  /** The same, when saving them sends an approved (or refused) customer back to be checked. */
  driverSavedCheckAgain: 'Your driver details are saved. As they changed, we check them again before your pickup.',
  /** A customer staff have not approved or marked "do not rent": no reason given online. */
  bookingRefused: 'We cannot take this booking online. Please call us.',
  /** Told beside a booking made without driver details (allowed: a reservation). */
  driverMissing: 'We still need your driving licence details and date of birth. Add them in your account before pickup, so we can check them in time.',
  documentUploaded: 'Document uploaded',
  documentRemoved: 'Document removed',
  documentNotFound: 'Document not found.',
  documentFileRequired: 'Please choose a photo or a PDF of the document.',
  documentInvalid: 'This file is not a photo or a PDF we can read. Please send a JPEG, PNG or WebP photo, or a PDF.',
  documentTooMany: `You already have ${MAX_FILES_PER_DOCUMENT} files of this document. Remove one before adding another.`,
  customerNotFound: 'Customer not found.',
  vettingApproved: 'Approved: the customer is told by e-mail.',
  vettingRejected: 'Not approved: the customer is told by e-mail, and their bookings waiting for confirmation are cancelled.',
  vettingNeedsDriver: 'This customer has not given their driver details yet: they cannot be approved before they do.',
  vettingStaff: 'Staff accounts are not vetted.',
  doNotRentSet: 'Marked "do not rent": new bookings from this customer are refused.',
  doNotRentCleared: 'The "do not rent" mark is removed.',
  driversSaved: 'The other drivers are saved',
  driversToConfirm: 'The booking now waits for our staff to confirm it again at the new price; we will e-mail you when they do.',
  driversBookingClosed: 'Other drivers can be named only on a booking that is waiting or confirmed, before its pickup day. Please call us.',
  confirmDriverRejected: 'This booking cannot be confirmed: its customer is not approved to rent.',
  accountDeleted: "Your account and personal data are erased. Past bookings stay in the company's books without your name.",
  wrongPassword: 'Your password is not right. Please try again.',
  staffAccountNotErased: 'A staff account cannot be erased here. Please ask another owner.',
  erasureWhileBooked: 'Your account cannot be erased while you have a booking waiting or to come. Please cancel it first, or call us.',
  erasureRefused: 'We cannot erase this account online. Please call us.',
  vettingDetailsChanged: 'The customer changed their driver details since this page was opened. Please look at them again.',
} as const;

/**
 * Other drivers are named, changed or removed while the booking is waiting or confirmed, before its
 * pickup day; from then on the counter's agreement names them.
 */
export function canNameDrivers(booking: { status: string; pickupDate: string }, today: string): boolean {
  return (booking.status === 'pending' || booking.status === 'confirmed') && today < booking.pickupDate;
}
