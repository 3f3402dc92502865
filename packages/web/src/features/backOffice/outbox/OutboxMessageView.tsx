/**
 * One message of the outbox, opened: the e-mail as its recipient sees it (its HTML in a sandboxed
 * frame that runs nothing), its plain text, its links to copy, the PDF it carries, and "Send by
 * WhatsApp" for a customer with a phone (the text filled in; staff press send in WhatsApp).
 */
import { pathFor } from '@rental/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Copy, Download, MessageCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import toast from '../../../lib/toast';
import { callApi, errorMessage } from '../../../api/client';
import { SkeletonBlock } from '../../../components/Skeleton';
import { formatInstantWithTime } from '../../../lib/dates';
import { useCounterFileUrl } from '../counter/checkOut/counterFile';
import { useStaffMay } from '../useStaffMay';
import { frameDocument, kindWords, sizeWords } from './messageView';
import { OneTimeLink } from './OneTimeLink';

async function copy(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    toast.success('Link copied.');
  } catch {
    toast.error('This browser would not copy it: select the link and copy it by hand.');
  }
}

function Attachment({ id, filename, size }: { id: string; filename: string; size: number }) {
  // Fetched with the staff member's session; a link to the ready file then opens at once.
  const file = useCounterFileUrl(pathFor('outboxAttachment', { id }));
  if (file.problem) return <p className="text-sm text-red-800">{errorMessage(file.problem)}</p>;
  if (!file.url) return <p className="text-sm text-slate-600">Preparing {filename}…</p>;
  return (
    <a href={file.url} download={filename} className="btn-secondary inline-flex min-h-11 items-center gap-2">
      <Download aria-hidden="true" size={16} />
      {filename} ({sizeWords(size)})
    </a>
  );
}

export function OutboxMessageView({ id, onClose }: { id: string; onClose: () => void }) {
  const message = useQuery({ queryKey: ['owner', 'outbox', 'message', id], queryFn: () => callApi('outboxMessage', { params: { id } }) });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [message.data]);
  const data = message.data?.outboxMessage;
  // A customer's one-time link is for owners and managers to pass on (the API refuses agents).
  const mayCopyLink = useStaffMay('manager');

  return (
    <section aria-labelledby="outbox-message-heading" className="space-y-4">
      <button type="button" className="btn-secondary inline-flex min-h-11 items-center gap-2" onClick={onClose}>
        <ArrowLeft aria-hidden="true" size={16} />
        Back to the outbox
      </button>
      {message.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <SkeletonBlock className="h-10 w-2/3" />
          <SkeletonBlock className="h-64 w-full" />
        </div>
      ) : !data ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          {errorMessage(message.error)}
        </p>
      ) : (
        <>
          <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
            <h2 id="outbox-message-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold break-words text-slate-900 outline-none">
              {data.subject}
            </h2>
            <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-slate-500">To</dt>
              <dd className="break-all text-slate-900">{data.recipient}</dd>
              <dt className="text-slate-500">Written</dt>
              <dd className="text-slate-900">{formatInstantWithTime(data.createdAt)}</dd>
              <dt className="text-slate-500">Kind</dt>
              <dd className="text-slate-900">{kindWords(data.kind)}</dd>
              {data.bookingReference && (
                <>
                  <dt className="text-slate-500">Booking</dt>
                  <dd className="font-mono text-slate-900">{data.bookingReference}</dd>
                </>
              )}
            </dl>
            {(data.whatsApp || data.attachment) && (
              <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
                {data.whatsApp && (
                  <a href={data.whatsApp} target="_blank" rel="noopener noreferrer" className="btn-primary inline-flex min-h-11 items-center gap-2">
                    <MessageCircle aria-hidden="true" size={16} />
                    Send by WhatsApp
                  </a>
                )}
                {data.attachment &&
                  (data.attachment.available ? (
                    <Attachment id={data._id} filename={data.attachment.filename} size={data.attachment.size} />
                  ) : (
                    <p className="text-sm text-red-800">{data.attachment.filename} is not there yet: it is attached when the e-mail goes.</p>
                  ))}
              </div>
            )}
          </div>

          {data.copyLink && mayCopyLink && <OneTimeLink id={data._id} />}

          {data.links.length > 0 && (
            <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
              <h3 className="font-semibold text-slate-900">Links in this message</h3>
              <ul className="mt-2 divide-y divide-slate-100">
                {data.links.map((link) => (
                  <li key={link} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
                    <span className="min-w-0 font-mono text-sm break-all text-slate-700">{link}</span>
                    <button type="button" className="btn-secondary inline-flex min-h-11 shrink-0 items-center gap-2 self-start" onClick={() => void copy(link)}>
                      <Copy aria-hidden="true" size={16} />
                      Copy<span className="sr-only"> {link}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}

          <div className="rounded-xl border border-slate-200 bg-white p-2 sm:p-4">
            <h3 className="px-2 pb-2 font-semibold text-slate-900">As the recipient sees it</h3>
            {/* No allow-scripts: nothing in a message can run; links open in a new tab (frameDocument). */}
            <iframe
              title={`The e-mail “${data.subject}” as its recipient sees it`}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              srcDoc={frameDocument(data.html)}
              className="h-[28rem] w-full rounded-lg border border-slate-200 bg-white"
            />
          </div>

          <details className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
            <summary className="cursor-pointer font-semibold text-slate-900">The plain text</summary>
            <pre className="mt-3 font-sans text-sm break-words whitespace-pre-wrap text-slate-800">{data.text}</pre>
          </details>
        </>
      )}
    </section>
  );
}
