/**
 * Online check-in (issue 33, decision 124): the customer does the counter's paperwork on the phone
 * before pickup: drivers, arrival time, the agreement signed after a code sent to their e-mail, and
 * the money. The rules here are read by the check-in screens (to explain) and the server (to
 * enforce): when check-in is open, the company's opening hours a pickup time must fall in, the code's
 * life and tries, and each refusal's code with its words.
 */
// ---------- the company's opening hours, per weekday ----------
export { DEFAULT_ONLINE_CHECK_IN_HOURS, DEFAULT_WEEK_HOURS, type DayHours, WEEKDAY_WORDS, WEEKDAYS, type Weekday, type WeekHours } from './weekHours';
import { type DayHours, WEEKDAY_WORDS, WEEKDAYS, type Weekday, type WeekHours } from './weekHours';

/** A time of day as the forms and the API write it: "HH:MM", 24-hour. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

function minutesOf(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}

/** The weekday of a calendar date (YYYY-MM-DD); the date is a Jamaica day already, so no zone is needed. */
export function weekdayOf(date: string): Weekday {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  // getUTCDay: 0 is Sunday.
  const index = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return WEEKDAYS[index] ?? 'monday';
}

/** "Monday 08:00 to 18:00" or "Sunday: closed". */
export function dayHoursWords(day: Weekday, hours: DayHours | null): string {
  return hours ? `${WEEKDAY_WORDS[day]} ${hours.opens} to ${hours.closes}` : `${WEEKDAY_WORDS[day]}: closed`;
}

/**
 * Why a pickup time cannot be on that day, or null when it can: the company is closed that day, or
 * the time is before opening or after closing (closing time itself is still inside).
 */
export function pickupTimeProblem(
  pickupDate: string,
  pickupTime: string,
  week: WeekHours,
): { code: 'pickup_day_closed' | 'pickup_time_outside_hours'; message: string } | null {
  const day = weekdayOf(pickupDate);
  const hours = week[day];
  if (!hours) return { code: 'pickup_day_closed', message: `We are closed on ${WEEKDAY_WORDS[day]}s. Please call us to arrange the pickup.` };
  const at = minutesOf(pickupTime);
  if (at < minutesOf(hours.opens) || at > minutesOf(hours.closes))
    return {
      code: 'pickup_time_outside_hours',
      message: `Please choose a pickup time between ${hours.opens} and ${hours.closes} (our hours on ${WEEKDAY_WORDS[day]}).`,
    };
  return null;
}

// ---------- when online check-in is open ----------
export const MAX_ONLINE_CHECK_IN_HOURS = 24 * 14;

/** Jamaica is UTC-5 all year (no daylight saving). */
const JAMAICA_OFFSET = '-05:00';

