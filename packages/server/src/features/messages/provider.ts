/**
 * What the rest of the site knows of a WhatsApp or SMS provider (issue 36): it sends a template or
 * a free text and answers the provider's message id; it checks a webhook's signature and reads
 * the happenings the webhook reports (a message's new state, a customer's message). Nothing else:
 * the outbox decides what is sent and when, and applies the happenings once, in order.
 */

import { createHash, timingSafeEqual } from 'node:crypto';

/** The channel a provider carries: WhatsApp (Cloud API) or SMS (Twilio). */
export type MessageChannel = 'whatsapp' | 'sms';

/** A phone number in E.164 with its plus: "+18765550142". */
export type E164 = string;

/** E.164: a plus, a country code not starting with 0, at most 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;

export interface TemplateMessage {
  to: E164;
  /** The approved template's name ("pickup_reminder"). */
  template: string;
  /** Its language code ("en", "en_US"). */
  language: string;
  /** The template's body parameters, in order ({{1}}, {{2}}, ...). */
  params: string[];
  /**
   * The template rendered with its parameters. SMS has no templates: Twilio sends this text;
   * WhatsApp sends the template and its parameters and never this.
   */
  text: string;
  /**
   * An AUTHENTICATION template's one-time code: Meta's authentication templates carry it twice, in
   * the body and in the copy-code button. SMS sends `text` alone.
   */
  copyCode?: string;
}

export interface TextMessage {
  to: E164;
  /** Free text. On WhatsApp only within 24 hours of the customer's last message (else its status is failed, code 131047). */
  body: string;
}

export interface SentMessage {
  /** The provider's id of the message ("wamid...." or Twilio's "SM..."): the webhooks name it. */
  providerId: string;
}

/** A webhook as it reached us, before anything in it is believed. */
export interface WebhookRequest {
  /** The full address the provider called, as the provider wrote it (Twilio signs it): PUBLIC_URL + path + query. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received (the WhatsApp signature is over these bytes). */
  rawBody: string | Buffer;
}

export type MessageState = 'sent' | 'delivered' | 'read' | 'failed';

export interface StatusHappening {
  kind: 'status';
  channel: MessageChannel;
  providerId: string;
  state: MessageState;
  /** When the provider says it happened (Twilio says nothing: when the callback arrived). */
  at: Date;
  /** Why it failed, in the provider's code and words. */
  error?: { code: string; message: string };
}

export interface IncomingHappening {
  kind: 'incoming';
  channel: MessageChannel;
  providerId: string;
  from: E164;
  body: string;
  at: Date;
}

export type MessageHappening = StatusHappening | IncomingHappening;

export interface MessageProvider {
  /** Which adapter: the settings' provider (the sandbox uses both real adapters). */
  readonly name: 'whatsapp' | 'twilio';
  readonly channel: MessageChannel;
  sendTemplate(message: TemplateMessage): Promise<SentMessage>;
  sendText(message: TextMessage): Promise<SentMessage>;
  /** True only when the request carries the provider's valid signature over exactly this body (and, for Twilio, URL). */
  verifyWebhook(request: WebhookRequest): boolean;
  /** The happenings of a VERIFIED webhook; what it does not understand is left out, never guessed. */
  parseWebhook(request: WebhookRequest): MessageHappening[];
  /**
   * WhatsApp's subscribe check (GET with hub.mode, hub.verify_token, hub.challenge): the challenge
   * to answer when the token is ours, else undefined (answer 403). Twilio has none.
   */
  answerSubscription?(query: Record<string, string | undefined>): string | undefined;
}

/**
 * Why a send failed, as far as the sender needs to know:
 * - `unavailable`: the provider could not be reached, timed out or had a fault (5xx): try again later;
 * - `rate_limited`: too many messages now (429 or the provider's throttling codes): try again later;
 * - `auth`: our credentials were refused: no retry helps until the settings change;
 * - `recipient`: the number cannot receive this channel (not on WhatsApp, not a mobile): fall back;
 * - `opted_out`: the customer sent STOP to this channel (Twilio 21610): never send there again;
 * - `invalid`: the request itself is wrong (a template that does not exist, bad parameters).
 */
export type MessageErrorReason = 'unavailable' | 'rate_limited' | 'auth' | 'recipient' | 'opted_out' | 'invalid';

const RETRYABLE: ReadonlySet<MessageErrorReason> = new Set(['unavailable', 'rate_limited']);

/** A send the provider did not take. `retryable` tells the sender whether trying again later can help. */
export class MessageProviderError extends Error {
  override name = 'MessageProviderError';
  readonly retryable: boolean;

  constructor(
    message: string,
    readonly reason: MessageErrorReason,
    /** The HTTP status of the provider's answer; undefined when it never answered. */
    readonly status?: number,
    /** The provider's own error code ("190", "21211"), for the log and the outbox's last problem. */
    readonly code?: string,
  ) {
    super(message);
    this.retryable = RETRYABLE.has(reason);
  }
}

/** The reason of an HTTP failure the provider did not explain with a code we know. */
export function reasonOfStatus(status: number): MessageErrorReason {
  if (status === 429) return 'rate_limited';
  if (status >= 500 || status === 408) return 'unavailable';
  if (status === 401 || status === 403) return 'auth';
  return 'invalid';
}

/** One header's value, whatever case the name was given in. */
export function headerOf(headers: WebhookRequest['headers'], name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

export function bodyText(rawBody: WebhookRequest['rawBody']): string {
  return typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
}

/** fetch, with a network failure or timeout turned into a retryable MessageProviderError. */
export async function callProvider(providerName: string, url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new MessageProviderError(`${providerName} could not be reached: ${err instanceof Error ? err.message : String(err)}`, 'unavailable');
  }
}

export function requireE164(providerName: string, to: string): void {
  if (!E164_PATTERN.test(to))
    throw new MessageProviderError(`${providerName}: "${to.slice(0, 20)}" is not a phone number in E.164 (+18765550142).`, 'recipient');
}

/** Constant-time comparison of a given signature with the expected one (a length difference says nothing of the content). */
export function sameSignature(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}
