/**
 * What happened, recorded in the transaction of the change (docs/decisions/103-events-then-letters.md).
 * A feature records events here; a booking's are kept in booking_events, its history. The
 * reactions (features/mail's letters, registered in app.ts) run in the same transaction, so a
 * change that commits always has its letters, and a feature never writes a letter itself.
 */
import { type CompanyEvent, isOneOf, LIFE_EVENT_KINDS } from '@rental/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/types';

/** An event as recorded: a one-time link's token rides along to the letter but is never kept. */
export type RecordedEvent = CompanyEvent & { secret?: string };

/**
 * What events make (letters into the outbox), inside the transaction that recorded them: a reaction
 * may read, and answers what it writes (INSERT, UPDATE or DELETE statements, none or several); the
 * event log writes them in the same statement as the events.
 */
export type Reaction = (tx: Tx, events: readonly RecordedEvent[]) => Promise<readonly SQL[]>;

export interface EventLog {
  /**
   * Keeps the booking events and runs every reaction, in the caller's transaction; `alongside` are
   * the caller's own writes of the same moment, sent in the events' statement.
   */
  record(tx: Tx, events: readonly RecordedEvent[], alongside?: readonly SQL[]): Promise<void>;
  /** Adds a reaction (app.ts: the outbox's letters). */
  react(reaction: Reaction): void;
}

/** A step of a booking's life keeps its status and why it ended in their own columns too (the booking answer's history reads them). */
const isStep = (event: CompanyEvent): boolean => isOneOf(LIFE_EVENT_KINDS, event.kind);
const statusOf = (event: CompanyEvent): string | null => (isStep(event) ? ((event.data as { status: string }).status ?? null) : null);
const reasonOf = (event: CompanyEvent): string | null => (isStep(event) ? ((event.data as { reason?: string | null }).reason ?? null) : null);

export function createEventLog(): EventLog {
  const reactions: Reaction[] = [];
  return {
    react(reaction) {
      reactions.push(reaction);
    },
    async record(tx, events, alongside = []) {
      if (events.length === 0 && alongside.length === 0) return;
      const writes: SQL[] = [...alongside];
      const kept = events
        .filter((event) => event.bookingId !== null)
        .map((event) => ({
          booking: event.bookingId,
          kind: event.kind,
          data: event.data,
          status: statusOf(event),
          reason: reasonOf(event),
          actor: event.actorId,
        }));
      if (kept.length > 0) {
        // One JSON parameter however many: a batch of bookings records one 'book' each.
        writes.push(sql`
          INSERT INTO booking_events (booking_id, kind, data, status, reason, actor_id)
          SELECT booking, kind, data, status, reason, actor
            FROM jsonb_to_recordset(${JSON.stringify(kept)}::jsonb) AS e(booking uuid, kind text, data jsonb, status text, reason text, actor uuid)`);
      }
      if (events.length > 0)
        for (const reaction of reactions) {
          writes.push(...(await reaction(tx, events)));
        }
      // The events and their letters in one statement (data-modifying WITHs each run once, to the
      // end): the transaction's one connection takes one query at a time (bench/counter-checkout.mjs).
      if (writes.length === 1) await tx.execute(writes[0]!);
      else if (writes.length > 1)
        await tx.execute(
          sql`WITH ${sql.join(
            writes.map((write, i) => sql`${sql.raw(`w${i}`)} AS (${write})`),
            sql`, `,
          )} SELECT 1`,
        );
    },
  };
}
