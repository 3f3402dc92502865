/**
 * "Done today" on the desk (issue 32 item 10): the keys that went out and came back today, the
 * latest first, so the next shift sees what the counter did without opening each booking.
 */
import type { DoneBooking } from '@rental/contract/schemas';
import { Link } from 'react-router';
import { carLine } from './deskLists';

const clock = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Jamaica', hour: 'numeric', minute: '2-digit' });

export function DoneToday({ done }: { done: DoneBooking[] | undefined }) {
  return (
    <section aria-labelledby="desk-done">
      <h2 id="desk-done" className="mb-3 text-xl font-semibold text-slate-900">
        Done today
        {done && <span className="ml-2 text-base font-normal text-slate-600">({done.length})</span>}
      </h2>
      {!done ? null : done.length === 0 ? (
        <p className="text-slate-600">No keys have gone out or come back yet today.</p>
      ) : (
        <ul aria-label="Done today" className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {done.map((booking) => (
            <li key={`${booking._id}-${booking.done}`} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">
                  {booking.done === 'out' ? 'Keys out' : 'Keys back'} at {clock.format(new Date(booking.doneAt))} · {booking.user.name}
                </span>
                <span className="block text-sm text-slate-600">
                  {booking.reference} · {carLine(booking)}
                </span>
              </span>
              <Link to={`/owner/manage-bookings?${new URLSearchParams({ q: booking.reference })}`} className="text-sm font-medium text-primary underline">
                The booking<span className="sr-only"> {booking.reference}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
