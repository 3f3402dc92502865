/**
 * Other drivers named at the counter (docs/decisions/107): the renter brings someone else who will
 * drive. Staff type that driver's licence; the company's rules on the booking's days are said
 * before anything is saved; the new total is shown and accepted before it is kept (price_changed),
 * and what it adds is owed with the keys (the Payment step reads the new balance).
 */
import { NETWORK_ERROR_MESSAGE } from '@rental/contract/client';
import { formatMoney } from '@rental/contract/format';
import type { CounterBooking } from '@rental/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import toast from '../../../../lib/toast';
import { callApi, errorMessage, priceChangedQuote } from '../../../../api/client';
import { FormProblem } from '../../../../components/FormField';
import { useCompany } from '../../../../company/useCompany';
import { firstProblem } from '../../../../lib/formProblems';
import { DriverFields } from '../../../drivers/DriverFields';
import { DriverRuleProblems } from '../../../drivers/DriverRuleProblems';
import {
  canAddDriver,
  NO_OTHER_DRIVER,
  OTHER_DRIVER_FIELDS,
  type OtherDriverField,
  type OtherDriverValues,
  otherDriverValues,
  otherDriversProblems,
} from '../../../drivers/driverForm';
import { useDriverChecks } from '../../../drivers/useDriverChecks';
import { backOfficeKeys } from '../../backOfficeQueries';

export function CounterDrivers({ booking }: { booking: CounterBooking }) {
  const queryClient = useQueryClient();
  const company = useCompany();
  const ids = useId();
  const idOf = (field: OtherDriverField) => `${ids}-${field}`;
  const [adding, setAdding] = useState(false);
  const [values, setValues] = useState<OtherDriverValues>({ ...NO_OTHER_DRIVER });
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  // The total with the new driver, once the server said it: pressing again accepts it.
  const [newTotal, setNewTotal] = useState<{ total: number; words: string } | null>(null);
  const { checks, load } = useDriverChecks();
  const problems = checked && checks ? checks.otherDriverFormProblems(values) : {};
  const ruleProblems = otherDriversProblems([values], booking, company);

  async function add() {
    setChecked(true);
    setProblem('');
    const loaded = await load().catch(() => null);
    if (!loaded) return setProblem(NETWORK_ERROR_MESSAGE);
    const field = firstProblem(OTHER_DRIVER_FIELDS, loaded.otherDriverFormProblems(values));
    if (field) return document.getElementById(idOf(field))?.focus();
    if (ruleProblems.length > 0) return;
    setBusy(true);
    const drivers = [...booking.additionalDrivers.map(otherDriverValues), values];
    try {
      const answer = await callApi('counterDrivers', { params: { id: booking._id }, body: { drivers, expectedTotal: newTotal?.total ?? booking.price } });
      toast.success(answer.message);
      setAdding(false);
      setValues({ ...NO_OTHER_DRIVER });
      setNewTotal(null);
      setChecked(false);
      await queryClient.invalidateQueries({ queryKey: backOfficeKeys.all });
    } catch (error) {
      const quote = priceChangedQuote(error);
      if (quote) {
        const more = quote.total - booking.price;
        setNewTotal({
          total: quote.total,
          words: `With ${values.name.trim() || 'this driver'} the total is ${formatMoney(quote.total, quote.currency)} (${formatMoney(Math.abs(more), quote.currency)} ${more >= 0 ? 'more, paid with the keys' : 'less'}). Press “Name this driver” again to accept it.`,
        });
      } else setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  if (!canAddDriver(booking.additionalDrivers.length)) return null;
  if (!adding) {
    return (
      <button type="button" className="btn-secondary min-h-11" onClick={() => setAdding(true)}>
        Add another driver
      </button>
    );
  }
  // A group, not a form: it sits inside the check-out form, and its button sends only this driver.
  return (
    <fieldset className="min-w-0 space-y-3 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 font-medium text-slate-900">Another driver</legend>
      <DriverFields
        fields={OTHER_DRIVER_FIELDS}
        values={values}
        problems={problems}
        idOf={idOf}
        onChange={(field, value) => setValues((before) => ({ ...before, [field]: value }))}
      />
      <DriverRuleProblems problems={ruleProblems} days="this booking’s days" />
      {newTotal && (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {newTotal.words}
        </p>
      )}
      <FormProblem problem={problem} />
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-primary min-h-11" disabled={busy || ruleProblems.length > 0} onClick={() => void add()}>
          {busy ? 'Saving…' : 'Name this driver'}
        </button>
        <button
          type="button"
          className="btn-secondary min-h-11"
          disabled={busy}
          onClick={() => {
            setAdding(false);
            setNewTotal(null);
          }}
        >
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
