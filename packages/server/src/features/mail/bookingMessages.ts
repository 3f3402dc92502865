/**
 * A booking's WhatsApp and SMS messages as staff see them, and staff's own words to the customer
 * (decision 128): within WhatsApp's 24 hours after the customer last wrote there, as typed; after
 * it, in the staff_message template (WhatsApp allows only approved templates then). Queued like a
 * letter's message, sent by channelSender.ts.
 */
import {
  BOOKING_MESSAGE_WORDS,
  type BookingMessage,
  channelMessage,
  type MessageChannel,
  MESSAGES,
  REFUSAL_CODES,
  type SendBookingMessageBody,
  WHATSAPP_WINDOW_HOURS,
} from '@rental/contract';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/types';
import { isId } from '../../db/ids';
import { HttpError } from '../../http/errors';
import { getCompanySettings } from '../company';
import { staffReadBody } from './channelOutbox';
import type { SiteChannels } from './letters';

interface MessageRow {
  id: string;
  direction: 'out' | 'in';
  channel: MessageChannel;
  kind: string;
  template: string | null;
  body: string;
  state: BookingMessage['state'];
  created_at: Date;
  sent_at: Date | null;
  delivered_at: Date | null;
  read_at: Date | null;
  failed_at: Date | null;
  last_error: string | null;
  seen_at: Date | null;
  fallback_of: string | null;
}

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

function answerOf(row: MessageRow): BookingMessage {
  return {
    _id: String(row.id),
    direction: row.direction,
    channel: row.channel,
    kind: row.kind,
    template: row.template,
    // A check-in code's place reads •••••• rather than the kept copy's placeholder.
    body: staffReadBody(row.template, row.body),
    state: row.state,
    createdAt: new Date(row.created_at).toISOString(),
    sentAt: iso(row.sent_at),
    deliveredAt: iso(row.delivered_at),
    readAt: iso(row.read_at),
    failedAt: iso(row.failed_at),
    lastError: row.last_error,
    seenAt: iso(row.seen_at),
    fallbackOf: row.fallback_of === null ? null : String(row.fallback_of),
  };
}

interface Customer {
  reference: string;
  name: string;
  phone: string | null;
  whatsapp: boolean;
  sms: boolean;
  whatsapp_stopped: boolean;
  sms_stopped: boolean;
  /** 24 hours after the customer's last WhatsApp message from that phone, while that is still ahead. */
  whatsapp_open_until: Date | null;
}

/** The booking's customer as messages reach them; 404 for a booking that does not exist. */
async function customerOf(db: Database, bookingId: unknown): Promise<Customer & { bookingId: string }> {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  const [row] = await queryRows<Customer>(
    db,
    sql`SELECT b.reference, u.name,
               CASE WHEN u.erased_at IS NULL THEN u.phone_e164 END AS phone,
               u.whatsapp_on AS whatsapp, u.sms_on AS sms,
               coalesce(u.whatsapp_stopped_by = 'stop_reply', false) AS whatsapp_stopped, coalesce(u.sms_stopped_by = 'stop_reply', false) AS sms_stopped,
               (SELECT max(m.created_at) + make_interval(hours => ${WHATSAPP_WINDOW_HOURS})
                  FROM channel_messages m
                 WHERE m.direction = 'in' AND m.channel = 'whatsapp' AND m.phone = u.phone_e164
                HAVING max(m.created_at) + make_interval(hours => ${WHATSAPP_WINDOW_HOURS}) > now()) AS whatsapp_open_until
          FROM bookings b JOIN users u ON u.id = b.user_id
         WHERE b.id = ${bookingId}`,
  );
  if (!row) throw new HttpError(404, MESSAGES.bookingNotFound);
  return { ...row, bookingId };
}

const COLUMNS = sql`id, direction, channel, kind, template, body, state, created_at, sent_at, delivered_at, read_at, failed_at, last_error, seen_at, fallback_of`;

export async function listBookingMessages(db: Database, bookingId: unknown, siteChannels: SiteChannels) {
  const customer = await customerOf(db, bookingId);
  const rows = await queryRows<MessageRow>(db, sql`SELECT ${COLUMNS} FROM channel_messages WHERE booking_id = ${customer.bookingId} ORDER BY created_at, id`);
  return {
    success: true as const,
    messages: rows.map(answerOf),
    unseen: rows.filter((row) => row.direction === 'in' && row.seen_at === null).length,
    siteChannels,
    customer: {
      phone: customer.phone,
      whatsapp: customer.whatsapp,
      sms: customer.sms,
      whatsappStopped: customer.whatsapp_stopped,
      smsStopped: customer.sms_stopped,
    },
    whatsappOpenUntil: iso(customer.whatsapp_open_until),
  };
}

/** Staff's words to the booking's customer, queued on the channel chosen; refused in words when it cannot go there. */
export async function sendStaffMessage(db: Database, bookingId: unknown, body: SendBookingMessageBody, siteChannels: SiteChannels) {
  const customer = await customerOf(db, bookingId);
  const refuse = (code: 'message_channel_off' | 'message_customer_no_phone' | 'message_customer_stopped') => new HttpError(409, REFUSAL_CODES[code], code);
  if (!siteChannels[body.channel]) throw refuse('message_channel_off');
  if (!customer.phone) throw refuse('message_customer_no_phone');
  if (body.channel === 'whatsapp' ? customer.whatsapp_stopped : customer.sms_stopped) throw refuse('message_customer_stopped');
  // One line: a template's parameter holds no line breaks, and an SMS reads the same.
  const text = body.text.replace(/\s+/g, ' ').trim();
  const free = body.channel === 'sms' || customer.whatsapp_open_until !== null;
  const company = await getCompanySettings(db);
  const templated = free
    ? null
    : channelMessage('staff_message', { name: customer.name.split(/\s+/)[0] || 'there', company: company.name, reference: customer.reference, text });
  const [row] = await queryRows<MessageRow>(
    db,
    sql`INSERT INTO channel_messages (direction, channel, booking_id, user_id, phone, kind, template, params, body, state)
        SELECT 'out', ${body.channel}, b.id, b.user_id, ${customer.phone}, 'staff_reply', ${templated?.template ?? null},
               ${templated ? JSON.stringify(templated.params) : null}::jsonb, ${templated?.text ?? text}, 'queued'
          FROM bookings b WHERE b.id = ${customer.bookingId}
        RETURNING ${COLUMNS}`,
  );
  return { success: true as const, message: BOOKING_MESSAGE_WORDS.sent, sent: answerOf(row!) };
}

/** The customer's messages on this booking, opened by this staff member: the badge goes. */
export async function markMessagesSeen(db: Database, staffId: string, bookingId: unknown) {
  const customer = await customerOf(db, bookingId);
  await db.execute(
    sql`UPDATE channel_messages SET seen_at = now(), seen_by = ${staffId} WHERE booking_id = ${customer.bookingId} AND direction = 'in' AND seen_at IS NULL`,
  );
  return { success: true as const, unseen: 0 };
}
