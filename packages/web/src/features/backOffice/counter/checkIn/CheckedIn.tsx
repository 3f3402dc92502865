/** After the keys came back: the server's charges, the items not returned, the security deposit given back, kept or held, what the booking still owes, and the receipt. */
import type { CheckedInResponse } from '@rental/contract/schemas';
import { pathFor } from '@rental/contract/routes';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiUrl, errorMessage } from '../../../../api/client';
import { openApiFile } from '../../../../api/openApiFile';
import { useMoney } from '../../../../company/useCompany';

export function CheckedIn({ answer, bookingId }: { answer: CheckedInResponse; bookingId: string }) {
  const money = useMoney();
  const [problem, setProblem] = useState('');
  const total = answer.charges.reduce((sum, charge) => sum + charge.amount, 0);

  const receiptPath = pathFor('receiptPdf', { id: bookingId });
  const openReceipt = () => {
    setProblem('');
    openApiFile(receiptPath).catch((error: unknown) => setProblem(errorMessage(error)));
  };

  return (
    <section aria-labelledby="checked-in-title" className="space-y-4">
      <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
        <h2 id="checked-in-title" className="text-lg font-semibold">
          {answer.booking.reference} is back
        </h2>
        <p className="mt-1">{answer.message}</p>
        <p className="mt-1 text-sm">Receipt {answer.receiptNumber}</p>
      </div>
      {answer.itemsMissing.length > 0 && (
        <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <h3 className="font-semibold">Not returned</h3>
          <p className="mt-1">{answer.itemsMissing.join(', ')}</p>
        </div>
      )}
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <h3 className="font-semibold text-slate-900">Charges</h3>
        {answer.charges.length === 0 ? (
          <p className="mt-1 text-slate-700">No charges.</p>
        ) : (
          <ul aria-label="Charges" className="mt-1 divide-y divide-slate-100">
            {answer.charges.map((charge, n) => (
              <li key={`${charge.kind}-${n}`} className="flex justify-between gap-3 py-1.5">
                <span className="text-slate-700">{charge.label}</span>
                <span className="whitespace-nowrap text-slate-900">{money(charge.amount)}</span>
              </li>
            ))}
          </ul>
        )}
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-slate-900">
          <dt>Total charges</dt>
          <dd className="text-right">{money(total)}</dd>
          {answer.depositHeld > 0 ? (
            <>
              <dt className="font-semibold">Security deposit held until the damage is assessed</dt>
              <dd className="text-right font-semibold">{money(answer.depositHeld)}</dd>
            </>
          ) : (
            <>
              <dt>Security deposit kept</dt>
              <dd className="text-right">{money(answer.depositKept)}</dd>
              <dt className="font-semibold">Security deposit to give back</dt>
              <dd className="text-right font-semibold">{money(answer.depositRefunded)}</dd>
            </>
          )}
          <dt className={answer.owing > 0 ? 'font-semibold text-red-700' : ''}>Still owed by the customer</dt>
          <dd className={`text-right ${answer.owing > 0 ? 'font-semibold text-red-700' : ''}`}>{money(answer.owing)}</dd>
        </dl>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        {/* A link to the paper, opened with the session: a plain link could not send its token. */}
        <a
          href={apiUrl(receiptPath)}
          className="btn-primary min-h-12 text-base"
          onClick={(event) => {
            event.preventDefault();
            openReceipt();
          }}
        >
          <FileText aria-hidden="true" size={18} />
          Open the receipt (PDF)
        </a>
        <Link to="/owner/desk" className="btn-secondary min-h-12 text-base">
          Back to the desk
        </Link>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </section>
  );
}
