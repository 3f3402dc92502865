/** A booking's WhatsApp and SMS messages (decision 128): the words staff and the screens share. */
export const CHANNEL_MESSAGE_STATES = ['queued', 'sending', 'sent', 'delivered', 'read', 'failed', 'received'] as const;
export type ChannelMessageState = (typeof CHANNEL_MESSAGE_STATES)[number];

/** A staff member's message: short enough for a WhatsApp template's parameter and a few SMS. */
export const STAFF_MESSAGE_MAX_CHARS = 600;

/** WhatsApp's customer service window: free text within it, a template outside. */
export const WHATSAPP_WINDOW_HOURS = 24;

/** The desk lists this many bookings whose customer waits for an answer, newest first. */
export const UNREAD_BOOKINGS_SHOWN = 50;

/** Each state in plain words, for the staff's list. */
export const CHANNEL_MESSAGE_STATE_WORDS: Record<ChannelMessageState, string> = {
  queued: 'Waiting to be sent',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Not delivered',
  received: 'From the customer',
};

export const BOOKING_MESSAGE_WORDS = {
  sent: 'Your message is on its way.',
} as const;

export const BOOKING_MESSAGE_REFUSALS = {
  message_channel_off: 'This site does not send messages by that channel. Choose another, or call the customer.',
  message_customer_no_phone: 'We have no phone number for this customer that messages can go to. Please call them or e-mail them instead.',
  message_customer_stopped: 'The customer answered STOP to our messages on this channel, so we cannot write to them there. Please use another way.',
} as const;
