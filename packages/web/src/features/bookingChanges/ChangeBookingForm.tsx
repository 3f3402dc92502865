/**
 * Change a booking's dates (and, for staff, its car): the new price and the difference are asked of
 * the server first (the preview writes nothing), then saved at the total the preview showed: if the
 * price moved meanwhile the server refuses (price_changed) and the form shows the new one. The rules are the contract's and
 * changeForm.ts's; this component only lays them out.
 */
import { type ChangeAsker, changeableFields, datesInWords } from '@rental/contract/bookingChanges';
import { changedLines } from '@rental/contract/changedLines';
import { formatMoney } from '@rental/contract/format';
import { companyToday } from '@rental/contract/rentalDates';
import type { BookingChange } from '@rental/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { callApi, errorMessage, priceChangedQuote } from '../../api/client';
import { type ChangeableBookingView, changeBody, type ChangeFormValues, differenceText, initialValues } from './changeForm';
import { ChangeDatesCalendar } from './ChangeDatesCalendar';

export interface CarChoice {
  _id: string;
  name: string;
}

function Side({ title, side, currency }: { title: string; side: BookingChange['before']; currency: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</p>
      <p className="text-slate-900">{side.car.name}</p>
      <p className="text-slate-700">{datesInWords(side.pickupDate, side.returnDate)}</p>
      <p className="font-semibold text-slate-900">
        {formatMoney(side.total, currency)}{' '}
        <span className="font-normal text-slate-500">
          for {side.days} {side.days === 1 ? 'day' : 'days'}
        </span>
      </p>
    </div>
  );
}

