/**
 * The trip a /cars link asks about. Dates the booking rules refuse (not real dates, past, reversed,
 * too far ahead or too long, or one without the other) are dropped whole, as the server drops them
 * when it draws the page: the whole fleet shows, with a note saying why instead of "no cars are
 * free" or a red error.
 */
import { rentalDatesProblem } from '@rental/contract/rentalDates';

export type Trip = { pickupDate: string; returnDate: string };

export type TripInLink = { trip: Trip | null; droppedNote: string | null };

export function tripInLink(params: URLSearchParams, today: string): TripInLink {
  const pickupDate = params.get('pickupDate') ?? '';
  const returnDate = params.get('returnDate') ?? '';
  if (!pickupDate && !returnDate) return { trip: null, droppedNote: null };
  const problem = !pickupDate || !returnDate ? { message: 'The link had only one of the two dates.' } : rentalDatesProblem(pickupDate, returnDate, today);
  if (!problem) return { trip: { pickupDate, returnDate }, droppedNote: null };
  return {
    trip: null,
    droppedNote: `The dates in the link could not be used (${lowerFirst(problem.message)}), so every car is shown. Choose your dates below to see which cars are free.`,
  };
}

/** "The pickup date cannot be in the past." -> "the pickup date cannot be in the past" (its first sentence). */
function lowerFirst(message: string): string {
  const text = (message.split('. ')[0] ?? '').replace(/\.$/, '');
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The /cars link for a trip, keeping the link's other choices (location, vehicle group). */
export function linkWithTrip(params: URLSearchParams, trip: Trip | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (trip) {
    next.set('pickupDate', trip.pickupDate);
    next.set('returnDate', trip.returnDate);
  } else {
    next.delete('pickupDate');
    next.delete('returnDate');
  }
  return next;
}
