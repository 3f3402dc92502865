/**
 * Check-in (/owner/desk/:id/check-in): the keys come back. Staff read the odometer and the fuel,
 * note new damages on the car's outline as at check-out (with a photo from the phone's camera),
 * tick the items handed over that came back, and cleaning; the charges show as they
 * type, worked out with the contract's own sum, and the server's figures on saving are final.
 */
import { COUNTER_MESSAGES, DEPOSIT_METHOD_WORDS, fuelWords } from '@rental/contract/counter';
import type { CheckedInResponse, CounterBooking } from '@rental/contract/schemas';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../../api/client';
import { FormProblem } from '../../../../components/FormField';
import { useMoney } from '../../../../company/useCompany';
import { formatInstantWithTime } from '../../../../lib/dates';
import { usePageMeta } from '../../../../lib/usePageMeta';
import { controlProps, FormField } from '../../FormField';
import { StaffLoading } from '../../StaffLoading';
import { StaffPageHeader } from '../../StaffPageHeader';
import { ChargesPanel } from './ChargesPanel';
import { CheckedIn } from './CheckedIn';
import { type CheckInFields, checkInFormData, checkInProblems, emptyCheckIn, hasProblems, liveCharges } from './checkInForm';
import { useCheckIn, useCounterBooking } from '../counterQueries';
import { ItemsBack } from './ItemsBack';
import { ReturnDamages } from './ReturnDamages';
import { FuelGauge } from '../FuelGauge';

const RETURNED_NOW_HINT = 'Now, unless you change it.';

export function CheckInPage() {
  const { id = '' } = useParams();
  usePageMeta('Check in', 'Take the keys back: readings, damages and the charges of the return.');
  const booking = useCounterBooking(id);
  const [done, setDone] = useState<CheckedInResponse | null>(null);

  return (
    <div className="mx-auto max-w-3xl">
      <StaffPageHeader
        title="Check in"
        description={booking.data ? `${booking.data.reference}: ${booking.data.user.name}` : 'Take the keys back.'}
        action={
          // Once checked in, the result has its own way back, beside the receipt.
          done ? undefined : (
            <Link to="/owner/desk" className="btn-secondary min-h-11">
              Back to the desk
            </Link>
          )
        }
      />
      {booking.isPending ? (
        <StaffLoading />
      ) : booking.isError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p>{errorMessage(booking.error)}</p>
          <button type="button" className="btn-secondary min-h-11" onClick={() => booking.refetch()} disabled={booking.isFetching}>
            Try again
          </button>
        </div>
      ) : done ? (
        <CheckedIn answer={done} bookingId={id} />
      ) : (
        <CheckInForm booking={booking.data} onDone={setDone} />
      )}
    </div>
  );
}

function BookingFacts({ booking }: { booking: CounterBooking }) {
  const money = useMoney();
  const out = booking.counter.checkOut;
  return (
    <section aria-label="The booking" className="rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-lg font-semibold text-slate-900">
        {booking.car.brand} {booking.car.model} · {booking.car.plate ?? 'no plate yet'}
      </p>
      {out ? (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
          <dt className="text-slate-600">Checked out</dt>
          <dd>
            {formatInstantWithTime(out.at)} by {out.by}
          </dd>
          <dt className="text-slate-600">Odometer then</dt>
          <dd>{out.odometerKm.toLocaleString('en-US')} km</dd>
          <dt className="text-slate-600">Fuel then</dt>
          <dd>{fuelWords(out.fuelEighths)}</dd>
          <dt className="text-slate-600">Deposit</dt>
          <dd>
            {money(out.deposit.amount)} ({DEPOSIT_METHOD_WORDS[out.deposit.method]}
            {out.deposit.reference ? `, ${out.deposit.reference}` : ''})
          </dd>
          <dt className="text-slate-600">Due back</dt>
          <dd className={booking.overdue ? 'font-semibold text-red-700' : ''}>
            {formatInstantWithTime(booking.dueBackAt)}
            {booking.overdue ? ' (overdue)' : ''}
          </dd>
        </dl>
      ) : (
        <p className="mt-2 text-slate-700">This car has not been checked out.</p>
      )}
    </section>
  );
}

