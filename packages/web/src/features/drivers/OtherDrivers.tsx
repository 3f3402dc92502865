/**
 * "Other drivers" on the booking page: the drivers the customer named besides themself. While the
 * booking is waiting or confirmed and before its pickup day, they are added (up to the booking's
 * limit), changed or removed, and the whole list is saved at once (PUT /api/bookings/{id}/drivers).
 * Each is checked with the contract's schema, and by the company's rules on the booking's days.
 * The booking is priced for the drivers named: the form sends the total the customer has seen, so
 * a list that changes the price comes back with the new total (price_changed, nothing saved) and
 * is saved only once the customer presses Save again, having read it.
 */
import { MAX_ADDITIONAL_DRIVERS } from '@rental/contract/constants';
import { DRIVER_MESSAGES } from '@rental/contract/driverRules';
import { companyToday } from '@rental/contract/rentalDates';
import type { BookingDetail } from '@rental/contract/schemas';
import { NETWORK_ERROR_MESSAGE } from '@rental/contract/client';
import { formatMoney } from '@rental/contract/format';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { callApi, priceChangedQuote } from '../../api/client';
import { FormProblem } from '../../components/FormField';
import { useCompany } from '../../company/useCompany';
import { formatCalendarDate } from '../../lib/dates';
import { type Problems, firstProblem } from '../../lib/formProblems';
import { queryKeys } from '../../lib/queryKeys';
import { useSubmit } from '../../lib/useSubmit';
import { DriverFields } from './DriverFields';
import {
  NO_OTHER_DRIVER,
  OTHER_DRIVER_FIELDS,
  type OtherDriverField,
  type OtherDriverValues,
  canAddDriver,
  canNameDrivers,
  otherDriverValues,
  otherDriversProblems,
} from './driverForm';
import { useDriverChecks } from './useDriverChecks';

type Row = { key: number; values: OtherDriverValues };

