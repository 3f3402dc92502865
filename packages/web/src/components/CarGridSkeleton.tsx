/**
 * The car list's placeholders, apart from Skeleton.tsx: that module is in the entry script every page
 * downloads first, and only the home page and /cars show a grid of cars loading.
 */
import { SkeletonBlock } from './Skeleton';

export function CarCardSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <SkeletonBlock className="aspect-[16/10] w-full rounded-none" />
      <div className="space-y-3 p-4">
        <SkeletonBlock className="h-5 w-2/3" />
        <SkeletonBlock className="h-4 w-1/3" />
        <div className="grid grid-cols-2 gap-2">
          <SkeletonBlock className="h-4" />
          <SkeletonBlock className="h-4" />
          <SkeletonBlock className="h-4" />
          <SkeletonBlock className="h-4" />
        </div>
        <SkeletonBlock className="h-10 w-full" />
      </div>
    </div>
  );
}

export function CarGridSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: count }, (_, i) => (
          // placeholders have no identity
          <CarCardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}
