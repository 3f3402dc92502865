import type { PaymentMethod } from '@rental/contract/constants';
import { formatMoney } from '@rental/contract/format';
import { MESSAGES } from '@rental/contract/messages';
import type { BankDetails } from '@rental/contract/schemas';
import { Banknote, Building2, CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { SkeletonBlock } from '../../components/Skeleton';

const METHODS: { value: PaymentMethod; title: string; summary: string; icon: ReactNode }[] = [
  {
    value: 'upfront',
    title: 'Pay upfront',
    summary: 'Pay the full amount at our office before you drive off.',
    icon: <Banknote aria-hidden="true" />,
  },
  {
    value: 'cash_deposit',
    title: 'Cash deposit',
    summary: "Deposit the amount at the bank into the company's account.",
    icon: <Building2 aria-hidden="true" />,
  },
];

type Props = {
  method: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  total: number;
  bankDetails: BankDetails | null | undefined;
  bankDetailsLoading: boolean;
  /** Where an upfront payment is made (the company's address). */
  officeAddress: string;
};

export function PaymentMethodCards({ method, onChange }: Pick<Props, 'method' | 'onChange'>) {
  return (
    <fieldset>
      <legend className="text-lg font-semibold text-slate-900">Payment method</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {METHODS.map((m) => {
          const checked = method === m.value;
          return (
            <label
              key={m.value}
              className={`relative flex cursor-pointer gap-3 rounded-xl border-2 p-4 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-amber-500 ${
                checked ? 'border-primary bg-primary-light' : 'border-slate-200 bg-white hover:border-slate-300'
              }`}
            >
              <input
                type="radio"
                name="paymentMethod"
                value={m.value}
                checked={checked}
                onChange={() => onChange(m.value)}
                className="sr-only"
              />
              <span className="text-primary">{m.icon}</span>
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{m.title}</span>
                <span className="block text-sm text-slate-600">{m.summary}</span>
              </span>
              {checked && <CheckCircle2 aria-hidden="true" className="absolute top-3 right-3 text-primary" size={20} />}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** What the chosen method means for the customer. */
export function PaymentDetails({ method, total, bankDetails, bankDetailsLoading, officeAddress }: Omit<Props, 'onChange'>) {
  if (!method) return null;
  if (method === 'upfront') {
    return (
      <div className="rounded-xl bg-slate-50 p-4 text-sm leading-relaxed text-slate-700" aria-live="polite">
        You pay the full {formatMoney(total)} at our office in {officeAddress} when you collect the car, before you
        drive off. We will contact you to confirm your booking.
      </div>
    );
  }
  if (bankDetailsLoading) {
    return (
      <div role="status" className="space-y-2 rounded-xl bg-slate-50 p-4">
        <span className="sr-only">Loading the bank details</span>
        <SkeletonBlock className="h-4 w-2/3" />
        <SkeletonBlock className="h-4 w-1/2" />
        <SkeletonBlock className="h-4 w-3/5" />
      </div>
    );
  }
  if (!bankDetails) {
    return (
      <p role="alert" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
        {MESSAGES.bankDetailsMissing}
      </p>
    );
  }
  const rows: [string, string][] = [
    ['Bank', bankDetails.bankName],
    ['Account holder', bankDetails.accountHolderName],
    ['Branch', bankDetails.branch],
    ['Account number', bankDetails.accountNumber],
    ['Account type', bankDetails.accountType],
  ];
  return (
    <div className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700" aria-live="polite">
      <p className="leading-relaxed">
        Deposit {formatMoney(total)} in cash into the account below and bring the deposit slip when you collect the car.
        Put your name on the slip so we can match it to your booking.
      </p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-medium break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
