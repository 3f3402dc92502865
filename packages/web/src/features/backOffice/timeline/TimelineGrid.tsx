/**
 * The fleet timeline on a wide screen: cars down, days across, each booking and block a bar. The
 * box scrolls sideways; the car names stay in view. Bars are buttons: hover shows the reference and
 * customer, a click, tap or Enter opens their details.
 */
import type { TimelineCar } from '@rental/contract/schemas';
import { memo, useMemo } from 'react';
import { CarImage } from '../../../components/CarImage';
import { dateParts, MONTHS } from '../../../lib/dates';
import { HOLD_LOOKS, lookOf } from './holdStyle';
import { barColumns, type Hold, holdDays, holdTitle } from './timelineLayout';
import { useGrowingCount } from '../useGrowingCount';
import { paperAlertText } from '../carPapers/PaperAlertMark';

const DAY_WIDTH = '2.75rem';
const CAR_COLUMN = '13rem';
const WEEKDAY_LETTERS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;

/** Said on hover and by screen readers: what it is, who, and which days. */
export function holdLabel(hold: Hold, car: TimelineCar | undefined): string {
  const who = hold.kind === 'booking' ? `, ${hold.booking.customer.name}` : hold.block.note ? `, ${hold.block.note}` : '';
  const carName = car ? `, ${car.brand} ${car.model}` : '';
  const paper = hold.kind === 'booking' && hold.booking.paperAlert ? `. ${paperAlertText(hold.booking.paperAlert)}` : '';
  return `${holdTitle(hold)}${who}${carName}, ${holdDays(hold)}${paper}`;
}

function DayHeader({ days, today }: { days: string[]; today: string }) {
  return (
    <div
      className="sticky top-0 z-20 grid border-b border-slate-200 bg-white"
      style={{ gridTemplateColumns: `${CAR_COLUMN} repeat(${days.length}, ${DAY_WIDTH})` }}
    >
      <div className="sticky left-0 z-10 border-r border-slate-200 bg-white px-3 py-2 text-sm font-medium text-slate-700">Car</div>
      {days.map((day, i) => {
        const p = dateParts(day)!;
        const weekend = p.weekday === 0 || p.weekday === 6;
        return (
          <div
            key={day}
            className={`border-r border-slate-100 py-1 text-center text-xs leading-tight ${day === today ? 'bg-primary text-white' : weekend ? 'bg-slate-50 text-slate-600' : 'text-slate-600'}`}
          >
            <div className="h-4 font-medium">{i === 0 || p.d === 1 ? MONTHS[p.m - 1] : ''}</div>
            <div>{WEEKDAY_LETTERS[p.weekday]}</div>
            <div className="text-sm font-semibold">{p.d}</div>
          </div>
        );
      })}
    </div>
  );
}

export function TimelineGrid({
  cars,
  holds,
  days,
  today,
  onOpen,
}: {
  cars: TimelineCar[];
  holds: Hold[];
  days: string[];
  today: string;
  onOpen: (hold: Hold) => void;
}) {
  const from = days[0]!;
  const todayColumn = days.indexOf(today);
  const byCar = useMemo(() => {
    const map = new Map<string, Hold[]>();
    for (const hold of holds) {
      const list = map.get(hold.car);
      if (list) list.push(hold);
      else map.set(hold.car, [hold]);
    }
    return map;
  }, [holds]);
  // A big fleet's rows come in steps (the first screenful at once); a week earlier or later starts again.
  const shown = useGrowingCount(cars.length, from);
  return (
    <div className="relative max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white" role="region" aria-label="Fleet timeline">
      <div style={{ width: `calc(${CAR_COLUMN} + ${days.length} * ${DAY_WIDTH})` }}>
        <DayHeader days={days} today={today} />
        <ul aria-label="Cars">
          {cars.slice(0, shown).map((car) => (
            <CarRow key={car._id} car={car} holds={byCar.get(car._id)} from={from} dayCount={days.length} todayColumn={todayColumn} onOpen={onOpen} />
          ))}
        </ul>
      </div>
    </div>
  );
}

/** One car's row; drawn again only when its own bookings, the days or today's column change. */
const CarRow = memo(function CarRow({
  car,
  holds,
  from,
  dayCount,
  todayColumn,
  onOpen,
}: {
  car: TimelineCar;
  holds: Hold[] | undefined;
  from: string;
  dayCount: number;
  todayColumn: number;
  onOpen: (hold: Hold) => void;
}) {
  const carHolds = (holds ?? []).flatMap((hold) => {
    const columns = barColumns(hold, from, dayCount);
    return columns ? [{ hold, columns }] : [];
  });
  return (
    // Rows out of sight are not laid out or painted until scrolled to (index.css's below-fold; a row is 3rem high until then).
    <li
      className="below-fold grid min-h-12 border-b border-slate-100 [--fold-guess:3rem] last:border-b-0"
      style={{
        gridTemplateColumns: `${CAR_COLUMN} repeat(${dayCount}, ${DAY_WIDTH})`,
        // The day lines, drawn once per row instead of one element per day.
        backgroundImage: 'linear-gradient(to right, rgb(241 245 249) 1px, transparent 1px)',
        backgroundSize: `${DAY_WIDTH} 100%`,
        backgroundPosition: `${CAR_COLUMN} 0`,
      }}
    >
      <div className="sticky left-0 z-10 flex min-w-0 items-center gap-2 border-r border-slate-200 bg-white px-3 py-1.5" style={{ gridColumn: 1, gridRow: 1 }}>
        <CarImage car={car} width={48} height={32} sizes="48px" className="h-8 w-12 shrink-0 rounded" />
        <span className="min-w-0" title={`${car.brand} ${car.model}${car.plate ? `, ${car.plate}` : ''}`}>
          <span className="block truncate text-sm font-medium text-slate-900">
            {car.brand} {car.model}
          </span>
          {car.plate && <span className="block truncate text-xs text-slate-600">{car.plate}</span>}
          {car.paperAlert && <span className="block truncate text-xs font-semibold text-red-700">{paperAlertText(car.paperAlert)}</span>}
        </span>
      </div>
      {todayColumn >= 0 && <div aria-hidden="true" className="bg-primary-light/50" style={{ gridColumn: todayColumn + 2, gridRow: 1 }} />}
      {carHolds.map(({ hold, columns }) => {
        const label = holdLabel(hold, car);
        return (
          <button
            key={hold.id}
            type="button"
            data-hold-id={hold.id}
            title={label}
            aria-label={label}
            onClick={() => onOpen(hold)}
            className={`relative z-[1] mx-0.5 my-2 truncate px-2 text-left text-xs font-medium ${HOLD_LOOKS[lookOf(hold)].bar} ${hold.kind === 'booking' && hold.booking.paperAlert ? 'ring-2 ring-red-600 ring-inset' : ''} ${columns.clippedStart ? 'rounded-l-none' : 'rounded-l-md'} ${columns.clippedEnd ? 'rounded-r-none' : 'rounded-r-md'}`}
            style={{ gridColumn: `${columns.start + 1} / ${columns.end + 1}`, gridRow: 1 }}
          >
            {hold.kind === 'booking' ? hold.booking.reference : 'Service'}
          </button>
        );
      })}
    </li>
  );
});
