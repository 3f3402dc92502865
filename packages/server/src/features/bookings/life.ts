/**
 * The one writer of a booking's status: every step of its life (contract bookingLife.ts) is taken
 * here, checked against the table for who takes it, written with its hold and reason, and recorded
 * in booking_events in the caller's transaction. The counter, vetting, staff bookings and changes
 * move a booking through these functions (the bookings feature's face), never by writing the row.
 */
import {
  type BookingEvent,
  type BookingStatus,
  type EventData,
  type LifeActor,
  lifeStep,
  REFUSAL_CODES,
  type StaffRole,
  type StatusReason,
} from '@rental/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { bookings } from '../../db/schema';
import { type Database, queryRows } from '../../db/types';
import { stepRemembered } from './facts';
import type { EventLog, RecordedEvent } from '../../events';
import { HttpError } from '../../http/errors';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface Step {
  event: BookingEvent;
  /** Who takes it, as the table names them (a staff member by role). */
  actor: LifeActor;
  /** Whose name the history keeps (null: the site itself). */
  actorId: string | null;
  /** Why a cancelled booking ended. */
  reason?: StatusReason;
  /** Where the step goes when the table gives it a choice (a customer's change back to pending). */
  to?: BookingStatus;
  /** The hold a pending booking gets (by default none is changed for other statuses: cleared). */
  holdExpiresAt?: SQL | Date | null;
  /** What the step's event carries beside its status (the counter's deposit, a change's prices). */
  data?: Record<string, unknown>;
}

/** A staff member as the table names them: by role (the SPEC's owner without a role is an owner). */
export const staffActor = (staffRole: StaffRole | null | undefined): LifeActor => staffRole ?? 'owner';

/**
 * Takes one step of a booking's life from the status the caller read under its lock. Refused with
 * step_not_allowed when the table does not list it for this actor; nothing is written then (and a
 * refusal after `alongside` ran ends the caller's transaction with it).
 * `drawing`: makes writes whose content takes time to make (a receipt's PDF), sent with the step's
 * event: it starts once the step's statement is on its way, so the drawing (on this thread) and the
 * statement (on the database's) run at once rather than one after the other (bench/counter-checkout.mjs).
 */
export async function takeStep(
  tx: Tx,
  events: EventLog,
  bookingId: string,
  from: BookingStatus,
  step: Step,
  alongside: readonly SQL[] = [],
  drawing?: () => Promise<readonly SQL[]>,
): Promise<BookingStatus> {
  const allowed = lifeStep(from, step.event, step.actor);
  const to = step.to ?? allowed?.to;
  if (!allowed || !to || (to !== allowed.to && to !== allowed.customerChangeTo)) throw new HttpError(409, REFUSAL_CODES.step_not_allowed, 'step_not_allowed');
  const reason = to === 'cancelled' ? (step.reason ?? null) : null;
  const holdExpiresAt = to === 'pending' ? (step.holdExpiresAt ?? null) : null;
  const update = tx
    .update(bookings)
    .set({ status: to, statusReason: reason, holdExpiresAt })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, from)))
    .returning({ id: bookings.id });
  // The caller's own writes of the same moment (the counter's rental and car) go in the step's
  // statement, as data-modifying WITHs: the transaction's one connection takes one query at a time.
  const stepped =
    alongside.length === 0
      ? update.execute()
      : queryRows<{ id: string }>(
          tx,
          sql`WITH ${sql.join(
            alongside.map((write, i) => sql`${sql.raw(`a${i}`)} AS (${write})`),
            sql`, `,
          )}, moved AS (${update.getSQL()}) SELECT id FROM moved`,
        );
  // setImmediate: after the statement's own ticks, which hand it to the database.
  const drawn = drawing ? new Promise<void>((resolve) => setImmediate(resolve)).then(drawing) : undefined;
  // A refused step ends the transaction before the drawing is waited for: its failure is not news then.
  drawn?.catch(() => undefined);
  const [moved] = await stepped;
  if (!moved) throw new HttpError(409, REFUSAL_CODES.step_not_allowed, 'step_not_allowed');
  stepRemembered(tx, bookingId, to, holdExpiresAt);
  await events.record(tx, [lifeEvent(step.event, bookingId, step.actorId, { ...step.data, status: to, reason })], drawn ? await drawn : []);
  return to;
}

/**
 * A customer not approved as a driver: their bookings waiting for confirmation end now (the
 * table's not_approved step, from pending), their days free for others. Answers those cancelled.
 */
export async function cancelNotApproved(tx: Tx, events: EventLog, userId: string, staffId: string): Promise<{ id: string; reference: string }[]> {
  if (!lifeStep('pending', 'not_approved', 'agent')) return [];
  const cancelled = await tx
    .update(bookings)
    .set({ status: 'cancelled', statusReason: 'not_approved', holdExpiresAt: null })
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'pending')))
    .returning({ id: bookings.id, reference: bookings.reference });
  await events.record(
    tx,
    cancelled.map(({ id }) => lifeEvent('not_approved', id, staffId, { status: 'cancelled', reason: 'not_approved' })),
  );
  return cancelled;
}

/** A step's event, typed by the contract's catalogue (companyEvents.ts). */
export function lifeEvent(kind: BookingEvent, bookingId: string, actorId: string | null, data: EventData['confirm'] & Record<string, unknown>): RecordedEvent {
  return { kind, bookingId, actorId, data } as RecordedEvent;
}

/** A hold that ends so many minutes from now (a new booking's, one re-opened, one sent back to staff). */
export const holdFromNow = (minutes: number): SQL => sql`now() + make_interval(mins => ${minutes})`;
