/**
 * Step 8: the customer reads the whole rental agreement before signing. The server works it out
 * from the form as it stands, exactly as the check-out will (the same content the PDF prints); when
 * the form changes afterwards, the agreement must be shown again before anyone signs.
 */
import type { AgreementDocument, CounterBooking } from '@rental/contract/schemas';
import { Loader2 } from 'lucide-react';
import { errorMessage } from '../../../../api/client';
import { AgreementView } from '../../../../components/AgreementView';
import { FormProblem } from '../../../../components/FormField';
import { useAgreementPreview } from '../counterQueries';
import { type CheckOutForm, missingBeforeAgreement, previewOf } from './checkOutForm';

/** The agreement shown, and the form it was worked out from (JSON of the request). */
export interface ShownAgreement {
  key: string;
  agreement: AgreementDocument;
}

export function agreementKey(form: CheckOutForm, balance: number): string {
  return JSON.stringify(previewOf(form, balance));
}

export function AgreementStep({
  booking,
  form,
  shown,
  onShown,
}: {
  booking: CounterBooking;
  form: CheckOutForm;
  shown: ShownAgreement | null;
  onShown: (shown: ShownAgreement) => void;
}) {
  const preview = useAgreementPreview(booking._id);
  const missing = missingBeforeAgreement(form, booking);
  const key = agreementKey(form, booking.balance);
  const current = shown?.key === key;

  if (missing.length > 0) {
    return <p className="text-slate-700">The agreement can be shown once the steps above are complete.</p>;
  }
  const show = () => {
    preview.reset();
    preview.mutate(JSON.parse(key) as Parameters<typeof preview.mutate>[0], { onSuccess: (answer) => onShown({ key, agreement: answer.agreement }) });
  };
  return (
    <div className="space-y-3">
      {current ? (
        <AgreementView agreement={shown.agreement} />
      ) : (
        <p className="text-slate-700">
          {shown
            ? 'The form changed since the agreement was shown: show it again before signing.'
            : 'Give the customer the screen to read the whole agreement before they sign.'}
        </p>
      )}
      {preview.isError && <FormProblem problem={errorMessage(preview.error)} />}
      {!current && (
        <button type="button" className="btn-secondary min-h-12 w-full" onClick={show} disabled={preview.isPending}>
          {preview.isPending && <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" />}
          {shown ? 'Show the agreement again' : 'Show the agreement'}
        </button>
      )}
    </div>
  );
}
