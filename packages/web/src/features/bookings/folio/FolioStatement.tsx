/**
 * A booking's folio as a statement: the charges (a voided one struck through, with why), the
 * payments and refunds, and the server's totals. The customer's booking page and the staff booking
 * page show the same statement; staff get a button beside each line (renderLineAction, also given
 * voided lines: a form open on a line voided meanwhile stays to say so).
 */
import type { Folio, FolioLine } from '@rental/contract/schemas';
import type { ReactNode } from 'react';
import { useMoney } from '../../../company/useCompany';
import { formatInstant } from '../../../lib/dates';
import { type Audience, balanceWords, paymentWords, shownLines } from './folioWords';

const BALANCE_TONE = { owing: 'text-red-800', owed: 'text-amber-900', settled: 'text-emerald-800' } as const;

export function FolioStatement({ folio, audience, renderLineAction }: { folio: Folio; audience: Audience; renderLineAction?: (line: FolioLine) => ReactNode }) {
  const money = useMoney();
  const lines = shownLines(folio);
  const balance = balanceWords(folio.totals.balance, audience);
  return (
    <div className="space-y-5 text-sm">
      <div>
        <h3 className="font-semibold text-slate-900">Charges</h3>
        {lines.length === 0 ? (
          <p className="mt-1 text-slate-600">No charges.</p>
        ) : (
          <ul aria-label="Charges" className="mt-1 divide-y divide-slate-100">
            {lines.map(({ line, kindWords, voidReason }) => (
              <li key={line.id} className="py-2">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className={`break-words ${voidReason !== null ? 'text-slate-500 line-through' : 'text-slate-900'}`}>
                      {line.label}
                      {kindWords && <span className="text-slate-500"> · {kindWords}</span>}
                    </p>
                    {line.gct !== 0 && (
                      <p className={`text-xs text-slate-500 ${voidReason !== null ? 'line-through' : ''}`}>
                        {money(line.amount)} + GCT {money(line.gct)}
                      </p>
                    )}
                    {voidReason !== null && <p className="text-xs font-medium text-slate-700">Voided: {voidReason}</p>}
                    {audience === 'staff' && (
                      <p className="text-xs text-slate-500">
                        {formatInstant(line.createdAt)} · {line.by ?? 'from the booking’s quote'}
                      </p>
                    )}
                  </div>
                  <p className={`shrink-0 text-right whitespace-nowrap ${voidReason !== null ? 'text-slate-500 line-through' : 'font-medium text-slate-900'}`}>
                    {voidReason !== null && <span className="sr-only">Voided, was </span>}
                    {money(line.amount + line.gct)}
                  </p>
                </div>
                {renderLineAction && <div className="mt-1 empty:hidden">{renderLineAction(line)}</div>}
              </li>
            ))}
          </ul>
        )}
      </div>

      <div>
        <h3 className="font-semibold text-slate-900">Payments and refunds</h3>
        {folio.payments.length === 0 ? (
          <p className="mt-1 text-slate-600">{audience === 'customer' ? 'No payment received yet.' : 'No payment recorded yet.'}</p>
        ) : (
          <ul aria-label="Payments and refunds" className="mt-1 divide-y divide-slate-100">
            {folio.payments.map((payment) => (
              <li key={payment.id} className="flex items-start justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="text-slate-900">{paymentWords(payment)}</p>
                  <p className="text-xs break-words text-slate-500">
                    {formatInstant(payment.createdAt)}
                    {payment.reference && ` · Ref. ${payment.reference}`}
                    {audience === 'staff' && payment.by && ` · ${payment.by}`}
                  </p>
                  {/* A note is staff's own words about the money (who brought it, why a refund); the customer reads the facts. */}
                  {audience === 'staff' && payment.note && <p className="text-xs break-words text-slate-600">{payment.note}</p>}
                </div>
                <p className={`shrink-0 whitespace-nowrap ${payment.kind === 'refund' ? 'text-amber-900' : 'text-emerald-800'}`}>
                  {payment.kind === 'refund' ? '− ' : ''}
                  {money(payment.amount)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>

      <dl aria-label="Totals" className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-t border-slate-200 pt-3 text-slate-700">
        <dt>Charged</dt>
        <dd className="text-right">{money(folio.totals.charged)}</dd>
        <dt className="pl-3 text-xs text-slate-500">of which GCT</dt>
        <dd className="text-right text-xs text-slate-500">{money(folio.totals.gct)}</dd>
        <dt>Paid</dt>
        <dd className="text-right">{money(folio.totals.paid)}</dd>
        {(folio.totals.refunded > 0 || audience === 'staff') && (
          <>
            <dt>Refunded</dt>
            <dd className="text-right">{money(folio.totals.refunded)}</dd>
          </>
        )}
        <dt className={`font-semibold ${BALANCE_TONE[balance.tone]}`}>{balance.label}</dt>
        <dd className={`text-right font-semibold ${BALANCE_TONE[balance.tone]}`}>{money(balance.amount)}</dd>
      </dl>
    </div>
  );
}
