/** The company's bank account, shown to customers who pay by cash deposit. */
import { ACCOUNT_TYPES } from '@rental/contract/constants';
import type { BankDetails } from '@rental/contract/schemas';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { SkeletonBlock } from '../../components/Skeleton';
import { usePageMeta } from '../../lib/usePageMeta';
import {
  BANK_FIELDS,
  BANK_FORM_FIELDS,
  type BankFormErrors,
  type BankFormField,
  type BankFormValues,
  bankDetailsFromForm,
  bankFormFrom,
  savedAccountNumberProblem,
  validateBankForm,
} from './bankForm';
import { FormField, controlProps } from './FormField';
import { OwnerPageHeader } from './OwnerPageHeader';
import { useBankDetails, useSaveBankDetails } from './ownerQueries';

export function BankDetailsPage() {
  usePageMeta('Bank Details', 'The company’s bank account that customers pay cash deposits into.');
  const details = useBankDetails();

  return (
    <>
      <OwnerPageHeader
        title="Bank Details"
        description="Customers who choose to pay by cash deposit see these details on the payment page."
      />
      {details.isPending ? (
        <div role="status" className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-6">
          <span className="sr-only">Loading the bank details…</span>
          {BANK_FIELDS.map(({ field }) => (
            <SkeletonBlock key={field} className="h-16" />
          ))}
        </div>
      ) : (
        <BankForm initial={details.data ?? null} />
      )}
    </>
  );
}

const LABELS: Record<BankFormField, string> = {
  ...(Object.fromEntries(BANK_FIELDS.map(({ field, label }) => [field, label])) as Record<keyof BankDetails, string>),
  accountNumberAgain: 'Account number again',
};
const HINTS: Partial<Record<BankFormField, string>> = {
  accountNumber: 'Digits, with spaces or dashes between groups if you like: 5 to 20 digits.',
  accountNumberAgain: 'Type it once more: customers pay into this account.',
};

export function BankForm({ initial }: { initial: BankDetails | null }) {
  const save = useSaveBankDetails();
  const [values, setValues] = useState<BankFormValues>(() => bankFormFrom(initial));
  // A number saved before today's rule is pointed out at once, so the owner corrects it.
  const savedProblem = savedAccountNumberProblem(initial);
  const [errors, setErrors] = useState<BankFormErrors>(() => (savedProblem ? { accountNumber: savedProblem } : {}));
  const [attempted, setAttempted] = useState(Boolean(savedProblem));
  // Set synchronously: a double click lands before React re-renders the disabled button.
  const submitting = useRef(false);

  const update = (field: BankFormField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (attempted) setErrors(validateBankForm(next));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    setAttempted(true);
    const problems = validateBankForm(values);
    setErrors(problems);
    const first = BANK_FORM_FIELDS.find((field) => problems[field]);
    if (first) {
      document.getElementById(`bank-${first}`)?.focus();
      return;
    }
    submitting.current = true;
    save
      .mutateAsync(bankDetailsFromForm(values))
      .catch(() => {})
      .finally(() => {
        submitting.current = false;
      });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Bank details" className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      {!initial && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          No bank details yet: customers cannot choose cash deposit until you save them.
        </p>
      )}
      {savedProblem && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The saved account number is not a bank account number customers can pay into, but customers paying by cash deposit are
          shown it. Please correct it below and save.
        </p>
      )}
      {BANK_FORM_FIELDS.map((field) => {
        const id = `bank-${field}`;
        const hint = HINTS[field];
        return (
          <FormField key={field} id={id} label={LABELS[field]} error={errors[field]} hint={hint}>
            {field === 'accountType' ? (
              <select {...controlProps(id, errors[field])} value={values[field]} onChange={(e) => update(field, e.target.value)} required>
                <option value="" disabled>
                  Select an account type
                </option>
                {ACCOUNT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...controlProps(id, errors[field], { hint })}
                value={values[field]}
                onChange={(e) => update(field, e.target.value)}
                required
                maxLength={field === 'accountNumber' || field === 'accountNumberAgain' ? 40 : 100}
                inputMode={field === 'accountNumber' || field === 'accountNumberAgain' ? 'numeric' : undefined}
                autoComplete="off"
              />
            )}
          </FormField>
        );
      })}
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {save.isPending && <Loader2 aria-hidden="true" size={18} className="animate-spin" />}
        {save.isPending ? 'Saving…' : 'Save bank details'}
      </button>
    </form>
  );
}
