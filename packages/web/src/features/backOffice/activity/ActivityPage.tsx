/** /owner/activity: who changed what and when, newest first; read-only, as the database keeps it. */
import type { ActivityEntry, ActivityKind } from '@rental/contract/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import toast from '../../../lib/toast';
import { callApi, errorMessage } from '../../../api/client';
import { SkeletonBlock } from '../../../components/Skeleton';
import { formatInstantWithTime } from '../../../lib/dates';
import { usePageMeta } from '../../../lib/usePageMeta';
import { StaffPageHeader } from '../StaffPageHeader';
import { describeEntry, KIND_CHOICES } from './describeEntry';

const PAGE_SIZE = 50;

function EntryItem({ entry }: { entry: ActivityEntry }) {
  const { headline, changes } = describeEntry(entry);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <p className="font-medium break-words text-slate-900">{headline}</p>
      {changes.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-sm break-words text-slate-700">
          {changes.map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-xs text-slate-500">
        <time dateTime={entry.at}>{formatInstantWithTime(entry.at)}</time>
      </p>
    </li>
  );
}

export function ActivityPage() {
  usePageMeta('History', 'Who changed bookings, cars, bank details, service blocks and customers’ checks, and when.');
  const [kind, setKind] = useState<ActivityKind | ''>('');
  const filterId = useId();
  const history = useInfiniteQuery({
    queryKey: ['owner', 'activity', kind],
    queryFn: ({ pageParam }) =>
      callApi('ownerActivity', { query: { limit: PAGE_SIZE, ...(kind ? { kind } : {}), ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

  useEffect(() => {
    if (history.error) toast.error(errorMessage(history.error));
  }, [history.error]);

  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <>
      <StaffPageHeader
        title="History"
        description="Every change to bookings, payments, cars, service blocks, bank details, company settings and customers’ driver checks: who made it, when, and what it was before. Nobody can edit it."
        action={
          <div className="flex items-center gap-2">
            <label htmlFor={filterId} className="text-sm font-medium text-slate-700">
              Show
            </label>
            <select
              id={filterId}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
              value={kind}
              onChange={(e) => setKind(KIND_CHOICES.find((choice) => choice.value === e.target.value)?.value ?? '')}
            >
              {KIND_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
        }
      />
      {history.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <span role="status" className="sr-only">
            Loading the history…
          </span>
          <SkeletonBlock className="h-16 w-full" />
          <SkeletonBlock className="h-16 w-full" />
          <SkeletonBlock className="h-16 w-full" />
        </div>
      ) : history.error && entries.length === 0 ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p>{errorMessage(history.error)}</p>
          <button type="button" className="btn-secondary" onClick={() => history.refetch()} disabled={history.isFetching}>
            Try again
          </button>
        </div>
      ) : entries.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600">No changes yet. They appear here as staff and customers make them.</p>
      ) : (
        <ol className="max-w-3xl space-y-3" aria-label="Changes, newest first">
          {entries.map((entry) => (
            <EntryItem key={entry._id} entry={entry} />
          ))}
        </ol>
      )}
      {history.hasNextPage && (
        <div className="mt-4">
          <button type="button" className="btn-secondary" disabled={history.isFetchingNextPage} onClick={() => history.fetchNextPage()}>
            {history.isFetchingNextPage ? 'Loading…' : 'Show older changes'}
          </button>
        </div>
      )}
    </>
  );
}
