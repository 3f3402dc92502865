/**
 * The balance before the keys go: the booking's folio says what is still owed. Staff take it now
 * (the whole balance, recorded with the keys), or an owner or a manager lets the customer pay at
 * return, saying why. Nothing owing: nothing to do here.
 */
import { FOLIO_METHODS, FOLIO_METHOD_WORDS } from '@rental/contract/folio';
import type { CounterBooking } from '@rental/contract/schemas';
import { useMoney } from '../../../../company/useCompany';
import { controlProps, FormField } from '../../FormField';
import { useStaffMay } from '../../useStaffMay';
import type { CheckOutForm } from './checkOutForm';
import type { UpdateForm } from './Step';

const CHOICE =
  'flex min-h-12 cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white px-2 text-center text-sm font-medium text-slate-700 has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary';

export function MoneyStep({ booking, form, update }: { booking: CounterBooking; form: CheckOutForm; update: UpdateForm }) {
  const money = useMoney();
  const mayLetPayAtReturn = useStaffMay('manager');
  if (booking.balance <= 0) {
    return <p className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900">Paid in full: nothing to collect before the keys go.</p>;
  }
  const referenceId = 'check-out-payment-reference';
  const reasonId = 'check-out-pay-at-return-reason';
  return (
    <div className="space-y-4">
      <p className="flex items-baseline justify-between gap-3 rounded-lg bg-amber-50 px-3 py-2 text-amber-950">
        <span>Balance to pay</span>
        <strong className="text-lg">{money(booking.balance)}</strong>
      </p>
      <fieldset>
        <legend className="field-label">The balance</legend>
        <div className={`grid gap-2 ${mayLetPayAtReturn ? 'grid-cols-2' : 'grid-cols-1'}`}>
          <label className={CHOICE}>
            <input type="radio" name="check-out-money" className="sr-only" checked={form.money === 'pay_now'} onChange={() => update({ money: 'pay_now' })} />
            Paid now
          </label>
          {mayLetPayAtReturn && (
            <label className={CHOICE}>
              <input
                type="radio"
                name="check-out-money"
                className="sr-only"
                checked={form.money === 'pay_at_return'}
                onChange={() => update({ money: 'pay_at_return' })}
              />
              Pay at return
            </label>
          )}
        </div>
        {!mayLetPayAtReturn && <p className="mt-2 text-sm text-slate-600">Only an owner or a manager can let a customer pay at return.</p>}
      </fieldset>
      {form.money === 'pay_now' && (
        <>
          <fieldset>
            <legend className="field-label">How the balance was paid</legend>
            <div className="grid grid-cols-2 gap-2">
              {FOLIO_METHODS.map((method) => (
                <label key={method} className={CHOICE}>
                  <input
                    type="radio"
                    name="check-out-payment-method"
                    className="sr-only"
                    checked={form.paymentMethod === method}
                    onChange={() => update({ paymentMethod: method })}
                  />
                  {FOLIO_METHOD_WORDS[method]}
                </label>
              ))}
            </div>
          </fieldset>
          <FormField id={referenceId} label="Payment reference (optional)" hint="The card slip, bank deposit slip or transfer number, if any.">
            <input
              {...controlProps(referenceId, undefined, { hint: 'hint' })}
              maxLength={100}
              autoComplete="off"
              value={form.paymentReference}
              onChange={(event) => update({ paymentReference: event.target.value })}
            />
          </FormField>
        </>
      )}
      {form.money === 'pay_at_return' && (
        <FormField id={reasonId} label="Why the customer may pay at return">
          <textarea
            {...controlProps(reasonId, undefined, { multiline: true })}
            rows={2}
            maxLength={300}
            value={form.payAtReturnReason}
            onChange={(event) => update({ payAtReturnReason: event.target.value })}
          />
        </FormField>
      )}
    </div>
  );
}
