/** Grey placeholders with the shape of what is coming, so the page does not jump when it arrives. */
export function SkeletonBlock({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-lg bg-slate-200 ${className}`} />;
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
