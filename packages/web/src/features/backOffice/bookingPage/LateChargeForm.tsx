/**
 * "Add a toll or ticket" on a returned booking (docs/decisions/119): what it is, the day, the plaza
 * or ticket number, the amount (at cost, no GCT) and the scan. Checked with the contract's rules
 * before sending; one Idempotency-Key per form, so a double tap or a retry adds one charge.
 */
import { LATE_CHARGE_KIND_WORDS, LATE_CHARGE_KINDS } from '@rental/contract/lateCharges';
import { typedAmount } from '@rental/contract/numbers';
import { companyToday } from '@rental/contract/rentalDates';
import { lateChargeFields } from '@rental/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import toast from '../../../lib/toast';
import { ApiError, callApi, errorMessage } from '../../../api/client';
import { FormProblem } from '../../../components/FormField';
import { newIdempotencyKey } from '../../../lib/idempotencyKey';
import { DOCUMENT_ACCEPT, documentFileProblem } from '../../account/documentFiles';
import { backOfficeKeys } from '../backOfficeQueries';
import { FormField, controlProps } from '../FormField';
import { lateChargesKey } from '../../bookings/LateCharges';

type Field = 'kind' | 'offenceDate' | 'amount' | 'description' | 'file';
type Values = Record<Exclude<Field, 'file'>, string>;

/** Which box a refusal's code belongs under; the rest are said under the form. */
const PLACED: Partial<Record<string, Field>> = {
  late_charge_kind_unknown: 'kind',
  late_charge_amount_not_positive: 'amount',
  late_charge_scan_needed: 'file',
  late_charge_scan_too_large: 'file',
  document_unreadable: 'file',
};

/** The amount as the contract's one reader reads it ("JMD 1,250" is 1250); what it cannot read goes as typed, for the schema's words. */
const amountSent = (typed: string): string => String(typedAmount(typed) ?? typed);

function problemsOf(values: Values, file: File | null): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const parsed = lateChargeFields.safeParse({ ...values, amount: amountSent(values.amount) });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as Field;
      errors[field] ??= issue.message;
    }
  }
  const fileProblem = file ? documentFileProblem(file) : 'Please attach the scan of the toll record or the ticket (a photo or a PDF).';
  if (fileProblem) errors.file = fileProblem;
  return errors;
}

export function LateChargeForm({ bookingId, onClose }: { bookingId: string; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const key = useMemo(() => newIdempotencyKey(), []);
  const [values, setValues] = useState<Values>({ kind: '', offenceDate: '', amount: '', description: '' });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  const set = (field: Exclude<Field, 'file'>, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (tried) setErrors(problemsOf(next, file));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setTried(true);
    const found = problemsOf(values, file);
    setErrors(found);
    setProblem('');
    if (Object.keys(found).length > 0 || !file) return;
    setBusy(true);
    try {
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...values, amount: amountSent(values.amount) })) form.append(name, value);
      form.append('file', file, file.name);
      const answer = await callApi('addLateCharge', { params: { id: bookingId }, form, headers: { 'Idempotency-Key': key } });
      toast.success(answer.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: backOfficeKeys.all }),
        queryClient.invalidateQueries({ queryKey: lateChargesKey(bookingId) }),
      ]);
      onClose();
    } catch (error) {
      const field = error instanceof ApiError && error.code ? PLACED[error.code] : undefined;
      if (field) setErrors({ [field]: errorMessage(error) });
      else setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Add a toll or ticket" className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h3 className="font-semibold text-slate-900">Add a toll or ticket</h3>
      <FormField id={`${id}-kind`} label="What it is" error={errors.kind}>
        <select {...controlProps(`${id}-kind`, errors.kind)} value={values.kind} onChange={(e) => set('kind', e.target.value)}>
          <option value="">Choose…</option>
          {LATE_CHARGE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {LATE_CHARGE_KIND_WORDS[kind]}
            </option>
          ))}
        </select>
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-day`} label="Day of the toll or ticket" error={errors.offenceDate}>
          <input
            {...controlProps(`${id}-day`, errors.offenceDate)}
            type="date"
            max={companyToday()}
            value={values.offenceDate}
            onChange={(e) => set('offenceDate', e.target.value)}
          />
        </FormField>
        <FormField id={`${id}-amount`} label="Amount" hint="As charged to the company: no GCT is added." error={errors.amount}>
          <input
            {...controlProps(`${id}-amount`, errors.amount, { hint: 'yes' })}
            inputMode="numeric"
            autoComplete="off"
            value={values.amount}
            onChange={(e) => set('amount', e.target.value)}
          />
        </FormField>
      </div>
      <FormField id={`${id}-description`} label="Plaza or ticket number" hint="E.g. “Portmore plaza, eastbound” or “Ticket 55120”." error={errors.description}>
        <input
          {...controlProps(`${id}-description`, errors.description, { hint: 'yes' })}
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </FormField>
      <FormField
        id={`${id}-file`}
        label="Scan of the toll record or ticket"
        hint="A photo or a PDF, at most 10 MB. The customer sees it on their booking."
        error={errors.file}
      >
        <input
          {...controlProps(`${id}-file`, errors.file, { hint: 'yes' })}
          className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-white file:px-3 file:font-medium"
          type="file"
          accept={DOCUMENT_ACCEPT}
          onChange={(e) => {
            const picked = e.target.files?.[0] ?? null;
            setFile(picked);
            if (tried) setErrors(problemsOf(values, picked));
          }}
        />
      </FormField>
      <FormProblem problem={problem} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" className="btn-primary min-h-11" disabled={busy}>
          {busy ? 'Adding…' : 'Add it and e-mail the customer'}
        </button>
        <button type="button" className="btn-secondary min-h-11" onClick={onClose} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
