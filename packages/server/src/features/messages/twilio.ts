/**
 * Twilio's Messages API for SMS (/work/shared/MESSAGES.md): a form POST to
 * /2010-04-01/Accounts/{sid}/Messages.json with HTTP basic auth (account SID, auth token). Status
 * callbacks and incoming SMS are form POSTs signed with X-Twilio-Signature: base64 HMAC-SHA1, keyed
 * with the auth token, of the full URL followed by each parameter's name and value, sorted by name.
 * SMS has no templates: a template message is sent as its rendered text. Written by hand, no SDK.
 */
import { createHmac } from 'node:crypto';
import {
  bodyText,
  callProvider,
  E164_PATTERN,
  headerOf,
  type MessageErrorReason,
  type MessageHappening,
  type MessageProvider,
  MessageProviderError,
  type MessageState,
  reasonOfStatus,
  requireE164,
  sameSignature,
  type SentMessage,
  type WebhookRequest,
} from './provider';

export interface TwilioOptions {
  /** Twilio's base address, no trailing slash ("https://api.twilio.com"). */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** Our sending number in E.164 ("+18765550100") or a Messaging Service SID ("MG..."). */
  from: string;
  /** Where Twilio POSTs each message's statuses (our webhook, absolute); none: no statuses come back. */
  statusCallbackUrl?: string;
  timeoutMs?: number;
}

/** The X-Twilio-Signature of a POST to `url` with these form parameters. */
export function twilioSignature(url: string, params: URLSearchParams | Record<string, string>, authToken: string): string {
  const pairs = [...(params instanceof URLSearchParams ? params.entries() : Object.entries(params))];
  // By name; one name given twice is signed with its values in order too (as Twilio's libraries do).
  pairs.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const signed = pairs.reduce((text, [name, value]) => text + name + value, url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

/** Twilio error codes whose meaning the HTTP status alone does not carry. */
const CODES: Record<number, MessageErrorReason> = {
  20003: 'auth',
  20429: 'rate_limited',
  21211: 'recipient',
  21612: 'recipient',
  21614: 'recipient',
  21408: 'recipient',
  21610: 'opted_out',
  30001: 'rate_limited',
};

/** Twilio's status words → ours; queued, accepted, sending, scheduled: not a state of ours (ours is queued until sent). */
const STATES: Record<string, MessageState> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  undelivered: 'failed',
  failed: 'failed',
  canceled: 'failed',
};

/** The words of the delivery error codes a status callback carries (it sends the code alone). */
const ERROR_WORDS: Record<string, string> = {
  '21610': 'The customer has replied STOP to this number',
  '30003': 'Unreachable destination handset',
  '30004': 'Message blocked',
  '30005': 'Unknown destination handset',
  '30006': 'Landline or unreachable carrier',
  '30007': 'Message filtered by the carrier',
  '30008': 'Unknown error',
};

export function createTwilioProvider(options: TwilioOptions): MessageProvider {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const messagesUrl = `${options.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const basic = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;

  async function send(to: string, body: string): Promise<SentMessage> {
    requireE164('Twilio', to);
    const form = new URLSearchParams({ To: to, Body: body });
    form.set(options.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', options.from);
    if (options.statusCallbackUrl) form.set('StatusCallback', options.statusCallbackUrl);
    const response = await callProvider(
      'Twilio',
      messagesUrl,
      { method: 'POST', headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: form },
      timeoutMs,
    );
    const answer = (await response.json().catch(() => undefined)) as { sid?: unknown; code?: unknown; message?: unknown } | undefined;
    if (!response.ok) {
      const code = typeof answer?.code === 'number' ? answer.code : undefined;
      const reason = (code !== undefined ? CODES[code] : undefined) ?? reasonOfStatus(response.status);
      const words = typeof answer?.message === 'string' && answer.message !== '' ? answer.message : 'no message';
      throw new MessageProviderError(
        `Twilio refused the message (${response.status}): ${words}`,
        reason,
        response.status,
        code === undefined ? undefined : String(code),
      );
    }
    if (typeof answer?.sid !== 'string' || answer.sid === '') {
      throw new MessageProviderError(`Twilio answered ${response.status} without a message sid.`, 'unavailable', response.status);
    }
    return { providerId: answer.sid };
  }

  return {
    name: 'twilio',
    channel: 'sms',

    // SMS has no templates: the letter's own rendered words go out.
    sendTemplate: (message) => send(message.to, message.text),
    sendText: (message) => send(message.to, message.body),

    verifyWebhook(request: WebhookRequest): boolean {
      const given = headerOf(request.headers, 'x-twilio-signature');
      if (!given) return false;
      const params = new URLSearchParams(bodyText(request.rawBody));
      return sameSignature(given, twilioSignature(request.url, params, options.authToken));
    },

    parseWebhook(request: WebhookRequest): MessageHappening[] {
      const params = new URLSearchParams(bodyText(request.rawBody));
      const sid = params.get('MessageSid') ?? params.get('SmsSid');
      if (!sid) return [];
      // Another account's callback (a shared URL) is not ours.
      const account = params.get('AccountSid');
      if (account !== null && account !== options.accountSid) return [];
      const at = new Date();
      const status = params.get('MessageStatus') ?? params.get('SmsStatus');
      if (status !== null && status !== 'received' && status !== 'receiving') {
        const state = STATES[status];
        if (!state) return [];
        if (state !== 'failed') return [{ kind: 'status', channel: 'sms', providerId: sid, state, at }];
        const code = params.get('ErrorCode') || 'unknown';
        const message = params.get('ErrorMessage') || ERROR_WORDS[code] || `Message ${status}`;
        return [{ kind: 'status', channel: 'sms', providerId: sid, state, at, error: { code, message } }];
      }
      const from = params.get('From') ?? '';
      const body = params.get('Body');
      if (body === null || !E164_PATTERN.test(from)) return [];
      return [{ kind: 'incoming', channel: 'sms', providerId: sid, from, body, at }];
    },
  };
}