/** An instant from a Jamaica day and time of day. */
export function jamaicaInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00${JAMAICA_OFFSET}`);
}

/**
 * When online check-in opens for a booking: the given number of hours before the pickup day's
 * opening time (midnight when the company is closed that day). It stays open until check-out.
 */
export function onlineCheckInOpensAt(pickupDate: string, week: WeekHours, hours: number): Date {
  const day = week[weekdayOf(pickupDate)];
  const start = jamaicaInstant(pickupDate, day ? day.opens : '00:00');
  return new Date(start.getTime() - hours * 3_600_000);
}

/** Why online check-in is not open for a booking (null: open). */
export const CHECK_IN_CLOSED_REASONS = ['not_confirmed', 'cancelled', 'too_early', 'checked_out', 'no_show', 'completed'] as const;
export type CheckInClosedReason = (typeof CHECK_IN_CLOSED_REASONS)[number];
export const CHECK_IN_CLOSED_WORDS: Record<CheckInClosedReason, string> = {
  not_confirmed: 'Online check-in opens once we have confirmed your booking.',
  cancelled: 'This booking is cancelled.',
  too_early: 'Online check-in is not open yet: it opens a few days before pickup.',
  checked_out: 'The car has been picked up: check-in is done.',
  no_show: 'The pickup day has passed and the booking was closed as not picked up.',
  completed: 'You have checked in online. See you at the counter!',
};

/**
 * Is online check-in open for this booking now, and if not, why. A confirmed booking, from
 * `opensAt` until it is checked out at the counter; once completed online it is closed too.
 */
export function onlineCheckInClosedReason(booking: { status: string; completed: boolean }, opensAt: Date, now: Date): CheckInClosedReason | null {
  if (booking.status === 'pending') return 'not_confirmed';
  if (booking.status === 'cancelled') return 'cancelled';
  if (booking.status === 'no_show') return 'no_show';
  if (booking.status === 'on_rent' || booking.status === 'returned') return 'checked_out';
  if (booking.completed) return 'completed';
  if (now.getTime() < opensAt.getTime()) return 'too_early';
  return null;
}

// ---------- the code sent to the customer's e-mail ----------
export const CHECK_IN_CODE_DIGITS = 6;
/** A code works this long after it is sent. */
export const CHECK_IN_CODE_MINUTES = 10;
/** Wrong tries a code takes; then a new code is needed. */
export const CHECK_IN_CODE_TRIES = 5;
/** A new code no sooner than this after the last one. */
export const CHECK_IN_CODE_RESEND_SECONDS = 60;
/** Codes one booking may be sent in an hour. */
export const CHECK_IN_CODES_PER_HOUR = 5;

/** A signature (a PNG data URL) at most this long, in characters. */
export const CHECK_IN_SIGNATURE_MAX_CHARS = 550_000;

// ---------- the refusals ----------
export const ONLINE_CHECK_IN_REFUSALS = {
  check_in_not_open_yet: 'Online check-in is not open yet: it opens a few days before pickup. The booking page says when.',
  check_in_not_confirmed: 'This booking is not confirmed yet. Online check-in opens once we confirm it.',
  check_in_cancelled: 'This booking is cancelled, so it cannot be checked in.',
  check_in_closed: 'The car has been picked up (or the booking has ended), so online check-in is closed.',
  check_in_done: 'This booking is checked in online already. The signed agreement is on the booking page.',
  check_in_drivers_missing: "A driver's licence details or documents are still missing. Please finish the Drivers step first.",
  check_in_driver_refused: 'We cannot rent to one of the drivers of this booking. Please call us.',
  check_in_code_missing: 'Please ask for a code first: we send it to your e-mail.',
  check_in_code_wrong: 'This code is not right. Please check the e-mail and type it again.',
  check_in_code_expired: `This code has run out (a code works ${CHECK_IN_CODE_MINUTES} minutes). Please ask for a new one.`,
  check_in_code_used_up: `The code was typed wrong ${CHECK_IN_CODE_TRIES} times. Please ask for a new one.`,
  check_in_code_too_soon: 'A code was sent less than a minute ago. Please look in your e-mail (and its spam folder), or wait a minute.',
  check_in_codes_too_many: `${CHECK_IN_CODES_PER_HOUR} codes were sent in the last hour. Please wait a little before asking for another.`,
  signature_missing: 'Please sign with your finger in the box.',
  signature_not_png: 'The signature was not sent as a picture we can read. Please clear it and sign again.',
  signature_too_large: 'The signature is too large. Please clear it and sign again.',
  pickup_day_closed: 'We are closed on the pickup day. Please call us to arrange the pickup.',
  pickup_time_outside_hours: 'Please choose a pickup time within our opening hours.',
} as const;
export type OnlineCheckInRefusal = keyof typeof ONLINE_CHECK_IN_REFUSALS;

/** The refusal a closed check-in answers with, per reason. */
export const CLOSED_REFUSAL: Record<CheckInClosedReason, OnlineCheckInRefusal> = {
  not_confirmed: 'check_in_not_confirmed',
  cancelled: 'check_in_cancelled',
  too_early: 'check_in_not_open_yet',
  checked_out: 'check_in_closed',
  no_show: 'check_in_closed',
  completed: 'check_in_done',
};

// ---------- the trail ----------
/** What the trail of an online check-in records, with its time (printed on the signing certificate). */
export const CHECK_IN_TRAIL_STEPS = ['code_sent', 'code_wrong', 'code_verified', 'signed'] as const;
export type CheckInTrailStep = (typeof CHECK_IN_TRAIL_STEPS)[number];
export const CHECK_IN_TRAIL_WORDS: Record<CheckInTrailStep, string> = {
  code_sent: 'Code sent by e-mail',
  code_wrong: 'Wrong code typed',
  code_verified: 'Code verified',
  signed: 'Agreement signed',
};

/** "j•••@example.com": where the code went, shown without giving the address away whole. */
export function maskedEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
