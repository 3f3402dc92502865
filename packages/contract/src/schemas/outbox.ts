import { z } from 'zod';
import { idField } from './fields';

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const OUTBOX_PAGE_SIZE = 25;

/** One e-mail of the outbox, as staff see it (never its body: it may hold a password reset link). */
export const outboxMessage = z.object({
  _id: z.string(),
  recipient: z.string(),
  subject: z.string(),
  /** pending: waiting for its next attempt; sending: on its way; sent; failed: given up until sent again. */
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  /** The mail server's last refusal or the connection's failure; null when there was none. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** When the next attempt is due (pending messages). */
  nextAttemptAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxQuery = z.object({
  page: z
    .string({ error: 'Page must be a whole number, 1 or more.' })
    .regex(/^[1-9]\d{0,5}$/, { error: 'Page must be a whole number, 1 or more.' })
    .optional(),
});

export const resendMessageBody = z.object({ messageId: idField('the message') });

export const outboxMessageParams = z.object({ id: z.string().describe('The message number.') });

/** One message opened by staff: what the recipient reads, its links, its attachment, and WhatsApp for a customer with a phone. */
export const outboxMessageDetail = outboxMessage.extend({
  /** What kind of message (booking_confirmed, pickup_reminder...). */
  kind: z.string(),
  text: z.string(),
  /** The HTML as sent: staff see it in a sandboxed frame, never as part of the page. */
  html: z.string(),
  /** The web addresses in the text, each once; a link whose one-time token was not kept is left out. */
  links: z.array(z.string()),
  /** The PDF it carries (GET /api/owner/outbox/:id/attachment); null when it carries none. */
  attachment: z.object({ filename: z.string(), size: z.number(), available: z.boolean() }).nullable(),
  /** The booking it is about, if any. */
  bookingReference: z.string().nullable(),
  /** https://wa.me/<digits>?text=<its text>: for a customer with a phone, a message whose links all work. */
  whatsApp: z.string().nullable(),
  /** A customer's welcome, password or booking sign-in link that still works: owners and managers may copy it (GET /api/owner/outbox/:id/link). */
  copyLink: z.boolean(),
});
export type OutboxMessageDetail = z.infer<typeof outboxMessageDetail>;
export const outboxMessageResponse = z.object({ success: z.literal(true), outboxMessage: outboxMessageDetail });

/** The one-time link of a customer's welcome or password letter, for owners and managers to pass on by hand when mail is off. */
export const outboxLinkResponse = z.object({ success: z.literal(true), link: z.string() });
