/** Step 7: the security deposit taken at the counter (held, not a payment: it settles at return). */
import { DEPOSIT_METHODS, DEPOSIT_METHOD_WORDS } from '@rental/contract/counter';
import { useCompany } from '../../../../company/useCompany';
import { controlProps, FormField } from '../../FormField';
import type { CheckOutForm } from './checkOutForm';
import type { UpdateForm } from './Step';

export function DepositStep({ form, update }: { form: CheckOutForm; update: UpdateForm }) {
  const { currency } = useCompany();
  const amountId = 'check-out-deposit-amount';
  const referenceId = 'check-out-deposit-reference';
  return (
    <div className="space-y-4">
      <FormField id={amountId} label={`Security deposit taken (${currency})`}>
        <input
          {...controlProps(amountId, undefined)}
          inputMode="numeric"
          autoComplete="off"
          value={form.depositAmount}
          onChange={(event) => update({ depositAmount: event.target.value })}
        />
      </FormField>
      <fieldset>
        <legend className="field-label">How it was taken</legend>
        <div className="grid grid-cols-3 gap-2">
          {DEPOSIT_METHODS.map((method) => (
            <label
              key={method}
              className="flex min-h-12 cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white px-2 text-center text-sm font-medium text-slate-700 has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary"
            >
              <input
                type="radio"
                name="check-out-deposit-method"
                className="sr-only"
                checked={form.depositMethod === method}
                onChange={() => update({ depositMethod: method })}
              />
              {DEPOSIT_METHOD_WORDS[method]}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField id={referenceId} label="Reference (optional)" hint="The card slip or transfer number, if any.">
        <input
          {...controlProps(referenceId, undefined, { hint: 'hint' })}
          maxLength={100}
          autoComplete="off"
          value={form.depositReference}
          onChange={(event) => update({ depositReference: event.target.value })}
        />
      </FormField>
    </div>
  );
}
