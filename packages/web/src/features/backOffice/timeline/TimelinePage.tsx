/**
 * /owner/timeline: which car is out when. Today's pickups and returns on top, then five weeks of the
 * fleet (cars down, days across; on a phone a list by day), earlier and later weeks a button away.
 * Staff block a car for service from here and remove a block from its details.
 */
import { companyToday, addDays } from '@rental/contract/rentalDates';
import type { TimelineCar } from '@rental/contract/schemas';
import { ChevronLeft, ChevronRight, Wrench } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import toast from '../../../lib/toast';
import { errorMessage } from '../../../api/client';
import { SkeletonBlock } from '../../../components/Skeleton';
import { formatCalendarDate } from '../../../lib/dates';
import { usePageMeta } from '../../../lib/usePageMeta';
import { StaffPageHeader } from '../StaffPageHeader';
import { useNarrowerThan } from '../useNarrowerThan';
import { AddBlockForm } from './AddBlockForm';
import { HoldDetails } from './HoldDetails';
import { HOLD_LOOKS } from './holdStyle';
import { TimelineDayList } from './TimelineDayList';
import { TimelineGrid } from './TimelineGrid';
import { daysFrom, groupByFirstDay, type Hold, holdsOf, TIMELINE_DAYS, WEEK, weekStart } from './timelineLayout';
import { useTimeline } from './timelineQueries';
import { TodayMovements } from './TodayMovements';

function Legend() {
  return (
    <ul aria-label="Colours" className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
      {Object.values(HOLD_LOOKS).map(({ label, bar }) => (
        <li key={label} className="flex items-center gap-2">
          <span aria-hidden="true" className={`inline-block h-3 w-6 rounded ${bar}`} />
          {label}
        </li>
      ))}
    </ul>
  );
}

export function TimelinePage() {
  usePageMeta('Timeline', 'Which car is out when: bookings and service blocks of the fleet, day by day.');
  const today = companyToday();
  const [from, setFrom] = useState(() => weekStart(today));
  const [open, setOpen] = useState<Hold | null>(null);
  const [adding, setAdding] = useState(false);
  const timeline = useTimeline(from, TIMELINE_DAYS);
  const asList = useNarrowerThan('md');
  const data = timeline.data;

  useEffect(() => {
    if (timeline.error) toast.error(errorMessage(timeline.error));
  }, [timeline.error]);

  const holds = useMemo(() => (data ? holdsOf(data.bookings, data.blocks, today) : []), [data, today]);
  const cars = useMemo(() => new Map<string, TimelineCar>((data?.cars ?? []).map((car) => [car._id, car])), [data]);
  const days = daysFrom(from, TIMELINE_DAYS);
  // A removed block, or one changed by someone else meanwhile, closes its panel.
  const shown = open && holds.find((h) => h.id === open.id);
  const rangeLabel = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!open || shown) return;
    setOpen(null);
    // The panel's button that removed the block is gone with it: keep keyboard users on the timeline.
    if (!document.activeElement || document.activeElement === document.body) rangeLabel.current?.focus();
  }, [open, shown]);

  const close = useCallback(() => {
    const id = open?.id;
    setOpen(null);
    // Back to the bar that opened the panel, for keyboard users.
    if (id) requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-hold-id="${id}"]`)?.focus());
  }, [open]);

  return (
    <>
      <StaffPageHeader
        title="Timeline"
        description="Which car is out when: every booking and service block of the fleet, day by day."
        action={
          !adding && (
            <button type="button" className="btn-primary" onClick={() => setAdding(true)} disabled={!data || data.cars.length === 0}>
              <Wrench aria-hidden="true" size={18} />
              Block a car
            </button>
          )
        }
      />
      {data && <TodayMovements movements={data.today} />}
      {adding && data && <AddBlockForm cars={data.cars} today={today} onDone={() => setAdding(false)} />}

      <nav aria-label="Weeks shown" className="mb-3 flex flex-wrap items-center gap-2">
        <button type="button" className="btn-secondary px-3" onClick={() => setFrom((f) => addDays(f, -WEEK))}>
          <ChevronLeft aria-hidden="true" size={18} />
          Earlier
        </button>
        <button type="button" className="btn-secondary px-3" onClick={() => setFrom(weekStart(today))} disabled={from === weekStart(today)}>
          This week
        </button>
        <button type="button" className="btn-secondary px-3" onClick={() => setFrom((f) => addDays(f, WEEK))}>
          Later
          <ChevronRight aria-hidden="true" size={18} />
        </button>
        <p ref={rangeLabel} tabIndex={-1} role="status" className="text-sm text-slate-700">
          {formatCalendarDate(from)} to {formatCalendarDate(days.at(-1)!)}
        </p>
      </nav>
      <Legend />

      {timeline.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <SkeletonBlock className="h-12 w-full" />
          <SkeletonBlock className="h-12 w-full" />
          <SkeletonBlock className="h-12 w-full" />
        </div>
      ) : !data ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600">{errorMessage(timeline.error)}</p>
      ) : data.cars.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600">No cars in the fleet yet. Add a car first.</p>
      ) : asList ? (
        <TimelineDayList groups={groupByFirstDay(holds, from, TIMELINE_DAYS)} cars={cars} from={from} onOpen={setOpen} />
      ) : (
        <TimelineGrid cars={data.cars} holds={holds} days={days} today={today} onOpen={setOpen} />
      )}
      {shown && <HoldDetails hold={shown} car={cars.get(shown.car)} onClose={close} />}
    </>
  );
}
