/**
 * The channels the settings choose (MESSAGE_PROVIDER), on the app as `app.messageChannels` for the
 * outbox's sender and the webhook routes: none (e-mail only), WhatsApp's Cloud API, Twilio SMS,
 * or the local sandbox, which speaks both: the REAL WhatsApp and Twilio adapters are pointed at it,
 * so the demo and the tests run the code that talks to the real providers.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { MessageProvider } from './provider';
import { type MessageSandbox, startMessageSandbox } from './sandbox/server';
import { SANDBOX_TEST_NUMBER_LIST } from './sandbox/testNumbers';
import { createTwilioProvider } from './twilio';
import { createWhatsAppProvider } from './whatsapp';

export interface MessageChannels {
  /** WhatsApp's adapter, when the settings give one (whatsapp or sandbox). */
  whatsapp: MessageProvider | undefined;
  /** The SMS adapter (Twilio), when the settings give one (twilio or sandbox). */
  sms: MessageProvider | undefined;
  /** With MESSAGE_PROVIDER=sandbox, the running sandbox: its page, and what it received (tests). */
  sandbox: MessageSandbox | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** WhatsApp and SMS (features/messages); both undefined with MESSAGE_PROVIDER=none. */
    messageChannels: MessageChannels;
  }
}

/**
 * Where the providers call us: the WhatsApp webhook registered with Meta, and the Twilio number's
 * status callback and incoming-message URL. The webhook routes are declared at these paths.
 */
export const MESSAGE_WEBHOOK_PATHS = { whatsapp: '/api/webhooks/whatsapp', twilio: '/api/webhooks/twilio' } as const;

/**
 * The full webhook addresses from the site's address (app.mail.siteUrl: PUBLIC_URL or
 * http://localhost:PORT). Twilio signs the address it called, so its webhook is verified against
 * this one (plus the request's query), never the Host header a proxy may have changed.
 */
export function messageWebhookUrls(siteUrl: string): { whatsapp: string; twilio: string } {
  return { whatsapp: `${siteUrl}${MESSAGE_WEBHOOK_PATHS.whatsapp}`, twilio: `${siteUrl}${MESSAGE_WEBHOOK_PATHS.twilio}` };
}

/** The host a browser uses for the sandbox's page: the site's public host, or this machine. */
function sandboxPublicHost(config: FastifyInstance['config']): string {
  if (config.publicUrl) return new URL(config.publicUrl).hostname;
  return config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
}

const secret = () => randomBytes(24).toString('base64url');

export async function channelsFromConfig(app: FastifyInstance): Promise<MessageChannels> {
  const { config } = app;
  const webhooks = messageWebhookUrls(app.mail.siteUrl);
  if (config.messageProvider === 'whatsapp') {
    const settings = config.whatsapp!;
    app.log.info(`Messages: WhatsApp (Cloud API at ${settings.apiUrl}, phone number id ${settings.phoneNumberId}); its webhook: ${webhooks.whatsapp}`);
    return { whatsapp: createWhatsAppProvider(settings), sms: undefined, sandbox: undefined };
  }
  if (config.messageProvider === 'twilio') {
    const settings = config.twilio!;
    app.log.info(`Messages: SMS by Twilio from ${settings.from}; the number's incoming-message webhook: ${webhooks.twilio}`);
    return { whatsapp: undefined, sms: createTwilioProvider({ ...settings, statusCallbackUrl: webhooks.twilio }), sandbox: undefined };
  }
  if (config.messageProvider === 'none') return { whatsapp: undefined, sms: undefined, sandbox: undefined };

  // Fresh secrets each start: nobody can forge the sandbox's webhooks to this server from what is written in the repository.
  const sandbox = await startMessageSandbox({
    port: config.messageSandboxPort ?? 0,
    host: config.host,
    publicHost: sandboxPublicHost(config),
    whatsapp: { phoneNumberId: '100000000000001', accessToken: secret(), appSecret: secret(), verifyToken: secret() },
    twilio: { accountSid: `AC${randomBytes(16).toString('hex')}`, authToken: secret(), from: '+18765550100' },
    whatsappWebhookUrl: webhooks.whatsapp,
    smsIncomingUrl: webhooks.twilio,
  });
  app.addHook('onClose', () => sandbox.close());
  const numbers = SANDBOX_TEST_NUMBER_LIST.map(({ number, result }) => `${number} (${result})`).join(', ');
  app.log.info(`Messages: the local message sandbox (WhatsApp and SMS, no real phone is reached); its page: ${sandbox.pageUrl}. Test numbers: ${numbers}.`);
  return { ...sandboxAdapters(sandbox, webhooks.twilio), sandbox };
}

/**
 * The REAL WhatsApp and Twilio adapters pointed at a sandbox, with its credentials (setup's sandbox
 * mode, and tests that start their own sandbox). `statusCallbackUrl`: where SMS statuses go.
 */
export function sandboxAdapters(sandbox: MessageSandbox, statusCallbackUrl?: string): { whatsapp: MessageProvider; sms: MessageProvider } {
  return {
    whatsapp: createWhatsAppProvider({ ...sandbox.whatsapp, apiUrl: `${sandbox.url}/v21.0` }),
    sms: createTwilioProvider({ ...sandbox.twilio, apiUrl: sandbox.url, statusCallbackUrl }),
  };
}

/** Puts the channels on the app (before the routes and jobs that use them). */
export async function registerMessageChannels(app: FastifyInstance): Promise<void> {
  app.decorate('messageChannels', await channelsFromConfig(app));
}
