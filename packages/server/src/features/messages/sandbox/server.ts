/**
 * A local stand-in for BOTH message providers (MESSAGES.md), so the demo and the tests send
 * WhatsApp and SMS with no internet: it answers the WhatsApp Cloud API's messages call
 * (/v{version}/{phone-number-id}/messages) and Twilio's (/2010-04-01/Accounts/{sid}/Messages.json)
 * in their shapes, checks their credentials, keeps what it received, then calls our webhooks with
 * SIGNED statuses (WhatsApp: sent, delivered, read; SMS: sent, delivered). Its page lists the
 * messages per phone number, and a person types the customer's reply there; the sandbox posts it
 * to our webhook, signed. The test numbers (SANDBOX_TEST_NUMBERS) make it fail on purpose.
 * Nothing it holds outlives the process.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { E164_PATTERN, type MessageChannel } from '../provider';
import { twilioSignature } from '../twilio';
import { whatsappSignature } from '../whatsapp';
import { type CallOutcome, createCallbackQueue, type WebhookCall } from './callbacks';
import { type SandboxMessage, sandboxPage } from './page';
import { SANDBOX_TEST_NUMBERS } from './testNumbers';

export interface SandboxWhatsApp {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  /** What the sandbox says in the webhook's subscribe check (checkSubscription). */
  verifyToken: string;
}
export interface SandboxTwilio {
  accountSid: string;
  authToken: string;
  /** The sandbox's own sending number. */
  from: string;
}

/** The credentials the sandbox takes by default (tests use them; the demo's server makes random ones). */
export const SANDBOX_WHATSAPP: SandboxWhatsApp = {
  phoneNumberId: '100000000000001',
  accessToken: 'sandbox-whatsapp-access-token',
  appSecret: 'sandbox-whatsapp-app-secret',
  verifyToken: 'sandbox-whatsapp-verify-token',
};
export const SANDBOX_TWILIO: SandboxTwilio = { accountSid: `AC${'0'.repeat(32)}`, authToken: 'sandbox-twilio-auth-token', from: '+18765550100' };

export interface MessageSandboxOptions {
  /** 0 (default): any free port. */
  port?: number;
  /** Default 127.0.0.1; the demo listens where the site does, so a phone on the network reaches the page. */
  host?: string;
  /** The host name in the page's address a browser uses (default 127.0.0.1). */
  publicHost?: string;
  whatsapp?: SandboxWhatsApp;
  twilio?: SandboxTwilio;
  /** Our WhatsApp webhook (statuses and replies), as registered with Meta; none: they are not sent. */
  whatsappWebhookUrl?: string;
  /** Our Twilio number's incoming-message URL (SMS replies); none: replies by SMS are not sent. */
  smsIncomingUrl?: string;
  /** The clock of the WhatsApp 24-hour window. */
  now?: () => Date;
}

export interface MessageSandbox {
  /** The base address: WHATSAPP_API_URL is url + "/v21.0", TWILIO_API_URL is url. */
  url: string;
  /** The page's address for a browser. */
  pageUrl: string;
  port: number;
  whatsapp: SandboxWhatsApp;
  twilio: SandboxTwilio;
  messages(): SandboxMessage[];
  /** Every webhook call made, with our server's answer. */
  callbacks(): CallOutcome[];
  /** Hold every status and reply from now until release(). */
  holdCallbacks(): void;
  releaseCallbacks(): void;
  /** Every number behaves as the disorder test number (statuses twice, out of order). */
  setDisorder(on: boolean): void;
  /** The next `count` sends answer `status` (default 503): for retries. */
  failNextSends(count: number, status?: number): void;
  /** The customer's reply, as typed on the page: posted to our webhook, signed. */
  reply(input: { channel: MessageChannel; from: string; body: string }): SandboxMessage;
  /** Resolves when every webhook call not held has been made. */
  idle(): Promise<void>;
  /**
   * Meta's check when the webhook is registered: GET it with hub.mode=subscribe, the verify token
   * and a challenge; true when the answer is 200 with the challenge alone.
   */
  checkSubscription(): Promise<boolean>;
  close(): Promise<void>;
}

