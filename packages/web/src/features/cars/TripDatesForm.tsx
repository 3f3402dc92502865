/**
 * The pickup and return days on /cars, with the calendar rules of the home page and the car page
 * (rentalDatesProblem): the problem is said under its field, and only a trip the rules accept is
 * sent on. Days typed on the drawn page before its code arrived are kept (decision 086), and sent
 * as the address's days if the button is pressed before it arrives.
 */
import { MAX_DAYS_AHEAD } from '@rental/contract/constants';
import { MESSAGES } from '@rental/contract/messages';
import { addDays, rentalDatesProblem } from '@rental/contract/rentalDates';
import { CalendarDays } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { formatCalendarDate } from '../../lib/dates';
import { useDrawnFieldValue } from '../../lib/drawnField';
import type { Trip } from './tripInLink';

type Field = 'pickupDate' | 'returnDate';
type Problems = Partial<Record<Field, string>>;

/** What is wrong with the two days, by field; empty when they make a trip. */
export function tripProblems(pickupDate: string, returnDate: string, today: string): Problems {
  if (!pickupDate || !returnDate) {
    const problems: Problems = {};
    if (!pickupDate) problems.pickupDate = MESSAGES.selectBothDates;
    if (!returnDate) problems.returnDate = MESSAGES.selectBothDates;
    return problems;
  }
  const problem = rentalDatesProblem(pickupDate, returnDate, today);
  return problem ? { [problem.field]: problem.message } : {};
}

export function TripDatesForm({ trip, today, onChoose }: { trip: Trip | null; today: string; onChoose: (trip: Trip) => void }) {
  const [pickupDate, setPickupDate] = useState(trip?.pickupDate ?? '');
  const [returnDate, setReturnDate] = useState(trip?.returnDate ?? '');
  useDrawnFieldValue('cars-pickupDate', pickupDate, setPickupDate);
  useDrawnFieldValue('cars-returnDate', returnDate, setReturnDate);
  const [problems, setProblems] = useState<Problems>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = tripProblems(pickupDate, returnDate, today);
    setProblems(found);
    const first = (['pickupDate', 'returnDate'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(`cars-${first}`)?.focus();
      return;
    }
    onChoose({ pickupDate, returnDate });
  }

  const field = (name: Field, label: string, value: string, setValue: (v: string) => void, min: string, max?: string) => {
    const described = [value && formatCalendarDate(value) !== value ? `cars-${name}-chosen` : '', problems[name] ? `cars-${name}-error` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div className="min-w-0">
        <label htmlFor={`cars-${name}`} className="field-label">
          {label}
        </label>
        <input
          id={`cars-${name}`}
          name={name}
          type="date"
          className="field-input"
          min={min}
          max={max}
          value={value}
          aria-invalid={problems[name] ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        {value && formatCalendarDate(value) !== value && (
          <p id={`cars-${name}-chosen`} className="mt-1 text-sm text-slate-600">
            {formatCalendarDate(value)}
          </p>
        )}
        {problems[name] && (
          <p id={`cars-${name}-error`} className="field-error">
            {problems[name]}
          </p>
        )}
      </div>
    );
  };

  // On a phone the two days share a row, the button beneath: the list of cars starts a field higher.
  return (
    // A plain GET to /cars too: a tap before the page's code has arrived still asks for the trip (tripInLink reads it).
    <form
      noValidate
      method="get"
      action="/cars"
      onSubmit={submit}
      aria-label="Your rental days"
      className="mx-auto mt-6 grid max-w-2xl grid-cols-2 gap-x-3 gap-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_1fr_auto] sm:items-start sm:gap-x-4"
    >
      {field('pickupDate', 'Pickup date', pickupDate, setPickupDate, today, addDays(today, MAX_DAYS_AHEAD))}
      {field('returnDate', 'Return date', returnDate, setReturnDate, pickupDate || today)}
      <button type="submit" className="btn-primary col-span-2 whitespace-nowrap sm:col-span-1 sm:mt-6">
        <CalendarDays aria-hidden="true" size={18} />
        Show free cars
      </button>
    </form>
  );
}
