/**
 * The desk (/owner/desk): today's work at the counter on one screen, made for a phone first.
 * Customers waiting for an answer to their WhatsApp or SMS message come first while there are any,
 * then cars overdue while there are any, then today's pickups (check out, or mark a no-show) and
 * returns (check in), and last what the counter has done today. A booking's card shows its
 * customer's new messages too.
 */
import { useState } from 'react';
import { formatCalendarDate } from '../../../../lib/dates';
import { usePageMeta } from '../../../../lib/usePageMeta';
import { StaffPageHeader } from '../../StaffPageHeader';
import { NewBookingButton } from '../../newBooking/NewBookingButton';
import { QueryList } from '../../QueryList';
import { DeskCard } from './DeskCard';
import { DoneToday } from './DoneToday';
import { deskLists } from './deskLists';
import { useDesk } from './deskQueries';
import { useUnreadMessages } from '../../messages/unreadQueries';
import { WaitingCustomers } from './WaitingCustomers';

export function DeskPage() {
  usePageMeta('The desk', "Today's pickups and returns at the counter, and cars overdue.");
  const desk = useDesk();
  const waiting = useUnreadMessages();
  const unreadOf = new Map(waiting.data?.bookings.map((b) => [b.bookingId, b.unread]));
  const [said, setSaid] = useState('');
  const lists = deskLists(desk.data ?? { pickups: [], returns: [], overdue: [] });
  // A failed read is said once, above the lists; a failed re-read leaves the last answer shown.
  const listQuery = { isPending: desk.isPending, isError: false, error: null, isFetching: desk.isFetching, refetch: desk.refetch };

  return (
    <div className="mx-auto max-w-3xl">
      <StaffPageHeader
        title="The desk"
        description={desk.data ? `${formatCalendarDate(desk.data.today)}: keys out, keys back, and cars overdue.` : 'Keys out, keys back, and cars overdue.'}
        action={<NewBookingButton />}
      />
      <p role="status" className={said ? 'mb-4 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900' : 'sr-only'}>
        {said}
      </p>
      {desk.isError && !desk.data ? (
        <QueryList query={desk} items={undefined} label="The desk" loadingText="" emptyText="" skeletonClassName="">
          {() => null}
        </QueryList>
      ) : (
        <div className="space-y-8">
          <WaitingCustomers waiting={waiting.data} />
          {lists.map((list) => {
            const headingId = `desk-${list.kind}`;
            const late = list.kind === 'overdue' && list.bookings.length > 0;
            return (
              <section key={list.kind} aria-labelledby={headingId}>
                <h2 id={headingId} className={`mb-3 text-xl font-semibold ${late ? 'text-red-700' : 'text-slate-900'}`}>
                  {list.title}
                  {desk.data && <span className="ml-2 text-base font-normal text-slate-600">({list.bookings.length})</span>}
                </h2>
                <QueryList
                  query={listQuery}
                  items={desk.data ? list.bookings : undefined}
                  label={list.title}
                  loadingText="Loading the desk…"
                  emptyText={list.emptyText}
                  skeletonClassName="h-48 w-full"
                >
                  {(booking) => <DeskCard key={booking._id} booking={booking} kind={list.kind} unread={unreadOf.get(booking._id) ?? 0} onNoShow={setSaid} />}
                </QueryList>
              </section>
            );
          })}
          <DoneToday done={desk.data?.doneToday} />
        </div>
      )}
    </div>
  );
}
