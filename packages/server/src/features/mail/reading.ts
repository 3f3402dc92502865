/**
 * Staff read the outbox: a message's text and HTML as the recipient sees them, its links, the PDF
 * it carries, and a WhatsApp link for a customer with a phone (contract outboxReading.ts).
 * Messages to staff members (their password links, bank alerts, invitations to join) are the
 * owners' alone: other staff neither list them nor open them (404, as for a message that does not
 * exist), since a reset or invitation link in the wrong hands is someone else's account.
 */
import {
  COPYABLE_LINK_KINDS,
  isOneOf,
  linksIn,
  MESSAGES,
  type OutboxMessage,
  type OutboxMessageDetail,
  OUTBOX_PAGE_SIZE,
  REFUSAL_CODES,
  type StaffRole,
  whatsAppLink,
} from '@rental/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/types';
import { HttpError } from '../../http/errors';
import { LINK_TOKEN_PLACEHOLDER, outboxSummary, resetLinkWorks, withLinkToken } from './outbox';
import { readAttachment } from './sender';

/** Kinds written to people joining the staff, whose address is not a staff account's yet. */
const STAFF_KINDS = ['staff_invitation'];

/** True for a message addressed to a staff member (a staff account's address, or an invitation to join). */
export function toStaffMember(message: SQL = sql`o`): SQL {
  return sql`(${message}.kind IN (${sql.join(
    STAFF_KINDS.map((k) => sql`${k}`),
    sql`, `,
  )}) OR EXISTS (SELECT 1 FROM users s WHERE s.role = 'owner' AND s.email = lower(${message}.recipient)))`;
}

/** What this reader may see: owners everything, other staff the customers' messages and the company's. */
function readable(role: StaffRole | null): SQL {
  return role === 'owner' ? sql`TRUE` : sql`NOT ${toStaffMember()}`;
}

interface Row {
  id: string | number;
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: OutboxMessage['status'];
  attempts: number;
  lastError: string | null;
  createdAt: Date | string;
  sentAt: Date | string | null;
  nextAttemptAt: Date | string;
  booking_id: string | null;
  attachment: 'agreement' | 'receipt' | null;
  reference: string | null;
  /** The phone of the customer the message is to (their account's, by its address). */
  phone: string | null;
  /** The message's one-time token, while its link still works; null otherwise. */
  live_token: string | null;
  /** To a staff member (their links are never copied: an owner's reset link is an owner's account). */
  to_staff: boolean;
}

/** The columns outboxSummary reads, named as it names them. */
const SUMMARY_COLUMNS = sql`o.id, o.kind, o.recipient, o.subject, o.status, o.attempts, o.last_error AS "lastError", o.created_at AS "createdAt",
  o.sent_at AS "sentAt", o.next_attempt_at AS "nextAttemptAt"`;

/**
 * A check-in code proves that the customer signed (docs/decisions/124): once its e-mail has gone to
 * them, staff read the letter without its digits. Until then (mail off, or not yet sent) staff may
 * pass it on by hand, as they may a link.
 */
function asStaffRead<R extends { kind: string; status: string; subject: string; text_body?: string; html_body?: string }>(row: R): R {
  const code = row.kind === 'check_in_code' && row.status === 'sent' ? /\d{6}/.exec(row.subject)?.[0] : undefined;
  if (!code) return row;
  const hide = (words: string) => words.replaceAll(code, '••••••');
  return {
    ...row,
    subject: hide(row.subject),
    ...(row.text_body !== undefined && { text_body: hide(row.text_body) }),
    ...(row.html_body !== undefined && { html_body: hide(row.html_body) }),
  };
}