const WINDOW_MS = 24 * 60 * 60 * 1000;
/** Keywords carriers and Twilio honour on long codes. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES']);

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly answer: unknown,
  ) {
    super('refused');
  }
}

const graphError = (status: number, code: number, message: string, details?: string) =>
  new Refusal(status, {
    error: {
      message,
      type: code === 190 ? 'OAuthException' : 'GraphMethodException',
      code,
      ...(details ? { error_data: { details } } : {}),
      fbtrace_id: randomBytes(8).toString('hex'),
    },
  });
const twilioError = (status: number, code: number, message: string) =>
  new Refusal(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 65_536) throw new Refusal(413, { message: 'body too large' });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, answer: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(answer));
}

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
  });
  response.end(html);
}

/** "Sun, 29 Nov 2026 12:00:00 +0000", as Twilio writes its dates. */
const twilioDate = (at: Date) => at.toUTCString().replace('GMT', '+0000');

type Json = Record<string, unknown>;
const backwards = <T>(list: readonly T[]): T[] => list.map((_, i) => list[list.length - 1 - i]!);
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export async function startMessageSandbox(options: MessageSandboxOptions = {}): Promise<MessageSandbox> {
  const whatsapp = options.whatsapp ?? SANDBOX_WHATSAPP;
  const twilio = options.twilio ?? SANDBOX_TWILIO;
  const now = options.now ?? (() => new Date());
  const queue = createCallbackQueue();
  const messages: SandboxMessage[] = [];
  /** The last time each number wrote on WhatsApp: free text is delivered within 24 hours of it. */
  const lastWhatsAppReply = new Map<string, Date>();
  /** Numbers that sent STOP by SMS. */
  const optedOut = new Set<string>();
  let disorder = false;
  let failing = { count: 0, status: 503 };

  // --- statuses -------------------------------------------------------------------------------

  function whatsappStatusCall(
    message: SandboxMessage,
    state: 'sent' | 'delivered' | 'read' | 'failed',
    error?: { code: number; title: string; details: string },
  ): WebhookCall {
    const at = now();
    const status: Json = { id: message.id, status: state, timestamp: String(Math.floor(at.getTime() / 1000)), recipient_id: message.phone.slice(1) };
    if (error) status.errors = [{ code: error.code, title: error.title, message: error.title, error_data: { details: error.details } }];
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '100000000000000',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: twilio.from.slice(1), phone_number_id: whatsapp.phoneNumberId },
                statuses: [status],
              },
            },
          ],
        },
      ],
    });
    return {
      label: state,
      messageId: message.id,
      url: options.whatsappWebhookUrl ?? '',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': whatsappSignature(body, whatsapp.appSecret) },
      body,
    };
  }

  function smsStatusCall(message: SandboxMessage, url: string, state: 'sent' | 'delivered' | 'undelivered', errorCode?: string): WebhookCall {
    const params = new URLSearchParams({
      AccountSid: twilio.accountSid,
      ApiVersion: '2010-04-01',
      From: twilio.from,
      MessageSid: message.id,
      MessageStatus: state,
      SmsSid: message.id,
      SmsStatus: state,
      To: message.phone,
    });
    if (errorCode) params.set('ErrorCode', errorCode);
    return {
      label: state,
      messageId: message.id,
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(url, params, twilio.authToken) },
      body: params.toString(),
    };
  }

  /** The statuses of one message in order, or twice and shuffled for the disorder number. */
  function report(message: SandboxMessage, calls: WebhookCall[], final: SandboxMessage['state']): void {
    message.state = final;
    if (calls.length === 0 || calls[0]!.url === '') return;
    // read, delivered, sent, then again: the worst a provider does, and what the outbox must survive.
    const planned = disorder || message.phone === SANDBOX_TEST_NUMBERS.disorder ? [...backwards(calls), ...backwards(calls)] : calls;
    const hold = message.phone === SANDBOX_TEST_NUMBERS.held;
    for (const call of planned) queue.push(call, hold);
  }

  // --- the two send calls ---------------------------------------------------------------------

  function takeFailure(refuse: (status: number) => Refusal): void {
    if (failing.count > 0) {
      failing.count -= 1;
      throw refuse(failing.status);
    }
  }

  function whatsappSend(phoneNumberId: string, authorization: string | undefined, raw: string): Json {
    if (authorization !== `Bearer ${whatsapp.accessToken}`) throw graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    if (phoneNumberId !== whatsapp.phoneNumberId) {
      throw graphError(
        400,
        100,
        `Unsupported post request. Object with ID '${phoneNumberId.slice(0, 30)}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      );
    }
    let payload: unknown;
    try {
      payload = JSON.parse(raw);
    } catch {
      throw graphError(400, 100, '(#100) The request body is not JSON.');
    }
    if (!isObject(payload) || payload.messaging_product !== 'whatsapp') throw graphError(400, 100, '(#100) The parameter messaging_product is required.');
    const to = typeof payload.to === 'string' ? payload.to.replace(/^\+/, '') : '';
    if (!/^\d{7,15}$/.test(to)) throw graphError(400, 100, '(#100) Invalid parameter', 'to must be a phone number in international format.');
    const phone = `+${to}`;
    const message: SandboxMessage = {
      id: `wamid.${randomBytes(18).toString('base64url')}`,
      channel: 'whatsapp',
      direction: 'out',
      phone,
      at: now(),
      state: 'accepted',
    };
    if (payload.type === 'template' && isObject(payload.template)) {
      const template = payload.template;
      const language = isObject(template.language) ? template.language.code : undefined;
      if (typeof template.name !== 'string' || !/^[a-z0-9_]{1,512}$/.test(template.name) || typeof language !== 'string') {
        throw graphError(
          400,
          132001,
          'Template name does not exist in the translation',
          'A template needs its name (lower case, digits, _) and language code.',
        );
      }
      const params: string[] = [];
      for (const component of Array.isArray(template.components) ? template.components.filter(isObject) : []) {
        if (component.type !== 'body') continue;
        for (const parameter of Array.isArray(component.parameters) ? component.parameters.filter(isObject) : []) {
          if (parameter.type !== 'text' || typeof parameter.text !== 'string' || parameter.text === '') {
            throw graphError(400, 132000, 'Number of parameters does not match the expected number of params', 'Each body parameter must be a non-empty text.');
          }
          params.push(parameter.text);
        }
      }
      message.template = { name: template.name, language, params };
    } else if (payload.type === 'text' && isObject(payload.text) && typeof payload.text.body === 'string' && payload.text.body.trim() !== '') {
      if (payload.text.body.length > 4096) throw graphError(400, 100, '(#100) Invalid parameter', 'text.body is at most 4096 characters.');
      message.text = payload.text.body;
    } else {
      throw graphError(400, 100, '(#100) Invalid parameter', 'type must be template (with its template) or text (with text.body).');
    }
    if (phone === SANDBOX_TEST_NUMBERS.unreachable)
      throw graphError(400, 131026, 'Message Undeliverable', 'The number cannot receive messages (sandbox test number).');
    if (phone === SANDBOX_TEST_NUMBERS.providerDown) throw graphError(503, 131016, 'Service unavailable', 'The sandbox plays a provider that is down.');
    takeFailure((status) => graphError(status, 131016, 'Service unavailable', 'The sandbox was told to fail this send.'));
    messages.push(message);

    const replied = lastWhatsAppReply.get(phone);
    if (phone === SANDBOX_TEST_NUMBERS.notOnWhatsApp || phone === SANDBOX_TEST_NUMBERS.undeliverable) {
      report(
        message,
        [
          whatsappStatusCall(message, 'failed', {
            code: 131026,
            title: 'Message undeliverable',
            details: 'The number is not on WhatsApp (sandbox test number).',
          }),
        ],
        'failed',
      );
    } else if (message.text !== undefined && (!replied || now().getTime() - replied.getTime() > WINDOW_MS)) {
      // Meta takes free text outside the customer's 24 hours and fails it afterwards.
      report(
        message,
        [
          whatsappStatusCall(message, 'failed', {
            code: 131047,
            title: 'Re-engagement message',
            details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
          }),
        ],
        'failed',
      );
    } else {
      report(message, [whatsappStatusCall(message, 'sent'), whatsappStatusCall(message, 'delivered'), whatsappStatusCall(message, 'read')], 'read');
    }
    return { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: message.id, message_status: 'accepted' }] };
  }

  function twilioSend(accountSid: string, authorization: string | undefined, raw: string): Json {
    const expected = `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`;
    if (authorization !== expected) throw twilioError(401, 20003, 'Authenticate');
    if (accountSid !== twilio.accountSid)
      throw twilioError(404, 20404, `The requested resource /2010-04-01/Accounts/${accountSid.slice(0, 40)}/Messages.json was not found`);
    const form = new URLSearchParams(raw);
    const to = form.get('To') ?? '';
    if (!E164_PATTERN.test(to)) throw twilioError(400, 21211, `The 'To' number ${to.slice(0, 20)} is not a valid phone number.`);
    const from = form.get('From') ?? form.get('MessagingServiceSid');
    if (from !== twilio.from)
      throw twilioError(
        400,
        21606,
        `The From phone number ${String(from).slice(0, 20)} is not a valid, SMS-capable inbound phone number or short code for your account.`,
      );
    const body = form.get('Body') ?? '';
    if (body.trim() === '') throw twilioError(400, 21602, 'Message body is required.');
    if (body.length > 1600) throw twilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    const callback = form.get('StatusCallback') ?? '';
    if (callback !== '' && !/^https?:\/\//.test(callback)) throw twilioError(400, 21609, 'The StatusCallback URL is not a valid URL.');
    if (to === SANDBOX_TEST_NUMBERS.unreachable) throw twilioError(400, 21614, `'To' number ${to} is not a valid mobile number`);
    if (to === SANDBOX_TEST_NUMBERS.providerDown) throw twilioError(503, 20500, 'An internal server error has occurred');
    if (optedOut.has(to)) throw twilioError(400, 21610, 'Attempt to send to unsubscribed recipient');
    takeFailure((status) => twilioError(status, 20500, 'An internal server error has occurred'));
    const message: SandboxMessage = {
      id: `SM${randomBytes(16).toString('hex')}`,
      channel: 'sms',
      direction: 'out',
      phone: to,
      text: body,
      at: now(),
      state: 'accepted',
    };
    messages.push(message);
    if (to === SANDBOX_TEST_NUMBERS.undeliverable) {
      report(message, callback === '' ? [] : [smsStatusCall(message, callback, 'sent'), smsStatusCall(message, callback, 'undelivered', '30003')], 'failed');
    } else {
      report(message, callback === '' ? [] : [smsStatusCall(message, callback, 'sent'), smsStatusCall(message, callback, 'delivered')], 'delivered');
    }
    return {
      sid: message.id,
      account_sid: twilio.accountSid,
      to,
      from: twilio.from,
      body,
      status: 'queued',
      num_segments: String(Math.max(1, Math.ceil(body.length / 153))),
      direction: 'outbound-api',
      api_version: '2010-04-01',
      date_created: twilioDate(message.at),
      error_code: null,
      error_message: null,
      uri: `/2010-04-01/Accounts/${twilio.accountSid}/Messages/${message.id}.json`,
    };
  }

  // --- replies --------------------------------------------------------------------------------

  function reply(input: { channel: MessageChannel; from: string; body: string }): SandboxMessage {
    const phone = input.from.replace(/[\s()-]/g, '');
    if (!E164_PATTERN.test(phone)) throw new Error('Please write the number in international form, such as +18765550142.');
    const body = input.body.trim();
    if (body === '' || body.length > 1600) throw new Error('Please write a message of 1 to 1600 characters.');
    const at = now();
    const message: SandboxMessage = {
      id: input.channel === 'whatsapp' ? `wamid.${randomBytes(18).toString('base64url')}` : `SM${randomBytes(16).toString('hex')}`,
      channel: input.channel,
      direction: 'in',
      phone,
      text: body,
      at,
      state: 'delivered',
    };
    messages.push(message);
    if (input.channel === 'whatsapp') {
      lastWhatsAppReply.set(phone, at);
      if (!options.whatsappWebhookUrl) return message;
      const payload = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: '100000000000000',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: twilio.from.slice(1), phone_number_id: whatsapp.phoneNumberId },
                  contacts: [{ profile: { name: 'Sandbox customer' }, wa_id: phone.slice(1) }],
                  messages: [{ from: phone.slice(1), id: message.id, timestamp: String(Math.floor(at.getTime() / 1000)), type: 'text', text: { body } }],
                },
              },
            ],
          },
        ],
      });
      queue.push(
        {
          label: 'reply',
          messageId: message.id,
          url: options.whatsappWebhookUrl,
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': whatsappSignature(payload, whatsapp.appSecret) },
          body: payload,
        },
        false,
      );
      return message;
    }
    const keyword = body.toUpperCase();
    if (STOP_WORDS.has(keyword)) optedOut.add(phone);
    if (START_WORDS.has(keyword)) optedOut.delete(phone);
    if (!options.smsIncomingUrl) return message;
    const params = new URLSearchParams({
      AccountSid: twilio.accountSid,
      ApiVersion: '2010-04-01',
      Body: body,
      From: phone,
      MessageSid: message.id,
      NumMedia: '0',
      NumSegments: '1',
      SmsMessageSid: message.id,
      SmsSid: message.id,
      SmsStatus: 'received',
      To: twilio.from,
    });
    queue.push(
      {
        label: 'reply',
        messageId: message.id,
        url: options.smsIncomingUrl,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(options.smsIncomingUrl, params, twilio.authToken),
        },
        body: params.toString(),
      },
      false,
    );
    return message;
  }

  // --- HTTP -----------------------------------------------------------------------------------

  const page = (problem?: string) =>
    sandboxPage({
      messages,
      problem,
      holding: queue.holding,
      held: queue.held,
      disorder,
      webhooks: { whatsapp: options.whatsappWebhookUrl, sms: options.smsIncomingUrl },
    });

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const authorization = request.headers.authorization;
    const cloud = /^\/v\d+(?:\.\d+)?\/([^/]+)\/messages$/.exec(url.pathname);
    if (request.method === 'POST' && cloud) return sendJson(response, 200, whatsappSend(decodeURIComponent(cloud[1]!), authorization, await readBody(request)));
    const sms = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
    if (request.method === 'POST' && sms) return sendJson(response, 201, twilioSend(decodeURIComponent(sms[1]!), authorization, await readBody(request)));

    if (request.method === 'GET' && url.pathname === '/') return sendHtml(response, 200, page());
    if (request.method === 'GET' && url.pathname === '/messages.json') return sendJson(response, 200, { messages, callbacks: queue.outcomes });
    if (request.method === 'POST' && url.pathname === '/reply') {
      const form = new URLSearchParams(await readBody(request));
      const channel = form.get('channel') === 'sms' ? 'sms' : 'whatsapp';
      try {
        const sent = reply({ channel, from: form.get('phone') ?? '', body: form.get('body') ?? '' });
        response.writeHead(303, { location: `/#n${sent.phone.slice(1)}`, 'cache-control': 'no-store' });
        return response.end();
      } catch (err) {
        return sendHtml(response, 422, page(err instanceof Error ? err.message : String(err)));
      }
    }
    if (request.method === 'POST' && url.pathname === '/control') {
      const action = new URLSearchParams(await readBody(request)).get('action');
      if (action === 'hold') queue.hold(true);
      else if (action === 'release') queue.release();
      else if (action === 'disorder-on' || action === 'disorder-off') disorder = action === 'disorder-on';
      else return sendHtml(response, 422, page('Unknown action.'));
      response.writeHead(303, { location: '/', 'cache-control': 'no-store' });
      return response.end();
    }
    return sendJson(response, 404, { message: 'Not found in the message sandbox.' });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((err: unknown) => {
      if (response.headersSent) return response.destroy();
      if (err instanceof Refusal) return sendJson(response, err.status, err.answer);
      return sendJson(response, 400, { message: 'The request could not be read.' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  // The server itself reaches it on the loopback when it listens on every address.
  const host = options.host ?? '127.0.0.1';
  const ownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${ownHost}:${port}`,
    pageUrl: `http://${options.publicHost ?? '127.0.0.1'}:${port}/`,
    port,
    whatsapp,
    twilio,
    messages: () => [...messages],
    callbacks: () => [...queue.outcomes],
    holdCallbacks: () => queue.hold(true),
    releaseCallbacks: () => queue.release(),
    setDisorder: (on) => {
      disorder = on;
    },
    failNextSends: (count, status = 503) => {
      failing = { count, status };
    },
    reply,
    idle: () => queue.idle(),
    async checkSubscription() {
      if (!options.whatsappWebhookUrl) return false;
      const challenge = String(randomBytes(4).readUInt32BE());
      const url = new URL(options.whatsappWebhookUrl);
      url.searchParams.set('hub.mode', 'subscribe');
      url.searchParams.set('hub.verify_token', whatsapp.verifyToken);
      url.searchParams.set('hub.challenge', challenge);
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
      return response?.status === 200 && (await response.text()) === challenge;
    },
    close: () =>
      new Promise<void>((resolve) => {
        queue.stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
