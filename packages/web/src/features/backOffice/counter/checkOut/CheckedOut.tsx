/** After the keys go: the server's word, the agreement to open, and the way back to the desk. */
import { CHECKED_IN_ONLINE_WORDS } from '@rental/contract/checkedInOnline';
import { pathFor } from '@rental/contract/routes';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../../api/client';
import { useCounterFileUrl } from './counterFile';

export function CheckedOut({ bookingId, message, checkedInOnline = false }: { bookingId: string; message: string; checkedInOnline?: boolean }) {
  // Fetched at once: a tab opened after a fetch is blocked, a link to a ready file is not.
  const agreement = useCounterFileUrl(pathFor('agreementPdf', { id: bookingId }));
  const condition = useCounterFileUrl(checkedInOnline ? pathFor('conditionPdf', { id: bookingId }) : null);
  // The form was long and the button at its end: bring the outcome into view (and to a screen reader).
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => messageRef.current?.focus(), []);
  return (
    <div className="space-y-4 rounded-xl border border-emerald-300 bg-emerald-50 p-4 sm:p-6">
      <div ref={messageRef} tabIndex={-1} role="status" className="outline-none">
        <p className="text-2xl font-semibold text-emerald-950">On rent</p>
        <p className="text-lg font-medium text-emerald-950">{message}</p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        {agreement.url ? (
          <a href={agreement.url} target="_blank" rel="noopener noreferrer" className="btn-secondary min-h-12">
            Open the rental agreement (PDF)
          </a>
        ) : agreement.problem ? (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(agreement.problem)}
          </p>
        ) : (
          <p className="text-sm text-slate-600">Preparing the rental agreement…</p>
        )}
        {condition.url && (
          <a href={condition.url} target="_blank" rel="noopener noreferrer" className="btn-secondary min-h-12">
            {CHECKED_IN_ONLINE_WORDS.appendix}
          </a>
        )}
        <Link to="/owner/desk" className="btn-primary min-h-12">
          Back to the desk
        </Link>
      </div>
    </div>
  );
}
