/**
 * WhatsApp and SMS seen from the staff area as a whole (decision 128), beside a booking's own
 * panel: the bookings whose customer wrote and waits for an answer (the desk), and every message
 * of the two channels as the outbox lists them.
 */
import { z } from 'zod';
import { CHANNEL_MESSAGE_STATES } from '../bookingMessages';
import { MESSAGE_CHANNELS } from '../messageChannels';
import { oneOf, queryText } from './fields';
import { outboxQuery } from './outbox';

/** A booking whose customer wrote and no staff member has opened their messages yet. */
export const unreadBooking = z.object({
  bookingId: z.string(),
  reference: z.string(),
  customerName: z.string(),
  /** The customer's messages on it not opened yet. */
  unread: z.number(),
  /** When the last of them came. */
  lastAt: z.string(),
  /** Its first words (the whole message when short). */
  lastWords: z.string(),
});
export type UnreadBooking = z.infer<typeof unreadBooking>;

export const unreadMessagesResponse = z.object({
  success: z.literal(true),
  /** Newest message first; at most UNREAD_BOOKINGS_SHOWN of them. */
  bookings: z.array(unreadBooking),
  /** How many bookings wait in all (may be more than listed). */
  total: z.number(),
});
export type UnreadMessagesResponse = z.infer<typeof unreadMessagesResponse>;

/** One WhatsApp or SMS message in the outbox. A check-in code never: its digits read ••••••. */
export const channelOutboxMessage = z.object({
  _id: z.string(),
  /** out: ours to the customer; in: the customer's to us. */
  direction: z.enum(['out', 'in']),
  channel: z.enum(MESSAGE_CHANNELS),
  /** The phone it went to or came from (E.164). */
  phone: z.string(),
  /** The letter's kind, "staff_reply", or "customer". */
  kind: z.string(),
  template: z.string().nullable(),
  body: z.string(),
  state: z.enum(CHANNEL_MESSAGE_STATES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  bookingId: z.string().nullable(),
  bookingReference: z.string().nullable(),
});
export type ChannelOutboxMessage = z.infer<typeof channelOutboxMessage>;

export const channelOutboxQuery = outboxQuery.extend({
  state: oneOf('a state', CHANNEL_MESSAGE_STATES).optional().describe('Only messages in this state (received: the customers’ own).'),
  channel: oneOf('a channel', MESSAGE_CHANNELS, ['WhatsApp', 'SMS']).optional().describe('Only messages of this channel.'),
  reference: queryText('The booking reference', 40).optional().describe('Only the messages of this booking (its reference, e.g. WR-7K3M9Q).'),
});
export type ChannelOutboxQuery = z.infer<typeof channelOutboxQuery>;

export const channelOutboxResponse = z.object({
  success: z.literal(true),
  messages: z.array(channelOutboxMessage),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  /** The channels this site sends (MESSAGE_PROVIDER). */
  siteChannels: z.object({ whatsapp: z.boolean(), sms: z.boolean() }),
});
export type ChannelOutboxResponse = z.infer<typeof channelOutboxResponse>;
