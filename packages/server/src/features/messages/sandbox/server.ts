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
import type { MessageChannel } from '../provider';
import { type CallOutcome, createCallbackQueue } from './callbacks';
import { whatsappSend } from './cloudApi';
import { type SandboxMessage, sandboxPage } from './page';
import { reply } from './replies';
import { Refusal, SANDBOX_TWILIO, SANDBOX_WHATSAPP, type SandboxState, type SandboxTwilio, type SandboxWhatsApp } from './state';
import { twilioSend } from './twilioApi';

export { SANDBOX_TWILIO, SANDBOX_WHATSAPP, type SandboxTwilio, type SandboxWhatsApp } from './state';

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

export async function startMessageSandbox(options: MessageSandboxOptions = {}): Promise<MessageSandbox> {
  const box: SandboxState = {
    whatsapp: options.whatsapp ?? SANDBOX_WHATSAPP,
    twilio: options.twilio ?? SANDBOX_TWILIO,
    whatsappWebhookUrl: options.whatsappWebhookUrl,
    smsIncomingUrl: options.smsIncomingUrl,
    now: options.now ?? (() => new Date()),
    queue: createCallbackQueue(),
    messages: [],
    lastWhatsAppReply: new Map(),
    optedOut: new Set(),
    disorder: false,
    failing: { count: 0, status: 503 },
  };

  const page = (problem?: string) =>
    sandboxPage({
      messages: box.messages,
      problem,
      holding: box.queue.holding,
      held: box.queue.held,
      disorder: box.disorder,
      webhooks: { whatsapp: box.whatsappWebhookUrl, sms: box.smsIncomingUrl },
    });

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const authorization = request.headers.authorization;
    const cloud = /^\/v\d+(?:\.\d+)?\/([^/]+)\/messages$/.exec(url.pathname);
    if (request.method === 'POST' && cloud)
      return sendJson(response, 200, whatsappSend(box, decodeURIComponent(cloud[1]!), authorization, await readBody(request)));
    const sms = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
    if (request.method === 'POST' && sms) return sendJson(response, 201, twilioSend(box, decodeURIComponent(sms[1]!), authorization, await readBody(request)));

    if (request.method === 'GET' && url.pathname === '/') return sendHtml(response, 200, page());
    if (request.method === 'GET' && url.pathname === '/messages.json')
      return sendJson(response, 200, { messages: box.messages, callbacks: box.queue.outcomes });
    if (request.method === 'POST' && url.pathname === '/reply') {
      const form = new URLSearchParams(await readBody(request));
      const channel = form.get('channel') === 'sms' ? 'sms' : 'whatsapp';
      try {
        const sent = reply(box, { channel, from: form.get('phone') ?? '', body: form.get('body') ?? '' });
        response.writeHead(303, { location: `/#n${sent.phone.slice(1)}`, 'cache-control': 'no-store' });
        return response.end();
      } catch (err) {
        return sendHtml(response, 422, page(err instanceof Error ? err.message : String(err)));
      }
    }
    if (request.method === 'POST' && url.pathname === '/control') {
      const action = new URLSearchParams(await readBody(request)).get('action');
      if (action === 'hold') box.queue.hold(true);
      else if (action === 'release') box.queue.release();
      else if (action === 'disorder-on' || action === 'disorder-off') box.disorder = action === 'disorder-on';
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
    whatsapp: box.whatsapp,
    twilio: box.twilio,
    messages: () => [...box.messages],
    callbacks: () => [...box.queue.outcomes],
    holdCallbacks: () => box.queue.hold(true),
    releaseCallbacks: () => box.queue.release(),
    setDisorder: (on) => {
      box.disorder = on;
    },
    failNextSends: (count, status = 503) => {
      box.failing = { count, status };
    },
    reply: (input) => reply(box, input),
    idle: () => box.queue.idle(),
    async checkSubscription() {
      if (!box.whatsappWebhookUrl) return false;
      const challenge = String(randomBytes(4).readUInt32BE());
      const url = new URL(box.whatsappWebhookUrl);
      url.searchParams.set('hub.mode', 'subscribe');
      url.searchParams.set('hub.verify_token', box.whatsapp.verifyToken);
      url.searchParams.set('hub.challenge', challenge);
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
      return response?.status === 200 && (await response.text()) === challenge;
    },
    close: () =>
      new Promise<void>((resolve) => {
        box.queue.stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
