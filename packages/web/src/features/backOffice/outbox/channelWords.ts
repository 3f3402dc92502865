/** Pure words of the WhatsApp and SMS outbox (ChannelOutbox.tsx). */
import { CHANNEL_MESSAGE_STATE_WORDS, type ChannelMessageState } from '@rental/contract/bookingMessages';
import { CHANNEL_WORDS } from '@rental/contract/messageChannels';
import type { ChannelOutboxMessage } from '@rental/contract/schemas';
import { formatInstantWithTime } from '../../../lib/dates';
import { kindWords } from './messageView';

/** "WhatsApp to the customer", "SMS text from the customer". */
export function directionWords(message: Pick<ChannelOutboxMessage, 'channel' | 'direction'>): string {
  return `${CHANNEL_WORDS[message.channel]} ${message.direction === 'in' ? 'from' : 'to'} the customer`;
}

/** What the message is: the letter it stands for, staff's answer, or the customer's own. */
export function whatWords(message: Pick<ChannelOutboxMessage, 'kind' | 'direction'>): string {
  if (message.direction === 'in') return 'Their message';
  if (message.kind === 'staff_reply') return 'Staff’s answer';
  return kindWords(message.kind);
}

export type StateTone = 'wait' | 'going' | 'good' | 'bad' | 'theirs';

export const STATE_TONE: Record<ChannelMessageState, StateTone> = {
  queued: 'wait',
  sending: 'going',
  sent: 'good',
  delivered: 'good',
  read: 'good',
  failed: 'bad',
  received: 'theirs',
};

/** When the message came to its state (sent, delivered, read, failed); null for one waiting or the customer's own. */
export function stateAt(message: ChannelOutboxMessage): string | null {
  const at: Partial<Record<ChannelMessageState, string | null>> = {
    sent: message.sentAt,
    delivered: message.deliveredAt,
    read: message.readAt,
    failed: message.failedAt,
  };
  const when = at[message.state];
  return when ? formatInstantWithTime(when) : null;
}

/** The state in words, with when it came to be ("Delivered Sun 29 Nov 2026, 10:02 am"). */
export function stateWords(message: ChannelOutboxMessage): string {
  const when = stateAt(message);
  return when ? `${CHANNEL_MESSAGE_STATE_WORDS[message.state]} ${when}` : CHANNEL_MESSAGE_STATE_WORDS[message.state];
}

/** "1 try", "3 tries"; nothing for the customer's own. */
export function triesWords(message: Pick<ChannelOutboxMessage, 'attempts' | 'direction'>): string {
  if (message.direction === 'in') return '';
  return message.attempts === 1 ? '1 try' : `${message.attempts} tries`;
}
