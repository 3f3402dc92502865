/**
 * Delivers the outbox over SMTP (nodemailer). Each round claims a few due messages in one short
 * transaction (`FOR UPDATE SKIP LOCKED`: several instances on one PostgreSQL take different rows)
 * by marking them `sending` with a lease, commits, sends them, then marks each `sent`, or back to
 * `pending` with a growing pause, or `failed` (the server refused it, or too many attempts).
 * No transaction is held while talking to the mail server (PGlite has one connection).
 * A message is sent twice only if a sender dies between the mail server's acceptance and the
 * `sent` mark: its lease then ends and another round sends it again (at least once, never lost).
 * A password reset e-mail gets its token put in its link as it is sent, and the token is dropped
 * with the `sent` mark; one whose link stopped working before it could go (used, or its hour
 * over) is not sent but marked failed, saying why (features/mail/outbox.ts).
 * A message that carries its booking's rental agreement or receipt gets the PDF read from rentals
 * as it is sent; without it, the message is marked failed rather than sent with something missing.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { type Database, queryRows } from '../../db/types';
import { getCompanySettings } from '../company';
import { LINK_TOKEN_PLACEHOLDER, resetLinkWorks, withLinkToken } from './outbox';
import { pollingRounds, type Rounds } from './rounds';

export interface MailSenderOptions {
  smtpUrl: string;
  /** "Name <address>" or an address; default: the company's name and e-mail (company settings). */
  from?: string;
  /** How often to look for due messages. */
  pollMs?: number;
  /** The pause after the first failed attempt; each next one doubles, up to an hour. */
  retryBaseMs?: number;
  /** Attempts before a message is given up (failed) until staff send it again. */
  maxAttempts?: number;
  /** How long a claimed message is left to its sender before another may take it over. */
  leaseMs?: number;
  /** The only process on its database (PGlite): messages left `sending` by a dead process are due at once. */
  exclusive?: boolean;
}

export const MAIL_DEFAULTS = { pollMs: 1000, retryBaseMs: 30_000, maxAttempts: 8, leaseMs: 120_000 } as const;
const MAX_PAUSE_MS = 3_600_000;
const BATCH = 10;

interface Claimed {
  id: number;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
  kind: string;
  /** The token of the message's link, while it still works; null when it has none or it stopped working. */
  link_token: string | null;
  /** The message's link needs a token that is gone: it must not be sent. */
  link_dead: boolean;
  booking_id: string | null;
  attachment: 'agreement' | 'receipt' | null;
}

/** Why a reset e-mail was not sent, for the staff's outbox page. */
export const DEAD_LINK_ERROR =
  'Not sent: its password reset link no longer works (a link works once, for one hour, and is not kept in backups). The customer can ask for a new one.';

/** Why an e-mail that must carry a PDF was not sent, for the staff's outbox page. */
export const MISSING_ATTACHMENT_ERROR = {
  agreement:
    'Not sent: the rental agreement it must carry was not found for this booking. Please check that the keys were handed over at the counter, then send it again.',
  receipt: 'Not sent: the receipt it must carry was not found for this booking. Please check that the car was checked in at the counter, then send it again.',
} as const;

interface PdfAttachment {
  filename: string;
  content: Buffer;
  contentType: 'application/pdf';
}

/**
 * The booking's agreement ("<reference>-agreement.pdf") or receipt ("<receipt number>.pdf"), read
 * for this one message only: PDFs are not carried through the claim. Undefined when it is missing.
 */
export async function readAttachment(db: Database, bookingId: string | null, which: 'agreement' | 'receipt'): Promise<PdfAttachment | undefined> {
  if (!bookingId) return undefined;
  const [row] = await queryRows<{ reference: string; receipt_number: string | null; pdf: Uint8Array | null }>(
    db,
    sql`SELECT b.reference, r.receipt_number, ${which === 'agreement' ? sql`r.agreement_pdf` : sql`r.receipt_pdf`} AS pdf
          FROM rentals r JOIN bookings b ON b.id = r.booking_id
         WHERE r.booking_id = ${bookingId}`,
  );
  if (!row?.pdf || row.pdf.length === 0) return undefined;
  if (which === 'receipt' && !row.receipt_number) return undefined;
  const filename = which === 'agreement' ? `${row.reference}-agreement.pdf` : `${row.receipt_number}.pdf`;
  return { filename, content: Buffer.from(row.pdf), contentType: 'application/pdf' };
}

/** The pause before attempt `attempts + 1`: base, 2 x base, 4 x base... at most an hour. */
export function retryPause(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_PAUSE_MS);
}

