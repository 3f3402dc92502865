/**
 * /owner/timeline: which car is out when. Today's pickups and returns on top, then five weeks of the
 * fleet (cars down, days across; on a phone a list by day), earlier and later weeks a button away.
 * The fleet comes a page of cars at a time (make, model order), found by a search over makes,
 * models and plates; the address keeps the search and the page (?search=, ?page=), so Back and a
 * shared link return to them. Staff block a car for service from here and remove a block from its details.
 */
import { companyToday, addDays } from '@rental/contract/rentalDates';
import { TIMELINE_CARS_PAGE, type TimelineCar } from '@rental/contract/schemas';
import { ChevronLeft, ChevronRight, Wrench } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import toast from '../../../lib/toast';
import { errorMessage } from '../../../api/client';
import { SkeletonBlock } from '../../../components/Skeleton';
import { formatCalendarDate } from '../../../lib/dates';
import { usePageMeta } from '../../../lib/usePageMeta';
import { useSearchInAddress } from '../../../lib/searchInAddress';
import { StaffPageHeader } from '../StaffPageHeader';
import { useNarrowerThan } from '../useNarrowerThan';
import { AddBlockForm } from './AddBlockForm';
import { FleetPager, FleetSearch } from './FleetPager';
import { HoldDetails } from './HoldDetails';
import { HOLD_LOOKS } from './holdStyle';
import { TimelineDayList } from './TimelineDayList';
import { TimelineGrid } from './TimelineGrid';
import { daysFrom, groupByFirstDay, type Hold, holdsOf, TIMELINE_DAYS, WEEK, weekStart } from './timelineLayout';
import { useTimeline } from './timelineQueries';
import { TodayMovements } from './TodayMovements';

/** ?page= as a page number from 1 (anything else: the first page). */
function pageInLink(value: string | null): number {
  return value && /^\d{1,4}$/.test(value) && Number(value) >= 1 ? Number(value) : 1;
}

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
  const [params, setParams] = useSearchParams();
  const searchInLink = (params.get('search') ?? '').trim();
  const page = pageInLink(params.get('page'));
  const carsFrom = (page - 1) * TIMELINE_CARS_PAGE;
  const [search, setSearch] = useSearchInAddress(searchInLink, setParams);
  const timeline = useTimeline(from, TIMELINE_DAYS, { carsFrom, search: searchInLink });
  const asList = useNarrowerThan('md');
  const data = timeline.data;
  const carsTotal = data?.carsTotal ?? data?.cars.length ?? 0;

  const moveTo = useCallback(
    (nextFrom: number, replace = false) => {
      const updated = new URLSearchParams(params);
      const nextPage = Math.floor(nextFrom / TIMELINE_CARS_PAGE) + 1;
      if (nextPage > 1) updated.set('page', String(nextPage));
      else updated.delete('page');
      setParams(updated, { replace });
    },
    [params, setParams],
  );
  // A page past the last car (the fleet got smaller, an old link) shows the last page instead, or the first when none matches.
  const pastTheEnd = !timeline.isPlaceholderData && data !== undefined && data.cars.length === 0 && carsFrom > 0;
  useEffect(() => {
    if (pastTheEnd) moveTo(Math.max(0, Math.floor((carsTotal - 1) / TIMELINE_CARS_PAGE) * TIMELINE_CARS_PAGE), true);
  }, [pastTheEnd, carsTotal, moveTo]);

  useEffect(() => {
    if (timeline.error) toast.error(errorMessage(timeline.error));
  }, [timeline.error]);

  const holds = useMemo(() => (data ? holdsOf(data.bookings, data.blocks, today) : []), [data, today]);
  const cars = useMemo(() => new Map<string, TimelineCar>((data?.cars ?? []).map((car) => [car._id, car])), [data]);
  const days = daysFrom(from, TIMELINE_DAYS);
  // A removed block, or one changed by someone else meanwhile, closes its panel.
  const shown = open && holds.find((h) => h.id === open.id);
  const rangeLabel = useRef<HTMLParagraphElement>(null);
  const fleetBar = useRef<HTMLDivElement>(null);
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
        description="Which car is out when: every booking and service block of the fleet, day by day, a page of cars at a time."
        action={
          !adding && (
            <button type="button" className="btn-primary" onClick={() => setAdding(true)} disabled={!data || data.cars.length === 0}>
              <Wrench aria-hidden="true" size={18} />
              Block a car
            </button>
          )
        }
      />
      {timeline.isPending ? (
        // Until the first answer, nothing but this: today's pickups and returns (as tall as the day's
        // list) come with it, and the controls drawn before them would be pushed down (a layout shift).
        <div className="space-y-3" aria-busy="true">
          <SkeletonBlock className="h-12 w-full" />
          <SkeletonBlock className="h-12 w-full" />
          <SkeletonBlock className="h-12 w-full" />
        </div>
      ) : (
        <>
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
          <div ref={fleetBar} className="mb-3 flex scroll-mt-4 flex-wrap items-end justify-between gap-3">
            <FleetSearch value={search} onChange={setSearch} />
            {data && (
              <FleetPager label="Cars shown" carsFrom={carsFrom} shown={data.cars.length} total={carsTotal} pageSize={TIMELINE_CARS_PAGE} onMove={moveTo} />
            )}
          </div>

          {!data ? (
            <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600">{errorMessage(timeline.error)}</p>
          ) : data.cars.length === 0 ? (
            <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600">
              {pastTheEnd ? 'Going to the last page of cars…' : searchInLink ? 'No cars match your search.' : 'No cars in the fleet yet. Add a car first.'}
            </p>
          ) : asList ? (
            <TimelineDayList groups={groupByFirstDay(holds, from, TIMELINE_DAYS)} cars={cars} from={from} onOpen={setOpen} />
          ) : (
            <TimelineGrid key={`${searchInLink}|${carsFrom}`} cars={data.cars} holds={holds} days={days} today={today} onOpen={setOpen} />
          )}
          {data && data.cars.length > 0 && carsTotal > data.cars.length && (
            <div className="mt-3">
              <FleetPager
                label="Cars shown, below the timeline"
                carsFrom={carsFrom}
                shown={data.cars.length}
                total={carsTotal}
                pageSize={TIMELINE_CARS_PAGE}
                onMove={(next) => {
                  moveTo(next);
                  // The next cars start at the top of the timeline, not at the foot of the last ones (jsdom has no scrolling).
                  fleetBar.current?.scrollIntoView?.({ block: 'start' });
                }}
              />
            </div>
          )}
        </>
      )}
      {shown && <HoldDetails hold={shown} car={cars.get(shown.car)} onClose={close} />}
    </>
  );
}
