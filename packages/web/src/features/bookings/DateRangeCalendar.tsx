/**
 * The car page's calendar (react-day-picker): past days, days after the booking horizon and days
 * already taken cannot be chosen; the chosen days show as one range. Its own chunk, loaded after
 * the page has painted (docs/decisions/040-calendar-after-paint.md), so it costs the page's first
 * download nothing.
 */
import { formatMoney } from '@rental/contract/format';
import { addDays } from '@rental/contract/rentalDates';
import { dayRate, type QuoteCar, type Season } from '@rental/contract/quote';
import type { ReservedDateRange } from '@rental/contract/schemas';
import { createContext, useCallback, useContext, useMemo } from 'react';
import { type DateRange, DayButton, type DayButtonProps, DayPicker, type Matcher, type Modifiers } from 'react-day-picker';
import 'react-day-picker/style.css';
import './calendar.css';
import { useCompany } from '../../company/useCompany';
import { dateParts, fromLocalDate, toLocalDate } from '../../lib/dates';

export type DateRangeCalendarProps = {
  reserved: readonly ReservedDateRange[];
  today: string;
  /** The last day a pickup may be booked. */
  lastDay: string;
  pickupDate: string;
  returnDate: string;
  onDayClick: (date: string) => void;
  /** The id of the element that names the calendar. */
  labelledBy: string;
  /** The car and the company's seasons, once known: a day a season prices otherwise shows its price. */
  dayPrices?: { car: Pick<QuoteCar, 'id' | 'category' | 'pricePerDay'>; seasons: readonly Season[] } | null;
};

/** A day's price where it differs from the car's usual rate (the contract's dayRate, the only price worked out in the browser). */
export type DayPrice = { rate: number; season: string };
export function seasonPrice(dayPrices: DateRangeCalendarProps['dayPrices'], date: string): DayPrice | null {
  if (!dayPrices || dayPrices.seasons.length === 0) return null;
  const { rate, season } = dayRate(dayPrices.car, date, { seasons: [...dayPrices.seasons] });
  return season !== null && rate !== dayPrices.car.pricePerDay ? { rate, season } : null;
}

/** "7,800" under the day's number: the currency is said once beneath the calendar, and in full to a screen reader. */
export function shortPrice(rate: number): string {
  return rate.toLocaleString('en-US');
}

const PriceOfDay = createContext<(date: string) => DayPrice | null>(() => null);

/** The library's day button, with the day's price beneath the number when a season sets it. */
function PricedDayButton({ children, ...props }: DayButtonProps) {
  const price = useContext(PriceOfDay)(fromLocalDate(props.day.date));
  return (
    <DayButton {...props}>
      {children}
      {price && (
        <span aria-hidden="true" className="rdp-day_price">
          {shortPrice(price.rate)}
        </span>
      )}
    </DayButton>
  );
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Saturday 28 November 2026": what a screen reader says for a day. */
export function formatCalendarDateLong(date: string): string {
  const p = dateParts(date);
  return p ? `${WEEKDAY_NAMES[p.weekday]} ${p.d} ${MONTH_NAMES[p.m - 1]} ${p.y}` : date;
}

function dayLabel(date: Date, modifiers: Modifiers, priced: (date: string) => DayPrice | null, currency: string): string {
  const day = fromLocalDate(date);
  let label = formatCalendarDateLong(day);
  const price = modifiers.disabled ? null : priced(day);
  if (modifiers.today) label = `Today, ${label}`;
  if (modifiers.taken) label += ', already taken';
  else if (modifiers.disabled) label += ', not available';
  if (modifiers.range_start && modifiers.range_end) label += ', your pickup and return day';
  else if (modifiers.range_start) label += ', your pickup day';
  else if (modifiers.range_end) label += ', your return day';
  else if (modifiers.range_middle) label += ', chosen';
  else if (modifiers.selected) label += ', your pickup day';
  if (price) label += `, ${formatMoney(price.rate, currency)} a day (${price.season})`;
  return label;
}

export default function DateRangeCalendar({
  reserved,
  today,
  lastDay,
  pickupDate,
  returnDate,
  onDayClick,
  labelledBy,
  dayPrices = null,
}: DateRangeCalendarProps) {
  const { currency } = useCompany();
  // Each bookable day's season price, worked out once per offer (a year of days, a few seasons).
  const seasonDays = useMemo(() => {
    const days = new Map<string, DayPrice>();
    if (!dayPrices || dayPrices.seasons.length === 0) return days;
    for (let day = today; day <= lastDay; day = addDays(day, 1)) {
      const price = seasonPrice(dayPrices, day);
      if (price) days.set(day, price);
    }
    return days;
  }, [dayPrices, today, lastDay]);
  const priced = useCallback((date: string) => seasonDays.get(date) ?? null, [seasonDays]);
  // Said beneath the calendar only when some day it offers has a season's price.
  const anyPriced = seasonDays.size > 0;
  const first = toLocalDate(today);
  const last = toLocalDate(lastDay);
  const taken: Matcher[] = reserved.map((r) => ({ from: toLocalDate(r.pickupDate), to: toLocalDate(r.returnDate) }));
  const selected: DateRange | undefined = pickupDate ? { from: toLocalDate(pickupDate), to: returnDate ? toLocalDate(returnDate) : undefined } : undefined;

  return (
    <PriceOfDay.Provider value={priced}>
      <DayPicker
        mode="range"
        selected={selected}
        onSelect={(_range, clicked) => onDayClick(fromLocalDate(clicked))}
        disabled={[{ before: first }, { after: last }, ...taken]}
        modifiers={{ taken }}
        modifiersClassNames={{ taken: 'rdp-taken' }}
        today={first}
        startMonth={first}
        endMonth={last}
        defaultMonth={pickupDate ? toLocalDate(pickupDate) : first}
        aria-labelledby={labelledBy}
        className={`rental-calendar${anyPriced ? ' rental-calendar-priced' : ''}`}
        components={{ DayButton: PricedDayButton }}
        labels={{
          labelDayButton: (date, modifiers) => dayLabel(date, modifiers, priced, currency),
          labelGrid: (month) => `${MONTH_NAMES[month.getMonth()]} ${month.getFullYear()}`,
          labelNext: () => 'Next month',
          labelPrevious: () => 'Previous month',
          labelNav: () => 'Months',
        }}
      />
      {dayPrices && anyPriced && (
        <p className="mt-1 text-xs text-slate-600">
          A price under a day is that day’s rate in {currency}, where a season changes the usual {formatMoney(dayPrices.car.pricePerDay, currency)}.
        </p>
      )}
    </PriceOfDay.Provider>
  );
}
