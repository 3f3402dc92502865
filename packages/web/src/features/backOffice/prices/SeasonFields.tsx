/** One season of the prices form: its days, its priority, and the prices it changes (a car's own rate, a category's percentage). */
import { CAR_CATEGORIES } from '@rental/contract/constants';
import { formatMoney } from '@rental/contract/format';
import type { Car } from '@rental/contract/schemas';
import { FormField, controlProps } from '../FormField';
import { fieldId, GroupProblem, PriceField } from './PriceField';
import { type CarRateRow, newKey, type PricesErrors, type SeasonForm } from './pricesForm';

export interface SeasonFieldsProps {
  season: SeasonForm;
  index: number;
  errors: PricesErrors;
  /** The fleet, to choose cars from; undefined while it loads. */
  cars: Car[] | undefined;
  currency: string;
  onChange: (patch: Partial<SeasonForm>) => void;
  onRemove: () => void;
}

const carName = (car: Car, currency: string) =>
  `${car.brand} ${car.model} ${car.year}, ${car.location} (usually ${formatMoney(car.pricePerDay, currency)} a day)`;

export function SeasonFields({ season, index, errors, cars, currency, onChange, onRemove }: SeasonFieldsProps) {
  const at = `seasons.${index}`;
  const title = season.name.trim() || `Season ${index + 1}`;
  const setRow = (row: number, patch: Partial<CarRateRow>) => onChange({ carRates: season.carRates.map((r, i) => (i === row ? { ...r, ...patch } : r)) });
  const known = new Set(cars?.map((car) => car._id));

  return (
    <fieldset className="min-w-0 space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 font-semibold break-words text-slate-900">{title}</legend>
      <GroupProblem field={at} error={errors[at]} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PriceField
          field={`${at}.name`}
          label="Season name"
          hint="As customers read it on the car’s calendar, e.g. Christmas."
          kind="text"
          value={season.name}
          error={errors[`${at}.name`]}
          onChange={(name) => onChange({ name })}
          className="sm:col-span-2"
        />
        <PriceField
          field={`${at}.startDate`}
          label="First day"
          kind="date"
          value={season.startDate}
          error={errors[`${at}.startDate`]}
          onChange={(startDate) => onChange({ startDate })}
        />
        <PriceField
          field={`${at}.endDate`}
          label="Last day"
          hint="Included in the season."
          kind="date"
          value={season.endDate}
          error={errors[`${at}.endDate`]}
          onChange={(endDate) => onChange({ endDate })}
        />
        <PriceField
          field={`${at}.priority`}
          label="Priority"
          hint="0 to 100. Where seasons overlap, the higher number prices the day."
          value={season.priority}
          error={errors[`${at}.priority`]}
          onChange={(priority) => onChange({ priority })}
        />
        <PriceField
          field={`${at}.minDays`}
          label="Fewest days (optional)"
          hint="A rental touching the season lasts at least this many days. Empty: no minimum."
          optional
          value={season.minDays}
          error={errors[`${at}.minDays`]}
          onChange={(minDays) => onChange({ minDays })}
        />
      </div>

      <fieldset className="min-w-0 space-y-3">
        <legend className="text-sm font-semibold text-slate-800">Daily rate for chosen cars</legend>
        <p className="text-sm text-slate-500">Before GCT, in {currency}. A car’s own rate wins over its category’s percentage below.</p>
        {season.carRates.length > 0 && (
          <ul className="space-y-3">
            {season.carRates.map((row, r) => {
              const carKey = `${at}.carRates.${r}.car`;
              const carId = fieldId(carKey);
              return (
                <li key={row.key} className="grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-start">
                  <FormField id={carId} label="Car" error={errors[carKey]}>
                    <select {...controlProps(carId, errors[carKey])} value={row.carId} onChange={(event) => setRow(r, { carId: event.target.value })}>
                      <option value="" disabled>
                        {cars ? 'Choose a car' : 'Loading the fleet…'}
                      </option>
                      {row.carId && !known.has(row.carId) && cars && <option value={row.carId}>A car no longer in the fleet</option>}
                      {cars?.map((car) => (
                        <option key={car._id} value={car._id}>
                          {carName(car, currency)}
                        </option>
                      ))}
                    </select>
                  </FormField>
                  <PriceField
                    field={`${at}.carRates.${r}.rate`}
                    label="Daily rate"
                    value={row.rate}
                    error={errors[`${at}.carRates.${r}.rate`]}
                    onChange={(rate) => setRow(r, { rate })}
                  />
                  <button
                    type="button"
                    className="btn-secondary min-h-11 sm:mt-6"
                    onClick={() => onChange({ carRates: season.carRates.filter((_, i) => i !== r) })}
                  >
                    Remove<span className="sr-only"> this car’s rate</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <button
          type="button"
          className="btn-secondary min-h-11"
          onClick={() => onChange({ carRates: [...season.carRates, { key: newKey(), carId: '', rate: '' }] })}
        >
          Add a car’s rate
        </button>
      </fieldset>

      <fieldset className="min-w-0">
        <legend className="text-sm font-semibold text-slate-800">Change per category, in percent</legend>
        <p className="mb-3 text-sm text-slate-500">20 makes a category’s cars 20% dearer in the season, -10 makes them 10% cheaper. Empty: no change.</p>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {CAR_CATEGORIES.map((category) => {
            const key = `${at}.categoryPercents.${category}`;
            return (
              <PriceField
                key={category}
                field={key}
                label={category}
                kind="signed"
                optional
                maxLength={4}
                value={season.categoryPercents[category] ?? ''}
                error={errors[key]}
                onChange={(percent) => onChange({ categoryPercents: { ...season.categoryPercents, [category]: percent } })}
              />
            );
          })}
        </div>
      </fieldset>

      <button type="button" className="btn-secondary min-h-11" onClick={onRemove}>
        Remove {title}
      </button>
    </fieldset>
  );
}
