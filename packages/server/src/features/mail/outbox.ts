/**
 * The outbox: every e-mail is a row written in the same transaction as the change it reports, so a
 * change that committed always has its message, even when the process dies right after answering.
 * features/mail/sender.ts delivers the rows; owners read them (GET /api/owner/outbox) and send a
 * failed one again.
 * A password reset e-mail's token is not in its stored bodies (they hold LINK_TOKEN_PLACEHOLDER)
 * but in its row's link_token, only until the e-mail is sent or the link stops working: the copy
 * kept for the record, and any backup, never hold a working link (migrations/0013).
 * A letter that carries its booking's rental agreement or receipt names it in attachment; the PDF
 * itself stays in rentals and is read as the e-mail is sent (features/mail/sender.ts).
 */
import { MESSAGES, type OutboxMessage, storableMessage } from '@rental/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { outbox } from '../../db/schema';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { type BookingFacts, type Letter, NO_CHANNELS, type SiteChannels } from './letters';
import { theRow } from '../../db/rows';
import { bookingFactsOf } from '../bookings';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Written where the token of a one-time link goes, in the stored bodies; a plain note to whoever reads them. */
export const LINK_TOKEN_PLACEHOLDER = 'link-not-kept';

/** A letter whose link carries a one-time token: its bodies were written with LINK_TOKEN_PLACEHOLDER in the token's place. */
export type QueuedLetter = Letter & { linkToken?: string };

/** The bodies as sent: the token where the placeholder stands. */
export function withLinkToken(body: string, token: string): string {
  return body.replaceAll(`token=${LINK_TOKEN_PLACEHOLDER}`, `token=${encodeURIComponent(token)}`);
}

/** Writes the letters inside the caller's transaction. */
export async function enqueue(tx: Tx | Database, all: QueuedLetter[], channels: SiteChannels = NO_CHANNELS): Promise<void> {
  for (const write of enqueued(all, channels)) await tx.execute(write);
}

/** The statements that put these letters in the outbox, their e-mails and their WhatsApp or SMS messages (none: nothing to send). */
export function enqueued(all: QueuedLetter[], channels: SiteChannels = NO_CHANNELS): SQL[] {
  return [emailsQueued(all), channelMessagesQueued(all, channels)].filter((write): write is SQL => write !== null);
}

/**
 * A letter's WhatsApp or SMS message, for the booking's customer when they chose one of the two
 * the site sends and their phone is understood (users.phone_e164, decision 126): WhatsApp when
 * chosen, else SMS. Read in the statement that writes it, so a choice changed a moment before is
 * the one used. A check-in code is kept apart (secret) until the message is sent, as decision 124
 * has it for e-mail.
 */
function channelMessagesQueued(all: QueuedLetter[], channels: SiteChannels): SQL | null {
  if (!channels.whatsapp && !channels.sms) return null;
  const rows = all.flatMap((letter) => {
    if (!letter.message || !letter.bookingId) return [];
    const { message, secret } = storableMessage(letter.message);
    return [{ kind: letter.kind, booking: letter.bookingId, template: message.template, params: message.params, body: message.text, secret }];
  });
  if (rows.length === 0) return null;
  return sql`
    INSERT INTO channel_messages (direction, channel, booking_id, user_id, phone, kind, template, params, body, secret, state)
    SELECT 'out', c.channel, m.booking, u.id, u.phone_e164, m.kind, m.template, m.params, m.body, m.secret, 'queued'
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS m(kind text, booking uuid, template text, params jsonb, body text, secret text)
      JOIN bookings b ON b.id = m.booking
      JOIN users u ON u.id = b.user_id
      CROSS JOIN LATERAL (SELECT CASE WHEN u.whatsapp_on AND ${channels.whatsapp} THEN 'whatsapp' WHEN u.sms_on AND ${channels.sms} THEN 'sms' END AS channel) c
     WHERE c.channel IS NOT NULL AND u.phone_e164 IS NOT NULL AND u.erased_at IS NULL`;
}

