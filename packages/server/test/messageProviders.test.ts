/**
 * WhatsApp and SMS providers (issue 36): the REAL WhatsApp (Cloud API) and Twilio adapters driven
 * over HTTP against the local message sandbox, whose signed webhooks arrive at a listener of this
 * test, as they would at our server. What the outbox will rely on: ids returned, typed errors that
 * say retry or not, statuses that verify and parse (twice, out of order, held), replies typed on the
 * sandbox's page, forged and altered webhooks refused, and the settings' refusals in plain words.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import {
  createTwilioProvider,
  createWhatsAppProvider,
  type MessageHappening,
  type MessageProvider,
  MESSAGE_WEBHOOK_PATHS,
  MessageProviderError,
  type MessageSandbox,
  messageWebhookUrls,
  sandboxAdapters,
  SANDBOX_TEST_NUMBERS,
  SANDBOX_TWILIO,
  SANDBOX_WHATSAPP,
  startMessageSandbox,
  twilioSignature,
  type WebhookRequest,
  whatsappSignature,
} from '../src/features/messages';
import { createTestApp, describeDatabase } from './helpers';

const CUSTOMER = '+18765550142';
const VERIFY_TOKEN = SANDBOX_WHATSAPP.verifyToken;

/** A stand-in for our server's webhook routes: keeps every request as it arrived. */
interface Listener {
  url: string;
  received: Array<WebhookRequest & { path: string }>;
  /** How a GET is answered (WhatsApp's subscribe check): the body to answer with 200, or undefined for 403. */
  onGet?: (query: Record<string, string>) => string | undefined;
  close(): Promise<void>;
}

async function startListener(): Promise<Listener> {
  const received: Listener['received'] = [];
  let base = '';
  const server: Server = createServer((request, response) => {
    if (request.method === 'GET') {
      const query = Object.fromEntries(new URL(request.url ?? '/', base).searchParams);
      const answer = listener.onGet?.(query);
      response.writeHead(answer === undefined ? 403 : 200, { 'content-type': 'text/plain' }).end(answer ?? '');
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, url: `${base}${path}`, headers: request.headers, rawBody: Buffer.concat(chunks) });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const listener: Listener = { url: base, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
  return listener;
}

async function refusal(call: Promise<unknown>): Promise<MessageProviderError> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MessageProviderError);
  return err as MessageProviderError;
}

