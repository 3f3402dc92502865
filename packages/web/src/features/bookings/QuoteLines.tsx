/**
 * A quote as the server sent it: each line (what, how many × the unit price, the amount), the
 * subtotal, GCT with its percent, the total, and apart from them the security deposit. Nothing is
 * added up here: the car page, the payment step and the booking page show the same lines the
 * booking stores (packages/contract/src/quote.ts computes them).
 */
import type { Quote, QuoteLine } from '@rental/contract/quote';
import type { ReactNode } from 'react';
import { SkeletonBlock } from '../../components/Skeleton';
import { useMoney } from '../../company/useCompany';
import { daysText } from '../../lib/dates';

export const DEPOSIT_LINE = 'Security deposit (taken at pickup, given back at return)';

/** "GCT (15%)", "GCT (16.5%)". */
export function gctLabel(gctPercent: number): string {
  return `GCT (${gctPercent}%)`;
}

function Row({ label, detail, amount, strong = false }: { label: string; detail?: ReactNode; amount: string; strong?: boolean }) {
  // A <dl> holds only <div>s of <dt> and <dd> (no wrapper around them): the total's larger type is the row's own.
  return (
    <div className={`flex justify-between gap-3 ${strong ? 'text-base' : ''}`}>
      <dt className={strong ? 'font-semibold text-slate-900' : 'min-w-0 text-slate-700'}>
        <span>{label}</span>
        {detail && <span className="block text-xs text-slate-500">{detail}</span>}
      </dt>
      <dd className={`shrink-0 text-right ${strong ? 'font-bold text-slate-900' : 'text-slate-900'}`}>{amount}</dd>
    </div>
  );
}

export function QuoteLines({ quote, refreshing = false, className = '' }: { quote: Quote; refreshing?: boolean; className?: string }) {
  const money = useMoney();
  const signed = (amount: number) => (amount < 0 ? `−${money(-amount)}` : money(amount));
  const detail = (line: QuoteLine) =>
    line.kind === 'discount' ? undefined : `${line.kind === 'days' ? daysText(line.quantity) : line.quantity} × ${money(line.unitPrice)}`;
  return (
    <div className={`text-sm transition-opacity ${refreshing ? 'opacity-60' : ''} ${className}`} aria-busy={refreshing || undefined}>
      <dl className="space-y-1.5">
        {quote.lines.map((line, index) => (
          <Row key={`${line.kind}-${line.extraId ?? ''}-${index}`} label={line.label} detail={detail(line)} amount={signed(line.amount)} />
        ))}
      </dl>
      <dl className="mt-2 space-y-1 border-t border-slate-200 pt-2">
        <Row label="Subtotal" amount={money(quote.subtotal)} />
        {quote.gctPercent > 0 && <Row label={gctLabel(quote.gctPercent)} amount={money(quote.gct)} />}
        <Row label="Total" amount={money(quote.total)} strong />
      </dl>
      <dl className="mt-2 border-t border-dashed border-slate-200 pt-2 text-slate-600">
        <Row label={DEPOSIT_LINE} amount={money(quote.securityDeposit)} />
      </dl>
      {refreshing && (
        <p role="status" className="mt-1 text-xs text-slate-500">
          Updating the price…
        </p>
      )}
    </div>
  );
}

/** A quote on its way, its refusal in the server's words, or its lines. */
export function QuoteState({
  quote,
  loading,
  refreshing,
  problem,
  className = '',
}: {
  quote: Quote | undefined;
  loading: boolean;
  refreshing: boolean;
  problem: string | null;
  className?: string;
}) {
  if (problem) {
    return (
      <p role="alert" className={`rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ${className}`}>
        {problem}
      </p>
    );
  }
  if (quote) return <QuoteLines quote={quote} refreshing={refreshing} className={className} />;
  if (!loading) return null;
  return (
    <div role="status" className={`space-y-2 ${className}`}>
      <span className="sr-only">Working out the price</span>
      <SkeletonBlock className="h-4 w-full" />
      <SkeletonBlock className="h-4 w-2/3" />
      <SkeletonBlock className="h-5 w-full" />
    </div>
  );
}
