/**
 * "How we reach you" on My Account (issue 36): e-mail always, WhatsApp and SMS text messages when
 * chosen, to the phone as we read it. A channel the customer stopped by answering STOP says so, and
 * ticking it again (then Save) turns it back on.
 */
import { CHANNEL_WORDS, type MessageChannel } from '@rental/contract/messageChannels';
import { readPhone, showPhone } from '@rental/contract/phoneNumber';
import type { ChannelChoice } from '@rental/contract/schemas';
import { Check } from 'lucide-react';
import { formatInstant } from '../../lib/dates';

/** The phone as we read it, for the hint under the phone field: what messages go to, or why none can. */
export function phoneReadingHint(typed: string): string {
  const reading = readPhone(typed);
  if (reading.kind === 'understood') return `We read it as ${showPhone(reading.e164)}. We call or message you on it about your bookings.`;
  if (reading.kind === 'unsure') return `We keep it as you typed it and can call it. ${reading.why}`;
  return 'We call or message you on it about your bookings.';
}

/** Said under a channel the customer stopped with a STOP reply, while it is still off. */
export function stoppedByReply(channel: MessageChannel, stopped: ChannelChoice['stopped'] | undefined): string | null {
  if (stopped?.by !== 'stop_reply') return null;
  return `You answered STOP to our ${CHANNEL_WORDS[channel]} messages on ${formatInstant(stopped.at)}, so we stopped sending them. Tick it and save to get them again.`;
}

export function MessageChoices({
  idBase,
  email,
  phone,
  values,
  saved,
  error,
  onChange,
}: {
  idBase: string;
  email: string;
  /** As typed in the form now. */
  phone: string;
  values: Record<MessageChannel, boolean>;
  /** As saved: whether a STOP ended a channel. */
  saved: Partial<Record<MessageChannel, ChannelChoice>> | undefined;
  error?: string;
  onChange: (values: Record<MessageChannel, boolean>) => void;
}) {
  const reading = readPhone(phone);
  const where =
    reading.kind === 'understood'
      ? `WhatsApp and text messages go to ${showPhone(reading.e164)}.`
      : reading.kind === 'none'
        ? 'Give your phone number above to get WhatsApp or text messages.'
        : 'WhatsApp and text messages need a phone number we can read: see above.';
  const rows: { channel: MessageChannel; label: string }[] = [
    { channel: 'whatsapp', label: 'WhatsApp' },
    { channel: 'sms', label: 'SMS text messages' },
  ];
  return (
    <fieldset aria-describedby={`${idBase}-where${error ? ` ${idBase}-error` : ''}`} className="space-y-3">
      <legend className="field-label">How we reach you</legend>
      <p className="flex items-center gap-3 text-slate-800">
        <Check aria-hidden="true" size={20} className="shrink-0 text-green-700" />
        <span>{email ? 'E-mail, always, to the address above' : 'E-mail, always, once we have your address'}</span>
      </p>
      {rows.map(({ channel, label }, n) => {
        const stopped = values[channel] ? null : stoppedByReply(channel, saved?.[channel]?.stopped);
        const id = n === 0 ? `${idBase}-channels` : `${idBase}-${channel}`;
        return (
          <div key={channel}>
            <label htmlFor={id} className="flex items-center gap-3 text-slate-800">
              <input
                id={id}
                type="checkbox"
                className="h-5 w-5 shrink-0 accent-primary"
                checked={values[channel]}
                aria-invalid={error ? true : undefined}
                aria-describedby={stopped ? `${id}-stopped` : undefined}
                onChange={(e) => onChange({ ...values, [channel]: e.target.checked })}
              />
              {label}
            </label>
            {stopped && (
              <p id={`${id}-stopped`} className="mt-1 ml-8 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
                {stopped}
              </p>
            )}
          </div>
        );
      })}
      <p id={`${idBase}-where`} className="text-sm text-slate-600">
        {where} Answer STOP to any of them to end them.
      </p>
      {error && (
        <p id={`${idBase}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
