/**
 * A booking's life in one table: for each status and event, the next status, who may do it, and
 * which letter goes out. The server's checks and the staff's menus read it; "holds its days" is
 * derived from it, and the database's booking_holds_days() (migrations/0027_booking_life.sql) is
 * held to it by a test.
 */
import { BOOKING_STATUSES, type BookingStatus, type StaffSetStatus, STATUSES_FREEING_DAYS } from './constants';
import type { StaffRole } from './staffRoles';
import { isOneOf } from './oneOf';

export const BOOKING_EVENTS = [
  'book',
  'confirm',
  'cancel_by_customer',
  'cancel_by_staff',
  'expire',
  'not_approved',
  'check_out',
  'check_in',
  'no_show',
  'change',
  'reopen',
] as const;
export type BookingEvent = (typeof BOOKING_EVENTS)[number];

/** Who acts: the booking's customer, a staff member by role, or the site itself (the hold sweep). */
export type LifeActor = 'customer' | StaffRole | 'system';
export const LIFE_ACTORS = ['customer', 'agent', 'manager', 'owner', 'system'] as const satisfies readonly LifeActor[];

/** The letters a step sends (features/mail makes them). */
export type LifeLetter =
  | 'booking_received'
  | 'booking_confirmed'
  | 'booking_cancelled'
  | 'cancelled_by_customer'
  | 'hold_expired'
  | 'keys_handed_over'
  | 'car_returned'
  | 'booking_changed';

export interface LifeStep {
  to: BookingStatus;
  who: readonly LifeActor[];
  letter: LifeLetter | null;
  /** A customer's change that moves the days or raises the total goes back to pending for staff. */
  customerChangeTo?: BookingStatus;
}

const STAFF = ['agent', 'manager', 'owner'] as const;
const ANYONE_BOOKING = ['customer', ...STAFF] as const;

/** Where a booking starts: the step of 'book' from no booking at all. */
export const BOOK_STEP: LifeStep = { to: 'pending', who: ANYONE_BOOKING, letter: 'booking_received' };

/** Every step a booking may take; a pair not listed is refused. */
export const BOOKING_LIFE: Record<BookingStatus, Partial<Record<BookingEvent, LifeStep>>> = {
  pending: {
    confirm: { to: 'confirmed', who: STAFF, letter: 'booking_confirmed' },
    cancel_by_customer: { to: 'cancelled', who: ['customer'], letter: 'cancelled_by_customer' },
    cancel_by_staff: { to: 'cancelled', who: STAFF, letter: 'booking_cancelled' },
    expire: { to: 'cancelled', who: ['system'], letter: 'hold_expired' },
    // No letter of its own: the customer's one letter of the vetting decision names every booking it ended.
    not_approved: { to: 'cancelled', who: [...STAFF, 'system'], letter: null },
    change: { to: 'pending', who: ANYONE_BOOKING, letter: 'booking_changed' },
  },
  confirmed: {
    cancel_by_customer: { to: 'cancelled', who: ['customer'], letter: 'cancelled_by_customer' },
    cancel_by_staff: { to: 'cancelled', who: STAFF, letter: 'booking_cancelled' },
    not_approved: { to: 'cancelled', who: [...STAFF, 'system'], letter: null },
    check_out: { to: 'on_rent', who: STAFF, letter: 'keys_handed_over' },
    no_show: { to: 'no_show', who: STAFF, letter: null },
    change: { to: 'confirmed', who: ANYONE_BOOKING, letter: 'booking_changed', customerChangeTo: 'pending' },
    reopen: { to: 'pending', who: STAFF, letter: null },
  },
  cancelled: {
    confirm: { to: 'confirmed', who: STAFF, letter: 'booking_confirmed' },
    reopen: { to: 'pending', who: STAFF, letter: null },
  },
  no_show: {
    confirm: { to: 'confirmed', who: STAFF, letter: 'booking_confirmed' },
    reopen: { to: 'pending', who: STAFF, letter: null },
    cancel_by_staff: { to: 'cancelled', who: STAFF, letter: 'booking_cancelled' },
  },
  on_rent: {
    check_in: { to: 'returned', who: STAFF, letter: 'car_returned' },
    change: { to: 'on_rent', who: STAFF, letter: 'booking_changed' },
  },
  returned: {},
};

/** The step an actor may take, or null when the table does not allow it. */
export function lifeStep(from: BookingStatus, event: BookingEvent, actor: LifeActor): LifeStep | null {
  const step = BOOKING_LIFE[from][event];
  return step && step.who.includes(actor) ? step : null;
}

/** A status holds its car's days (and its extras) unless it is one that frees them. */
export const STATUSES_HOLDING_DAYS = BOOKING_STATUSES.filter((status) => !isOneOf(STATUSES_FREEING_DAYS, status));
export function holdsDays(status: BookingStatus): boolean {
  return isOneOf(STATUSES_HOLDING_DAYS, status);
}

/** The event that takes a booking from one status to the one staff chose in a menu. */
export function staffEventFor(from: BookingStatus, to: StaffSetStatus): BookingEvent | null {
  if (from === to) return null;
  if (to === 'confirmed') return 'confirm';
  if (to === 'cancelled') return 'cancel_by_staff';
  if (to === 'no_show') return 'no_show';
  return from === 'pending' ? null : 'reopen';
}

/** The statuses a staff member's menu offers for a booking: its own, and those the table allows. */
export function staffStatusChoices<S extends StaffSetStatus>(from: BookingStatus, role: StaffRole, choices: readonly S[]): S[] {
  return choices.filter((to) => {
    if (to === from) return true;
    const event = staffEventFor(from, to);
    return event !== null && lifeStep(from, event, role)?.to === to;
  });
}
