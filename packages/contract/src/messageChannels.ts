/**
 * How the company reaches a customer (issue 36): e-mail always, and WhatsApp and SMS text messages
 * when the customer chooses them and has a phone number we understand (phoneNumber.ts). A "STOP"
 * answered to a message turns that channel off at once; the customer turns it on again on their
 * account page (or answers "START").
 */

/** The channels a customer chooses; e-mail is not one: it is always on. */
export const MESSAGE_CHANNELS = ['whatsapp', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * Why a channel is off when it was on: `stop_reply`, the customer answered STOP to a message;
 * `customer_choice`, the customer turned it off on the site (account page or booking form).
 */
export const CHANNEL_STOPS = ['stop_reply', 'customer_choice'] as const;
export type ChannelStop = (typeof CHANNEL_STOPS)[number];

export const CHANNEL_WORDS: Record<MessageChannel, string> = { whatsapp: 'WhatsApp', sms: 'SMS text' };

export const MESSAGE_CHANNEL_REFUSALS = {
  channel_needs_phone: 'To get WhatsApp or text messages, please give your phone number first.',
  channel_phone_not_understood:
    'We cannot send WhatsApp or text messages to this phone number: we cannot tell which country it is in. Please write it with + and the country code, such as +44 20 7946 0018.',
  webhook_not_signed: "This call does not carry the message provider's valid signature, so nothing was changed.",
  webhook_channel_off: 'This site does not take messages from this provider now (see MESSAGE_PROVIDER).',
} as const;
