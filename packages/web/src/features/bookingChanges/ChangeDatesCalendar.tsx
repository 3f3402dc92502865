/**
 * The customer's new days on the same calendar as the car page: days other bookings hold are
 * crossed out (this booking's own days are free to keep), a day a season prices shows its price,
 * and the clicks choose pickup then return as they do there (bookings/dateSelection.ts).
 */
import { MAX_DAYS_AHEAD } from '@rental/contract/constants';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useCar } from '../cars/useCar';
import { nextSelection, selectionPrompt } from '../bookings/dateSelection';
import { usePrices } from '../bookings/priceQueries';

const DateRangeCalendar = lazy(() => import('../bookings/DateRangeCalendar'));

export function ChangeDatesCalendar({
  carId,
  own,
  pickupDate,
  returnDate,
  onChoose,
}: {
  carId: string;
  /** The booking's own days: not taken for it. */
  own: { pickupDate: string; returnDate: string };
  pickupDate: string;
  returnDate: string;
  onChoose: (days: { pickupDate: string; returnDate: string }) => void;
}) {
  const id = useId();
  const car = useCar(carId).data;
  const prices = usePrices(true);
  const [note, setNote] = useState<string | null>(null);
  const today = companyToday();
  const reserved = useMemo(
    () => (car?.reservedDates ?? []).filter((r) => !(r.pickupDate === own.pickupDate && r.returnDate === own.returnDate)),
    [car?.reservedDates, own.pickupDate, own.returnDate],
  );
  const seasons = prices.data?.rules.seasons;
  const dayPrices = useMemo(
    () => (car && seasons ? { car: { id: car._id, category: car.category, pricePerDay: car.pricePerDay }, seasons } : null),
    [car, seasons],
  );

  return (
    <div className="space-y-2 sm:col-span-2">
      <p id={`${id}-label`} className="field-label">
        New dates
      </p>
      <p className="text-sm text-slate-600">Tap the new pickup day, then the return day. Crossed-out days are taken by other bookings.</p>
      <Suspense
        fallback={
          <div role="status" className="grid h-[22rem] place-items-center rounded-lg bg-slate-50 text-sm text-slate-500">
            Loading the calendar…
          </div>
        }
      >
        <DateRangeCalendar
          reserved={reserved}
          today={today}
          lastDay={addDays(today, MAX_DAYS_AHEAD)}
          pickupDate={pickupDate}
          returnDate={returnDate}
          labelledBy={`${id}-label`}
          dayPrices={dayPrices}
          onDayClick={(date) => {
            const step = nextSelection({ pickupDate, returnDate }, date, reserved, today);
            setNote(step.note);
            onChoose({ pickupDate: step.pickupDate, returnDate: step.returnDate });
          }}
        />
      </Suspense>
      <p role="status" className="text-sm text-slate-700">
        {note ?? selectionPrompt({ pickupDate, returnDate })}
      </p>
    </div>
  );
}
