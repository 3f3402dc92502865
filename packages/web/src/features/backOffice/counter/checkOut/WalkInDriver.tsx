/**
 * The walk-in's licence at the desk (docs/decisions/107): a customer who has not given their driver
 * details, or is still waiting for the check, cannot have the keys. Staff type the licence off the
 * card, send its photo, read the company's rules on this booking's days (said before anything is
 * saved), and approve the customer from here: the same calls, checks and vetting as the driver
 * checks page. Once approved, the check-out form appears.
 */
import { driverProblems } from '@rental/contract/driverRules';
import type { CounterBooking, VettingEntry } from '@rental/contract/schemas';
import { WALK_IN_MESSAGES } from '@rental/contract/walkIns';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import toast from '../../../../lib/toast';
import { callApi, errorMessage } from '../../../../api/client';
import { FormProblem } from '../../../../components/FormField';
import { useCompany } from '../../../../company/useCompany';
import { focusFirstProblem } from '../../../../lib/formProblems';
import { DriverFields } from '../../../drivers/DriverFields';
import { DriverRuleProblems } from '../../../drivers/DriverRuleProblems';
import { LicencePhotoInput } from '../../../drivers/LicencePhotoInput';
import { DRIVER_FIELDS, type DriverField, type DriverValues, driverValues, factsOf } from '../../../drivers/driverForm';
import { useDriverChecks } from '../../../drivers/useDriverChecks';
import { backOfficeKeys } from '../../backOfficeQueries';

/** Whether the desk may take this customer's licence here: not yet approved, and not refused. */
export function needsDriverAtDesk(booking: CounterBooking): boolean {
  const { vetting, doNotRent } = booking.user;
  return !doNotRent && (vetting === 'not_submitted' || vetting === 'waiting') && (booking.status === 'confirmed' || booking.status === 'pending');
}

export function WalkInDriver({ booking }: { booking: CounterBooking }) {
  const customerId = booking.user._id;
  const entry = useQuery({
    queryKey: [...backOfficeKeys.all, 'customer-driver', customerId],
    queryFn: ({ signal }) => callApi('customerDriver', { params: { id: customerId }, signal }),
    select: (answer) => answer.customer,
  });
  if (entry.isPending) return <p className="text-slate-600">Loading the customer’s driver details…</p>;
  if (entry.isError) return <FormProblem problem={errorMessage(entry.error)} />;
  return <WalkInDriverForm booking={booking} customer={entry.data} />;
}

function WalkInDriverForm({ booking, customer }: { booking: CounterBooking; customer: VettingEntry }) {
  const queryClient = useQueryClient();
  const company = useCompany();
  const ids = useId();
  const idOf = (field: DriverField) => `${ids}-${field}`;
  const [values, setValues] = useState<DriverValues>(() => driverValues(customer.driver));
  const [photo, setPhoto] = useState<File | null>(null);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState<'save' | 'approve' | null>(null);
  const [problem, setProblem] = useState('');
  const { checks, load } = useDriverChecks();
  const problems = checked && checks ? checks.driverFormProblems(values) : {};
  const facts = factsOf(values);
  // The company's rules on this booking's days, said before anything is saved.
  const ruleProblems = facts ? driverProblems(facts, booking, company, booking.user.name).map((p) => p.message) : [];
  const saved = customer.driver;
  const unsaved = !saved || DRIVER_FIELDS.some((field) => saved[field] !== values[field]) || photo !== null;
  const savedProblems = customer.checks.find((c) => c.reference === booking.reference)?.problems ?? customer.checks[0]?.problems ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: backOfficeKeys.all });

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    setProblem('');
    const loaded = await load().catch(() => null);
    if (!loaded || focusFirstProblem(DRIVER_FIELDS, loaded.driverFormProblems(values), idOf)) return;
    if (ruleProblems.length > 0) return;
    setBusy('save');
    try {
      const answer = await callApi('saveCustomerDriver', { params: { id: customer._id }, body: values });
      if (photo) {
        const form = new FormData();
        form.append('kind', 'licence_front');
        form.append('file', photo);
        await callApi('uploadCustomerDocument', { params: { id: customer._id }, form });
        setPhoto(null);
      }
      toast.success(photo ? `${answer.message} ${WALK_IN_MESSAGES.photoSaved}` : answer.message);
      await refresh();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  async function approve() {
    setProblem('');
    setBusy('approve');
    try {
      const answer = await callApi('decideVetting', { body: { userId: customer._id, decision: 'approved', detailsUpdatedAt: saved?.updatedAt } });
      toast.success(answer.message);
      await refresh();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  const photos = customer.documents.filter((d) => d.kind === 'licence_front' || d.kind === 'licence_back').length;
  return (
    <section aria-labelledby={`${ids}-heading`} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`${ids}-heading`} className="text-lg font-semibold text-slate-900">
        {booking.user.name}’s driving licence
      </h2>
      <p className="text-sm text-slate-600">
        Type the licence as printed on the card in hand and take a photo of it. The company’s rules are checked on this booking’s days; then approve{' '}
        {booking.user.name} as a driver.
      </p>
      <form onSubmit={save} noValidate aria-label="Driving licence" className="space-y-4">
        <DriverFields
          fields={DRIVER_FIELDS}
          values={values}
          problems={problems}
          idOf={idOf}
          onChange={(field, value) => setValues((before) => ({ ...before, [field]: value }))}
        />
        <LicencePhotoInput id={`${ids}-photo`} onPick={(file) => setPhoto(file)}>
          <p className="mt-1 text-sm text-slate-500">
            {photos > 0 ? `${photos} photo${photos === 1 ? '' : 's'} of the licence kept already.` : 'No photo of the licence kept yet.'}
          </p>
        </LicencePhotoInput>
        <DriverRuleProblems problems={ruleProblems} days="this booking’s days" />
        <button type="submit" className="btn-secondary min-h-12" disabled={busy !== null || ruleProblems.length > 0}>
          {busy === 'save' ? 'Saving…' : 'Save the licence'}
        </button>
      </form>
      {saved && !unsaved && (
        <div className="space-y-3 border-t border-slate-100 pt-4">
          {savedProblems.length > 0 ? (
            <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">{savedProblems.join(' ')}</p>
          ) : (
            <p className="text-sm text-slate-700">
              The licence meets the company’s rules on this booking’s days. Approve {booking.user.name} once the card in hand matches.
            </p>
          )}
          <button type="button" className="btn-primary min-h-12" disabled={busy !== null || savedProblems.length > 0} onClick={() => void approve()}>
            {busy === 'approve' ? 'Approving…' : `Approve ${booking.user.name} as a driver`}
          </button>
        </div>
      )}
      <FormProblem problem={problem} />
    </section>
  );
}
