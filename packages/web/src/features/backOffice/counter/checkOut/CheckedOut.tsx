/** After the keys go: the server's word, the agreement to open, and the way back to the desk. */
import { pathFor } from '@rental/contract/routes';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../../api/client';
import { useCounterFileUrl } from './counterFile';

export function CheckedOut({ bookingId, message }: { bookingId: string; message: string }) {
  // Fetched at once: a tab opened after a fetch is blocked, a link to a ready file is not.
  const agreement = useCounterFileUrl(pathFor('agreementPdf', { id: bookingId }));
  // The form was long and the button at its end: bring the outcome into view (and to a screen reader).
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => messageRef.current?.focus(), []);
  return (
    <div className="space-y-4 rounded-xl border border-emerald-300 bg-emerald-50 p-4 sm:p-6">
      <p ref={messageRef} tabIndex={-1} role="status" className="text-lg font-medium text-emerald-950 outline-none">
        {message}
      </p>
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
        <Link to="/owner/desk" className="btn-primary min-h-12">
          Back to the desk
        </Link>
      </div>
    </div>
  );
}
