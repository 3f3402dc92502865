/**
 * The WhatsApp Business Cloud API (Meta's Graph API; /work/shared/MESSAGES.md): messages are
 * POSTed to {api}/{phone-number-id}/messages with the access token as Bearer; statuses and the
 * customers' messages come back by one webhook, signed with X-Hub-Signature-256 (hex HMAC-SHA256
 * of the raw body, keyed with the app secret). Written by hand: the SDKs are heavy for two calls.
 */
import { createHmac } from 'node:crypto';
import {
  bodyText,
  callProvider,
  headerOf,
  type IncomingHappening,
  type MessageErrorReason,
  type MessageHappening,
  type MessageProvider,
  type MessageState,
  MessageProviderError,
  reasonOfStatus,
  requireE164,
  sameSignature,
  type SentMessage,
  type StatusHappening,
  type TemplateMessage,
  type TextMessage,
  type WebhookRequest,
} from './provider';

export interface WhatsAppOptions {
  /** The Graph API's base with its version, no trailing slash ("https://graph.facebook.com/v21.0"). */
  apiUrl: string;
  phoneNumberId: string;
  accessToken: string;
  /** The app's secret: the webhook's signature key. */
  appSecret: string;
  /** The token we chose when registering the webhook; Meta's subscribe check repeats it. */
  verifyToken: string;
  timeoutMs?: number;
}

