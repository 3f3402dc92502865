import { MAX_DAYS_AHEAD } from '@rental/contract/constants';
import { formatMoney } from '@rental/contract/format';
import { MESSAGES } from '@rental/contract/messages';
import { addDays, bookingPrice, companyToday, rangesOverlap, rentalDatesProblem, rentalDays } from '@rental/contract/rentalDates';
import type { Car } from '@rental/contract/schemas';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { useSession } from '../../session/useSession';

/** Why these dates cannot be booked for this car, or null. */
export function bookingFormProblem(car: Pick<Car, 'reservedDates'>, pickupDate: string, returnDate: string, today: string): string | null {
  if (!pickupDate || !returnDate) return MESSAGES.selectBothDates;
  const problem = rentalDatesProblem(pickupDate, returnDate, today);
  if (problem) return problem.message;
  if (car.reservedDates.some((r) => rangesOverlap(r, { pickupDate, returnDate }))) return MESSAGES.datesTaken;
  return null;
}

export function CarBookingForm({ car }: { car: Car }) {
  const { pickupDate, setPickupDate, returnDate, setReturnDate } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const today = companyToday();

  const datesChosen = Boolean(pickupDate && returnDate) && !rentalDatesProblem(pickupDate, returnDate, today);
  const days = datesChosen ? rentalDays(pickupDate, returnDate) : 0;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = bookingFormProblem(car, pickupDate, returnDate, today);
    setError(problem);
    if (problem) {
      toast.error(problem);
      return;
    }
    navigate(`/payment/${car._id}/${pickupDate}/${returnDate}`);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Book this car"
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <p className="flex items-baseline justify-between gap-2 border-b border-slate-100 pb-4">
        <span className="text-3xl font-bold text-slate-900">{formatMoney(car.pricePerDay)}</span>
        <span className="text-slate-500">per day</span>
      </p>
      <div>
        <label htmlFor="booking-pickup" className="field-label">
          Pickup date
        </label>
        <input
          id="booking-pickup"
          type="date"
          className="field-input"
          required
          min={today}
          max={addDays(today, MAX_DAYS_AHEAD)}
          value={pickupDate}
          aria-describedby={error ? 'booking-error' : undefined}
          onChange={(e) => {
            setPickupDate(e.target.value);
            setError(null);
          }}
        />
      </div>
      <div>
        <label htmlFor="booking-return" className="field-label">
          Return date
        </label>
        <input
          id="booking-return"
          type="date"
          className="field-input"
          required
          min={pickupDate || today}
          value={returnDate}
          aria-describedby={error ? 'booking-error' : undefined}
          onChange={(e) => {
            setReturnDate(e.target.value);
            setError(null);
          }}
        />
      </div>

      {days > 0 && (
        <dl className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm" aria-live="polite">
          <div className="flex justify-between gap-2">
            <dt className="text-slate-600">
              {formatMoney(car.pricePerDay)} × {days} {days === 1 ? 'day' : 'days'}
            </dt>
            <dd className="font-semibold text-slate-900">{formatMoney(bookingPrice(car.pricePerDay, pickupDate, returnDate))}</dd>
          </div>
        </dl>
      )}

      {error && (
        <p id="booking-error" role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}

      <button type="submit" className="btn-primary w-full py-3" disabled={!car.isAvaliable}>
        Book Now
      </button>
      {!car.isAvaliable ? (
        <p className="text-center text-sm text-slate-600">{MESSAGES.carUnavailable}</p>
      ) : (
        <p className="text-center text-sm text-slate-500">You choose how to pay on the next step.</p>
      )}
    </form>
  );
}
