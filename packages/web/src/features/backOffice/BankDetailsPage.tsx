/** The company's bank account, shown to customers who pay by cash deposit. */
import { ACCOUNT_TYPES, BANK_ACCOUNT_CURRENCIES } from '@rental/contract/constants';
import type { BankDetails } from '@rental/contract/schemas';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { SkeletonBlock } from '../../components/Skeleton';
import { usePageMeta } from '../../lib/usePageMeta';
import {
  type AccountFormErrors,
  type AccountFormValues,
  BANK_FIELD_LABELS,
  BANK_FIELDS,
  BANK_FORM_FIELDS,
  type BankFormErrors,
  type BankFormField,
  type BankFormValues,
  bankDetailsFromForm,
  bankFormFrom,
  EMPTY_OTHER_ACCOUNT,
  firstProblemId,
  MAX_OTHER_BANK_ACCOUNTS,
  type OtherAccountFormValues,
  savedAccountNumberProblem,
  validateBankForm,
} from './bankForm';
import { FormField, controlProps } from './FormField';
import { StaffPageHeader } from './StaffPageHeader';
import { useBankDetails, useSaveBankDetails } from './backOfficeQueries';

export function BankDetailsPage() {
  usePageMeta('Bank Details', 'The company’s bank accounts that customers pay cash deposits into.');
  const details = useBankDetails();

  return (
    <>
      <StaffPageHeader title="Bank Details" description="Customers who choose to pay by cash deposit see these details on the payment page." />
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
  ...BANK_FIELD_LABELS,
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

  const change = (next: BankFormValues) => {
    setValues(next);
    if (attempted) setErrors(validateBankForm(next));
  };
  const update = (field: BankFormField, value: string) => change({ ...values, [field]: value });
  const updateOther = (n: number, field: keyof OtherAccountFormValues, value: string) =>
    change({ ...values, others: values.others.map((other, i) => (i === n ? { ...other, [field]: value } : other)) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    setAttempted(true);
    const problems = validateBankForm(values);
    setErrors(problems);
    const first = firstProblemId(problems);
    if (first) {
      document.getElementById(first)?.focus();
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
          The saved account number is not a bank account number customers can pay into, but customers paying by cash deposit are shown it. Please correct it
          below and save.
        </p>
      )}
      <AccountFields idPrefix="bank-" values={values} errors={errors} onChange={update} />
      <section aria-labelledby="bank-others-title" className="space-y-4 border-t border-slate-200 pt-4">
        <div>
          <h2 id="bank-others-title" className="font-semibold text-slate-900">
            Other accounts
          </h2>
          <p className="text-sm text-slate-600">
            Another bank the company keeps an account at (up to {MAX_OTHER_BANK_ACCOUNTS}). Customers see them after the main account and may pay into any of
            them.
          </p>
        </div>
        {values.others.map((other, n) => {
          const name = `Other account ${n + 1}`;
          const otherErrors = errors.others?.[n] ?? {};
          return (
            <fieldset key={n} className="space-y-4 rounded-lg border border-slate-200 p-3 sm:p-4">
              <legend className="px-1 text-sm font-semibold text-slate-700">{name}</legend>
              <AccountFields
                idPrefix={`bank-other-${n}-`}
                namePrefix={`${name}: `}
                values={other}
                errors={otherErrors}
                onChange={(field, value) => updateOther(n, field, value)}
              />
              <FormField
                id={`bank-other-${n}-currency`}
                label={
                  <>
                    <span className="sr-only">{name}: </span>Currency
                  </>
                }
                error={otherErrors.currency}
              >
                <select
                  {...controlProps(`bank-other-${n}-currency`, otherErrors.currency)}
                  value={other.currency}
                  onChange={(e) => updateOther(n, 'currency', e.target.value)}
                >
                  <option value="">Not said</option>
                  {BANK_ACCOUNT_CURRENCIES.map((currency) => (
                    <option key={currency} value={currency}>
                      {currency}
                    </option>
                  ))}
                </select>
              </FormField>
              <button type="button" className="btn-secondary" onClick={() => change({ ...values, others: values.others.filter((_, i) => i !== n) })}>
                Remove {name.toLowerCase()}
              </button>
            </fieldset>
          );
        })}
        {values.others.length < MAX_OTHER_BANK_ACCOUNTS && (
          <button type="button" className="btn-secondary" onClick={() => change({ ...values, others: [...values.others, EMPTY_OTHER_ACCOUNT] })}>
            Add another account
          </button>
        )}
      </section>
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {save.isPending && <Loader2 aria-hidden="true" size={18} className="animate-spin" />}
        {save.isPending ? 'Saving…' : 'Save bank details'}
      </button>
    </form>
  );
}

/** One account's boxes: the main account's (labelled as ever), or another's (its name read before each label). */
function AccountFields({
  idPrefix,
  namePrefix,
  values,
  errors,
  onChange,
}: {
  idPrefix: string;
  namePrefix?: string;
  values: AccountFormValues;
  errors: AccountFormErrors;
  onChange: (field: BankFormField, value: string) => void;
}) {
  return (
    <>
      {BANK_FORM_FIELDS.map((field) => {
        const id = `${idPrefix}${field}`;
        const hint = HINTS[field];
        const label = namePrefix ? (
          <>
            <span className="sr-only">{namePrefix}</span>
            {LABELS[field]}
          </>
        ) : (
          LABELS[field]
        );
        return (
          <FormField key={field} id={id} label={label} error={errors[field]} hint={hint}>
            {field === 'accountType' ? (
              <select {...controlProps(id, errors[field])} value={values[field]} onChange={(e) => onChange(field, e.target.value)} required>
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
                onChange={(e) => onChange(field, e.target.value)}
                required
                maxLength={field === 'accountNumber' || field === 'accountNumberAgain' ? 40 : 100}
                inputMode={field === 'accountNumber' || field === 'accountNumberAgain' ? 'numeric' : undefined}
                autoComplete="off"
              />
            )}
          </FormField>
        );
      })}
    </>
  );
}
