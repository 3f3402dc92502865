/**
 * A booking's WhatsApp and SMS messages as staff see them (decision 128): ours and the customer's,
 * by channel, with their state; and what staff may send back.
 */
import { z } from 'zod';
import { CHANNEL_MESSAGE_STATES, STAFF_MESSAGE_MAX_CHARS } from '../bookingMessages';
import { MESSAGE_CHANNELS } from '../messageChannels';

export const bookingMessage = z.object({
  _id: z.string(),
  /** out: ours to the customer; in: the customer's to us. */
  direction: z.enum(['out', 'in']),
  channel: z.enum(MESSAGE_CHANNELS),
  /** What it is: the letter's kind, "staff_reply", or "customer". */
  kind: z.string(),
  /** The WhatsApp template it went as, if one. */
  template: z.string().nullable(),
  /** The words, as the customer got or wrote them (a check-in code never: it is not kept). */
  body: z.string(),
  state: z.enum(CHANNEL_MESSAGE_STATES),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  /** The provider's refusal or failure, in its words. */
  lastError: z.string().nullable(),
  /** A customer's message: when staff opened it (null: not yet). */
  seenAt: z.string().nullable(),
  /** An SMS sent in place of a WhatsApp message that failed: that message's id. */
  fallbackOf: z.string().nullable(),
});
export type BookingMessage = z.infer<typeof bookingMessage>;

export const bookingMessagesResponse = z.object({
  success: z.literal(true),
  messages: z.array(bookingMessage),
  /** The customer's messages no staff member has opened. */
  unseen: z.number(),
  /** The channels this site sends (MESSAGE_PROVIDER). */
  siteChannels: z.object({ whatsapp: z.boolean(), sms: z.boolean() }),
  /** The customer's phone as we send to it (E.164), null when there is none we can use; and their choices. */
  customer: z.object({ phone: z.string().nullable(), whatsapp: z.boolean(), sms: z.boolean(), whatsappStopped: z.boolean(), smsStopped: z.boolean() }),
  /** WhatsApp lets us write freely until then (24 hours after the customer's last WhatsApp message); null: a template carries our words. */
  whatsappOpenUntil: z.string().nullable(),
});

export const sendBookingMessageBody = z.object({
  channel: z.enum(MESSAGE_CHANNELS, { error: 'Choose WhatsApp or SMS.' }),
  text: z
    .string({ error: 'Write the message.' })
    .trim()
    .min(1, { error: 'Write the message.' })
    .max(STAFF_MESSAGE_MAX_CHARS, { error: `A message can be at most ${STAFF_MESSAGE_MAX_CHARS} characters long.` }),
});
export type SendBookingMessageBody = z.infer<typeof sendBookingMessageBody>;

export const bookingMessageSentResponse = z.object({ success: z.literal(true), message: z.string(), sent: bookingMessage });
export const bookingMessagesSeenResponse = z.object({ success: z.literal(true), unseen: z.number() });
