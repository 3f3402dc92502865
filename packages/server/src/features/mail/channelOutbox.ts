/**
 * WhatsApp and SMS across the bookings, as staff see them (decision 128): the bookings whose
 * customer wrote and waits for an answer (the desk's badge), and every message of the two channels
 * (the outbox). The secret column (a check-in code waiting to be sent) is never read here, and a
 * code's message reads •••••• where its digits go: staff never read a code (decision 124).
 */
import {
  type ChannelOutboxMessage,
  type ChannelOutboxQuery,
  isOneOf,
  MESSAGE_SECRET_PLACEHOLDER,
  MESSAGE_TEMPLATE_NAMES,
  MESSAGE_TEMPLATES,
  OUTBOX_PAGE_SIZE,
  UNREAD_BOOKINGS_SHOWN,
  type UnreadBooking,
} from '@rental/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/types';

export const HIDDEN_CODE = '••••••';

/** A message's words as staff may read them: a secret parameter's place, and any code's digits, as ••••••. */
export function staffReadBody(template: string | null, body: string): string {
  const masked = body.replaceAll(MESSAGE_SECRET_PLACEHOLDER, HIDDEN_CODE);
  const carriesSecret = template !== null && isOneOf(MESSAGE_TEMPLATE_NAMES, template) && 'secret' in MESSAGE_TEMPLATES[template];
  // The kept copy never holds the digits; should one ever have them, they are hidden all the same.
  return carriesSecret ? masked.replace(/\d{4,}/g, HIDDEN_CODE) : masked;
}

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/** The first words of a message: whole when short, else cut at a word with "…". */
export function firstWords(text: string, max = 100): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

interface UnreadRow {
  booking_id: string;
  reference: string;
  name: string;
  unread: number | string;
  last_at: Date | string;
  last_body: string;
  template: string | null;
  total: number | string;
}

/** Bookings with customers' messages no staff member has opened, newest message first. */
export async function listUnreadBookings(db: Database): Promise<{ bookings: UnreadBooking[]; total: number }> {
  // Over channel_messages_unseen_idx: the customers' messages not opened yet are few, whatever the table holds.
  const rows = await queryRows<UnreadRow>(
    db,
    sql`WITH waiting AS (
          SELECT m.booking_id, count(*) AS unread, max(m.created_at) AS last_at
            FROM channel_messages m
           WHERE m.direction = 'in' AND m.seen_at IS NULL AND m.booking_id IS NOT NULL
           GROUP BY m.booking_id)
        SELECT w.booking_id, b.reference, u.name, w.unread, w.last_at, l.body AS last_body, l.template,
               count(*) OVER () AS total
          FROM waiting w
          JOIN bookings b ON b.id = w.booking_id
          JOIN users u ON u.id = b.user_id
          CROSS JOIN LATERAL (
            SELECT body, template FROM channel_messages l
             WHERE l.booking_id = w.booking_id AND l.direction = 'in' AND l.seen_at IS NULL
             ORDER BY l.created_at DESC, l.id DESC LIMIT 1) l
         ORDER BY w.last_at DESC, b.reference
         LIMIT ${UNREAD_BOOKINGS_SHOWN}`,
  );
  return {
    bookings: rows.map((row) => ({
      bookingId: row.booking_id,
      reference: row.reference,
      customerName: row.name,
      unread: Number(row.unread),
      lastAt: iso(row.last_at)!,
      lastWords: firstWords(staffReadBody(row.template, row.last_body)),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}

interface OutboxRow {
  id: string | number;
  direction: 'out' | 'in';
  channel: ChannelOutboxMessage['channel'];
  phone: string;
  kind: string;
  template: string | null;
  body: string;
  state: ChannelOutboxMessage['state'];
  attempts: number;
  last_error: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
  delivered_at: Date | string | null;
  read_at: Date | string | null;
  failed_at: Date | string | null;
  booking_id: string | null;
  reference: string | null;
}

function filtersOf(query: ChannelOutboxQuery): SQL {
  const where: SQL[] = [sql`TRUE`];
  if (query.state) where.push(sql`m.state = ${query.state}`);
  if (query.channel) where.push(sql`m.channel = ${query.channel}`);
  if (query.reference) where.push(sql`b.reference = ${query.reference.toUpperCase()}`);
  return sql.join(where, sql` AND `);
}

/** The WhatsApp and SMS messages, newest first, a page at a time; never a check-in code. */
export async function listChannelOutbox(db: Database, query: ChannelOutboxQuery, page: number): Promise<{ messages: ChannelOutboxMessage[]; total: number }> {
  const where = filtersOf(query);
  // Named column by column: the secret (a code waiting to be sent) is never read for staff.
  const rows = await queryRows<OutboxRow>(
    db,
    sql`SELECT m.id, m.direction, m.channel, m.phone, m.kind, m.template, m.body, m.state, m.attempts, m.last_error,
               m.created_at, m.sent_at, m.delivered_at, m.read_at, m.failed_at, m.booking_id, b.reference
          FROM channel_messages m LEFT JOIN bookings b ON b.id = m.booking_id
         WHERE ${where}
         ORDER BY m.created_at DESC, m.id DESC
         LIMIT ${OUTBOX_PAGE_SIZE} OFFSET ${(page - 1) * OUTBOX_PAGE_SIZE}`,
  );
  const [all] = await queryRows<{ total: number | string }>(
    db,
    sql`SELECT count(*) AS total FROM channel_messages m LEFT JOIN bookings b ON b.id = m.booking_id WHERE ${where}`,
  );
  const messages = rows.map((row): ChannelOutboxMessage => ({
    _id: String(row.id),
    direction: row.direction,
    channel: row.channel,
    phone: row.phone,
    kind: row.kind,
    template: row.template,
    body: staffReadBody(row.template, row.body),
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: iso(row.created_at)!,
    sentAt: iso(row.sent_at),
    deliveredAt: iso(row.delivered_at),
    readAt: iso(row.read_at),
    failedAt: iso(row.failed_at),
    bookingId: row.booking_id,
    bookingReference: row.reference,
  }));
  return { messages, total: Number(all?.total ?? 0) };
}
