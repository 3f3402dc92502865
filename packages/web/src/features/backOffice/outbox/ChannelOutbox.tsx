/**
 * The outbox's WhatsApp and SMS messages (decision 128): ours to the customers and theirs to us,
 * newest first, by state, channel or booking; each with its phone, what it is, its booking, its
 * state (and the provider's last refusal when it failed) and its tries. A check-in code reads
 * ••••••: the server never answers it.
 */
import { CHANNEL_MESSAGE_STATE_WORDS, CHANNEL_MESSAGE_STATES, type ChannelMessageState } from '@rental/contract/bookingMessages';
import { CHANNEL_WORDS, MESSAGE_CHANNELS, type MessageChannel } from '@rental/contract/messageChannels';
import { isOneOf } from '@rental/contract/oneOf';
import type { ChannelOutboxMessage } from '@rental/contract/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { callApi, errorMessage } from '../../../api/client';
import { SkeletonBlock } from '../../../components/Skeleton';
import { formatInstantWithTime } from '../../../lib/dates';
import { useDebouncedValue } from '../useDebouncedValue';
import { useNarrowerThan } from '../useNarrowerThan';
import { directionWords, STATE_TONE, type StateTone, stateAt, stateWords, triesWords, whatWords } from './channelWords';
import { NewerOlderPages } from './NewerOlderPages';

const TONE: Record<StateTone, string> = {
  wait: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  going: 'bg-sky-50 text-sky-800 ring-sky-600/30',
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  bad: 'bg-red-50 text-red-700 ring-red-600/30',
  theirs: 'bg-slate-100 text-slate-800 ring-slate-500/30',
};

function StateBadge({ message }: { message: ChannelOutboxMessage }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONE[STATE_TONE[message.state]]}`}>
      {CHANNEL_MESSAGE_STATE_WORDS[message.state]}
    </span>
  );
}

function BookingLink({ message }: { message: ChannelOutboxMessage }) {
  if (!message.bookingId || !message.bookingReference) return <span className="text-slate-500">No booking</span>;
  return (
    <Link to={`/owner/bookings/${message.bookingId}#messages`} className="font-mono text-primary underline">
      {message.bookingReference}
    </Link>
  );
}

function Problem({ message }: { message: ChannelOutboxMessage }) {
  if (message.state !== 'failed' || !message.lastError) return null;
  return <p className="mt-1 text-sm break-words text-red-700">Why: {message.lastError}</p>;
}

interface Filters {
  state: ChannelMessageState | '';
  channel: MessageChannel | '';
  reference: string;
}

