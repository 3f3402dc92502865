/**
 * Sends the letters' WhatsApp and SMS messages (channel_messages, written with their e-mails by
 * outbox.ts) through the providers the settings give (features/messages), as sender.ts sends the
 * e-mails: each round claims a few due messages in one short statement (`FOR UPDATE SKIP LOCKED`:
 * several instances on one PostgreSQL take different rows) by marking them `sending` with a lease,
 * sends them (a few at once) with no transaction held, then marks each `sent` with the provider's id, or back to
 * `queued` with a growing pause (the provider down or busy), or `failed` (refused, or too many
 * attempts). A message is sent twice only if a sender dies between the provider's acceptance and
 * the `sent` mark (its lease ends and another round sends it again): at least once, never lost.
 * A check-in code waits beside its message (secret) and is dropped once sent or given up.
 * A WhatsApp message that fails, at once or later by the provider's word (channelWebhooks.ts),
 * is sent again by SMS when the site sends SMS and the customer has not stopped it there; the
 * e-mail went anyway. A number that answered STOP (Twilio's refusal) stops that channel for it.
 */
import { type ChannelMessage, MESSAGE_TEMPLATES, sendableMessage } from '@rental/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Database, queryRows } from '../../db/types';
import { stopChannel } from '../auth';
import { type MessageChannel, type MessageChannels, MessageProviderError } from '../messages';
import { applyEarlyStatuses } from './channelStates';
import { messageFailed } from './failed';
import { pollingRounds, type Rounds } from './rounds';
import { retryPause } from './sender';

export interface ChannelSenderOptions {
  /** How often to look for due messages. */
  pollMs?: number;
  /** The pause after the first failed attempt; each next one doubles, up to an hour. */
  retryBaseMs?: number;
  /** Attempts before a message is given up. */
  maxAttempts?: number;
  /** How long a claimed message is left to its sender before another may take it over. */
  leaseMs?: number;
  /** The only process on its database (PGlite): messages left `sending` by a dead process are due at once. */
  exclusive?: boolean;
}

export const CHANNEL_DEFAULTS = { pollMs: 1000, retryBaseMs: 30_000, maxAttempts: 8, leaseMs: 120_000 } as const;
const BATCH = 50;
/** Sends in flight at once: each waits mostly on the provider; the database takes their writes one at a time. */
const AT_ONCE = 8;

interface Claimed {
  id: number;
  channel: MessageChannel;
  phone: string;
  kind: string;
  template: ChannelMessage['template'] | null;
  params: string[] | null;
  body: string;
  secret: string | null;
  attempts: number;
}

/** Claims up to `limit` due messages for `leaseMs`: queued ones whose time has come, and sending ones whose sender's lease ran out. */
async function claimDue(db: Database, limit: number, leaseMs: number): Promise<Claimed[]> {
  return queryRows<Claimed>(
    db,
    sql`UPDATE channel_messages SET state = 'sending', attempts = attempts + 1, locked_until = now() + make_interval(secs => ${leaseMs / 1000})
        WHERE id IN (
          SELECT id FROM channel_messages
           WHERE direction = 'out' AND ((state = 'queued' AND next_attempt_at <= now()) OR (state = 'sending' AND locked_until < now()))
           ORDER BY id
           LIMIT ${limit}
           FOR UPDATE SKIP LOCKED)
        RETURNING id, channel, phone, kind, template, params, body, secret, attempts`,
  );
}

export type ChannelSender = Rounds;

export function createChannelSender(db: Database, log: FastifyInstance['log'], channels: MessageChannels, options: ChannelSenderOptions = {}): ChannelSender {
  const tuning = { ...CHANNEL_DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) } as Required<ChannelSenderOptions>;
  let recovered = !options.exclusive;

  const send = async (message: Claimed): Promise<void> => {
    const provider = channels[message.channel];
    if (!provider) {
      await db.execute(
        messageFailed(
          message.id,
          ['sending'],
          `This site does not send ${message.channel === 'sms' ? 'SMS' : 'WhatsApp'} messages now.`,
          Boolean(channels.sms),
        ),
      );
      return;
    }
    try {
      const sent = message.template
        ? await provider.sendTemplate({
            to: message.phone,
            ...sendableMessage(storedMessage(message), message.secret),
            // Meta's authentication templates carry the code in their copy-code button too.
            ...(MESSAGE_TEMPLATES[message.template].category === 'AUTHENTICATION' && message.secret ? { copyCode: message.secret } : {}),
          })
        : await provider.sendText({ to: message.phone, body: message.body });
      await db.execute(
        sql`UPDATE channel_messages SET state = 'sent', provider_id = ${sent.providerId}, sent_at = coalesce(sent_at, now()), secret = NULL, locked_until = NULL, last_error = NULL
             WHERE id = ${message.id} AND state = 'sending'`,
      );
      log.info({ message: message.id, channel: message.channel, kind: message.kind }, `${message.channel} message sent`);
    } catch (err) {
      if (!(err instanceof MessageProviderError)) throw err;
      if (err.reason === 'opted_out') await stopChannel(db, message.phone, message.channel);
      if (!err.retryable || message.attempts >= tuning.maxAttempts) {
        await db.execute(messageFailed(message.id, ['sending'], err.message, Boolean(channels.sms)));
        log.warn({ message: message.id, channel: message.channel, reason: err.reason }, `${message.channel} message not sent: given up`);
        return;
      }
      const pauseMs = retryPause(message.attempts, tuning.retryBaseMs);
      await db.execute(
        sql`UPDATE channel_messages SET state = 'queued', last_error = ${err.message.slice(0, 500)}, locked_until = NULL,
               next_attempt_at = now() + make_interval(secs => ${pauseMs / 1000})
             WHERE id = ${message.id} AND state = 'sending'`,
      );
      log.warn({ message: message.id, channel: message.channel, reason: err.reason }, `${message.channel} message not sent; will try again`);
    }
  };

  const round = async (): Promise<number> => {
    if (!recovered) {
      // Alone on the database: a `sending` row is from a process that died; send it now.
      await db.execute(sql`UPDATE channel_messages SET state = 'queued', locked_until = NULL WHERE direction = 'out' AND state = 'sending'`);
      recovered = true;
    }
    const claimed = await claimDue(db, BATCH, tuning.leaseMs);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(AT_ONCE, claimed.length) }, async () => {
        while (next < claimed.length) await send(claimed[next++]!);
      }),
    );
    // Statuses the providers reported before their message's id was kept (channelStates.ts).
    await applyEarlyStatuses(db, Boolean(channels.sms));
    return claimed.length;
  };

  return pollingRounds({ round, batch: BATCH, pollMs: tuning.pollMs, log, name: 'the WhatsApp and SMS round' });
}

/** The template as kept (its secret, if any, still a placeholder). */
function storedMessage(message: Claimed): ChannelMessage {
  return { template: message.template!, language: 'en', params: message.params ?? [], text: message.body };
}

/** Starts the sender with the app when it sends WhatsApp or SMS, and stops it (waiting for a round in flight) when the app closes. */
export function startChannelSender(app: FastifyInstance, options: ChannelSenderOptions = {}): ChannelSender | undefined {
  const { whatsapp, sms } = app.messageChannels;
  if (!whatsapp && !sms) return undefined;
  const sender = createChannelSender(app.db, app.log, app.messageChannels, options);
  app.addHook('onReady', async () => sender.start());
  app.addHook('preClose', async () => sender.stop());
  return sender;
}
