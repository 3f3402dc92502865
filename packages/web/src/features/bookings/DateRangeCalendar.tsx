/**
 * The car page's calendar (react-day-picker): past days, days after the booking horizon and days
 * already taken cannot be chosen; the chosen days show as one range. Its own chunk, loaded after
 * the page has painted (docs/decisions/040-calendar-after-paint.md), so it costs the page's first
 * download nothing.
 */
import { formatMoney } from '@rental/contract/format';
import { groupedNumber } from '@rental/contract/numbers';
import { addDays } from '@rental/contract/rentalDates';
import { dayRate, type QuoteCar, type Season } from '@rental/contract/quote';
import type { ReservedDateRange } from '@rental/contract/schemas';
import { createContext, memo, useCallback, useContext, useMemo } from 'react';
import { type DateRange, DayButton, type DayButtonProps, DayPicker, type Matcher, type Modifiers } from 'react-day-picker';
import 'react-day-picker/style.css';
import './calendar.css';
import { useCompany } from '../../company/useCompany';
import { dateParts, fromLocalDate, toLocalDate } from '../../lib/dates';
import { calendarDateLib, MONTH_NAMES, WEEKDAY_NAMES } from './calendarDates';

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
  return groupedNumber(rate);
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

/** "Saturday 28 November 2026": what a screen reader says for a day. */
export function formatCalendarDateLong(date: string): string {
  const p = dateParts(date);
  return p ? `${WEEKDAY_NAMES[p.weekday]} ${p.d} ${MONTH_NAMES[p.m - 1]} ${p.y}` : date;
}

const COMPONENTS = { DayButton: PricedDayButton };

/** A day's name and its season price, the parts of its label that its state (chosen, today) does not change. */
function dayLabelParts(day: string, price: DayPrice | null, currency: string) {
  return { name: formatCalendarDateLong(day), price: price ? `, ${formatMoney(price.rate, currency)} a day (${price.season})` : '' };
}

function dayLabel(parts: { name: string; price: string }, modifiers: Modifiers): string {
  let label = parts.name;
  if (modifiers.today) label = `Today, ${label}`;
  if (modifiers.taken) label += ', already taken';
  else if (modifiers.disabled) label += ', not available';
  if (modifiers.range_start && modifiers.range_end) label += ', your pickup and return day';
  else if (modifiers.range_start) label += ', your pickup day';
  else if (modifiers.range_end) label += ', your return day';
  else if (modifiers.range_middle) label += ', chosen';
  else if (modifiers.selected) label += ', your pickup day';
  if (!modifiers.disabled) label += parts.price;
  return label;
}

/** The days each season could price, within the days the calendar offers: the only days dayRate needs asking about. */
function seasonPrices(dayPrices: DateRangeCalendarProps['dayPrices'], today: string, lastDay: string): Map<string, DayPrice> {
  const days = new Map<string, DayPrice>();
  if (!dayPrices || dayPrices.seasons.length === 0) return days;
  const asked = new Set<string>();
  for (const season of dayPrices.seasons) {
    const end = season.endDate < lastDay ? season.endDate : lastDay;
    for (let day = season.startDate > today ? season.startDate : today; day <= end; day = addDays(day, 1)) {
      if (asked.has(day)) continue;
      asked.add(day);
      const price = seasonPrice(dayPrices, day);
      if (price) days.set(day, price);
    }
  }
  return days;
}

/** 20261128 for 28 November 2026: a day as a number, from a local Date without building its string (days are matched some 80 times a month shown). */
const dayKey = (date: Date) => date.getFullYear() * 10_000 + (date.getMonth() + 1) * 100 + date.getDate();
const dayKeyOf = (day: string) => Number(day.replaceAll('-', ''));

function DateRangeCalendar({ reserved, today, lastDay, pickupDate, returnDate, onDayClick, labelledBy, dayPrices = null }: DateRangeCalendarProps) {
  const { currency } = useCompany();
  // Each bookable day's season price, worked out once per offer (a year of days, a few seasons).
  const seasonDays = useMemo(() => seasonPrices(dayPrices, today, lastDay), [dayPrices, today, lastDay]);
  const priced = useCallback((date: string) => seasonDays.get(date) ?? null, [seasonDays]);
  // Said beneath the calendar only when some day it offers has a season's price.
  const anyPriced = seasonDays.size > 0;
  // The days other bookings hold, one lookup a day, where a list of ranges would be walked for each day twice (disabled, taken).
  const { taken, disabled, first, last } = useMemo(() => {
    const takenDays = new Set<number>();
    for (const r of reserved) {
      for (let day = r.pickupDate; day <= r.returnDate; day = addDays(day, 1)) takenDays.add(dayKeyOf(day));
    }
    const isTaken = (date: Date) => takenDays.has(dayKey(date));
    const firstDay = toLocalDate(today);
    const finalDay = toLocalDate(lastDay);
    return { taken: isTaken, disabled: [{ before: firstDay }, { after: finalDay }, isTaken] as Matcher[], first: firstDay, last: finalDay };
  }, [reserved, today, lastDay]);
  const selected: DateRange | undefined = useMemo(
    () => (pickupDate ? { from: toLocalDate(pickupDate), to: returnDate ? toLocalDate(returnDate) : undefined } : undefined),
    [pickupDate, returnDate],
  );
  // The labels' fixed parts, once per day for this offer and currency: the library asks for every label on every render.
  const labels = useMemo(() => {
    const parts = new Map<number, { name: string; price: string }>();
    const partsOf = (date: Date) => {
      const key = dayKey(date);
      let known = parts.get(key);
      if (!known) {
        const day = fromLocalDate(date);
        known = dayLabelParts(day, priced(day), currency);
        parts.set(key, known);
      }
      return known;
    };
    return {
      labelDayButton: (date: Date, modifiers: Modifiers) => dayLabel(partsOf(date), modifiers),
      labelGrid: (month: Date) => `${MONTH_NAMES[month.getMonth()]} ${month.getFullYear()}`,
      labelNext: () => 'Next month',
      labelPrevious: () => 'Previous month',
      labelNav: () => 'Months',
    };
  }, [priced, currency]);
  const modifiers = useMemo(() => ({ taken }), [taken]);

  return (
    <PriceOfDay.Provider value={priced}>
      <DayPicker
        mode="range"
        selected={selected}
        onSelect={(_range, clicked) => onDayClick(fromLocalDate(clicked))}
        disabled={disabled}
        modifiers={modifiers}
        modifiersClassNames={MODIFIER_CLASSES}
        today={first}
        startMonth={first}
        endMonth={last}
        defaultMonth={pickupDate ? toLocalDate(pickupDate) : first}
        aria-labelledby={labelledBy}
        className={`rental-calendar${anyPriced ? ' rental-calendar-priced' : ''}`}
        components={COMPONENTS}
        dateLib={calendarDateLib}
        labels={labels}
      />
      {dayPrices && anyPriced && (
        <p className="mt-1 text-xs text-slate-600">
          A price under a day is that day’s rate in {currency}, where a season changes the usual {formatMoney(dayPrices.car.pricePerDay, currency)}.
        </p>
      )}
    </PriceOfDay.Provider>
  );
}
const MODIFIER_CLASSES = { taken: 'rdp-taken' };

/** Drawn again only when what it shows changes: the page's other updates (a query's answer, the quote) leave it be. */
export default memo(DateRangeCalendar);
