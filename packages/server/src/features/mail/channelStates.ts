/**
 * A message's state as the providers report it (decision 128): forward only (sent, delivered, read;
 * failed unless it was delivered), each time kept once, whatever arrives twice or late. A status
 * that arrives before the sender kept the provider's id (the provider reported faster than our own
 * write of its answer) waits in channel_statuses_early. Whoever writes second applies it: the sender
 * after keeping the ids it was given, the webhook after keeping the early status (each looks for the
 * other's write once its own is in), so neither order loses it and the DELETE hands it to one of them.
 */
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/types';
import type { MessageState, StatusHappening } from '../messages';
import { messageFailed } from './failed';

const RANK = { sent: 1, delivered: 2, read: 3 } as const;

/** Kept for later: no message had this provider id when we looked (or none ever will: it is not ours, and waits unread). */
async function keepEarly(db: Database, status: Pick<StatusHappening, 'providerId' | 'state' | 'at' | 'error'>, smsOn: boolean): Promise<void> {
  const error = status.error ? `${status.error.message} (${status.error.code})` : null;
  await db.execute(
    sql`INSERT INTO channel_statuses_early (provider_id, state, at, error)
        VALUES (${status.providerId}, ${status.state}, ${status.at}, ${error})
        ON CONFLICT DO NOTHING`,
  );
  // The sender may have kept the id between our look and this insert, and looked for early statuses before it.
  await applyEarlyStatuses(db, smsOn, status.providerId);
}

/** Applies a provider's status to its message; `known` when the caller saw the message (an early status now matched), so it is never kept again. */
export async function applyStatus(
  db: Database,
  status: Pick<StatusHappening, 'providerId' | 'state' | 'at' | 'error'>,
  smsOn: boolean,
  known = false,
): Promise<void> {
  if (status.state === 'failed') {
    const [message] = await queryRows<{ id: number }>(db, sql`SELECT id FROM channel_messages WHERE provider_id = ${status.providerId} AND direction = 'out'`);
    if (!message) return known ? undefined : keepEarly(db, status, smsOn);
    const words = status.error
      ? status.error.code
        ? `${status.error.message} (${status.error.code})`
        : status.error.message
      : 'The provider could not deliver it.';
    // Failed after it was delivered or read is the provider changing its mind about nothing the customer lost.
    await db.execute(messageFailed(message.id, ['sending', 'sent'], words, smsOn));
    return;
  }
  const rank = RANK[status.state];
  // One statement in the common case: the message is known and moves (or stays) as its status says.
  const moved = await queryRows<{ id: number }>(
    db,
    sql`UPDATE channel_messages
           SET state = CASE WHEN ${rank} > CASE state WHEN 'sending' THEN 0 WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 END
                            THEN ${status.state} ELSE state END,
               sent_at = coalesce(sent_at, ${status.at}),
               delivered_at = CASE WHEN ${status.state} = 'delivered' THEN coalesce(delivered_at, ${status.at}) ELSE delivered_at END,
               read_at = CASE WHEN ${status.state} = 'read' THEN coalesce(read_at, ${status.at}) ELSE read_at END,
               locked_until = NULL
         WHERE provider_id = ${status.providerId} AND direction = 'out' AND state IN ('sending', 'sent', 'delivered', 'read')
        RETURNING id`,
  );
  // Not moved: no such message yet, or one that failed (a late "delivered" changes nothing then).
  if (moved.length === 0 && !known) await keepEarly(db, status, smsOn);
}

/** The statuses that came early (all, or one provider id's), for messages whose provider id is known now: applied in the order they happened, then gone. */
export async function applyEarlyStatuses(db: Database, smsOn: boolean, providerId?: string): Promise<number> {
  const early = await queryRows<{ provider_id: string; state: MessageState; at: Date; error: string | null }>(
    db,
    sql`DELETE FROM channel_statuses_early e USING channel_messages m
         WHERE m.provider_id = e.provider_id ${providerId === undefined ? sql`` : sql`AND e.provider_id = ${providerId}`}
        RETURNING e.provider_id, e.state, e.at, e.error`,
  );
  early.sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime() || RANK_ORDER[a.state] - RANK_ORDER[b.state]);
  for (const status of early) {
    await applyStatus(
      db,
      { providerId: status.provider_id, state: status.state, at: new Date(status.at), ...(status.error ? { error: { code: '', message: status.error } } : {}) },
      smsOn,
      true,
    );
  }
  return early.length;
}

const RANK_ORDER: Record<MessageState, number> = { sent: 1, delivered: 2, read: 3, failed: 4 };
