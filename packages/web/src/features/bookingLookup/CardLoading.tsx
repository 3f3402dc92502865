import { SkeletonBlock } from '../../components/Skeleton';

/** The card's place while the booking or the card's code loads. */
export function CardLoading() {
  return (
    <div role="status" className="grid gap-5 rounded-2xl border border-slate-200 p-5 md:grid-cols-[1fr_2fr]">
      <span className="sr-only">Loading the booking</span>
      <SkeletonBlock className="aspect-[16/10] w-full" />
      <div className="space-y-3">
        <SkeletonBlock className="h-6 w-40" />
        <SkeletonBlock className="h-4 w-3/4" />
      </div>
    </div>
  );
}
