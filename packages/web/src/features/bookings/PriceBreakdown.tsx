/**
 * Money made clear for a booking made before quotes: its stored price as days x daily rate = total
 * (bookings since show their quote's lines, QuoteLines.tsx); and apart from the price, the
 * refundable security deposit, which is not part of the total.
 */
import { depositNotice } from '@rental/contract/company';
import type { RentalPrice } from '@rental/contract/rentalDates';
import { ShieldCheck } from 'lucide-react';
import { useCompany, useMoney } from '../../company/useCompany';
import { daysText } from '../../lib/dates';

/**
 * "$6,500 JMD × 3 days = $19,500 JMD" as a small table a screen reader reads row by row. The figures
 * come from the contract's storedRentalPrice of a booking without a quote: nothing is computed here.
 */
export function PriceBreakdown({ price, className = '' }: { price: RentalPrice; className?: string }) {
  const money = useMoney();
  const { pricePerDay, days, total } = price;
  return (
    <dl className={`space-y-1 text-sm ${className}`}>
      <div className="flex justify-between gap-3">
        <dt className="text-slate-600">
          {money(pricePerDay)} × {daysText(days)}
        </dt>
        <dd className="text-right text-slate-900">{money(total)}</dd>
      </div>
      <div className="flex justify-between gap-3 border-t border-slate-200 pt-1 text-base">
        <dt className="font-semibold text-slate-900">Rental price</dt>
        <dd className="text-right font-bold text-slate-900">{money(total)}</dd>
      </div>
    </dl>
  );
}

/**
 * The security deposit: the SPEC's notice, then what it means. Paid at the office when the car is
 * collected, on top of the rental price, and given back when the car comes back as it left
 * (docs/decisions/041-money-and-payment-wording.md).
 */
export function SecurityDeposit({ compact = false }: { compact?: boolean }) {
  const company = useCompany();
  const money = useMoney();
  return (
    <div className="flex items-start gap-2 rounded-xl bg-primary-light p-4 text-sm text-slate-800">
      <ShieldCheck aria-hidden="true" size={18} className="mt-0.5 shrink-0 text-primary" />
      <div>
        <p className="font-medium">{depositNotice(company)}</p>
        <p className="mt-1">
          This refundable security deposit of <strong>{money(company.securityDeposit)}</strong> is not part of the rental price
          {compact
            ? ': you pay it at our office when you collect the car, and get it back when you return it.'
            : ': you pay it at our office when you collect the car, and we give it back when you return the car as you received it.'}
        </p>
      </div>
    </div>
  );
}
