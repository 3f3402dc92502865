/**
 * What the online check-in screens decide, apart from drawing: which step a customer may open, the
 * pickup times the arrival step offers, what is still missing before "Sign", the booking page's
 * call to action, and which step a refusal belongs to (by its code, never its words).
 */
import {
  CHECK_IN_CLOSED_WORDS,
  type CheckInClosedReason,
  type DayHours,
  ONLINE_CHECK_IN_REFUSALS,
  onlineCheckInClosedReason,
  onlineCheckInOpensAt,
  type WeekHours,
} from '@rental/contract/onlineCheckIn';
import type { OnlineCheckInState } from '@rental/contract/schemas';

export const CHECK_IN_STEPS = ['drivers', 'arrival', 'agreement', 'money'] as const;
export type CheckInStep = (typeof CHECK_IN_STEPS)[number];
export const CHECK_IN_STEP_WORDS: Record<CheckInStep, string> = {
  drivers: 'Drivers',
  arrival: 'Arrival',
  agreement: 'Agreement',
  money: 'Payment',
};

/** The check-in page of a booking. */
export function checkInPath(reference: string): string {
  return `/my-bookings/${reference}/check-in`;
}

/** Drivers may go on when every driver is given (waiting for the company's check is fine: staff are alerted). */
export function driversReady(state: OnlineCheckInState): boolean {
  return state.drivers.state === 'done' || state.drivers.state === 'waiting';
}

/**
 * The steps a customer may open now: before completion, Drivers always, Arrival once the drivers are
 * given, the Agreement once a pickup time is chosen; Payment is open at any time (paying early is
 * never wrong). Once completed, everything reads.
 */
export function stepsOpen(state: OnlineCheckInState, pickupTime: string): Record<CheckInStep, boolean> {
  if (state.completed) return { drivers: true, arrival: true, agreement: true, money: true };
  const drivers = driversReady(state);
  return { drivers: true, arrival: drivers, agreement: drivers && pickupTime !== '', money: true };
}

/** The step to start on: Drivers (who drives is worth a look even when all is given), Payment once completed. */
export function firstStep(state: OnlineCheckInState): CheckInStep {
  return state.completed ? 'money' : 'drivers';
}

function minutes(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}
function timeOf(total: number): string {
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** The pickup times offered on the day: every `step` minutes from opening to closing, both included; none when closed. */
export function pickupTimeChoices(hours: DayHours | null, step = 30): string[] {
  if (!hours) return [];
  const times: string[] = [];
  const closes = minutes(hours.closes);
  for (let at = minutes(hours.opens); at <= closes; at += step) times.push(timeOf(at));
  if (times[times.length - 1] !== hours.closes) times.push(hours.closes);
  return times;
}

/** A flight number as typed, tidied the way airlines print it ("jm 12" → "JM12"). */
export function tidyFlightNumber(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase();
}

/** What the customer still has to do before "Sign" sends anything, in words; empty when ready. */
export function missingBeforeSigning(input: { pickupTime: string; code: string; signature: string | null; codeSent: boolean }): string[] {
  const missing: string[] = [];
  if (!input.pickupTime) missing.push('Choose your pickup time (step 2, Arrival).');
  if (!input.codeSent) missing.push('Ask for a code: press “Send me a code”.');
  else if (!/^\d{6}$/.test(input.code.trim())) missing.push('Type the 6-digit code from the e-mail.');
  if (!input.signature) missing.push(ONLINE_CHECK_IN_REFUSALS.signature_missing);
  return missing;
}

/** Where a refusal of "Sign" is shown, so the customer lands on what to fix; `page`: the check-in as a whole changed. */
export type RefusalPlace = 'drivers' | 'arrival' | 'code' | 'signature' | 'page' | 'form';
export function refusalPlace(code: string | undefined): RefusalPlace {
  switch (code) {
    case 'check_in_drivers_missing':
    case 'check_in_driver_refused':
      return 'drivers';
    case 'pickup_day_closed':
    case 'pickup_time_outside_hours':
      return 'arrival';
    case 'check_in_code_missing':
    case 'check_in_code_wrong':
    case 'check_in_code_expired':
    case 'check_in_code_used_up':
    case 'check_in_code_too_soon':
    case 'check_in_codes_too_many':
      return 'code';
    case 'signature_missing':
    case 'signature_not_png':
    case 'signature_too_large':
    case 'signature_unreadable':
      return 'signature';
    case 'check_in_not_confirmed':
    case 'check_in_cancelled':
    case 'check_in_not_open_yet':
    case 'check_in_closed':
    case 'check_in_done':
      return 'page';
    default:
      return 'form';
  }
}

/** A code whose words the contract holds: those words; else the server's sentence (a general refusal says what in its message). */
export function refusalWords(code: string | undefined, serverSentence: string): string {
  const words: Record<string, string> = ONLINE_CHECK_IN_REFUSALS;
  return (code !== undefined && Object.hasOwn(words, code) ? words[code] : undefined) ?? serverSentence;
}

/** After a code was typed wrong, clear it and ask again; after it ran out or was used up, a new one is needed. */
export function needsNewCode(code: string | undefined): boolean {
  return code === 'check_in_code_expired' || code === 'check_in_code_used_up' || code === 'check_in_code_missing';
}

/** The booking page's call to action, worked out from the booking and the company's hours (the check-in page asks the server). */
export type CheckInCall =
  | { kind: 'none' }
  | { kind: 'open' }
  | { kind: 'not_yet'; reason: CheckInClosedReason; words: string; opensAt: Date | null }
  | { kind: 'done'; completedAt: string };

export function checkInCall(
  booking: { status: string; pickupDate: string; onlineCheckIn?: { completedAt: string } | undefined },
  company: { weekHours: WeekHours; onlineCheckInHours: number },
  now: Date,
): CheckInCall {
  if (booking.onlineCheckIn) return { kind: 'done', completedAt: booking.onlineCheckIn.completedAt };
  const opensAt = onlineCheckInOpensAt(booking.pickupDate, company.weekHours, company.onlineCheckInHours);
  const reason = onlineCheckInClosedReason({ status: booking.status, completed: false }, opensAt, now);
  if (reason === null) return { kind: 'open' };
  // Only a booking still to be picked up hears why not yet; a cancelled or finished one says nothing of check-in.
  if (reason === 'not_confirmed') return { kind: 'not_yet', reason, words: CHECK_IN_CLOSED_WORDS.not_confirmed, opensAt: null };
  if (reason === 'too_early') return { kind: 'not_yet', reason, words: CHECK_IN_CLOSED_WORDS.too_early, opensAt };
  return { kind: 'none' };
}