/** The outbox, newest first, as this reader may see it. */
export async function listReadableOutbox(db: Database, role: StaffRole | null, page: number): Promise<{ messages: OutboxMessage[]; total: number }> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT ${SUMMARY_COLUMNS}
          FROM outbox o WHERE ${readable(role)}
         ORDER BY o.created_at DESC, o.id DESC
         LIMIT ${OUTBOX_PAGE_SIZE} OFFSET ${(page - 1) * OUTBOX_PAGE_SIZE}`,
  );
  const [all] = await queryRows<{ total: number | string }>(db, sql`SELECT count(*) AS total FROM outbox o WHERE ${readable(role)}`);
  return { messages: rows.map((row) => outboxSummary(asStaffRead(row))), total: Number(all?.total ?? 0) };
}

export async function findReadable(db: Database, role: StaffRole | null, messageId: string): Promise<Row> {
  if (!/^[1-9]\d{0,17}$/.test(messageId)) throw new HttpError(404, MESSAGES.messageNotFound);
  const [row] = await queryRows<Row>(
    db,
    sql`SELECT ${SUMMARY_COLUMNS}, o.kind, o.text_body, o.html_body, o.booking_id, o.attachment, b.reference,
               CASE WHEN o.link_token IS NOT NULL AND ${resetLinkWorks(sql`o.link_token`)} THEN o.link_token END AS live_token,
               ${toStaffMember()} AS to_staff,
               (SELECT u.phone FROM users u WHERE u.role = 'user' AND u.email = lower(o.recipient) AND u.erased_at IS NULL) AS phone
          FROM outbox o LEFT JOIN bookings b ON b.id = o.booking_id
         WHERE o.id = ${messageId}::bigint AND ${readable(role)}`,
  );
  if (!row) throw new HttpError(404, MESSAGES.messageNotFound);
  return asStaffRead(row);
}

/** One message to read; 404 when it does not exist or this reader may not see it. */
export async function readMessage(db: Database, role: StaffRole | null, messageId: string): Promise<OutboxMessageDetail> {
  const row = await findReadable(db, role, messageId);
  const pdf = row.attachment ? await readAttachment(db, row.booking_id, row.attachment) : undefined;
  // A message whose one-time link was not kept would reach the customer with a link that does not work.
  const linksWork = !row.text_body.includes(`token=${LINK_TOKEN_PLACEHOLDER}`);
  return {
    ...outboxSummary(row),
    kind: row.kind,
    text: row.text_body,
    html: row.html_body,
    links: linksIn(row.text_body),
    attachment: row.attachment
      ? {
          filename: pdf?.filename ?? (row.attachment === 'agreement' ? 'Rental agreement (PDF)' : 'Receipt (PDF)'),
          size: pdf?.content.length ?? 0,
          available: Boolean(pdf),
        }
      : null,
    bookingReference: row.reference,
    whatsApp: row.phone && linksWork ? whatsAppLink(row.phone, row.text_body) : null,
    copyLink: copyableLink(row) !== null,
  };
}

/** A customer's welcome, password or booking sign-in link, as the e-mail carries it, while it still works; null otherwise. */
function copyableLink(row: Row): string | null {
  if (row.to_staff || !row.live_token || !isOneOf(COPYABLE_LINK_KINDS, row.kind)) return null;
  const link = linksIn(withLinkToken(row.text_body, row.live_token)).find((l) => l.includes(`token=${encodeURIComponent(row.live_token!)}`));
  return link ?? null;
}

/**
 * The link of a customer's welcome, password or booking sign-in letter, for owners and managers to pass on by hand
 * when mail is off (docs/decisions/107). The same token as the e-mail's: it works once and expires as
 * the e-mail says. Used or expired: 409 link_gone; no such link, or a letter to a staff member: 404.
 */
export async function readMessageLink(db: Database, role: StaffRole | null, messageId: string): Promise<string> {
  const row = await findReadable(db, role, messageId);
  const kindHasLink = isOneOf(COPYABLE_LINK_KINDS, row.kind) && !row.to_staff;
  if (!kindHasLink) throw new HttpError(404, MESSAGES.notFound);
  const link = copyableLink(row);
  if (!link) throw new HttpError(409, REFUSAL_CODES.link_gone, 'link_gone');
  return link;
}

/** The PDF a message carries, as it is sent; 404 when it carries none, it is missing, or the reader may not see the message. */
export async function readMessageAttachment(db: Database, role: StaffRole | null, messageId: string) {
  const row = await findReadable(db, role, messageId);
  const pdf = row.attachment ? await readAttachment(db, row.booking_id, row.attachment) : undefined;
  if (!pdf) throw new HttpError(404, MESSAGES.notFound);
  return pdf;
}