function CheckInForm({ booking, onDone }: { booking: CounterBooking; onDone: (answer: CheckedInResponse) => void }) {
  const [fields, setFields] = useState<CheckInFields>(() => emptyCheckIn(new Date(), booking.counter.checkOut?.items));
  const [shown, setShown] = useState(false);
  const checkIn = useCheckIn(booking._id);
  const set = <K extends keyof CheckInFields>(key: K, value: CheckInFields[K]) => setFields((current) => ({ ...current, [key]: value }));
  // The clock moves while staff fill the form: "now" is read at each change, not once.
  const live = useMemo(() => liveCharges(booking, fields, new Date()), [booking, fields]);
  const problems = shown ? checkInProblems(booking, fields, new Date()) : {};
  const out = booking.counter.checkOut;
  const odometerHint = out ? `At check-out: ${out.odometerKm.toLocaleString('en-US')} km` : undefined;

  if (booking.status !== 'on_rent') {
    return (
      <>
        <BookingFacts booking={booking} />
        <p role="alert" className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
          {booking.status === 'returned' ? COUNTER_MESSAGES.alreadyCheckedIn : COUNTER_MESSAGES.notOnRent}
        </p>
      </>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checkIn.isPending) return;
    setShown(true);
    if (hasProblems(checkInProblems(booking, fields, new Date()))) return;
    checkIn.mutate(checkInFormData(fields), { onSuccess: onDone });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <BookingFacts booking={booking} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="odometer" label="Odometer now (km)" error={problems.odometer} hint={odometerHint}>
          <input
            {...controlProps('odometer', problems.odometer, { hint: odometerHint })}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            value={fields.odometer}
            onChange={(e) => set('odometer', e.target.value)}
          />
        </FormField>
        <FormField
          id="returned-at"
          label="Came back at (Jamaica time)"
          error={problems.returnedAt}
          hint={fields.returnedAtEdited ? undefined : RETURNED_NOW_HINT}
        >
          <input
            {...controlProps('returned-at', problems.returnedAt, { hint: fields.returnedAtEdited ? undefined : RETURNED_NOW_HINT })}
            type="datetime-local"
            value={fields.returnedAt}
            onChange={(e) => setFields((current) => ({ ...current, returnedAt: e.target.value, returnedAtEdited: true }))}
          />
        </FormField>
      </div>
      <FuelGauge
        legend="Fuel now"
        name="fuel"
        value={fields.fuel}
        onChange={(eighths) => set('fuel', eighths)}
        error={problems.fuel}
        note={`${fields.fuel === null ? 'Not chosen yet.' : `${fuelWords(fields.fuel)}.`}${out ? ` At check-out: ${fuelWords(out.fuelEighths).toLowerCase()}.` : ''}`}
      />

      <ReturnDamages openDamages={booking.openDamages} damages={fields.damages} problems={problems} onChange={(damages) => set('damages', damages)} />

      <ItemsBack items={fields.items} problems={problems} onChange={(items) => set('items', items)} />

      <section aria-labelledby="cleaning-title" className="space-y-3">
        <h2 id="cleaning-title" className="text-lg font-semibold text-slate-900">
          Cleaning
        </h2>
        <label className="flex min-h-11 items-center gap-3 text-slate-800">
          <input type="checkbox" className="size-5" checked={fields.cleaningNeeded} onChange={(e) => set('cleaningNeeded', e.target.checked)} />
          Cleaning needed
        </label>
        {fields.cleaningNeeded && (
          <FormField id="cleaning" label="Cleaning charge" error={problems.cleaning}>
            <input
              {...controlProps('cleaning', problems.cleaning)}
              inputMode="numeric"
              autoComplete="off"
              value={fields.cleaning}
              onChange={(e) => set('cleaning', e.target.value)}
            />
          </FormField>
        )}
      </section>

      {live && <ChargesPanel live={live} />}

      <div className="space-y-2">
        {checkIn.isError && <FormProblem problem={errorMessage(checkIn.error)} />}
        {shown && hasProblems(problems) && <FormProblem problem="Please check the fields marked above." />}
        <button type="submit" className="btn-primary min-h-12 w-full text-base sm:w-auto" aria-disabled={checkIn.isPending || undefined}>
          {checkIn.isPending ? 'Saving…' : 'Check in and e-mail the receipt'}
        </button>
      </div>
    </form>
  );
}
