/**
 * Check-out of a booking checked in online (decision 125): the licence, the terms and the customer's
 * signature were done on the phone, so only what the counter alone can do remains: read the car,
 * take what is owing, hand over the keys and sign as staff. The agreement signed online stays as it
 * is; the server seals the car's condition as an appendix to it.
 */
import { CHECKED_IN_ONLINE_WORDS, checkedInOnlineAt } from '@rental/contract/checkedInOnline';
import type { CounterBooking } from '@rental/contract/schemas';
import { BadgeCheck, Loader2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { errorMessage } from '../../../../api/client';
import { FormProblem } from '../../../../components/FormField';
import { useCheckOut } from '../counterQueries';
import { buildShortCheckOut, type CheckOutForm, checkOutFormData, initialCheckOutForm, missingBeforeShortHandOver } from './checkOutForm';
import { DamagesStep } from './DamagesStep';
import { DepositStep } from './DepositStep';
import { ItemsStep } from './ItemsStep';
import { MoneyStep } from './MoneyStep';
import { ReadingsStep } from './ReadingsStep';
import { SignaturePad } from './SignaturesStep';
import { BigCheckbox, Step, type UpdateForm } from './Step';

export function CheckedInOnlineNote({ completedAt }: { completedAt: string }) {
  return (
    <div className="rounded-xl border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-950">
      <p className="flex items-center gap-2 font-semibold">
        <BadgeCheck aria-hidden="true" size={20} />
        {checkedInOnlineAt(completedAt)}
      </p>
      <p className="mt-1 text-sm">{CHECKED_IN_ONLINE_WORDS.shortCheckOut}</p>
    </div>
  );
}

export function ShortCheckOut({
  booking,
  companyDeposit,
  onHandedOver,
}: {
  booking: CounterBooking;
  companyDeposit: number;
  onHandedOver: (message: string) => void;
}) {
  // Nothing booked as an extra: the common items stay for staff to tick, the deposit is prefilled as today.
  const [form, setForm] = useState<CheckOutForm>(() => initialCheckOutForm(booking, companyDeposit));
  const [tried, setTried] = useState(false);
  const checkOut = useCheckOut(booking._id);
  const sending = useRef(false);
  const missingRef = useRef<HTMLDivElement>(null);
  const update: UpdateForm = (patch) => setForm((current) => ({ ...current, ...(typeof patch === 'function' ? patch(current) : patch) }));
  const missing = missingBeforeShortHandOver(form, booking);
  const owing = booking.balance > 0;
  let number = 1;

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    setTried(true);
    if (missing.length > 0) {
      missingRef.current?.focus();
      return;
    }
    sending.current = true;
    checkOut.reset();
    checkOut.mutate(checkOutFormData(buildShortCheckOut(form, booking.balance)), {
      onSuccess: (answer) => onHandedOver(answer.message),
      onSettled: () => {
        sending.current = false;
      },
    });
  };

  return (
    <form aria-label="Check-out" noValidate onSubmit={send} className="space-y-4">
      <Step number={++number} title="Odometer and fuel">
        <ReadingsStep booking={booking} form={form} update={update} />
      </Step>
      <Step number={++number} title="Damages">
        <DamagesStep openDamages={booking.openDamages} form={form} update={update} />
      </Step>
      <Step number={++number} title="Keys and items handed over">
        <div className="space-y-3">
          <BigCheckbox checked={form.keysHandedOver} onChange={(keysHandedOver) => update({ keysHandedOver })}>
            Keys handed over to {booking.user.name}
          </BigCheckbox>
          <ItemsStep form={form} update={update} />
        </div>
      </Step>
      {owing && (
        <Step number={++number} title="Payment">
          <MoneyStep booking={booking} form={form} update={update} />
        </Step>
      )}
      <Step number={++number} title="Security deposit taken">
        <DepositStep form={form} update={update} />
      </Step>
      <Step number={++number} title="Staff signature">
        <p className="mb-3 text-sm text-slate-700">You sign the car's condition as handed over. It is added to the agreement the customer signed online.</p>
        <SignaturePad label="Staff signature" png={form.staffSignature} onChange={(staffSignature) => update({ staffSignature })} />
      </Step>

      <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {tried && missing.length > 0 && (
          <div ref={missingRef} tabIndex={-1} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 outline-none">
            <p className="font-medium">Before the keys go:</p>
            <ul className="mt-1 list-disc pl-5">
              {missing.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        )}
        {checkOut.isError && <FormProblem problem={errorMessage(checkOut.error)} />}
        <button type="submit" className="btn-primary min-h-14 w-full text-lg" disabled={checkOut.isPending}>
          {checkOut.isPending && <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" />}
          {checkOut.isPending ? 'Handing over…' : 'Hand over the keys'}
        </button>
      </div>
    </form>
  );
}
