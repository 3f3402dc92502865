import { SkeletonBlock } from '../../components/Skeleton';

/** The staff area's shape while the session is checked, so nothing jumps when it appears. */
export function StaffLoading() {
  return (
    <div role="status" aria-live="polite" className="min-h-dvh bg-slate-50">
      <span className="sr-only">Checking your account…</span>
      <div className="h-16 border-b border-slate-200 bg-white" />
      <div className="flex">
        <div className="hidden w-60 shrink-0 border-r border-slate-200 bg-white p-6 md:block">
          <SkeletonBlock className="mx-auto h-20 w-20 rounded-full" />
          <div className="mt-8 space-y-3">
            <SkeletonBlock className="h-9" />
            <SkeletonBlock className="h-9" />
            <SkeletonBlock className="h-9" />
          </div>
        </div>
        <div className="flex-1 space-y-4 p-4 md:p-8">
          <SkeletonBlock className="h-8 w-1/3" />
          <SkeletonBlock className="h-40 w-full" />
        </div>
      </div>
    </div>
  );
}
