/**
 * A car's papers (docs/decisions/116-car-papers.md): its registration, certificate of fitness and
 * insurance, each with the day it expires. A renewal is a new paper; the current paper of a kind is
 * the one that expires last. A paper "expires on" the first day it no longer covers the car: on that
 * day the car is not handed over (409 car_papers_expired). Staff are told 30, 14 and 3 days before.
 */
import { addDays, daysBetween } from './rentalDates';
import { formatDay } from './format';

export const CAR_PAPER_KINDS = ['registration', 'fitness', 'insurance'] as const;
export type CarPaperKind = (typeof CAR_PAPER_KINDS)[number];

/** How each paper is named in a sentence ("The insurance expired on ..."). */
export const CAR_PAPER_WORDS: Record<CarPaperKind, string> = {
  registration: 'Registration',
  fitness: 'Certificate of fitness',
  insurance: 'Insurance',
};

/** Days before a paper expires that staff are e-mailed, each once per paper. */
export const CAR_PAPER_ALERT_DAYS = [30, 14, 3] as const;
export type CarPaperAlertDays = (typeof CAR_PAPER_ALERT_DAYS)[number];
/** Within this many days a paper shows as expiring (the dashboard, the papers page). */
export const CAR_PAPER_WARNING_DAYS = 30;
/** A paper can be saved for at most this many years ahead. */
export const CAR_PAPER_MAX_YEARS = 10;

export type CarPaperState = 'valid' | 'expiring' | 'expired';

/** Expired on its day and after; expiring within CAR_PAPER_WARNING_DAYS. */
export function carPaperState(expiresOn: string, today: string): CarPaperState {
  if (expiresOn <= today) return 'expired';
  return expiresOn <= addDays(today, CAR_PAPER_WARNING_DAYS) ? 'expiring' : 'valid';
}

/** "Insurance expired on Tue 1 Dec 2026" / "Insurance expires on Tue 1 Dec 2026, in 3 days". */
export function carPaperWords(paper: { kind: CarPaperKind; expiresOn: string }, today: string): string {
  const what = CAR_PAPER_WORDS[paper.kind];
  const day = formatDay(paper.expiresOn);
  if (paper.expiresOn <= today) return `${what} expired on ${day}`;
  const days = daysBetween(today, paper.expiresOn);
  return `${what} expires on ${day}, in ${days} ${days === 1 ? 'day' : 'days'}`;
}

export const CAR_PAPER_MESSAGES = {
  saved: 'The papers are saved.',
  scanSaved: 'The scan is saved. Only staff can open it.',
  carNotFound: 'This car was not found. It may have been removed.',
  paperNotFound: 'This paper was not found. Please reload the car’s papers.',
  scanNotFound: 'This paper has no scan.',
  alreadyExpired: 'The expiry date of a new paper must be after today. Please check the date on the paper.',
  insuranceNeedsPolicy: 'An insurance needs the insurer and the policy number.',
  oneOfEachKind: 'Please send each kind of paper at most once.',
  fileRequired: 'Please choose the scan: a photo or a PDF of the paper.',
} as const;

/** The refusals of a car's papers a screen acts on, with their words (refusalCodes.ts gathers them). */
export const CAR_PAPER_REFUSALS = {
  car_paper_already_expired: CAR_PAPER_MESSAGES.alreadyExpired,
  // The counter's check-out (features/counter): the message names the paper and its day.
  car_papers_expired:
    'A paper of this car (registration, certificate of fitness or insurance) has expired: it cannot be handed over until the paper is renewed.',
} as const;
export type CarPaperRefusal = keyof typeof CAR_PAPER_REFUSALS;

/** The check-out's refusal, naming the paper: "The insurance of this car expired on ...". */
export function carPapersExpiredMessage(paper: { kind: CarPaperKind; expiresOn: string }): string {
  return `The ${CAR_PAPER_WORDS[paper.kind].toLowerCase()} of this car expired on ${formatDay(paper.expiresOn)}: it cannot be handed over until the paper is renewed (Car papers, on the car’s page).`;
}
