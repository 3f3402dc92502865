/**
 * The customer's own driving licence and date of birth (PUT /api/user/driver): on /account, and
 * on the payment step for a customer who has not given them yet. Checked with the contract's
 * schema as on the server; the server's answer is toasted, its refusal shown in the form.
 */
import { NETWORK_ERROR_MESSAGE } from '@rental/contract/client';
import type { Driver } from '@rental/contract/schemas';
import { type FormEvent, useId, useState } from 'react';
import { callApi } from '../../api/client';
import { FormProblem } from '../../components/FormField';
import { focusFirstProblem } from '../../lib/formProblems';
import { useSubmit } from '../../lib/useSubmit';
import { useSession } from '../../session/useSession';
import { DriverFields } from './DriverFields';
import { DRIVER_FIELDS, type DriverField, type DriverValues, driverValues } from './driverForm';
import { useDriverChecks } from './useDriverChecks';

export function DriverForm({ driver, title = 'Driver details', intro, className = '' }: { driver: Driver | null; title?: string; intro?: string; className?: string }) {
  const { refreshUser } = useSession();
  const ids = useId();
  const idOf = (field: DriverField) => `${ids}-${field}`;
  const [values, setValues] = useState<DriverValues>(() => driverValues(driver));
  const [checked, setChecked] = useState(false);
  const [loadProblem, setLoadProblem] = useState('');
  const { checks, load } = useDriverChecks();
  const problems = checked && checks ? checks.driverFormProblems(values) : {};
  const save = useSubmit(() => callApi('saveDriver', { body: values }), { onDone: () => refreshUser() });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    setLoadProblem('');
    let loaded;
    try {
      loaded = await load();
    } catch {
      setLoadProblem(NETWORK_ERROR_MESSAGE);
      return;
    }
    if (focusFirstProblem(DRIVER_FIELDS, loaded.driverFormProblems(values), idOf)) {
      save.clearProblem();
      return;
    }
    await save.send();
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${ids}-heading`} className={`space-y-4 ${className}`}>
      <h2 id={`${ids}-heading`} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {intro && <p className="text-sm text-slate-600">{intro}</p>}
      <DriverFields
        fields={DRIVER_FIELDS}
        values={values}
        problems={problems}
        idOf={idOf}
        onChange={(field, value) => setValues((before) => ({ ...before, [field]: value }))}
      />
      <FormProblem problem={loadProblem || save.problem} />
      <button type="submit" className="btn-primary" disabled={save.busy}>
        {save.busy ? 'Saving…' : 'Save driver details'}
      </button>
    </form>
  );
}
