/**
 * The fuel level in eighths, as the gauge shows it: nine big buttons from empty to full. One gauge
 * for check-out and check-in alike (issue 32 item 10), so staff read the car the same way both times.
 */
import { FUEL_EIGHTHS, fuelWords } from '@rental/contract/counter';

const LEVELS = Array.from({ length: FUEL_EIGHTHS + 1 }, (_, eighths) => eighths);

export function FuelGauge({
  legend,
  name,
  value,
  onChange,
  note,
  error,
}: {
  legend: string;
  /** The radio group's name: one gauge per form. */
  name: string;
  value: number | null;
  onChange: (eighths: number) => void;
  /** Said under the gauge, read out as it changes. */
  note: string;
  error?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">{legend}</legend>
      <div className="grid grid-cols-9 gap-1">
        {LEVELS.map((eighths) => (
          <label
            key={eighths}
            className={`flex min-h-12 cursor-pointer flex-col items-center justify-center rounded-lg border text-base font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary ${
              value === eighths ? 'border-primary bg-primary text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
            }`}
          >
            <input
              type="radio"
              name={name}
              className="sr-only"
              value={eighths}
              checked={value === eighths}
              onChange={() => onChange(eighths)}
              aria-label={fuelWords(eighths)}
            />
            <span aria-hidden="true">{eighths === 0 ? 'E' : eighths === FUEL_EIGHTHS ? 'F' : eighths}</span>
          </label>
        ))}
      </div>
      <p className="mt-1 text-sm text-slate-600" aria-live="polite">
        {note}
      </p>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
