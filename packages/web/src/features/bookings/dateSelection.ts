/**
 * How clicks on the car page's calendar choose the rental days. The first click is the pickup day,
 * the second the return day; a click after both were chosen starts again. A range may never hold
 * a day that is already taken (the server would refuse it: inclusive ranges, decision 002).
 */
import { rangesOverlap, rentalDatesProblem, rentalDays } from '@rental/contract/rentalDates';
import type { ReservedDateRange } from '@rental/contract/schemas';
import { formatCalendarDate } from '../../lib/dates';

export type DateSelection = { pickupDate: string; returnDate: string };

export type SelectionStep = DateSelection & {
  /** Said to the customer when the click did not do what it usually does. */
  note: string | null;
};

export function isTaken(reserved: readonly ReservedDateRange[], date: string): boolean {
  return reserved.some((r) => r.pickupDate <= date && date <= r.returnDate);
}

export function nextSelection(current: DateSelection, clicked: string, reserved: readonly ReservedDateRange[], today: string): SelectionStep {
  const { pickupDate, returnDate } = current;
  if (!pickupDate || returnDate || clicked < pickupDate) return { pickupDate: clicked, returnDate: '', note: null };
  if (reserved.some((r) => rangesOverlap(r, { pickupDate, returnDate: clicked }))) {
    return {
      pickupDate: clicked,
      returnDate: '',
      note: `Some days between ${formatCalendarDate(pickupDate)} and ${formatCalendarDate(clicked)} are already taken, so ${formatCalendarDate(clicked)} is now your pickup day.`,
    };
  }
  const problem = rentalDatesProblem(pickupDate, clicked, today);
  if (problem) return { pickupDate, returnDate: '', note: problem.message };
  return { pickupDate, returnDate: clicked, note: null };
}

/** What the calendar asks for next, read out after each click. */
export function selectionPrompt({ pickupDate, returnDate }: DateSelection): string {
  if (!pickupDate) return 'Choose your pickup day on the calendar.';
  if (!returnDate) return `Pickup ${formatCalendarDate(pickupDate)}. Now choose your return day (the same day for a one-day rental).`;
  const days = rentalDays(pickupDate, returnDate);
  return `Pickup ${formatCalendarDate(pickupDate)}, return ${formatCalendarDate(returnDate)}: ${days} ${days === 1 ? 'day' : 'days'} of rental.`;
}
