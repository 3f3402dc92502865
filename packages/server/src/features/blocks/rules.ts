/** Which days staff may block: real days, not in the past, in order, and within a year. */
import { MAX_DAYS_AHEAD, companyToday, daysBetween, isCalendarDate, BLOCK_MESSAGES } from '@rental/contract';

/** The longest block; a car out for longer is better removed from the fleet. */
export const MAX_BLOCK_DAYS = 365;

/** Why these days cannot be blocked, in plain words, or null when they can. */
export function blockDatesProblem(pickupDate: string, returnDate: string, today: string = companyToday()): string | null {
  if (!isCalendarDate(pickupDate)) return 'The first day is not a real date. Please choose it again.';
  if (!isCalendarDate(returnDate)) return 'The last day is not a real date. Please choose it again.';
  if (pickupDate < today) return BLOCK_MESSAGES.blockStartsInPast;
  if (daysBetween(today, pickupDate) > MAX_DAYS_AHEAD) return BLOCK_MESSAGES.blockTooFarAhead;
  if (returnDate < pickupDate) return BLOCK_MESSAGES.blockLastDayBeforeFirst;
  if (daysBetween(pickupDate, returnDate) + 1 > MAX_BLOCK_DAYS) return BLOCK_MESSAGES.blockTooLong;
  return null;
}
