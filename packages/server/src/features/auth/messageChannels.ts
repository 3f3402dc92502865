/**
 * A customer's WhatsApp and SMS choices (issue 36; docs/decisions/126): set on the account page and
 * the booking form, stopped by a "STOP" answered to a message and started again by "START". The
 * accounts feature writes them, as it writes the rest of the account; the messaging feature reads
 * them through index.ts. The database keeps users.phone_e164 (migrations/0052); a change of a
 * choice is written in the customer's history (activity) by the database too.
 */
import { type ChannelChoice, type ChannelStop, type MessageChannel, REFUSAL_CODES } from '@rental/contract';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Database, Tx } from '../../db/types';
import { userEmail } from '../../db/userEmail';
import { HttpError } from '../../http/errors';

type Db = Database | Tx;

/** Chosen (true), not chosen (false), or left as it is (undefined). */
export type ChannelChoices = Partial<Record<MessageChannel, boolean>>;

const COLUMNS = {
  whatsapp: { on: users.whatsappOn, at: users.whatsappStoppedAt, by: users.whatsappStoppedBy, keys: ['whatsappOn', 'whatsappStoppedAt', 'whatsappStoppedBy'] },
  sms: { on: users.smsOn, at: users.smsStoppedAt, by: users.smsStoppedBy, keys: ['smsOn', 'smsStoppedAt', 'smsStoppedBy'] },
} as const;

/**
 * The SET of an UPDATE of users for these choices: on clears the stop; off after on says when, and
 * that the customer chose it (a STOP already recorded stays as it was).
 */
export function channelSet(choices: ChannelChoices): Record<string, boolean | null | SQL> {
  const set: Record<string, boolean | null | SQL> = {};
  for (const channel of ['whatsapp', 'sms'] as const) {
    const chosen = choices[channel];
    if (chosen === undefined) continue;
    const c = COLUMNS[channel];
    const [on, at, by] = c.keys;
    if (chosen) Object.assign(set, { [on]: true, [at]: null, [by]: null });
    else
      Object.assign(set, {
        [on]: false,
        [at]: sql`CASE WHEN ${c.on} THEN now() ELSE ${c.at} END`,
        [by]: sql`CASE WHEN ${c.on} THEN 'customer_choice' ELSE ${c.by} END`,
      });
  }
  return set;
}

/** What the row must answer after a change, to check the choices can be kept. */
export const channelCheckColumns = { phone: users.phone, phoneE164: users.phoneE164, whatsappOn: users.whatsappOn, smsOn: users.smsOn };

/** WhatsApp or SMS on without a phone they can go to: the refusal (the caller's transaction then rolls back). */
export function channelRefusal(row: { phone: string | null; phoneE164: string | null; whatsappOn: boolean; smsOn: boolean }): HttpError | undefined {
  if (!(row.whatsappOn || row.smsOn) || row.phoneE164) return undefined;
  return row.phone?.trim()
    ? new HttpError(422, REFUSAL_CODES.channel_phone_not_understood, 'channel_phone_not_understood')
    : new HttpError(422, REFUSAL_CODES.channel_needs_phone, 'channel_needs_phone');
}

/** The account answer's view of the choices (schemas/users.ts user.messages). */
export const channelAnswerColumns = {
  phoneE164: users.phoneE164,
  whatsappOn: users.whatsappOn,
  whatsappStoppedAt: users.whatsappStoppedAt,
  whatsappStoppedBy: users.whatsappStoppedBy,
  smsOn: users.smsOn,
  smsStoppedAt: users.smsStoppedAt,
  smsStoppedBy: users.smsStoppedBy,
};
export interface ChannelRow {
  phoneE164: string | null;
  whatsappOn: boolean;
  whatsappStoppedAt: Date | null;
  whatsappStoppedBy: ChannelStop | null;
  smsOn: boolean;
  smsStoppedAt: Date | null;
  smsStoppedBy: ChannelStop | null;
}

export function channelAnswer(row: ChannelRow): { phoneE164: string | null; messages: Record<MessageChannel, ChannelChoice> } {
  const one = (on: boolean, at: Date | null, by: ChannelStop | null): ChannelChoice => ({
    on,
    stopped: at && by ? { at: at.toISOString(), by } : null,
  });
  return {
    phoneE164: row.phoneE164,
    messages: {
      whatsapp: one(row.whatsappOn, row.whatsappStoppedAt, row.whatsappStoppedBy),
      sms: one(row.smsOn, row.smsStoppedAt, row.smsStoppedBy),
    },
  };
}

export async function readChannelRow(db: Db, userId: string): Promise<ChannelRow | undefined> {
  const [row] = await db.select(channelAnswerColumns).from(users).where(eq(users.id, userId));
  return row;
}

/** What a sender needs: where each channel goes, and whether it may be used now. */
export interface CustomerChannels {
  userId: string;
  name: string;
  /** '' for a walk-in customer without one (then no e-mail is written). */
  email: string;
  /** Null: no WhatsApp or SMS, whatever was chosen. */
  phoneE164: string | null;
  /** Chosen, not stopped, and a phone they can go to; never for an erased account. */
  whatsapp: boolean;
  sms: boolean;
}

/** A customer's channels for sending; undefined when there is no such account. */
export async function readMessageChannels(db: Db, userId: string): Promise<CustomerChannels | undefined> {
  const [row] = await db
    .select({
      userId: users.id,
      name: users.name,
      email: userEmail,
      phoneE164: users.phoneE164,
      whatsappOn: users.whatsappOn,
      smsOn: users.smsOn,
      erased: sql<boolean>`(${users.erasedAt} IS NOT NULL)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const reachable = row.phoneE164 !== null && !row.erased;
  return {
    userId: row.userId,
    name: row.name,
    email: row.email,
    phoneE164: reachable ? row.phoneE164 : null,
    whatsapp: reachable && row.whatsappOn,
    sms: reachable && row.smsOn,
  };
}

/** The accounts whose phone is this one (a family may share a phone): an incoming message's customers. */
export async function customersByPhone(db: Db, phoneE164: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneE164, phoneE164), isNull(users.erasedAt)))
    .orderBy(users.id);
  return rows.map((row) => row.id);
}

/**
 * "STOP" from this phone on this channel: the channel off at once for every account with the phone
 * that had it on, recorded as stopped by the customer's reply. Answers the accounts it turned off.
 */
export async function stopChannel(db: Db, phoneE164: string, channel: MessageChannel): Promise<string[]> {
  const c = COLUMNS[channel];
  const [on, at, by] = c.keys;
  const rows = await db
    .update(users)
    .set({ [on]: false, [at]: sql`now()`, [by]: 'stop_reply' })
    .where(and(eq(users.phoneE164, phoneE164), eq(c.on, true)))
    .returning({ id: users.id });
  return rows.map((row) => row.id).sort();
}

/**
 * "START" from this phone: the channel on again for the accounts a STOP turned off, and only those
 * (one that never chose it, or turned it off on the site, stays off). Answers the accounts turned on.
 */
export async function startChannel(db: Db, phoneE164: string, channel: MessageChannel): Promise<string[]> {
  const c = COLUMNS[channel];
  const [on, at, by] = c.keys;
  const rows = await db
    .update(users)
    .set({ [on]: true, [at]: null, [by]: null })
    .where(and(eq(users.phoneE164, phoneE164), eq(c.on, false), eq(c.by, 'stop_reply'), isNull(users.erasedAt)))
    .returning({ id: users.id });
  return rows.map((row) => row.id).sort();
}
