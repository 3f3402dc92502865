/** The fuel level in eighths, as the gauge shows it: nine big buttons from empty to full. */
import { FUEL_EIGHTHS, fuelWords } from '@rental/contract/counter';

const LEVELS = Array.from({ length: FUEL_EIGHTHS + 1 }, (_, eighths) => eighths);

export function FuelGauge({ value, onChange, error, atCheckOut }: { value: number | null; onChange: (eighths: number) => void; error?: string; atCheckOut: number | null }) {
  return (
    <fieldset aria-describedby={error ? 'fuel-error' : undefined}>
      <legend className="field-label">Fuel now</legend>
      <div className="grid grid-cols-9 gap-1">
        {LEVELS.map((eighths) => (
          <label
            key={eighths}
            className={`flex min-h-12 cursor-pointer flex-col items-center justify-center rounded-lg border text-base font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary ${
              value === eighths ? 'border-primary bg-primary text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
            }`}
          >
            <input type="radio" name="fuel" className="sr-only" value={eighths} checked={value === eighths} onChange={() => onChange(eighths)} aria-label={fuelWords(eighths)} />
            <span aria-hidden="true">{eighths === 0 ? 'E' : eighths === FUEL_EIGHTHS ? 'F' : eighths}</span>
          </label>
        ))}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {value === null ? 'Not chosen yet.' : `${fuelWords(value)}.`}
        {atCheckOut !== null && ` At check-out: ${fuelWords(atCheckOut).toLowerCase()}.`}
      </p>
      {error && (
        <p id="fuel-error" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