/** "sha256=" + hex HMAC-SHA256 of the raw body: the X-Hub-Signature-256 header's value. */
export function whatsappSignature(rawBody: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/**
 * Graph error codes that say "later" whatever the HTTP status: 1/2 (temporarily down), 4 and 80007
 * (app or account rate limit), 130429 (throughput), 131000 (something went wrong), 131016 (service
 * unavailable), 131048 and 131056 (spam or pair rate limits), 133004 (server unavailable).
 */
const LATER_CODES: Record<number, MessageErrorReason> = {
  1: 'unavailable',
  2: 'unavailable',
  4: 'rate_limited',
  80007: 'rate_limited',
  130429: 'rate_limited',
  131000: 'unavailable',
  131016: 'unavailable',
  131048: 'rate_limited',
  131056: 'rate_limited',
  133004: 'unavailable',
};
/** 190: the token expired or is wrong; 131026: the number cannot receive WhatsApp messages. */
const FINAL_CODES: Record<number, MessageErrorReason> = { 190: 'auth', 10: 'auth', 200: 'auth', 131026: 'recipient', 131030: 'recipient' };

interface GraphError {
  error?: { message?: unknown; code?: unknown; error_data?: { details?: unknown } };
}

function failure(status: number, answer: GraphError | undefined): MessageProviderError {
  const code = typeof answer?.error?.code === 'number' ? answer.error.code : undefined;
  const reason = (code !== undefined ? (LATER_CODES[code] ?? FINAL_CODES[code]) : undefined) ?? reasonOfStatus(status);
  const details = answer?.error?.error_data?.details;
  const words = [answer?.error?.message, details].filter((w) => typeof w === 'string' && w !== '').join(': ') || 'no message';
  return new MessageProviderError(`WhatsApp refused the message (${status}): ${words}`, reason, status, code === undefined ? undefined : String(code));
}

/** Graph timestamps are Unix seconds, as strings. */
function timeOf(timestamp: unknown): Date {
  const seconds = Number(timestamp);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
}

const STATES: readonly unknown[] = ['sent', 'delivered', 'read', 'failed'] satisfies MessageState[];
const isState = (value: unknown): value is MessageState => STATES.includes(value);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

function statusOf(status: Json): StatusHappening | undefined {
  if (typeof status.id !== 'string' || !isState(status.status)) return undefined;
  const happening: StatusHappening = {
    kind: 'status',
    channel: 'whatsapp',
    providerId: status.id,
    state: status.status,
    at: timeOf(status.timestamp),
  };
  const [first] = listOf(status.errors);
  if (happening.state === 'failed') {
    const details = isObject(first?.error_data) ? first.error_data.details : undefined;
    const words = [first?.title ?? first?.message, details].filter((w) => typeof w === 'string' && w !== '').join(': ');
    happening.error = { code: first?.code === undefined ? 'unknown' : String(first.code), message: words || 'Message failed' };
  }
  return happening;
}

/** Text messages only (and a button's text): a picture or a voice note is not read as a reply yet. */
function incomingOf(message: Json): IncomingHappening | undefined {
  if (typeof message.id !== 'string' || typeof message.from !== 'string' || !/^\d{7,15}$/.test(message.from)) return undefined;
  let body: unknown;
  if (message.type === 'text' && isObject(message.text)) body = message.text.body;
  else if (message.type === 'button' && isObject(message.button)) body = message.button.text;
  if (typeof body !== 'string') return undefined;
  return { kind: 'incoming', channel: 'whatsapp', providerId: message.id, from: `+${message.from}`, body, at: timeOf(message.timestamp) };
}

export function createWhatsAppProvider(options: WhatsAppOptions): MessageProvider {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const messagesUrl = `${options.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(options.phoneNumberId)}/messages`;

  async function send(to: string, content: Json): Promise<SentMessage> {
    requireE164('WhatsApp', to);
    // On the wire the number has no plus.
    const body = JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to: to.slice(1), ...content });
    const response = await callProvider(
      'WhatsApp',
      messagesUrl,
      { method: 'POST', headers: { authorization: `Bearer ${options.accessToken}`, 'content-type': 'application/json', accept: 'application/json' }, body },
      timeoutMs,
    );
    const answer = (await response.json().catch(() => undefined)) as (GraphError & { messages?: unknown }) | undefined;
    if (!response.ok) throw failure(response.status, answer);
    const [message] = listOf(answer?.messages);
    if (typeof message?.id !== 'string' || message.id === '') {
      throw new MessageProviderError(`WhatsApp answered ${response.status} without a message id.`, 'unavailable', response.status);
    }
    return { providerId: message.id };
  }

  return {
    name: 'whatsapp',
    channel: 'whatsapp',

    sendTemplate(message: TemplateMessage) {
      const components: unknown[] = message.params.length > 0 ? [{ type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) }] : [];
      if (message.copyCode) components.push({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: message.copyCode }] });
      return send(message.to, { type: 'template', template: { name: message.template, language: { code: message.language }, components } });
    },

    sendText(message: TextMessage) {
      return send(message.to, { type: 'text', text: { preview_url: false, body: message.body } });
    },

    verifyWebhook(request: WebhookRequest): boolean {
      const given = headerOf(request.headers, 'x-hub-signature-256');
      if (!given) return false;
      return sameSignature(given, whatsappSignature(request.rawBody, options.appSecret));
    },

    parseWebhook(request: WebhookRequest): MessageHappening[] {
      let payload: unknown;
      try {
        payload = JSON.parse(bodyText(request.rawBody));
      } catch {
        return [];
      }
      if (!isObject(payload) || payload.object !== 'whatsapp_business_account') return [];
      const happenings: MessageHappening[] = [];
      for (const entry of listOf(payload.entry)) {
        for (const change of listOf(entry.changes)) {
          if (change.field !== 'messages' || !isObject(change.value)) continue;
          // Another phone number of the same business account is not ours to read.
          const metadata = change.value.metadata;
          if (isObject(metadata) && metadata.phone_number_id !== undefined && String(metadata.phone_number_id) !== options.phoneNumberId) continue;
          for (const status of listOf(change.value.statuses)) {
            const happening = statusOf(status);
            if (happening) happenings.push(happening);
          }
          for (const message of listOf(change.value.messages)) {
            const happening = incomingOf(message);
            if (happening) happenings.push(happening);
          }
        }
      }
      return happenings;
    },

    answerSubscription(query) {
      if (query['hub.mode'] !== 'subscribe' || !query['hub.challenge']) return undefined;
      return sameSignature(query['hub.verify_token'] ?? '', options.verifyToken) ? query['hub.challenge'] : undefined;
    },
  };
}
