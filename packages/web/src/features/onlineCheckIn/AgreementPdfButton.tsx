/**
 * The agreement signed online, fetched with the session (its route needs the token: the account's,
 * or the booking's sign-in link's) and opened in a new tab.
 */
import { pathFor } from '@rental/contract/routes';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useCheckInAccess } from './checkInAccess';

export function AgreementPdfButton({ bookingId }: { bookingId: string }) {
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const { fileToken } = useCheckInAccess();
  return (
    <div>
      <button
        type="button"
        className="btn-secondary min-h-11 px-4 text-sm"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setProblem('');
          import('../../api/openApiFile')
            .then(({ openApiFile }) => openApiFile(pathFor('agreementPdf', { id: bookingId }), fileToken ?? undefined))
            .catch((error: unknown) => setProblem(errorMessage(error)))
            .finally(() => setBusy(false));
        }}
      >
        The signed agreement (PDF)
      </button>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {problem}
        </p>
      )}
    </div>
  );
}
