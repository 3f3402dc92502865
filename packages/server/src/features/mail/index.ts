/**
 * The outbox: the letters the site writes, made from what the features record (src/events), kept
 * and sent. No feature imports it (decision 103): app.ts registers its reaction, the demo too.
 */
export { KINDS_WITH_LETTERS, lettersFromEvents } from './fromEvents';
export { DEFAULT_MAIL_SETTINGS, type MailSettings } from './letters';
export { type ChannelSender, type ChannelSenderOptions, createChannelSender, startChannelSender } from './channelSender';
export { default as messageWebhookRoutes } from './webhookRoutes';