describe('WhatsApp and SMS adapters against the message sandbox', () => {
  let listener: Listener;
  let sandbox: MessageSandbox;
  let whatsapp: MessageProvider;
  let sms: MessageProvider;
  let whatsappHook: string;
  /** With a query: Twilio signs the whole address it calls. */
  let smsHook: string;

  beforeAll(async () => {
    listener = await startListener();
    whatsappHook = `${listener.url}/api/webhooks/whatsapp`;
    smsHook = `${listener.url}/api/webhooks/twilio?site=waterford`;
    sandbox = await startMessageSandbox({ whatsappWebhookUrl: whatsappHook, smsIncomingUrl: smsHook });
    ({ whatsapp, sms } = sandboxAdapters(sandbox, smsHook));
  });
  afterAll(async () => {
    await sandbox?.close();
    await listener?.close();
  });
  beforeEach(async () => {
    await sandbox.idle();
    listener.received.length = 0;
  });

  /** The webhooks that arrived for one provider, each verified by its adapter and parsed. */
  async function arrived(provider: MessageProvider): Promise<MessageHappening[]> {
    await sandbox.idle();
    const path = provider.channel === 'whatsapp' ? '/api/webhooks/whatsapp' : '/api/webhooks/twilio';
    const requests = listener.received.filter((r) => r.path.startsWith(path));
    for (const request of requests) expect(provider.verifyWebhook(request)).toBe(true);
    return requests.flatMap((request) => provider.parseWebhook(request));
  }
  const statesOf = (happenings: MessageHappening[], providerId: string) =>
    happenings.filter((h) => h.kind === 'status' && h.providerId === providerId).map((h) => (h.kind === 'status' ? h.state : ''));

  it('sends a WhatsApp template, answers its id, and the sent, delivered and read statuses arrive signed, in order', async () => {
    const { providerId } = await whatsapp.sendTemplate({
      to: CUSTOMER,
      template: 'pickup_reminder',
      language: 'en',
      params: ['WR-7K2M9', 'Friday 4 December'],
      text: 'Your car WR-7K2M9 is ready on Friday 4 December.',
    });
    expect(providerId).toMatch(/^wamid\./);
    const kept = sandbox.messages().find((m) => m.id === providerId);
    // The Cloud API got the template and its parameters, never the rendered text.
    expect(kept).toMatchObject({
      channel: 'whatsapp',
      phone: CUSTOMER,
      template: { name: 'pickup_reminder', language: 'en', params: ['WR-7K2M9', 'Friday 4 December'] },
    });
    expect(kept?.text).toBeUndefined();
    const happenings = await arrived(whatsapp);
    expect(statesOf(happenings, providerId)).toEqual(['sent', 'delivered', 'read']);
    expect(happenings[0]).toMatchObject({ kind: 'status', channel: 'whatsapp', providerId });
    expect(happenings[0]!.at).toBeInstanceOf(Date);
    expect(Math.abs(happenings[0]!.at.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('sends an SMS template as its rendered text, and its sent and delivered callbacks arrive signed for the address with its query', async () => {
    const { providerId } = await sms.sendTemplate({
      to: CUSTOMER,
      template: 'pickup_reminder',
      language: 'en',
      params: ['WR-7K2M9'],
      text: 'Your car WR-7K2M9 is ready.',
    });
    expect(providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(sandbox.messages().find((m) => m.id === providerId)).toMatchObject({ channel: 'sms', phone: CUSTOMER, text: 'Your car WR-7K2M9 is ready.' });
    expect(statesOf(await arrived(sms), providerId)).toEqual(['sent', 'delivered']);
    expect(listener.received.every((r) => r.path === '/api/webhooks/twilio?site=waterford')).toBe(true);
  });

  it('sends free text: by SMS at once, by WhatsApp within 24 hours of the customer writing (failed with 131047 otherwise)', async () => {
    const text = await sms.sendText({ to: CUSTOMER, body: 'We have your booking.' });
    expect(sandbox.messages().find((m) => m.id === text.providerId)?.text).toBe('We have your booking.');

    const quiet = '+18765550150';
    const outside = await whatsapp.sendText({ to: quiet, body: 'Hello' });
    const failed = (await arrived(whatsapp)).find((h) => h.kind === 'status' && h.providerId === outside.providerId);
    expect(failed).toMatchObject({ state: 'failed', error: { code: '131047' } });

    sandbox.reply({ channel: 'whatsapp', from: quiet, body: 'Is my car ready?' });
    const inside = await whatsapp.sendText({ to: quiet, body: 'Yes, it is.' });
    expect(statesOf(await arrived(whatsapp), inside.providerId)).toEqual(['sent', 'delivered', 'read']);
  });

  it('refuses a wrong token, account or number id with a permanent error that says why', async () => {
    const badWhatsApp = createWhatsAppProvider({ ...SANDBOX_WHATSAPP, accessToken: 'expired', verifyToken: VERIFY_TOKEN, apiUrl: `${sandbox.url}/v21.0` });
    const wa = await refusal(badWhatsApp.sendTemplate({ to: CUSTOMER, template: 'booking_received', language: 'en', params: [], text: 'x' }));
    expect(wa).toMatchObject({ reason: 'auth', retryable: false, status: 401, code: '190' });

    const badSms = createTwilioProvider({ ...SANDBOX_TWILIO, authToken: 'wrong', apiUrl: sandbox.url });
    expect(await refusal(badSms.sendText({ to: CUSTOMER, body: 'x' }))).toMatchObject({ reason: 'auth', retryable: false, status: 401, code: '20003' });

    const otherNumber = createWhatsAppProvider({ ...SANDBOX_WHATSAPP, phoneNumberId: '999', verifyToken: VERIFY_TOKEN, apiUrl: `${sandbox.url}/v21.0` });
    expect(await refusal(otherNumber.sendText({ to: CUSTOMER, body: 'x' }))).toMatchObject({ reason: 'invalid', retryable: false, status: 400 });

    // Not a phone number: refused before any call.
    expect(await refusal(sms.sendText({ to: '876-555-0142', body: 'x' }))).toMatchObject({ reason: 'recipient', retryable: false, status: undefined });
    expect(sandbox.messages().some((m) => m.phone === '876-555-0142')).toBe(false);
  });

  it('the unreachable test number is refused for good on both channels; a provider that is down or unreachable is worth a retry', async () => {
    const template = { template: 'booking_received', language: 'en', params: ['WR-1'], text: 'Booking WR-1 received.' };
    expect(await refusal(whatsapp.sendTemplate({ to: SANDBOX_TEST_NUMBERS.unreachable, ...template }))).toMatchObject({
      reason: 'recipient',
      retryable: false,
      code: '131026',
    });
    expect(await refusal(sms.sendTemplate({ to: SANDBOX_TEST_NUMBERS.unreachable, ...template }))).toMatchObject({
      reason: 'recipient',
      retryable: false,
      code: '21614',
    });

    expect(await refusal(whatsapp.sendTemplate({ to: SANDBOX_TEST_NUMBERS.providerDown, ...template }))).toMatchObject({
      reason: 'unavailable',
      retryable: true,
      status: 503,
    });
    expect(await refusal(sms.sendTemplate({ to: SANDBOX_TEST_NUMBERS.providerDown, ...template }))).toMatchObject({
      reason: 'unavailable',
      retryable: true,
      status: 503,
    });

    // The next send fails (429: too many), the one after goes: a retry helps.
    sandbox.failNextSends(1, 429);
    expect(await refusal(sms.sendText({ to: CUSTOMER, body: 'again' }))).toMatchObject({ reason: 'rate_limited', retryable: true, status: 429 });
    expect((await sms.sendText({ to: CUSTOMER, body: 'again' })).providerId).toMatch(/^SM/);

    // Nobody listening at the address: never answered, retryable.
    const nowhere = await startListener();
    await nowhere.close();
    const offline = createTwilioProvider({ ...SANDBOX_TWILIO, apiUrl: nowhere.url, timeoutMs: 5000 });
    expect(await refusal(offline.sendText({ to: CUSTOMER, body: 'x' }))).toMatchObject({ reason: 'unavailable', retryable: true, status: undefined });
  });

  it('a number not on WhatsApp is taken, then fails by status (fall back to SMS, which delivers); the undeliverable number fails on both', async () => {
    const template = { template: 'pickup_reminder', language: 'en', params: ['WR-2'], text: 'Your car WR-2 is ready.' };
    const wa = await whatsapp.sendTemplate({ to: SANDBOX_TEST_NUMBERS.notOnWhatsApp, ...template });
    const failed = (await arrived(whatsapp)).filter((h) => h.kind === 'status' && h.providerId === wa.providerId);
    expect(failed).toEqual([
      expect.objectContaining({ state: 'failed', error: { code: '131026', message: expect.stringContaining('Message undeliverable') } }),
    ]);
    const fallback = await sms.sendTemplate({ to: SANDBOX_TEST_NUMBERS.notOnWhatsApp, ...template });
    expect(statesOf(await arrived(sms), fallback.providerId)).toEqual(['sent', 'delivered']);

    const lost = await sms.sendTemplate({ to: SANDBOX_TEST_NUMBERS.undeliverable, ...template });
    const statuses = (await arrived(sms)).filter((h) => h.kind === 'status' && h.providerId === lost.providerId);
    expect(statuses.map((h) => (h.kind === 'status' ? [h.state, h.error?.code] : []))).toEqual([
      ['sent', undefined],
      ['failed', '30003'],
    ]);
  });

  it('sends each status twice and out of order for the disorder number, or for every number when told to', async () => {
    const template = { template: 'pickup_reminder', language: 'en', params: ['WR-3'], text: 'Ready.' };
    const wa = await whatsapp.sendTemplate({ to: SANDBOX_TEST_NUMBERS.disorder, ...template });
    expect(statesOf(await arrived(whatsapp), wa.providerId)).toEqual(['read', 'delivered', 'sent', 'read', 'delivered', 'sent']);

    sandbox.setDisorder(true);
    try {
      const text = await sms.sendText({ to: CUSTOMER, body: 'Out of order' });
      expect(statesOf(await arrived(sms), text.providerId)).toEqual(['delivered', 'sent', 'delivered', 'sent']);
    } finally {
      sandbox.setDisorder(false);
    }
  });

  it('holds the statuses of the held number, and of everyone when told, until released', async () => {
    const held = await whatsapp.sendTemplate({ to: SANDBOX_TEST_NUMBERS.held, template: 'pickup_reminder', language: 'en', params: ['WR-4'], text: 'Ready.' });
    // Everyone's, by the page's button.
    const control = (action: string) => fetch(`${sandbox.url}/control`, { method: 'POST', body: new URLSearchParams({ action }), redirect: 'manual' });
    expect((await control('hold')).status).toBe(303);
    const text = await sms.sendText({ to: CUSTOMER, body: 'Held too' });
    expect(statesOf(await arrived(whatsapp), held.providerId)).toEqual([]);
    expect(statesOf(await arrived(sms), text.providerId)).toEqual([]);
    expect(await (await fetch(`${sandbox.url}/`)).text()).toContain('Release held statuses (5)');

    expect((await control('release')).status).toBe(303);
    expect(statesOf(await arrived(whatsapp), held.providerId)).toEqual(['sent', 'delivered', 'read']);
    expect(statesOf(await arrived(sms), text.providerId)).toEqual(['sent', 'delivered']);
  });

  it('the reply typed on the sandbox page arrives signed, read as the customer’s message; STOP by SMS stops SMS to that number', async () => {
    await whatsapp.sendTemplate({ to: CUSTOMER, template: 'booking_confirmed', language: 'en', params: ['WR-5'], text: 'Confirmed.' });
    const page = await (await fetch(`${sandbox.url}/`)).text();
    expect(page).toContain(CUSTOMER);
    expect(page).toContain('booking_confirmed');
    expect(page).toContain(SANDBOX_TEST_NUMBERS.unreachable);
    // The form a person fills in: these fields, posted to /reply.
    for (const field of ['action="/reply"', 'name="phone"', 'name="body"', 'name="channel"', '<option value="sms"']) expect(page).toContain(field);

    const posted = await fetch(`${sandbox.url}/reply`, {
      method: 'POST',
      body: new URLSearchParams({ phone: CUSTOMER, channel: 'whatsapp', body: 'Can I pick up at 9?' }),
      redirect: 'manual',
    });
    expect(posted.status).toBe(303);
    const incoming = (await arrived(whatsapp)).filter((h) => h.kind === 'incoming');
    expect(incoming).toEqual([expect.objectContaining({ kind: 'incoming', channel: 'whatsapp', from: CUSTOMER, body: 'Can I pick up at 9?' })]);
    expect(await (await fetch(`${sandbox.url}/`)).text()).toContain('Can I pick up at 9?');

    const stopper = '+18765550160';
    await fetch(`${sandbox.url}/reply`, { method: 'POST', body: new URLSearchParams({ phone: stopper, channel: 'sms', body: 'STOP' }), redirect: 'manual' });
    expect((await arrived(sms)).filter((h) => h.kind === 'incoming')).toEqual([expect.objectContaining({ channel: 'sms', from: stopper, body: 'STOP' })]);
    expect(await refusal(sms.sendText({ to: stopper, body: 'Your car is ready' }))).toMatchObject({ reason: 'opted_out', retryable: false, code: '21610' });

    // A number that is not one is refused on the page, in words.
    const wrong = await fetch(`${sandbox.url}/reply`, {
      method: 'POST',
      body: new URLSearchParams({ phone: '555', channel: 'sms', body: 'hi' }),
      redirect: 'manual',
    });
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain('international form');
  });

  it('refuses forged, altered and unsigned webhooks', async () => {
    await whatsapp.sendTemplate({ to: CUSTOMER, template: 'pickup_reminder', language: 'en', params: ['WR-6'], text: 'Ready.' });
    await sms.sendText({ to: CUSTOMER, body: 'Ready.' });
    await sandbox.idle();
    const waHook = listener.received.find((r) => r.path === '/api/webhooks/whatsapp')!;
    const smsHookCall = listener.received.find((r) => r.path.startsWith('/api/webhooks/twilio'))!;
    expect(whatsapp.verifyWebhook(waHook)).toBe(true);
    expect(sms.verifyWebhook(smsHookCall)).toBe(true);

    // WhatsApp: the body changed by one state, signed with another secret, or not signed.
    const altered = waHook.rawBody.toString().replace('"sent"', '"read"');
    expect(altered).not.toBe(waHook.rawBody.toString());
    expect(whatsapp.verifyWebhook({ ...waHook, rawBody: altered })).toBe(false);
    expect(whatsapp.verifyWebhook({ ...waHook, headers: { ...waHook.headers, 'x-hub-signature-256': whatsappSignature(altered, 'guessed-secret') } })).toBe(
      false,
    );
    const { 'x-hub-signature-256': _signature, ...unsigned } = waHook.headers;
    expect(whatsapp.verifyWebhook({ ...waHook, headers: unsigned })).toBe(false);
    // The same body, signed with our secret: believed (the check is the secret, not the sandbox).
    expect(
      whatsapp.verifyWebhook({ ...waHook, rawBody: altered, headers: { 'X-Hub-Signature-256': whatsappSignature(altered, SANDBOX_WHATSAPP.appSecret) } }),
    ).toBe(true);

    // Twilio: a parameter changed or added, another address, another key.
    const params = new URLSearchParams(smsHookCall.rawBody.toString());
    const changed = new URLSearchParams(params);
    changed.set('MessageStatus', 'failed');
    expect(sms.verifyWebhook({ ...smsHookCall, rawBody: changed.toString() })).toBe(false);
    const added = new URLSearchParams(params);
    added.set('ErrorCode', '30003');
    expect(sms.verifyWebhook({ ...smsHookCall, rawBody: added.toString() })).toBe(false);
    expect(sms.verifyWebhook({ ...smsHookCall, url: `${listener.url}/api/webhooks/twilio` })).toBe(false);
    expect(sms.verifyWebhook({ ...smsHookCall, headers: { 'x-twilio-signature': twilioSignature(smsHookCall.url, params, 'another-accounts-token') } })).toBe(
      false,
    );
    // Parameters reordered on the wire: still the same signed set.
    // Sorted by name from Z to A: not the order the sandbox sent (A to Z).
    const reordered = [...params.entries()]
      .sort(([a], [b]) => b.localeCompare(a))
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&');
    expect(sms.verifyWebhook({ ...smsHookCall, rawBody: reordered })).toBe(true);
  });

  it('answers WhatsApp’s subscribe check only with our verify token', () => {
    expect(whatsapp.answerSubscription?.({ 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1158201444' })).toBe('1158201444');
    expect(whatsapp.answerSubscription?.({ 'hub.mode': 'subscribe', 'hub.verify_token': 'guess', 'hub.challenge': '1158201444' })).toBeUndefined();
    expect(whatsapp.answerSubscription?.({ 'hub.mode': 'unsubscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1' })).toBeUndefined();
    expect(sms.answerSubscription).toBeUndefined();
  });

  it('passes the sandbox’s subscribe check when the webhook answers it through the adapter, and only then', async () => {
    listener.onGet = (query) => whatsapp.answerSubscription?.(query);
    try {
      expect(await sandbox.checkSubscription()).toBe(true);
      const otherToken = createWhatsAppProvider({ ...SANDBOX_WHATSAPP, verifyToken: 'another-token', apiUrl: `${sandbox.url}/v21.0` });
      listener.onGet = (query) => otherToken.answerSubscription?.(query);
      expect(await sandbox.checkSubscription()).toBe(false);
      listener.onGet = () => 'not the challenge';
      expect(await sandbox.checkSubscription()).toBe(false);
    } finally {
      listener.onGet = undefined;
    }
  });
});

describe('message settings', () => {
  const words = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    return 'no refusal';
  };

  it('refuses a provider whose settings are missing, naming them', () => {
    expect(words({ MESSAGE_PROVIDER: 'signal' })).toBe('MESSAGE_PROVIDER must be none, whatsapp, twilio or sandbox.');
    expect(words({ MESSAGE_PROVIDER: 'whatsapp' })).toBe(
      "MESSAGE_PROVIDER is whatsapp but WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN are not set; set them (from the WhatsApp settings of the company's Meta app; the verify token is one you choose when registering the webhook), or MESSAGE_PROVIDER=none.",
    );
    expect(words({ MESSAGE_PROVIDER: 'whatsapp', WHATSAPP_PHONE_NUMBER_ID: '106540352242922', WHATSAPP_ACCESS_TOKEN: 't', WHATSAPP_VERIFY_TOKEN: 'v' })).toBe(
      "MESSAGE_PROVIDER is whatsapp but WHATSAPP_APP_SECRET is not set; set it (from the WhatsApp settings of the company's Meta app; the verify token is one you choose when registering the webhook), or MESSAGE_PROVIDER=none.",
    );
    expect(words({ MESSAGE_PROVIDER: 'twilio', TWILIO_AUTH_TOKEN: 't' })).toBe(
      'MESSAGE_PROVIDER is twilio but TWILIO_ACCOUNT_SID and TWILIO_FROM are not set; set them (from the Twilio console), or MESSAGE_PROVIDER=none.',
    );
    const twilio = { MESSAGE_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: `AC${'a1'.repeat(16)}`, TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '+18765550100' };
    expect(words(twilio)).toBe(
      "MESSAGE_PROVIDER is twilio but PUBLIC_URL is not set; set PUBLIC_URL to the site's address (such as https://rent.example.com), where Twilio sends each message's statuses and the customers' replies.",
    );
    expect(words({ ...twilio, TWILIO_FROM: '876-555-0100' })).toBe(
      'TWILIO_FROM must be the Twilio number in international form (such as +18765550100) or a Messaging Service SID (MG...).',
    );
    expect(words({ ...twilio, TWILIO_ACCOUNT_SID: 'ACxyz' })).toBe(
      'TWILIO_ACCOUNT_SID must be the Account SID of the Twilio console: AC and 32 letters and digits.',
    );
    expect(words({ WHATSAPP_PHONE_NUMBER_ID: '+18765550100' })).toBe(
      'WHATSAPP_PHONE_NUMBER_ID must be the phone number ID of the WhatsApp settings (digits only), not the phone number.',
    );
    expect(words({ MESSAGE_SANDBOX_PORT: 'x' })).toBe('MESSAGE_SANDBOX_PORT must be a whole number between 1 and 65535.');
  });

  it('reads complete settings, with the providers’ addresses by default', () => {
    expect(loadConfig({})).toMatchObject({ messageProvider: 'none', whatsapp: undefined, twilio: undefined, messageSandboxPort: undefined });
    expect(
      loadConfig({
        MESSAGE_PROVIDER: 'whatsapp',
        WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
        WHATSAPP_ACCESS_TOKEN: 't',
        WHATSAPP_APP_SECRET: 's',
        WHATSAPP_VERIFY_TOKEN: 'v',
      }).whatsapp,
    ).toEqual({ phoneNumberId: '106540352242922', accessToken: 't', appSecret: 's', verifyToken: 'v', apiUrl: 'https://graph.facebook.com/v21.0' });
    const sid = `AC${'a1'.repeat(16)}`;
    expect(
      loadConfig({
        MESSAGE_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: sid,
        TWILIO_AUTH_TOKEN: 't',
        TWILIO_FROM: '+18765550100',
        TWILIO_API_URL: 'http://127.0.0.1:4000/',
        PUBLIC_URL: 'https://rent.example.com',
      }).twilio,
    ).toEqual({ accountSid: sid, authToken: 't', from: '+18765550100', apiUrl: 'http://127.0.0.1:4000' });
    expect(loadConfig({ MESSAGE_PROVIDER: 'sandbox', MESSAGE_SANDBOX_PORT: '4002' })).toMatchObject({ messageProvider: 'sandbox', messageSandboxPort: 4002 });
  });
});

describe(`message channels on the app (${describeDatabase})`, () => {
  it('none: no channel; sandbox: both real adapters against the started sandbox', async () => {
    const off = await createTestApp();
    try {
      expect(off.app.messageChannels).toEqual({ whatsapp: undefined, sms: undefined, sandbox: undefined });
    } finally {
      await off.close();
    }

    // The site's address is a listener of this test: the sandbox's webhooks must arrive at its webhook paths.
    const site = await startListener();
    const t = await createTestApp({ config: { messageProvider: 'sandbox', publicUrl: site.url } });
    let sandbox: MessageSandbox | undefined;
    try {
      const { whatsapp, sms } = t.app.messageChannels;
      sandbox = t.app.messageChannels.sandbox;
      expect([whatsapp?.name, sms?.name]).toEqual(['whatsapp', 'twilio']);
      const wa = await whatsapp!.sendTemplate({ to: CUSTOMER, template: 'booking_received', language: 'en', params: ['WR-8'], text: 'Booking WR-8 received.' });
      const text = await sms!.sendText({ to: CUSTOMER, body: 'Booking WR-8 received.' });
      expect(sandbox!.messages().map((m) => m.id)).toEqual([wa.providerId, text.providerId]);
      expect(await (await fetch(sandbox!.pageUrl)).text()).toContain('booking_received');
      await sandbox!.idle();
      expect(messageWebhookUrls(site.url)).toEqual({
        whatsapp: `${site.url}${MESSAGE_WEBHOOK_PATHS.whatsapp}`,
        twilio: `${site.url}${MESSAGE_WEBHOOK_PATHS.twilio}`,
      });
      const waHooks = site.received.filter((r) => r.path === MESSAGE_WEBHOOK_PATHS.whatsapp);
      const smsHooks = site.received.filter((r) => r.path === MESSAGE_WEBHOOK_PATHS.twilio);
      expect(waHooks.every((r) => whatsapp!.verifyWebhook(r))).toBe(true);
      expect(smsHooks.every((r) => sms!.verifyWebhook(r))).toBe(true);
      expect(waHooks.flatMap((r) => whatsapp!.parseWebhook(r)).map((h) => h.kind === 'status' && h.state)).toEqual(['sent', 'delivered', 'read']);
      expect(smsHooks.flatMap((r) => sms!.parseWebhook(r)).map((h) => h.kind === 'status' && h.state)).toEqual(['sent', 'delivered']);
      // The sandbox's secrets are made at start, not the ones written in the repository.
      expect(sandbox!.whatsapp.appSecret).not.toBe(SANDBOX_WHATSAPP.appSecret);
    } finally {
      await t.close();
      await site.close();
    }
    // Closing the app closes its sandbox.
    expect(
      await fetch(sandbox!.url).then(
        () => 'answered',
        () => 'closed',
      ),
    ).toBe('closed');
  });

  it('whatsapp and twilio settings give their adapters, pointed where the settings say', async () => {
    const sandbox = await startMessageSandbox();
    const t = await createTestApp({
      config: {
        messageProvider: 'whatsapp',
        whatsapp: { ...SANDBOX_WHATSAPP, verifyToken: VERIFY_TOKEN, apiUrl: `${sandbox.url}/v21.0` },
      },
    });
    try {
      expect(t.app.messageChannels.sms).toBeUndefined();
      const sent = await t.app.messageChannels.whatsapp!.sendText({ to: CUSTOMER, body: 'Hello' });
      expect(sandbox.messages()[0]).toMatchObject({ id: sent.providerId, channel: 'whatsapp', text: 'Hello' });
    } finally {
      await t.close();
      await sandbox.close();
    }
  });
});
