/**
 * The customer's own driving licence and date of birth (PUT /api/user/driver): on /account, and
 * on the payment step for a customer who has not given them yet. Checked with the contract's
 * schema as on the server; the server's answer is toasted, its refusal shown in the form.
 * Before anything is sent, the company's rules (driverRules.ts, as the server books by them) are
 * checked on the booking's days (or from today, on /account): details that break one are said
 * first, and saved only when the person says so, never with a bare "saved" that a booking then refuses.
 */
import { NETWORK_ERROR_MESSAGE } from '@rental/contract/client';
import { type DriverProblem, driverProblems } from '@rental/contract/driverRules';
import { companyToday } from '@rental/contract/rentalDates';
import type { Driver } from '@rental/contract/schemas';
import { type FormEvent, useId, useState } from 'react';
import { callApi } from '../../api/client';
import { FormProblem } from '../../components/FormField';
import { useCompany } from '../../company/useCompany';
import { focusFirstProblem } from '../../lib/formProblems';
import { useFocusAfterRender } from '../../lib/useFocusAfterRender';
import { useSubmit } from '../../lib/useSubmit';
import { useSession } from '../../session/useSession';
import { DriverFields } from './DriverFields';
import { DRIVER_FIELDS, type DriverField, type DriverValues, driverValues, factsOf } from './driverForm';
import { useDriverChecks } from './useDriverChecks';

type Rental = { pickupDate: string; returnDate: string };

export function DriverForm({
  driver,
  title = 'Driver details',
  intro,
  rental,
  className = '',
}: {
  driver: Driver | null;
  title?: string;
  intro?: string;
  /** The booking's days on the payment step; without them the rules are read for a rental from today. */
  rental?: Rental;
  className?: string;
}) {
  const { refreshUser } = useSession();
  const company = useCompany();
  const ids = useId();
  const idOf = (field: DriverField) => `${ids}-${field}`;
  const [values, setValues] = useState<DriverValues>(() => driverValues(driver));
  const [checked, setChecked] = useState(false);
  const [loadProblem, setLoadProblem] = useState('');
  /** The details the rules' problems were said for: sending those same details again saves them. */
  const [warnedFor, setWarnedFor] = useState<string | null>(null);
  const [warningRef, focusWarning] = useFocusAfterRender<HTMLDivElement>();
  const { checks, load } = useDriverChecks();
  const problems = checked && checks ? checks.driverFormProblems(values) : {};
  const save = useSubmit(() => callApi('saveDriver', { body: values }), { onDone: () => refreshUser() });

  const today = companyToday();
  const days = rental ?? { pickupDate: today, returnDate: today };
  const facts = factsOf(values);
  const ruleProblems: DriverProblem[] = facts ? driverProblems(facts, days, company) : [];
  const key = JSON.stringify(values);
  const warned = warnedFor === key && ruleProblems.length > 0;

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
    if (ruleProblems.length > 0 && !warned) {
      setWarnedFor(key);
      save.clearProblem();
      // The person hears the rules before anything else.
      focusWarning();
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
      {warned && (
        <div ref={warningRef} tabIndex={-1} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="font-semibold">
            {rental ? 'With these details we cannot take this booking:' : 'With these details we cannot take a booking from today:'}
          </p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {ruleProblems.map((problem) => (
              <li key={problem.rule}>{problem.message}</li>
            ))}
          </ul>
          <p className="mt-1">Please check them. If they are right, you can still save them; we look at them before any pickup.</p>
        </div>
      )}
      <FormProblem problem={loadProblem || save.problem} />
      <button type="submit" className="btn-primary" disabled={save.busy}>
        {save.busy ? 'Saving…' : warned ? 'Save them anyway' : 'Save driver details'}
      </button>
    </form>
  );
}