/** Claims up to `limit` due messages for `leaseMs`: pending ones whose time has come, and sending ones whose sender's lease ran out. */
export async function claimDue(db: Database, limit: number, leaseMs: number): Promise<Claimed[]> {
  return queryRows<Claimed>(
    db,
    sql`UPDATE outbox SET status = 'sending', attempts = attempts + 1, locked_until = now() + make_interval(secs => ${leaseMs / 1000})
        WHERE id IN (
          SELECT id FROM outbox
           WHERE (status = 'pending' AND next_attempt_at <= now()) OR (status = 'sending' AND locked_until < now())
           ORDER BY id
           LIMIT ${limit}
           FOR UPDATE SKIP LOCKED)
        RETURNING id, recipient, subject, text_body, html_body, attempts, kind, booking_id, attachment,
                  CASE WHEN link_token IS NOT NULL AND ${resetLinkWorks(sql`link_token`)} THEN link_token END AS link_token,
                  strpos(text_body, ${`token=${LINK_TOKEN_PLACEHOLDER}`}) > 0 AND (link_token IS NULL OR NOT ${resetLinkWorks(sql`link_token`)}) AS link_dead`,
  );
}

/** A 5xx answer of the mail server is final (no such mailbox, refused): retrying would not help. */
function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function describeError(err: unknown): string {
  const e = err as { response?: unknown; message?: unknown };
  return String(e.response ?? e.message ?? err).slice(0, 500);
}

/** "smtp://user:secret@mail.example.com:587" -> "mail.example.com:587": the address without its password. */
export function smtpHost(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return url.port ? `${url.hostname}:${url.port}` : url.hostname;
  } catch {
    return 'the SMTP server';
  }
}

export function createTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport(smtpUrl, {
    // A mail server that hangs must not hold a message past its lease.
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 40_000,
  } as never);
}

export type MailSender = Rounds;

export function createMailSender(db: Database, log: FastifyInstance['log'], options: MailSenderOptions): MailSender {
  const tuning = { ...MAIL_DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) } as Required<
    Omit<MailSenderOptions, 'from'>
  > & { from?: string };
  const transport = createTransport(options.smtpUrl);
  let recovered = !options.exclusive;

  const round = async (): Promise<number> => {
    if (!recovered) {
      // Alone on the database: a `sending` row is from a process that died; send it now.
      await db.execute(sql`UPDATE outbox SET status = 'pending', locked_until = NULL WHERE status = 'sending'`);
      recovered = true;
    }
    const claimed = await claimDue(db, BATCH, tuning.leaseMs);
    if (claimed.length === 0) return 0;
    const company = await getCompanySettings(db);
    const from = options.from ?? { name: company.name, address: company.email };
    for (const message of claimed) {
      if (message.link_dead) {
        await db.execute(
          sql`UPDATE outbox SET status = 'failed', link_token = NULL, last_error = ${DEAD_LINK_ERROR}, locked_until = NULL WHERE id = ${message.id} AND status = 'sending'`,
        );
        log.warn({ outbox: message.id, kind: message.kind }, 'e-mail not sent: its link no longer works');
        continue;
      }
      const token = message.link_token;
      try {
        // Read in the try: a database hiccup here is retried like a mail server's.
        const attachment = message.attachment ? await readAttachment(db, message.booking_id, message.attachment) : undefined;
        if (message.attachment && !attachment) {
          await db.execute(
            sql`UPDATE outbox SET status = 'failed', last_error = ${MISSING_ATTACHMENT_ERROR[message.attachment]}, locked_until = NULL WHERE id = ${message.id} AND status = 'sending'`,
          );
          log.warn({ outbox: message.id, kind: message.kind }, 'e-mail not sent: the PDF it must carry is missing');
          continue;
        }
        await transport.sendMail({
          from,
          to: message.recipient,
          subject: message.subject,
          text: token ? withLinkToken(message.text_body, token) : message.text_body,
          html: token ? withLinkToken(message.html_body, token) : message.html_body,
          attachments: attachment ? [attachment] : undefined,
        });
        // Sent: the token goes, and the stored copy (which never held it) is all that is left.
        await db.execute(
          sql`UPDATE outbox SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL, link_token = NULL WHERE id = ${message.id} AND status = 'sending'`,
        );
        log.info({ outbox: message.id, kind: message.kind }, 'e-mail sent');
      } catch (err) {
        const giveUp = isPermanent(err) || message.attempts >= tuning.maxAttempts;
        const pauseMs = retryPause(message.attempts, tuning.retryBaseMs);
        await db.execute(
          sql`UPDATE outbox SET status = ${giveUp ? 'failed' : 'pending'}, last_error = ${describeError(err)}, locked_until = NULL,
                 next_attempt_at = now() + make_interval(secs => ${pauseMs / 1000})
               WHERE id = ${message.id} AND status = 'sending'`,
        );
        log.warn(
          { err, outbox: message.id, kind: message.kind, attempts: message.attempts },
          giveUp ? 'e-mail not sent; given up until staff send it again' : 'e-mail not sent; will try again',
        );
      }
    }
    return claimed.length;
  };

  const rounds = pollingRounds({ round, batch: BATCH, pollMs: tuning.pollMs, log, name: 'the mail round' });
  return {
    ...rounds,
    async stop() {
      await rounds.stop();
      transport.close();
    },
  };
}

/** Starts the sender with the app and stops it (waiting for a round in flight) when the app closes. */
export function startMailSender(app: FastifyInstance, options: MailSenderOptions): MailSender {
  const sender = createMailSender(app.db, app.log, options);
  app.addHook('onReady', async () => sender.start());
  app.addHook('preClose', async () => sender.stop());
  return sender;
}