/** The e-mails of these letters. */
function emailsQueued(all: QueuedLetter[]): SQL | null {
  // A customer without an e-mail address (a walk-in staff booked for, migrations/0021) is told at the desk.
  const letters = all.filter((letter) => letter.to);
  if (letters.length === 0) return null;
  // One JSON parameter however many letters (a batch of bookings writes two each): cheaper to build
  // and to send than six parameters per letter.
  const rows = letters.map((letter) => ({
    kind: letter.kind,
    recipient: letter.to,
    subject: letter.subject,
    text: letter.text,
    html: letter.html,
    booking: letter.bookingId ?? null,
    token: letter.linkToken ?? null,
    attachment: letter.attachment ?? null,
  }));
  return sql`
    INSERT INTO outbox (kind, recipient, subject, text_body, html_body, booking_id, link_token, attachment)
    SELECT kind, recipient, subject, text, html, booking, token, attachment
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS letter(kind text, recipient text, subject text, text text, html text, booking uuid, token text, attachment text)`;
}

/**
 * True while a one-time link's token still opens it: not used, not expired (only its SHA-256 is kept,
 * in password_resets for reset and welcome links, in booking_sign_in_links for a booking's sign-in link).
 */
export function resetLinkWorks(token: SQL): SQL {
  return sql`(EXISTS (SELECT 1 FROM password_resets r
                       WHERE r.token_hash = encode(sha256(convert_to(${token}, 'UTF8')), 'hex')
                         AND r.used_at IS NULL AND r.expires_at > now())
              OR EXISTS (SELECT 1 FROM booking_sign_in_links b
                          WHERE b.token_hash = encode(sha256(convert_to(${token}, 'UTF8')), 'hex')
                            AND b.used_at IS NULL AND b.expires_at > now()))`;
}

/** Tokens whose links no longer work (used, or their hour is over) are dropped from the outbox. */
export async function forgetDeadLinks(tx: Tx | Database): Promise<void> {
  await tx.execute(sql`UPDATE outbox SET link_token = NULL WHERE link_token IS NOT NULL AND NOT ${resetLinkWorks(sql`outbox.link_token`)}`);
}

/** What the letters say about a booking, read inside the transaction that changed it. */
export async function bookingFacts(tx: Tx | Database, bookingId: string): Promise<BookingFacts> {
  const row = (await bookingFactsOf(tx, [bookingId])).get(bookingId);
  if (!row) throw new Error(`booking ${bookingId} vanished inside its own transaction`);
  return row;
}

/** A timestamp as it comes back: a Date from Drizzle, a Date or a string from a raw query (PGlite or PostgreSQL). */
type At = Date | string;
const iso = (at: At) => new Date(at).toISOString();

/** The columns of an outbox row that its line in the owners' list shows. */
export type OutboxSummaryRow = Pick<typeof outbox.$inferSelect, 'recipient' | 'subject' | 'status' | 'attempts' | 'lastError'> & {
  id: number | string;
  createdAt: At;
  sentAt: At | null;
  nextAttemptAt: At;
};

/** A message's line in the outbox list, the same whether it was just resent or read from the list. */
export function outboxSummary(row: OutboxSummaryRow): OutboxMessage {
  return {
    _id: String(row.id),
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: iso(row.createdAt),
    sentAt: row.sentAt ? iso(row.sentAt) : null,
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
  };
}

/** A failed message goes back in the queue, due now, with a fresh count of attempts. */
export async function resendMessage(db: Database, messageId: string): Promise<OutboxMessage> {
  if (!/^[1-9]\d{0,17}$/.test(messageId)) throw new HttpError(404, MESSAGES.messageNotFound);
  const id = Number(messageId);
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id)).for('update');
    if (!current) throw new HttpError(404, MESSAGES.messageNotFound);
    if (current.status !== 'failed') throw new HttpError(409, MESSAGES.messageNotFailed);
    const row = theRow(
      await tx
        .update(outbox)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
        .where(eq(outbox.id, id))
        .returning(),
      'The outbox message',
    );
    return outboxSummary(row);
  });
}
