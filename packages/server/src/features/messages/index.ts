/**
 * WhatsApp and SMS (issue 36): the provider layer. Other features and the app use these alone,
 * never the files behind them. The outbox's sender and the webhook routes build on:
 * `app.messageChannels` (registered by registerMessageChannels), the adapters' interface and
 * typed errors, and the webhook paths the providers call.
 */
export {
  E164_PATTERN,
  type E164,
  type IncomingHappening,
  type MessageChannel,
  type MessageErrorReason,
  type MessageHappening,
  type MessageProvider,
  MessageProviderError,
  type MessageState,
  type SentMessage,
  type StatusHappening,
  type TemplateMessage,
  type TextMessage,
  type WebhookRequest,
} from './provider';
export { createWhatsAppProvider, type WhatsAppOptions, whatsappSignature } from './whatsapp';
export { createTwilioProvider, type TwilioOptions, twilioSignature } from './twilio';
export { channelsFromConfig, MESSAGE_WEBHOOK_PATHS, type MessageChannels, messageWebhookUrls, registerMessageChannels, sandboxAdapters } from './setup';
export {
  type MessageSandbox,
  type MessageSandboxOptions,
  SANDBOX_TWILIO,
  SANDBOX_WHATSAPP,
  type SandboxTwilio,
  type SandboxWhatsApp,
  startMessageSandbox,
} from './sandbox/server';
export type { SandboxMessage } from './sandbox/page';
export { SANDBOX_TEST_NUMBER_LIST, SANDBOX_TEST_NUMBERS } from './sandbox/testNumbers';
