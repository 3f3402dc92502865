/** The company's bank account, shown to customers who pay by cash deposit. */
import { ACCOUNT_TYPES } from '@rental/contract/constants';
import type { BankDetails } from '@rental/contract/schemas';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { SkeletonBlock } from '../../components/Skeleton';
import { errorMessage } from '../../api/client';
import { usePageMeta } from '../../lib/usePageMeta';
import { BANK_FIELDS, type BankFormErrors, type BankFormValues, EMPTY_BANK_FORM, bankDetailsFromForm, validateBankForm } from './bankForm';
import { FormField, controlProps } from './FormField';
import { OwnerPageHeader } from './OwnerPageHeader';
import { useBankDetails, useSaveBankDetails } from './ownerQueries';

export function BankDetailsPage() {
  usePageMeta('Bank Details', 'The company’s bank account that customers pay cash deposits into.');
  const details = useBankDetails();

  useEffect(() => {
    if (details.error) toast.error(errorMessage(details.error));
  }, [details.error]);

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

function BankForm({ initial }: { initial: BankDetails | null }) {
  const save = useSaveBankDetails();
  const [values, setValues] = useState<BankFormValues>(initial ?? EMPTY_BANK_FORM);
  const [errors, setErrors] = useState<BankFormErrors>({});
  const [attempted, setAttempted] = useState(false);
  // Set synchronously: a double click lands before React re-renders the disabled button.
  const submitting = useRef(false);

  const update = (field: keyof BankFormValues, value: string) => {
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
    const first = BANK_FIELDS.find(({ field }) => problems[field]);
    if (first) {
      document.getElementById(`bank-${first.field}`)?.focus();
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
      {BANK_FIELDS.map(({ field, label }) => {
        const id = `bank-${field}`;
        return (
          <FormField key={field} id={id} label={label} error={errors[field]}>
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
                {...controlProps(id, errors[field])}
                value={values[field]}
                onChange={(e) => update(field, e.target.value)}
                required
                maxLength={field === 'accountNumber' ? 34 : 100}
                inputMode={field === 'accountNumber' ? 'numeric' : undefined}
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
