/**
 * Step 2: the licence card in hand, and the renter's address off their proof of address. The number on file is not shown: staff type what the card
 * says and the page tells them whether it matches, so a copied number proves nothing. Other
 * drivers the renter brings are named here too (CounterDrivers).
 */
import type { CounterBooking } from '@rental/contract/schemas';
import { controlProps, FormField } from '../../FormField';
import { formatCalendarDate } from '../../../../lib/dates';
import { checkLicence, type CheckOutForm } from './checkOutForm';
import { CounterDrivers } from './CounterDrivers';
import { type UpdateForm, Warning } from './Step';

export function LicenceStep({ booking, form, update }: { booking: CounterBooking; form: CheckOutForm; update: UpdateForm }) {
  const check = checkLicence(form.licenceSeen, booking.licenceNumber);
  const id = 'check-out-licence';
  return (
    <div className="space-y-4">
      <FormField id={id} label={`Licence number on ${booking.user.name}'s card`} hint="Type it as printed; spaces and dashes do not matter.">
        <input
          {...controlProps(id, undefined, { hint: 'hint' })}
          aria-describedby={check === 'not_typed' ? `${id}-hint` : `${id}-check`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={form.licenceSeen}
          onChange={(event) => update({ licenceSeen: event.target.value })}
        />
      </FormField>
      {check === 'matches' && (
        <p id={`${id}-check`} role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          Matches the customer's driver details.
        </p>
      )}
      {check === 'differs' && (
        <Warning id={`${id}-check`}>This does not match the licence number in the customer's driver details. Please check the card again.</Warning>
      )}
      {check === 'none_on_file' && <Warning id={`${id}-check`}>The customer has not given their licence details yet.</Warning>}
      <FormField
        id={`${id}-address`}
        label={`${booking.user.name}'s address`}
        hint="As their proof of address gives it: it is printed on the rental agreement."
      >
        <textarea
          {...controlProps(`${id}-address`, undefined, { hint: 'hint', multiline: true })}
          rows={2}
          autoComplete="off"
          maxLength={300}
          value={form.renterAddress}
          onChange={(event) => update({ renterAddress: event.target.value })}
        />
      </FormField>
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-700">Other drivers</h3>
        {booking.additionalDrivers.length === 0 ? (
          <p className="text-sm text-slate-600">No other drivers are named: only {booking.user.name} drives.</p>
        ) : (
          <ul className="space-y-2">
            {booking.additionalDrivers.map((driver) => (
              <li key={`${driver.name}-${driver.licenceNumber}`} className="rounded-lg border border-slate-200 px-3 py-2">
                <span className="block font-medium text-slate-900">{driver.name}</span>
                <span className="block text-sm text-slate-600">
                  Licence {driver.licenceNumber} ({driver.licenceCountry}), expires {formatCalendarDate(driver.licenceExpires)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {/* Someone else who will drive: named here, with their licence, before the keys go. */}
        <CounterDrivers booking={booking} />
      </div>
    </div>
  );
}
