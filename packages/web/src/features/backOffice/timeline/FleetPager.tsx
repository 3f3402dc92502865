/**
 * The timeline's place in the fleet: a search over makes, models and plates, and the page of cars
 * shown ("Cars 51-100 of 1,000") with the pages before and after a button away.
 */
import { groupedNumber } from '@rental/contract/numbers';
import { ChevronLeft, ChevronRight, Search, X } from 'lucide-react';
import { useId } from 'react';

/** "Cars 51–100 of 1,000", "Car 7 of 7"; nothing while no car is shown. */
export function carsShownText(carsFrom: number, shown: number, total: number): string {
  if (shown === 0) return '';
  const of = groupedNumber(total);
  if (shown === 1) return `Car ${groupedNumber(carsFrom + 1)} of ${of}`;
  return `Cars ${groupedNumber(carsFrom + 1)}–${groupedNumber(carsFrom + shown)} of ${of}`;
}

export function FleetSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div role="search" aria-label="Find cars" className="w-full sm:max-w-sm">
      <label htmlFor={id} className="field-label">
        Find a car
      </label>
      <div className="relative">
        <Search aria-hidden="true" size={18} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
        <input
          id={id}
          type="search"
          className="field-input pr-10 pl-10"
          placeholder="Make, model or plate"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        {value && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => onChange('')}
            className="absolute top-1/2 right-1 grid h-9 w-9 -translate-y-1/2 place-items-center rounded-full text-slate-500 hover:bg-slate-100"
          >
            <X aria-hidden="true" size={16} />
          </button>
        )}
      </div>
    </div>
  );
}

/** Previous and Next around what is shown; `label` names the navigation (two on the page: above and below the cars). */
export function FleetPager({
  label,
  carsFrom,
  shown,
  total,
  pageSize,
  onMove,
}: {
  label: string;
  carsFrom: number;
  shown: number;
  total: number;
  pageSize: number;
  onMove: (carsFrom: number) => void;
}) {
  const hasEarlier = carsFrom > 0;
  const hasLater = carsFrom + shown < total;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-2">
      {/* On a phone the count has its own line and the two buttons share the next. */}
      <p className="basis-full text-sm text-slate-700 sm:basis-auto">{carsShownText(carsFrom, shown, total)}</p>
      {(hasEarlier || hasLater) && (
        <>
          <button type="button" className="btn-secondary min-h-11 px-3" onClick={() => onMove(Math.max(0, carsFrom - pageSize))} disabled={!hasEarlier}>
            <ChevronLeft aria-hidden="true" size={18} />
            Previous cars
          </button>
          <button type="button" className="btn-secondary min-h-11 px-3" onClick={() => onMove(carsFrom + pageSize)} disabled={!hasLater}>
            Next cars
            <ChevronRight aria-hidden="true" size={18} />
          </button>
        </>
      )}
    </nav>
  );
}
