/**
 * /owner/outbox: every e-mail the site has written, newest first (a message that could not be sent
 * can be sent again); and, a switch away (?show=messages), its WhatsApp and SMS messages and the
 * customers' own.
 */
import type { OutboxMessage, OutboxStatus } from '@rental/contract/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail, RotateCw } from 'lucide-react';
import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import toast from '../../lib/toast';
import { callApi, errorMessage } from '../../api/client';
import { SkeletonBlock } from '../../components/Skeleton';
import { formatInstantWithTime } from '../../lib/dates';
import { usePageMeta } from '../../lib/usePageMeta';
import { ChannelOutbox } from './outbox/ChannelOutbox';
import { OutboxMessageView } from './outbox/OutboxMessageView';
import { StaffPageHeader } from './StaffPageHeader';
import { useNarrowerThan } from './useNarrowerThan';
import { NewerOlderPages } from './outbox/NewerOlderPages';

const outboxKey = (page: number) => ['owner', 'outbox', page] as const;

const STATUS: Record<OutboxStatus, { label: string; style: string }> = {
  pending: { label: 'Waiting', style: 'bg-amber-50 text-amber-800 ring-amber-600/30' },
  sending: { label: 'Sending', style: 'bg-sky-50 text-sky-800 ring-sky-600/30' },
  sent: { label: 'Sent', style: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30' },
  failed: { label: 'Not sent', style: 'bg-red-50 text-red-700 ring-red-600/30' },
};

function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  const { label, style } = STATUS[status];
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${style}`}>{label}</span>;
}

function when(message: OutboxMessage): string {
  if (message.status === 'sent' && message.sentAt) return `Sent ${formatInstantWithTime(message.sentAt)}`;
  if (message.status === 'pending' && message.attempts > 0 && message.nextAttemptAt) return `Next try ${formatInstantWithTime(message.nextAttemptAt)}`;
  return '';
}

function attemptsText(attempts: number): string {
  return attempts === 1 ? '1 try' : `${attempts} tries`;
}

function OpenButton({ message, onOpen }: { message: OutboxMessage; onOpen: (id: string) => void }) {
  return (
    <button type="button" className="btn-secondary inline-flex min-h-11 items-center gap-2 whitespace-nowrap" onClick={() => onOpen(message._id)}>
      <Mail aria-hidden="true" size={16} />
      Open<span className="sr-only"> {message.subject}</span>
    </button>
  );
}

function ResendButton({ message }: { message: OutboxMessage }) {
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => callApi('resendMessage', { body: { messageId: message._id } }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: ['owner', 'outbox'] });
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
  });
  if (message.status !== 'failed') return null;
  return (
    <button
      type="button"
      className="btn-secondary inline-flex items-center gap-2 whitespace-nowrap"
      disabled={resend.isPending}
      onClick={() => resend.mutate()}
    >
      <RotateCw aria-hidden="true" size={16} />
      {resend.isPending ? 'Sending…' : 'Send again'}
      <span className="sr-only"> to {message.recipient}</span>
    </button>
  );
}

const VIEWS = [
  { show: null, label: 'E-mails' },
  { show: 'messages', label: 'WhatsApp and SMS' },
] as const;

/** E-mails, or WhatsApp and SMS: two buttons, the one shown pressed; kept in the address so back and a shared link keep it. */
function ViewSwitch({ show, onShow }: { show: 'messages' | null; onShow: (show: 'messages' | null) => void }) {
  return (
    <div role="group" aria-label="Show" className="mb-4 inline-flex rounded-lg border border-slate-300 bg-white p-1">
      {VIEWS.map((view) => (
        <button
          key={view.label}
          type="button"
          aria-pressed={show === view.show}
          onClick={() => onShow(view.show)}
          className={`min-h-11 rounded-md px-4 font-medium ${show === view.show ? 'bg-primary text-white' : 'text-slate-700 hover:bg-slate-100'}`}
        >
          {view.label}
        </button>
      ))}
    </div>
  );
}

export function OutboxPage() {
  usePageMeta('Outbox', 'The e-mails, WhatsApp and SMS messages the site has sent to customers and staff.');
  const [params, setParams] = useSearchParams();
  const show = params.get('show') === 'messages' ? 'messages' : null;
  // The message opened, in place of the list; back returns to the same page of the list.
  const [opened, setOpened] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  if (opened) return <OutboxMessageView id={opened} onClose={() => setOpened(null)} />;
  return (
    <>
      <StaffPageHeader
        title="Outbox"
        description={
          show === 'messages'
            ? 'Every WhatsApp and SMS message the site sends, and the customers’ own, newest first: to whom, about which booking, and whether it arrived. A check-in code is never shown.'
            : 'Every e-mail the site writes: booking confirmations, reminders, alerts to staff, bank detail warnings and password links. Open one to read it as its recipient does, copy its links or send it by WhatsApp; one that could not be sent can be sent again. Messages to staff members are shown to owners only.'
        }
      />
      <ViewSwitch show={show} onShow={(next) => setParams(next ? { show: next } : {}, { replace: true })} />
      {show === 'messages' ? <ChannelOutbox /> : <EmailOutbox page={page} setPage={setPage} onOpen={setOpened} />}
    </>
  );
}

function EmailOutbox({ page, setPage, onOpen }: { page: number; setPage: Dispatch<SetStateAction<number>>; onOpen: (id: string) => void }) {
  const outbox = useQuery({
    queryKey: outboxKey(page),
    queryFn: () => callApi('ownerOutbox', { query: { page: String(page) } }),
    placeholderData: keepPreviousData,
    // Waiting messages go out within seconds: keep the list current while it is open.
    refetchInterval: 10_000,
  });
  const asCards = useNarrowerThan('lg');

  useEffect(() => {
    if (outbox.error) toast.error(errorMessage(outbox.error));
  }, [outbox.error]);

  const data = outbox.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const messages = data?.messages;
  const empty = outbox.error
    ? errorMessage(outbox.error)
    : 'No e-mails yet. Booking confirmations, staff alerts and password links appear here as the site writes them.';

  return (
    <>
      {data && !data.mailEnabled && (
        <p role="note" className="mb-4 max-w-3xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          E-mail is off on this server: no mail server is set up, so messages wait here and none is sent. Ask whoever runs the site to set the mail server
          address (SMTP_URL).
        </p>
      )}
      {outbox.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <SkeletonBlock className="h-16 w-full" />
          <SkeletonBlock className="h-16 w-full" />
          <SkeletonBlock className="h-16 w-full" />
        </div>
      ) : !messages || messages.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600">{empty}</p>
      ) : asCards ? (
        <ul className="space-y-3" aria-label="E-mails, newest first">
          {messages.map((message) => (
            <li key={message._id} className="rounded-xl border border-slate-200 bg-white p-4">
              <div className="flex items-start justify-between gap-3">
                <p className="min-w-0 font-medium break-words text-slate-900">{message.subject}</p>
                <OutboxStatusBadge status={message.status} />
              </div>
              <p className="mt-1 text-sm break-all text-slate-700">To {message.recipient}</p>
              <p className="mt-1 text-sm text-slate-600">
                Written {formatInstantWithTime(message.createdAt)} · {attemptsText(message.attempts)}
              </p>
              {when(message) && <p className="text-sm text-slate-600">{when(message)}</p>}
              {message.lastError && message.status !== 'sent' && <p className="mt-2 text-sm break-words text-red-700">Last problem: {message.lastError}</p>}
              <div className="mt-3 flex flex-wrap gap-2">
                <OpenButton message={message} onOpen={onOpen} />
                <ResendButton message={message} />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="relative max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">E-mails, newest first</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Subject and recipient
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Written
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Tries
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Last problem
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {messages.map((message) => (
                <tr key={message._id} className="align-top">
                  <td className="max-w-md min-w-64 px-4 py-3">
                    <p className="font-medium break-words text-slate-900">{message.subject}</p>
                    <p className="break-words text-slate-600">{message.recipient}</p>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                    {formatInstantWithTime(message.createdAt)}
                    {when(message) && <p className="text-xs text-slate-500">{when(message)}</p>}
                  </td>
                  <td className="px-4 py-3">
                    <OutboxStatusBadge status={message.status} />
                  </td>
                  <td className="px-4 py-3 text-slate-700">{message.attempts}</td>
                  <td className="max-w-xs px-4 py-3 break-words text-slate-700">{message.status !== 'sent' ? (message.lastError ?? '') : ''}</td>
                  <td className="px-4 py-3 text-right">
                    <div className="flex justify-end gap-2">
                      <OpenButton message={message} onOpen={onOpen} />
                      <ResendButton message={message} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <NewerOlderPages label="Outbox pages" page={page} pages={pages} setPage={setPage} />}
    </>
  );
}
