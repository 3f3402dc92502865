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
