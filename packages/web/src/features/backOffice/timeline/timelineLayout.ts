/**
 * Where things go on the fleet timeline: which days are shown, which columns a booking or a block
 * covers, and the phone's list by day. No React here, so the rules are tested on their own.
 */
import { addDays, daysBetween } from '@rental/contract/rentalDates';
import { type BookingStatus, STATUSES_FREEING_DAYS } from '@rental/contract/constants';
import { isOneOf } from '@rental/contract/oneOf';
import type { CarBlock, TimelineBooking } from '@rental/contract/schemas';
import { formatCalendarDate } from '../../../lib/dates';

/** Five weeks: a month and its edges at a glance. */
export const TIMELINE_DAYS = 35;
/** How far the earlier/later buttons move. */
export const WEEK = 7;

/** The statuses that hold a car's days; a cancelled booking or a no-show holds none. */
export type HoldingStatus = Exclude<BookingStatus, (typeof STATUSES_FREEING_DAYS)[number]>;

/**
 * What holds a car on some days: a booking (by its status) or a service block. A booking is
 * overdue when its car is still out past its due time and the grace.
 */
export type Hold =
  | { kind: 'booking'; id: string; car: string; pickupDate: string; returnDate: string; status: HoldingStatus; overdue: boolean; booking: TimelineBooking }
  | { kind: 'block'; id: string; car: string; pickupDate: string; returnDate: string; block: CarBlock };

function holdsDays(status: BookingStatus): status is HoldingStatus {
  return !isOneOf(STATUSES_FREEING_DAYS, status);
}

/** A car still out on rent past its due time and grace, as the server says (the desk's rule); after its return day when it does not say. */
export function isOverdue(booking: Pick<TimelineBooking, 'status' | 'returnDate' | 'overdue'>, today: string): boolean {
  return booking.overdue ?? (booking.status === 'on_rent' && booking.returnDate < today);
}

export function holdsOf(bookings: TimelineBooking[], blocks: CarBlock[], today: string): Hold[] {
  const held: Hold[] = [];
  for (const booking of bookings) {
    // The server leaves cancelled bookings and no-shows out; a stale answer must not draw one either.
    if (!holdsDays(booking.status)) continue;
    const overdue = isOverdue(booking, today);
    held.push({
      kind: 'booking',
      id: booking._id,
      car: booking.car,
      pickupDate: booking.pickupDate,
      returnDate: booking.returnDate,
      status: booking.status,
      overdue,
      booking,
    });
  }
  for (const block of blocks) held.push({ kind: 'block', id: block._id, car: block.car, pickupDate: block.pickupDate, returnDate: block.returnDate, block });
  return held.sort((a, b) => (a.pickupDate < b.pickupDate ? -1 : a.pickupDate > b.pickupDate ? 1 : 0));
}

/** The days shown, first to last. */
export function daysFrom(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(from, i));
}

/** The Monday on or before a day: the timeline starts its weeks there. */
export function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The columns a hold covers (1-based grid lines), clipped to the days shown; null when it is outside them. */
export function barColumns(
  hold: Pick<Hold, 'pickupDate' | 'returnDate'>,
  from: string,
  count: number,
): { start: number; end: number; clippedStart: boolean; clippedEnd: boolean } | null {
  const first = daysBetween(from, hold.pickupDate);
  const last = daysBetween(from, hold.returnDate);
  if (last < 0 || first > count - 1) return null;
  const start = Math.max(first, 0);
  const end = Math.min(last, count - 1);
  return { start: start + 1, end: end + 2, clippedStart: first < 0, clippedEnd: last > count - 1 };
}

export interface DayGroup {
  day: string;
  holds: Hold[];
}

/**
 * The phone's list: each hold once, under its first day within the range (a rental that began
 * earlier is listed under the first day shown), days in order, empty days left out.
 */
export function groupByFirstDay(holds: Hold[], from: string, count: number): DayGroup[] {
  const last = addDays(from, count - 1);
  const groups = new Map<string, Hold[]>();
  for (const hold of holds) {
    if (hold.returnDate < from || hold.pickupDate > last) continue;
    const day = hold.pickupDate < from ? from : hold.pickupDate;
    groups.set(day, [...(groups.get(day) ?? []), hold]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, list]) => ({ day, holds: list }));
}

const HOLD_TITLES: Record<HoldingStatus, string> = {
  pending: 'Pending booking',
  confirmed: 'Confirmed booking',
  on_rent: 'Picked up: booking',
  returned: 'Returned: booking',
};

/** How a hold is named to people: "Confirmed booking WR-7K3M9Q", "Overdue: booking WR-7K3M9Q", "Service block". */
export function holdTitle(hold: Hold): string {
  if (hold.kind === 'block') return 'Service block';
  if (hold.overdue) return `Overdue: booking ${hold.booking.reference}`;
  return `${HOLD_TITLES[hold.status]} ${hold.booking.reference}`;
}

/** "Sun 22 Nov 2026" for one day, "Sun 22 Nov 2026 to Thu 26 Nov 2026" for several. */
export function holdDays(hold: Pick<Hold, 'pickupDate' | 'returnDate'>): string {
  const first = formatCalendarDate(hold.pickupDate);
  return hold.pickupDate === hold.returnDate ? first : `${first} to ${formatCalendarDate(hold.returnDate)}`;
}
