/**
 * Check-out of a booking checked in online (decision 125): the licence, the terms and the customer's
 * signature were done on the phone, so only what the counter alone can do remains: read the car,
 * take what is owing, hand over the keys and sign as staff. The agreement signed online stays as it
 * is; the server seals the car's condition as an appendix to it.
 */
import { CHECKED_IN_ONLINE_WORDS, checkedInOnlineAt } from '@rental/contract/checkedInOnline';
import type { CounterBooking } from '@rental/contract/schemas';
import { BadgeCheck } from 'lucide-react';
import { useState } from 'react';
import { buildShortCheckOut, type CheckOutForm, checkOutFormData, initialCheckOutForm, missingBeforeShortHandOver } from './checkOutForm';
import { DamagesStep } from './DamagesStep';
import { DepositStep } from './DepositStep';
import { HandOverButton, useHandOver } from './HandOver';
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
  const handOver = useHandOver(booking._id, onHandedOver);
  const update: UpdateForm = (patch) => setForm((current) => ({ ...current, ...(typeof patch === 'function' ? patch(current) : patch) }));
  const missing = missingBeforeShortHandOver(form, booking);
  const owing = booking.balance > 0;
  let number = 1;

  return (
    <form
      aria-label="Check-out"
      noValidate
      onSubmit={handOver.send(missing, () => checkOutFormData(buildShortCheckOut(form, booking.balance)))}
      className="space-y-4"
    >
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

      <HandOverButton handOver={handOver} missing={missing} />
    </form>
  );
}