/** Why the total moved: the quote's lines that differ, old and new (contract changedLines.ts). */
function MovedLines({ change }: { change: BookingChange }) {
  const rows = changedLines(change.before.quote, change.after.quote);
  if (rows.length === 0) return null;
  const money = (amount: number | null) => (amount === null ? '—' : formatMoney(amount, change.currency));
  return (
    <table className="w-full text-sm">
      <caption className="text-left font-medium text-slate-900">Why the total moved</caption>
      <thead>
        <tr className="text-left text-xs text-slate-500">
          <th scope="col" className="py-1 font-medium">
            Line
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Was
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            New
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className="border-t border-slate-100">
            <th scope="row" className="py-1 pr-2 text-left font-normal text-slate-700">
              {row.label}
            </th>
            <td className="py-1 text-right whitespace-nowrap text-slate-700">{money(row.before)}</td>
            <td className="py-1 text-right whitespace-nowrap font-medium text-slate-900">{money(row.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Before saving: "Now" and "After the change"; once saved: "Before" and "Now". */
export function ChangeSummary({ change, saved = false }: { change: BookingChange; saved?: boolean }) {
  return (
    <div className="space-y-2" data-testid="change-summary">
      <div className="grid gap-2 sm:grid-cols-2">
        <Side title={saved ? 'Before' : 'Now'} side={change.before} currency={change.currency} />
        <Side title={saved ? 'Now' : 'After the change'} side={change.after} currency={change.currency} />
      </div>
      <MovedLines change={change} />
      <p className="text-base font-semibold text-slate-900">Difference: {differenceText(change.difference, change.currency)}</p>
      <p className="text-sm text-slate-700">{change.paymentNote}</p>
      {change.confirmAgain && (
        <p className="text-sm text-amber-900">
          {saved ? 'The booking now waits for our staff to confirm it again.' : 'After this change the booking waits for our staff to confirm it again.'}
        </p>
      )}
    </div>
  );
}

export function ChangeBookingForm({
  booking,
  asker,
  cars,
  onClose,
}: {
  booking: ChangeableBookingView;
  asker: ChangeAsker;
  cars?: CarChoice[];
  onClose: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const fields = changeableFields(asker, booking, companyToday());
  const [values, setValues] = useState<ChangeFormValues>(() => initialValues(booking));
  const [preview, setPreview] = useState<BookingChange | null>(null);
  const [saved, setSaved] = useState<{ message: string; change: BookingChange } | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  if (!fields) return null;
  const body = changeBody(booking, values);

  const set = (field: keyof ChangeFormValues) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    // A quote is for the values it was asked with: any edit asks again.
    setPreview(null);
    setProblem('');
  };

  async function ask(what: 'bookingChangeQuote' | 'changeBooking') {
    if (!body) return;
    setBusy(true);
    setProblem('');
    try {
      if (what === 'bookingChangeQuote') {
        setPreview((await callApi('bookingChangeQuote', { params: { id: booking._id }, body })).change);
      } else {
        // The total the preview showed: a price changed since is refused, and nothing is changed.
        const answer = await callApi('changeBooking', { params: { id: booking._id }, body: { ...body, expectedTotal: preview?.after.total } });
        setSaved({ message: answer.message, change: answer.change });
      }
    } catch (error) {
      setProblem(errorMessage(error));
      setPreview(null);
      // The price moved since the preview: the new one is shown at once, to save or leave.
      if (priceChangedQuote(error)) {
        try {
          setPreview((await callApi('bookingChangeQuote', { params: { id: booking._id }, body })).change);
        } catch (again) {
          setProblem(errorMessage(again));
        }
      }
    } finally {
      setBusy(false);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void ask(preview ? 'changeBooking' : 'bookingChangeQuote');
  };

  // The lists are read again once the result has been seen: read at once, the booking could leave the
  // list it was opened from (a rental extended leaves today's returns) and take this answer with it.
  const closeSaved = () => {
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: ['owner'] }),
      queryClient.invalidateQueries({ queryKey: ['booking'] }),
      queryClient.invalidateQueries({ queryKey: ['bookings'] }),
      queryClient.invalidateQueries({ queryKey: ['availability'] }),
    ]);
    onClose();
  };

  if (saved) {
    return (
      <div role="status" aria-label={`Booking ${booking.reference} changed`} className="space-y-3 rounded-xl border border-emerald-200 bg-emerald-50/40 p-4">
        <p className="font-semibold text-emerald-800">{saved.message}</p>
        <ChangeSummary change={saved.change} saved />
        <button type="button" className="btn-secondary min-h-11" onClick={closeSaved}>
          Close
        </button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label={`Change booking ${booking.reference}`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="grid gap-3 sm:grid-cols-2">
        {asker === 'customer' && fields.pickupDate ? (
          // The customer sees the taken days, as on the car page.
          <ChangeDatesCalendar
            carId={booking.car._id}
            own={{ pickupDate: booking.pickupDate, returnDate: booking.returnDate }}
            pickupDate={values.pickupDate}
            returnDate={values.returnDate}
            onChoose={(days) => {
              setValues((v) => ({ ...v, ...days }));
              setPreview(null);
              setProblem('');
            }}
          />
        ) : (
          <>
            {fields.pickupDate && (
              <label className="block" htmlFor={`${id}-from`}>
                <span className="field-label">Pickup date</span>
                <input id={`${id}-from`} type="date" className="field-input min-h-11" value={values.pickupDate} onChange={set('pickupDate')} />
              </label>
            )}
            <label className="block" htmlFor={`${id}-to`}>
              <span className="field-label">Return date</span>
              <input
                id={`${id}-to`}
                type="date"
                className="field-input min-h-11"
                min={fields.pickupDate ? values.pickupDate : booking.returnDate}
                value={values.returnDate}
                onChange={set('returnDate')}
              />
            </label>
          </>
        )}
        {fields.car && cars && cars.length > 0 && (
          <label className="block sm:col-span-2" htmlFor={`${id}-car`}>
            <span className="field-label">Car</span>
            <select id={`${id}-car`} className="field-input min-h-11" value={values.car} onChange={set('car')}>
              {!cars.some((car) => car._id === booking.car._id) && (
                <option value={booking.car._id}>
                  {booking.car.brand} {booking.car.model}
                </option>
              )}
              {cars.map((car) => (
                <option key={car._id} value={car._id}>
                  {car.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {preview && <ChangeSummary change={preview} />}
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" className="btn-primary min-h-11" disabled={busy || !body || !values.returnDate}>
          {busy ? 'Please wait…' : preview ? 'Save the change' : 'See the new price'}
        </button>
        <button type="button" className="btn-secondary min-h-11" onClick={onClose}>
          Keep it as it is
        </button>
      </div>
      {!body && <p className="text-sm text-slate-500">Choose other dates{fields.car ? ' or another car' : ''} to see the new price.</p>}
    </form>
  );
}
