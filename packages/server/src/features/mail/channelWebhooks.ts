/**
 * What the providers' webhooks tell, applied to channel_messages (decision 128): a message's state
 * moves forward only (sent, delivered, read; failed unless it was delivered), each time kept once
 * (a status twice or late changes nothing more), and a WhatsApp failure is sent again by SMS where
 * the site can (channelSender.ts messageFailed). A customer's message is kept once (the provider's
 * id is unique), on the booking they have now, and STOP or START turns that channel off or on for
 * their phone (features/auth, which keeps the customers' choices).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/types';
import { startChannel, stopChannel } from '../auth';
import type { IncomingHappening, MessageHappening } from '../messages';
import { applyStatus } from './channelStates';

/** What customers send to stop or start messages (the providers' own keywords, Twilio's and Meta's). */
const STOP_WORDS = new Set(['stop', 'stopall', 'unsubscribe', 'cancel', 'end', 'quit', 'stop messages']);
const START_WORDS = new Set(['start', 'yes', 'unstop', 'start messages']);

export type Keyword = 'stop' | 'start' | null;

/** STOP or START, as a customer types it (any case, spaces or a full stop around it). */
export function keywordOf(body: string): Keyword {
  const word = body
    .trim()
    .toLowerCase()
    .replace(/[.!]+$/, '')
    .replace(/\s+/g, ' ');
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  return null;
}

/**
 * A customer's message: kept once, for the customers with that phone, on the booking they have now
 * (the nearest not ended, else the latest); a phone no customer has is kept too, for staff to see.
 */
async function keepIncoming(db: Database, incoming: IncomingHappening): Promise<void> {
  const keyword = keywordOf(incoming.body);
  if (keyword === 'stop') await stopChannel(db, incoming.from, incoming.channel);
  if (keyword === 'start') await startChannel(db, incoming.from, incoming.channel);
  await db.execute(
    // Kept as it arrives (created_at now): the provider's time is to the second, and the list reads in arrival order.
    sql`INSERT INTO channel_messages (direction, channel, booking_id, user_id, phone, kind, body, state, provider_id)
        SELECT 'in', ${incoming.channel}, current.booking_id, current.user_id, ${incoming.from}, 'customer', ${incoming.body}, 'received', ${incoming.providerId}
          FROM (SELECT NULL) AS one
          LEFT JOIN LATERAL (
            SELECT b.id AS booking_id, u.id AS user_id
              FROM users u JOIN bookings b ON b.user_id = u.id
             WHERE u.phone_e164 = ${incoming.from} AND u.erased_at IS NULL
             ORDER BY (b.status IN ('pending', 'confirmed', 'on_rent')) DESC,
                      CASE WHEN b.status IN ('pending', 'confirmed', 'on_rent') THEN b.pickup_date END ASC,
                      b.created_at DESC
             LIMIT 1) AS current ON true
        ON CONFLICT (provider_id) DO NOTHING`,
  );
}

/** Applies a verified webhook's happenings, one by one, in the order the provider listed them. */
export async function applyHappenings(db: Database, happenings: readonly MessageHappening[], smsOn: boolean): Promise<void> {
  for (const happening of happenings) {
    if (happening.kind === 'status') await applyStatus(db, happening, smsOn);
    else await keepIncoming(db, happening);
  }
}