function DriverList({ booking }: { booking: BookingDetail }) {
  if (booking.additionalDrivers.length === 0) return <p className="text-sm text-slate-600">No other drivers are named: only you drive this car.</p>;
  return (
    <ul className="space-y-2 text-sm">
      {booking.additionalDrivers.map((driver, n) => (
        // oxlint-disable-next-line react/no-array-index-key -- the list is saved whole; a name may repeat
        <li key={n} className="rounded-lg border border-slate-200 px-3 py-2">
          <span className="font-medium text-slate-900">{driver.name}</span>
          <span className="block text-slate-600">
            Licence {driver.licenceNumber} ({driver.licenceCountry}), valid until {formatCalendarDate(driver.licenceExpires)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function DriversForm({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) {
  const queryClient = useQueryClient();
  const company = useCompany();
  const ids = useId();
  const nextKey = useRef(booking.additionalDrivers.length);
  const [rows, setRows] = useState<Row[]>(() =>
    booking.additionalDrivers.length > 0
      ? booking.additionalDrivers.map((d, key) => ({ key, values: otherDriverValues(d) }))
      : [{ key: 0, values: { ...NO_OTHER_DRIVER } }],
  );
  const [checked, setChecked] = useState(false);
  const [loadProblem, setLoadProblem] = useState('');
  const { checks, load } = useDriverChecks();
  const idOf = (key: number) => (field: OtherDriverField) => `${ids}-${key}-${field}`;
  const fieldProblems = (row: Row): Problems<OtherDriverField> => (checked && checks ? checks.otherDriverFormProblems(row.values) : {});
  const rental = { pickupDate: booking.pickupDate, returnDate: booking.returnDate };
  const ruleProblems = otherDriversProblems(
    rows.map((r) => r.values),
    rental,
    company,
  );
  // The total the customer was shown for this many drivers (the booking's own until the server says another).
  const [shown, setShown] = useState<{ count: number; total: number; words: string } | null>(null);
  const save = useSubmit(
    async () => {
      const expectedTotal = shown?.count === rows.length ? shown.total : booking.price;
      try {
        return await callApi('bookingDrivers', { params: { id: booking._id }, body: { drivers: rows.map((r) => r.values), expectedTotal } });
      } catch (error) {
        const quote = priceChangedQuote(error);
        if (quote) {
          const difference = quote.total - booking.price;
          const drivers = rows.length === 1 ? '1 other driver' : `${rows.length} other drivers`;
          const more =
            difference === 0 ? 'the same as now' : `${formatMoney(Math.abs(difference), quote.currency)} ${difference > 0 ? 'more' : 'less'} than now`;
          setShown({
            count: rows.length,
            total: quote.total,
            words: `With ${drivers} the total is ${formatMoney(quote.total, quote.currency)} (${more}). Press “Save other drivers” again to accept it.`,
          });
        }
        throw error;
      }
    },
    {
      onDone: async () => {
        await Promise.all([queryClient.invalidateQueries({ queryKey: ['booking'] }), queryClient.invalidateQueries({ queryKey: queryKeys.userBookings })]);
        onClose();
      },
    },
  );

  const change = (key: number, field: OtherDriverField, value: string) =>
    setRows((before) => before.map((row) => (row.key === key ? { ...row, values: { ...row.values, [field]: value } } : row)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    setLoadProblem('');
    save.clearProblem();
    let loaded;
    try {
      loaded = await load();
    } catch {
      setLoadProblem(NETWORK_ERROR_MESSAGE);
      return;
    }
    for (const row of rows) {
      const field = firstProblem(OTHER_DRIVER_FIELDS, loaded.otherDriverFormProblems(row.values));
      if (field) {
        document.getElementById(idOf(row.key)(field))?.focus();
        return;
      }
    }
    if (ruleProblems.length > 0) return;
    await save.send();
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Other drivers" className="space-y-4">
      {rows.length === 0 && <p className="text-sm text-slate-600">No other drivers: saving removes them all from the booking.</p>}
      {rows.map((row, n) => (
        <fieldset key={row.key} className="min-w-0 space-y-3 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 font-medium text-slate-900">{row.values.name.trim() || `Driver ${n + 1}`}</legend>
          <DriverFields
            fields={OTHER_DRIVER_FIELDS}
            values={row.values}
            problems={fieldProblems(row)}
            idOf={idOf(row.key)}
            onChange={(field, value) => change(row.key, field, value)}
          />
          <button
            type="button"
            className="btn-secondary border-red-300 px-3 py-1.5 text-sm text-red-800 hover:bg-red-50"
            onClick={() => setRows((before) => before.filter((r) => r.key !== row.key))}
          >
            Remove {row.values.name.trim() || `driver ${n + 1}`}
          </button>
        </fieldset>
      ))}
      {canAddDriver(rows.length) ? (
        <button
          type="button"
          className="btn-secondary px-4 py-2 text-sm"
          onClick={() => {
            nextKey.current += 1;
            setRows((before) => [...before, { key: nextKey.current, values: { ...NO_OTHER_DRIVER } }]);
          }}
        >
          Add another driver
        </button>
      ) : (
        <p className="text-sm text-slate-600">A booking can name at most {MAX_ADDITIONAL_DRIVERS} other drivers.</p>
      )}
      {ruleProblems.length > 0 && (
        <div id={`${ids}-rules`} className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="font-medium">Our rules for drivers on this booking's days:</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {ruleProblems.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      {shown && shown.count === rows.length && (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {shown.words}
        </p>
      )}
      <FormProblem problem={loadProblem || save.problem} />
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          className="btn-primary"
          disabled={save.busy || ruleProblems.length > 0}
          aria-describedby={ruleProblems.length > 0 ? `${ids}-rules` : undefined}
        >
          {save.busy ? 'Saving…' : 'Save other drivers'}
        </button>
        <button type="button" className="btn-secondary" disabled={save.busy} onClick={onClose}>
          Cancel changes
        </button>
      </div>
    </form>
  );
}

export function OtherDrivers({ booking }: { booking: BookingDetail }) {
  const [editing, setEditing] = useState(false);
  const open = canNameDrivers(booking, companyToday());
  if (editing && open) return <DriversForm booking={booking} onClose={() => setEditing(false)} />;
  return (
    <div className="space-y-3">
      <DriverList booking={booking} />
      {open ? (
        <>
          <p className="text-sm text-slate-600">
            Anyone else who drives the car must be named here, with their licence, before the pickup day. They show their licence at pickup.
          </p>
          <button type="button" className="btn-secondary px-4 py-2 text-sm" onClick={() => setEditing(true)}>
            {booking.additionalDrivers.length === 0 ? 'Add another driver' : 'Change other drivers'}
          </button>
        </>
      ) : (
        booking.status !== 'cancelled' && <p className="text-sm text-slate-600">{DRIVER_MESSAGES.driversBookingClosed}</p>
      )}
    </div>
  );
}
