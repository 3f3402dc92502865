/**
 * The payment method cards of the payment step (as SPEC.md has it), named as on every other screen:
 * at the office, into the bank account, and by card now while the company takes cards (GET /api/prices).
 */
import type { PaymentMethod } from '@rental/contract/constants';
import { Banknote, Building2, CheckCircle2, CreditCard } from 'lucide-react';
import type { ReactNode } from 'react';
import { PAYMENT_METHOD_TEXT } from '@rental/contract/paymentWords';

const ICONS: Record<PaymentMethod, ReactNode> = {
  upfront: <Banknote aria-hidden="true" />,
  cash_deposit: <Building2 aria-hidden="true" />,
  card: <CreditCard aria-hidden="true" />,
};

/** The methods offered, in order; a card only when the company takes them. */
export function methodsOffered(card: boolean): PaymentMethod[] {
  return card ? ['card', 'upfront', 'cash_deposit'] : ['upfront', 'cash_deposit'];
}

export function PaymentMethodCards({
  method,
  onChange,
  card = false,
}: {
  method: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  card?: boolean;
}) {
  return (
    <fieldset>
      <legend className="text-lg font-semibold text-slate-900">Payment method</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {methodsOffered(card).map((value) => {
          const m = PAYMENT_METHOD_TEXT[value];
          const checked = method === value;
          return (
            <label
              key={value}
              className={`relative flex cursor-pointer gap-3 rounded-xl border-2 p-4 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-amber-500 ${
                value === 'card' ? 'sm:col-span-2' : ''
              } ${checked ? 'border-primary bg-primary-light' : 'border-slate-200 bg-white hover:border-slate-300'}`}
            >
              <input type="radio" name="paymentMethod" value={value} checked={checked} onChange={() => onChange(value)} className="sr-only" />
              <span className="text-primary">{ICONS[value]}</span>
              <span className="min-w-0 pr-5">
                <span className="block font-semibold text-slate-900">{m.name}</span>
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
