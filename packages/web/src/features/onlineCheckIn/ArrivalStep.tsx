/** Step 2: when the customer comes (within that day's opening hours), and for a delivery where, or the flight they arrive on. */
import { dayHoursWords, weekdayOf } from '@rental/contract/onlineCheckIn';
import { ONLINE_CHECK_IN_REFUSALS } from '@rental/contract/onlineCheckIn';
import type { OnlineCheckInState } from '@rental/contract/schemas';
import { formatCalendarDate } from '../../lib/dates';
import { pickupTimeChoices } from './checkInSteps';

export interface ArrivalValues {
  pickupTime: string;
  flightNumber: string;
}

export function ArrivalStep({
  state,
  values,
  onChange,
  problem,
  readOnly,
}: {
  state: OnlineCheckInState;
  values: ArrivalValues;
  onChange: (values: ArrivalValues) => void;
  /** A problem with the time (the form's, or the server's refusal by its code). */
  problem: string;
  readOnly: boolean;
}) {
  const { arrival } = state;
  const day = weekdayOf(arrival.pickupDate);
  const times = pickupTimeChoices(arrival.hours);
  const airport = arrival.delivery?.place === 'airport';
  return (
    <div className="space-y-4">
      <dl className="space-y-2 rounded-xl bg-slate-50 p-4 text-sm">
        <div>
          <dt className="text-slate-500">Pickup day</dt>
          <dd className="font-medium text-slate-900">{formatCalendarDate(arrival.pickupDate)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Our hours that day</dt>
          <dd className="font-medium text-slate-900">{dayHoursWords(day, arrival.hours)}</dd>
        </div>
        {arrival.delivery ? (
          <div>
            <dt className="text-slate-500">We bring the car to</dt>
            <dd className="font-medium text-slate-900">
              {arrival.delivery.placeWords}
              {arrival.delivery.address && <span className="block font-normal">{arrival.delivery.address}</span>}
            </dd>
          </div>
        ) : (
          <div>
            <dt className="text-slate-500">Where</dt>
            <dd className="font-medium text-slate-900">{arrival.location}</dd>
          </div>
        )}
      </dl>

      {!arrival.hours ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {ONLINE_CHECK_IN_REFUSALS.pickup_day_closed}
        </p>
      ) : readOnly ? (
        <p className="text-slate-900">
          Pickup time: <strong>{arrival.pickupTime ?? values.pickupTime}</strong>
          {(arrival.flightNumber ?? values.flightNumber) && <span className="block">Flight: {arrival.flightNumber ?? values.flightNumber}</span>}
        </p>
      ) : (
        <>
          <div>
            <label htmlFor="check-in-time" className="field-label">
              {arrival.delivery ? 'When should we meet you?' : 'When will you pick the car up?'}
            </label>
            <select
              id="check-in-time"
              className={`field-input h-11 py-0 ${problem ? 'border-red-500' : ''}`}
              value={values.pickupTime}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'check-in-time-error' : 'check-in-time-hint'}
              onChange={(event) => onChange({ ...values, pickupTime: event.target.value })}
            >
              <option value="">Choose a time</option>
              {times.map((time) => (
                <option key={time} value={time}>
                  {time}
                </option>
              ))}
            </select>
            {problem ? (
              <p id="check-in-time-error" className="field-error">
                {problem}
              </p>
            ) : (
              <p id="check-in-time-hint" className="mt-1 text-sm text-slate-500">
                Jamaica time, within our hours on the day.
              </p>
            )}
          </div>
          {arrival.delivery && (
            <div>
              <label htmlFor="check-in-flight" className="field-label">
                {airport ? 'Your flight number' : 'Flight number (if you arrive by air)'}
              </label>
              <input
                id="check-in-flight"
                className="field-input h-11 py-0"
                value={values.flightNumber}
                autoComplete="off"
                autoCapitalize="characters"
                aria-describedby="check-in-flight-hint"
                onChange={(event) => onChange({ ...values, flightNumber: event.target.value })}
              />
              <p id="check-in-flight-hint" className="mt-1 text-sm text-slate-500">
                {airport ? 'So we can follow a late landing, e.g. JM 12 or AA 1043.' : 'Optional.'}
              </p>
            </div>
          )}
        </>
      )}
    </div>
  );
}
