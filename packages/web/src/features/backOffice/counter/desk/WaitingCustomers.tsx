/**
 * The desk's "Customers waiting for an answer": the bookings whose customer wrote by WhatsApp or
 * SMS and no staff member has opened it yet, newest first, each with how many messages wait and a
 * link to the booking's messages, where opening them takes the booking off this list.
 */
import type { UnreadMessagesResponse } from '@rental/contract/schemas';
import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { formatInstantWithTime } from '../../../../lib/dates';
import { messagesLink, newMessagesText } from '../../messages/unreadQueries';

/** The count as a badge; its words for a screen reader. */
export function NewMessagesBadge({ count }: { count: number }) {
  return (
    <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-amber-500 px-2 py-0.5 text-sm font-semibold text-white">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{newMessagesText(count)}</span>
    </span>
  );
}

export function WaitingCustomers({ waiting }: { waiting: UnreadMessagesResponse | undefined }) {
  // Nothing to say while no one waits (or the read failed): the desk stays about the cars.
  if (!waiting || waiting.bookings.length === 0) return null;
  const more = waiting.total - waiting.bookings.length;
  return (
    <section aria-labelledby="desk-waiting" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="desk-waiting" className="text-xl font-semibold text-slate-900">
        <MessageCircle aria-hidden="true" size={22} className="mr-2 inline-block align-[-4px] text-amber-700" />
        Customers waiting for an answer
        <span className="ml-2 text-base font-normal text-slate-600">({waiting.total})</span>
      </h2>
      <ul className="mt-3 space-y-2" aria-label="Customers waiting for an answer">
        {waiting.bookings.map((booking) => (
          <li key={booking.bookingId}>
            <Link
              to={messagesLink(booking.bookingId)}
              className="flex items-start gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-amber-200 hover:ring-amber-400"
            >
              <NewMessagesBadge count={booking.unread} />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-medium text-slate-900">{booking.customerName}</span>
                  <span className="font-mono text-sm text-primary underline">{booking.reference}</span>
                  <time dateTime={booking.lastAt} className="text-sm text-slate-600">
                    {formatInstantWithTime(booking.lastAt)}
                  </time>
                </span>
                <span className="mt-0.5 block break-words text-slate-700">“{booking.lastWords}”</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {more > 0 && <p className="mt-2 text-sm text-slate-700">{more} more customers are waiting too: they show here as these are answered.</p>}
    </section>
  );
}