function FilterBar({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
  const id = useId();
  return (
    <div role="search" aria-label="Find WhatsApp and SMS messages" className="mb-4 grid grid-cols-2 gap-3 md:max-w-3xl md:grid-cols-3 md:items-end">
      <div className="col-span-2 md:col-span-1">
        <label htmlFor={`${id}-reference`} className="field-label">
          Booking reference
        </label>
        <input
          id={`${id}-reference`}
          type="search"
          className="field-input"
          placeholder="WR-7K3M9Q"
          value={filters.reference}
          onChange={(e) => onChange({ ...filters, reference: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`${id}-channel`} className="field-label">
          Channel
        </label>
        <select
          id={`${id}-channel`}
          className="field-input"
          value={filters.channel}
          onChange={(e) => onChange({ ...filters, channel: isOneOf(MESSAGE_CHANNELS, e.target.value) ? e.target.value : '' })}
        >
          <option value="">Both</option>
          {MESSAGE_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {CHANNEL_WORDS[channel]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-state`} className="field-label">
          State
        </label>
        <select
          id={`${id}-state`}
          className="field-input"
          value={filters.state}
          onChange={(e) => onChange({ ...filters, state: isOneOf(CHANNEL_MESSAGE_STATES, e.target.value) ? e.target.value : '' })}
        >
          <option value="">All</option>
          {CHANNEL_MESSAGE_STATES.map((state) => (
            <option key={state} value={state}>
              {CHANNEL_MESSAGE_STATE_WORDS[state]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

export function Cards({ messages }: { messages: ChannelOutboxMessage[] }) {
  return (
    <ul className="space-y-3" aria-label="WhatsApp and SMS messages, newest first">
      {messages.map((message) => (
        <li key={message._id} className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex items-start justify-between gap-3">
            <p className="min-w-0 font-medium text-slate-900">{directionWords(message)}</p>
            <StateBadge message={message} />
          </div>
          <p className="mt-1 text-sm text-slate-700">
            {whatWords(message)} · {message.direction === 'in' ? 'From' : 'To'} {message.phone}
          </p>
          <p className="mt-1 line-clamp-3 text-sm break-words text-slate-800">{message.body}</p>
          <p className="mt-1 text-sm text-slate-600">
            <BookingLink message={message} /> · Written {formatInstantWithTime(message.createdAt)}
          </p>
          {message.direction === 'out' && (
            <p className="text-sm text-slate-600">
              {stateWords(message)} · {triesWords(message)}
            </p>
          )}
          <Problem message={message} />
        </li>
      ))}
    </ul>
  );
}

export function Table({ messages }: { messages: ChannelOutboxMessage[] }) {
  const head = ['Written', 'Channel', 'Phone', 'Message', 'Booking', 'State', 'Tries'];
  return (
    <div className="relative max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">WhatsApp and SMS messages, newest first</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            {head.map((words) => (
              <th key={words} scope="col" className="px-3 py-3 font-medium">
                {words}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {messages.map((message) => (
            <tr key={message._id} className="align-top">
              <td className="px-3 py-3 text-slate-700">{formatInstantWithTime(message.createdAt)}</td>
              <td className="px-3 py-3 text-slate-700">
                <p className="whitespace-nowrap">{CHANNEL_WORDS[message.channel]}</p>
                <p className="text-xs whitespace-nowrap text-slate-500">{message.direction === 'in' ? 'From the customer' : 'To the customer'}</p>
              </td>
              <td className="px-3 py-3 whitespace-nowrap text-slate-700">{message.phone}</td>
              <td className="max-w-sm min-w-48 px-3 py-3">
                <p className="font-medium text-slate-900">{whatWords(message)}</p>
                <p className="line-clamp-2 break-words text-slate-600">{message.body}</p>
              </td>
              <td className="px-3 py-3 whitespace-nowrap">
                <BookingLink message={message} />
              </td>
              <td className="max-w-56 px-3 py-3">
                <StateBadge message={message} />
                {stateAt(message) && <p className="mt-1 text-xs text-slate-500">{stateAt(message)}</p>}
                <Problem message={message} />
              </td>
              <td className="px-3 py-3 text-slate-700">{message.direction === 'in' ? '' : message.attempts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ChannelOutbox() {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Filters>({ state: '', channel: '', reference: '' });
  const reference = useDebouncedValue(filters.reference.trim(), 400);
  const query = {
    page: String(page),
    ...(filters.state && { state: filters.state }),
    ...(filters.channel && { channel: filters.channel }),
    ...(reference && { reference }),
  };
  const outbox = useQuery({
    queryKey: ['owner', 'outbox', 'messages', query],
    queryFn: ({ signal }) => callApi('channelOutbox', { query, signal }),
    placeholderData: keepPreviousData,
    // Messages go out and are delivered within seconds: keep the list current while it is open.
    refetchInterval: 10_000,
  });
  const asCards = useNarrowerThan('lg');
  const data = outbox.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = Boolean(filters.state || filters.channel || reference);
  const change = (next: Filters) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <>
      <FilterBar filters={filters} onChange={change} />
      {data && !data.siteChannels.whatsapp && !data.siteChannels.sms && (
        <p role="note" className="mb-4 max-w-3xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          This site sends e-mail only: WhatsApp and SMS are not set up (MESSAGE_PROVIDER), so no message goes by them.
        </p>
      )}
      {outbox.isError && (
        <p role="alert" className="mb-4 max-w-3xl rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
          {errorMessage(outbox.error)}
        </p>
      )}
      {outbox.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <SkeletonBlock className="h-16 w-full" />
          <SkeletonBlock className="h-16 w-full" />
        </div>
      ) : !data || data.messages.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600">
          {filtered
            ? 'No WhatsApp or SMS message matches these choices.'
            : 'No WhatsApp or SMS messages yet. They appear here as the site sends them and as customers answer.'}
        </p>
      ) : asCards ? (
        <Cards messages={data.messages} />
      ) : (
        <Table messages={data.messages} />
      )}
      {data && <NewerOlderPages label="Message pages" page={page} pages={pages} setPage={setPage} />}
    </>
  );
}
