/** Grey placeholders with the shape of what is coming, so the page does not jump when it arrives. */
export function SkeletonBlock({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-lg bg-slate-200 ${className}`} />;
}

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

export function PageSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="container-page space-y-4 py-10">
      <span className="sr-only">{label}</span>
      <SkeletonBlock className="h-8 w-1/2" />
      <SkeletonBlock className="h-4 w-3/4" />
      <SkeletonBlock className="h-64 w-full" />
    </div>
  );
}
