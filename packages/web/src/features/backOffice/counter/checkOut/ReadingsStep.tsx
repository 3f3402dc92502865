/** Step 3: the odometer and the fuel gauge, as read in the car. */
import { FUEL_EIGHTHS, fuelWords } from '@rental/contract/counter';
import type { CounterBooking } from '@rental/contract/schemas';
import { controlProps, FormField } from '../../FormField';
import { type CheckOutForm, odometerWarning } from './checkOutForm';
import { type UpdateForm, Warning } from './Step';

const EIGHTHS = Array.from({ length: FUEL_EIGHTHS + 1 }, (_, eighths) => eighths);

/** "1/8", "Half"...: short enough for nine buttons across a phone. */
function shortFuelWords(eighths: number): string {
  if (eighths === 0) return 'Empty';
  if (eighths === FUEL_EIGHTHS) return 'Full';
  if (eighths * 2 === FUEL_EIGHTHS) return 'Half';
  return `${eighths}/8`;
}

export function ReadingsStep({ booking, form, update }: { booking: CounterBooking; form: CheckOutForm; update: UpdateForm }) {
  const id = 'check-out-odometer';
  const warning = odometerWarning(form.odometer, booking.car.odometerKm);
  return (
    <div className="space-y-5">
      <FormField id={id} label="Odometer (km)" hint={`Last reading: ${booking.car.odometerKm.toLocaleString('en-US')} km.`}>
        <input
          {...controlProps(id, undefined, { hint: 'hint' })}
          aria-describedby={warning ? `${id}-warning` : `${id}-hint`}
          inputMode="numeric"
          pattern="[0-9 ,]*"
          autoComplete="off"
          value={form.odometer}
          onChange={(event) => update({ odometer: event.target.value })}
        />
      </FormField>
      {warning && <Warning id={`${id}-warning`}>{warning}</Warning>}
      <fieldset>
        <legend className="field-label">Fuel in the tank</legend>
        <div className="grid grid-cols-9 overflow-hidden rounded-lg border border-slate-300">
          {EIGHTHS.map((eighths) => (
            <label
              key={eighths}
              className="flex min-h-12 cursor-pointer items-center justify-center border-l border-slate-300 bg-white px-0 text-center text-[11px] font-medium tracking-tight text-slate-700 first:border-l-0 hover:bg-slate-50 has-[:checked]:bg-primary has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary sm:text-sm"
            >
              <input
                type="radio"
                name="check-out-fuel"
                className="sr-only"
                aria-label={fuelWords(eighths)}
                checked={form.fuelEighths === eighths}
                onChange={() => update({ fuelEighths: eighths })}
              />
              <span aria-hidden="true">{shortFuelWords(eighths)}</span>
            </label>
          ))}
        </div>
        <p className="mt-1 text-sm text-slate-600" aria-live="polite">
          {form.fuelEighths === null ? 'Tap what the gauge shows.' : `Fuel: ${fuelWords(form.fuelEighths)}.`}
        </p>
      </fieldset>
    </div>
  );
}
