/**
 * The car page's calendar (react-day-picker): past days, days after the booking horizon and days
 * already taken cannot be chosen; the chosen days show as one range. Its own chunk, loaded after
 * the page has painted (docs/decisions/040-calendar-after-paint.md), so it costs the page's first
 * download nothing.
 */
import type { ReservedDateRange } from '@rental/contract/schemas';
import { type DateRange, DayPicker, type Matcher, type Modifiers } from 'react-day-picker';
import 'react-day-picker/style.css';
import './calendar.css';
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
};

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Saturday 28 November 2026": what a screen reader says for a day. */
export function formatCalendarDateLong(date: string): string {
  const p = dateParts(date);
  return p ? `${WEEKDAY_NAMES[p.weekday]} ${p.d} ${MONTH_NAMES[p.m - 1]} ${p.y}` : date;
}

function dayLabel(date: Date, modifiers: Modifiers): string {
  let label = formatCalendarDateLong(fromLocalDate(date));
  if (modifiers.today) label = `Today, ${label}`;
  if (modifiers.taken) label += ', already taken';
  else if (modifiers.disabled) label += ', not available';
  if (modifiers.range_start && modifiers.range_end) label += ', your pickup and return day';
  else if (modifiers.range_start) label += ', your pickup day';
  else if (modifiers.range_end) label += ', your return day';
  else if (modifiers.range_middle) label += ', chosen';
  else if (modifiers.selected) label += ', your pickup day';
  return label;
}

export default function DateRangeCalendar({ reserved, today, lastDay, pickupDate, returnDate, onDayClick, labelledBy }: DateRangeCalendarProps) {
  const first = toLocalDate(today);
  const last = toLocalDate(lastDay);
  const taken: Matcher[] = reserved.map((r) => ({ from: toLocalDate(r.pickupDate), to: toLocalDate(r.returnDate) }));
  const selected: DateRange | undefined = pickupDate ? { from: toLocalDate(pickupDate), to: returnDate ? toLocalDate(returnDate) : undefined } : undefined;

  return (
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
      className="rental-calendar"
      labels={{
        labelDayButton: dayLabel,
        labelGrid: (month) => `${MONTH_NAMES[month.getMonth()]} ${month.getFullYear()}`,
        labelNext: () => 'Next month',
        labelPrevious: () => 'Previous month',
        labelNav: () => 'Months',
      }}
    />
  );
}
