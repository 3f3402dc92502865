/**
 * The desk's three lists and how a card reads, without React: which list comes first, what each
 * says when empty, how the customer's driver check is coloured, where each card's button leads.
 */
import { PAYMENT_STATUS_WORDS, VETTING_STATUS_WORDS } from '@rental/contract/constants';
import type { DeskBooking, DeskResponse } from '@rental/contract/schemas';
import { formatInstantWithTime } from '../../../../lib/dates';

export type DeskListKind = 'overdue' | 'pickups' | 'returns';

export interface DeskList {
  kind: DeskListKind;
  title: string;
  emptyText: string;
  bookings: DeskBooking[];
}

const TITLES: Record<DeskListKind, { title: string; emptyText: string }> = {
  overdue: { title: 'Overdue returns', emptyText: 'No car is overdue.' },
  pickups: { title: 'Pickups today', emptyText: 'No pickups today.' },
  returns: { title: 'Returns today', emptyText: 'No returns today.' },
};

/**
 * The lists in the order staff need them: overdue cars first while there are any (they are the
 * ones to chase), then today's pickups and returns; with none overdue that list goes last, where
 * its "none" reassures without pushing today's work down.
 */
export function deskLists(desk: Pick<DeskResponse, 'pickups' | 'returns' | 'overdue'>): DeskList[] {
  const list = (kind: DeskListKind): DeskList => ({ kind, ...TITLES[kind], bookings: desk[kind] });
  return desk.overdue.length > 0 ? [list('overdue'), list('pickups'), list('returns')] : [list('pickups'), list('returns'), list('overdue')];
}

export type Tone = 'good' | 'warn' | 'bad';

/** The customer's driver check at a glance: approved green, waiting or not given amber, refused or "do not rent" red. */
export function vettingLook(user: DeskBooking['user']): { text: string; tone: Tone } {
  if (user.doNotRent) return { text: 'Do not rent', tone: 'bad' };
  const text = VETTING_STATUS_WORDS[user.vetting];
  if (user.vetting === 'approved') return { text, tone: 'good' };
  return { text, tone: user.vetting === 'rejected' ? 'bad' : 'warn' };
}

/** What has been paid, green once paid in full. */
export function paymentLook(booking: Pick<DeskBooking, 'paymentStatus'>): { text: string; tone: Tone } {
  return { text: PAYMENT_STATUS_WORDS[booking.paymentStatus], tone: booking.paymentStatus === 'paid' ? 'good' : 'warn' };
}

/** The counter page a card leads to: check-out for a pickup, check-in for a car coming back. */
export function counterAction(kind: DeskListKind, bookingId: string): { label: string; to: string } {
  return kind === 'pickups' ? { label: 'Check out', to: `/owner/desk/${bookingId}/check-out` } : { label: 'Check in', to: `/owner/desk/${bookingId}/check-in` };
}

/** "Toyota Corolla · 1234 AB", or "no plate yet" for a car the owner has not given one. */
export function carLine(booking: Pick<DeskBooking, 'car' | 'plate'>): string {
  return `${booking.car.brand} ${booking.car.model} · ${booking.plate ?? 'no plate yet'}`;
}

/** When the car is due back, in Jamaica's time. */
export function dueLine(booking: Pick<DeskBooking, 'dueBackAt'>): string {
  return `Due back ${formatInstantWithTime(booking.dueBackAt)}`;
}
