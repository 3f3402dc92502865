/**
 * A staff list read by one query, in its four states: loading (skeletons, announced), failed (the
 * reason and Try again), empty (a sentence), and the items. The pages that list cards of one kind
 * (driver checks, card payments) say only what differs.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/client';
import { SkeletonBlock } from '../../components/Skeleton';

export function QueryList<T>({
  query,
  items,
  label,
  loadingText,
  emptyText,
  skeletonClassName,
  children,
}: {
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'isFetching' | 'refetch'>;
  items: readonly T[] | undefined;
  /** The list's accessible name ("Card payments"). */
  label: string;
  loadingText: string;
  emptyText: string;
  /** The height of a card's skeleton ("h-40 w-full"). */
  skeletonClassName: string;
  children: (item: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div aria-busy="true" className="space-y-3">
        <span role="status" className="sr-only">
          {loadingText}
        </span>
        {[0, 1].map((i) => (
          <SkeletonBlock key={i} className={skeletonClassName} />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
        <p>{errorMessage(query.error)}</p>
        <button type="button" className="btn-secondary min-h-11" onClick={() => query.refetch()} disabled={query.isFetching}>
          Try again
        </button>
      </div>
    );
  }
  if (!items || items.length === 0) return <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600">{emptyText}</p>;
  return (
    <ul aria-label={label} className="space-y-4">
      {items.map(children)}
    </ul>
  );
}
