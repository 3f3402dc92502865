/** A booking's history for staff: each event in the contract's words (companyEvents.ts), its detail, who and when; newest last, as it happened. */
import { BOOKING_EVENT_WORDS, bookingEventDetail } from '@rental/contract/companyEvents';
import { errorMessage } from '../../../api/client';
import { SkeletonBlock } from '../../../components/Skeleton';
import { formatInstantWithTime } from '../../../lib/dates';
import { useBookingHistory } from './historyQueries';

export function BookingHistory({ bookingId }: { bookingId: string }) {
  const history = useBookingHistory(bookingId);
  if (history.isPending) return <SkeletonBlock className="h-32 w-full" />;
  if (history.isError) {
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(history.error)}
      </p>
    );
  }
  const { history: events, currency } = history.data;
  if (events.length === 0) return <p className="text-slate-600">Nothing has been recorded for this booking yet.</p>;
  return (
    <ol className="space-y-3">
      {events.map((event) => {
        const detail = bookingEventDetail(event.kind, event.data, currency);
        return (
          <li key={event.id} className="border-l-2 border-slate-200 pl-3">
            <p className="font-medium text-slate-900">{BOOKING_EVENT_WORDS[event.kind]}</p>
            {detail && <p className="text-slate-700">{detail}</p>}
            <p className="text-sm text-slate-600">
              <time dateTime={event.at}>{formatInstantWithTime(event.at)}</time>
              {' · '}
              {event.by ?? 'the site'}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
