/** Step 3: the odometer and the fuel gauge, as read in the car (the gauge is check-in's too). */
import { fuelWords } from '@rental/contract/counter';
import type { CounterBooking } from '@rental/contract/schemas';
import { controlProps, FormField } from '../../FormField';
import { FuelGauge } from '../FuelGauge';
import { type CheckOutForm, odometerWarning } from './checkOutForm';
import { type UpdateForm, Warning } from './Step';

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
      <FuelGauge
        legend="Fuel in the tank"
        name="check-out-fuel"
        value={form.fuelEighths}
        onChange={(eighths) => update({ fuelEighths: eighths })}
        note={form.fuelEighths === null ? 'Tap what the gauge shows.' : `Fuel: ${fuelWords(form.fuelEighths)}.`}
      />
    </div>
  );
}
