/**
 * A booking's WhatsApp and SMS messages for staff (decision 128): ours and the customer's, oldest
 * first, each with its channel and state; the customer's new ones marked, and counted as opened once
 * shown; and a box to answer them. WhatsApp takes staff's words as typed within 24 hours of the
 * customer's last WhatsApp message, and inside the company's approved message after.
 */
import { CHANNEL_MESSAGE_STATE_WORDS, STAFF_MESSAGE_MAX_CHARS } from '@rental/contract/bookingMessages';
import { CHANNEL_WORDS, type MessageChannel } from '@rental/contract/messageChannels';
import type { BookingMessage } from '@rental/contract/schemas';
import { type FormEvent, useEffect, useId, useState } from 'react';
import toast from '../../../lib/toast';
import { useLocation } from 'react-router';
import { errorMessage } from '../../../api/client';
import { SkeletonBlock } from '../../../components/Skeleton';
import { formatInstantWithTime } from '../../../lib/dates';
import { useBookingMessages, useMarkMessagesSeen, useSendBookingMessage } from './messageQueries';

function MessageItem({ message, isNew }: { message: BookingMessage; isNew: boolean }) {
  const theirs = message.direction === 'in';
  return (
    <li className={`rounded-lg p-3 ${theirs ? 'mr-8 bg-slate-100' : 'ml-8 bg-primary-light'}`}>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
        <span className="font-medium text-slate-900">{theirs ? 'Customer' : message.kind === 'staff_reply' ? 'Staff' : 'The site'}</span>
        <span>{CHANNEL_WORDS[message.channel]}</span>
        <time dateTime={message.createdAt}>{formatInstantWithTime(message.createdAt)}</time>
        {isNew && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">New</span>}
      </p>
      <p className="mt-1 break-words whitespace-pre-line text-slate-900">{message.body}</p>
      {!theirs && (
        <p className={`mt-1 text-sm ${message.state === 'failed' ? 'font-medium text-red-700' : 'text-slate-600'}`}>
          {CHANNEL_MESSAGE_STATE_WORDS[message.state]}
          {message.state === 'failed' && message.lastError ? `: ${message.lastError}` : ''}
        </p>
      )}
    </li>
  );
}

function AnswerForm({ bookingId, channels, whatsappOpenUntil }: { bookingId: string; channels: MessageChannel[]; whatsappOpenUntil: string | null }) {
  const id = useId();
  const send = useSendBookingMessage(bookingId);
  const [channel, setChannel] = useState<MessageChannel>(channels[0]!);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setProblem('Write the message.');
      return;
    }
    setProblem('');
    try {
      const answer = await send.mutateAsync({ channel, text });
      setText('');
      toast.success(answer.message);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  const hint =
    channel === 'sms'
      ? 'Sent as an SMS text, as you write it.'
      : whatsappOpenUntil
        ? `Sent as you write it: the customer wrote on WhatsApp in the last 24 hours (until ${formatInstantWithTime(whatsappOpenUntil)}).`
        : 'The customer has not written on WhatsApp in the last 24 hours, so your words go inside our approved message: “a message from us about this booking follows”.';
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-2 border-t border-slate-200 pt-4">
      {channels.length > 1 && (
        <fieldset className="flex gap-4">
          <legend className="sr-only">Send by</legend>
          {channels.map((c) => (
            <label key={c} className="flex items-center gap-2 text-slate-800">
              <input type="radio" name={`${id}-channel`} value={c} checked={channel === c} onChange={() => setChannel(c)} className="h-4 w-4 accent-primary" />
              {CHANNEL_WORDS[c]}
            </label>
          ))}
        </fieldset>
      )}
      <label htmlFor={`${id}-text`} className="block font-medium text-slate-900">
        Answer the customer{channels.length === 1 ? ` by ${CHANNEL_WORDS[channel]}` : ''}
      </label>
      <textarea
        id={`${id}-text`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={STAFF_MESSAGE_MAX_CHARS}
        rows={3}
        aria-invalid={problem !== ''}
        aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
        className="field-input w-full"
      />
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {hint}
      </p>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send'}
      </button>
    </form>
  );
}

export function BookingMessages({ bookingId }: { bookingId: string }) {
  const messages = useBookingMessages(bookingId);
  const markSeen = useMarkMessagesSeen(bookingId);
  // The customer's messages new when this page first showed them stay marked while it is open.
  const [shownNew, setShownNew] = useState<ReadonlySet<string>>(new Set());
  const unseen = messages.data?.messages.filter((m) => m.direction === 'in' && m.seenAt === null).map((m) => m._id) ?? [];
  const unseenKey = unseen.join(',');
  const { mutate } = markSeen;
  useEffect(() => {
    if (unseenKey === '') return;
    setShownNew((before) => new Set([...before, ...unseenKey.split(',')]));
    mutate();
  }, [unseenKey, mutate]);

  // Come from the desk's "waiting for an answer" (…#messages): the panel is brought into view once drawn.
  const cameForMessages = useLocation().hash === '#messages';
  const drawn = messages.isSuccess;
  useEffect(() => {
    if (cameForMessages && drawn) document.getElementById('messages-heading')?.scrollIntoView?.({ block: 'start' });
  }, [cameForMessages, drawn]);

  if (messages.isPending) return <SkeletonBlock className="h-32 w-full" />;
  if (messages.isError) {
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(messages.error)}
      </p>
    );
  }
  const { messages: list, siteChannels, customer, whatsappOpenUntil } = messages.data;
  const usable = (['whatsapp', 'sms'] as const).filter((c) => siteChannels[c] && !(c === 'whatsapp' ? customer.whatsappStopped : customer.smsStopped));
  return (
    <>
      {list.length === 0 ? (
        <p className="text-slate-600">No WhatsApp or SMS messages for this booking yet.</p>
      ) : (
        <ol className="space-y-2">
          {list.map((message) => (
            <MessageItem key={message._id} message={message} isNew={shownNew.has(message._id)} />
          ))}
        </ol>
      )}
      {!siteChannels.whatsapp && !siteChannels.sms ? (
        <p className="mt-3 text-sm text-slate-600">This site sends e-mail only: WhatsApp and SMS are not set up (MESSAGE_PROVIDER).</p>
      ) : !customer.phone ? (
        <p className="mt-3 text-sm text-slate-600">The customer has no phone number messages can go to. Call or e-mail them instead.</p>
      ) : usable.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">The customer answered STOP to our messages. Call or e-mail them instead.</p>
      ) : (
        <AnswerForm bookingId={bookingId} channels={usable} whatsappOpenUntil={whatsappOpenUntil} />
      )}
    </>
  );
}
