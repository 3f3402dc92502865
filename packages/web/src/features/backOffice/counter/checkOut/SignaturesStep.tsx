/** Step 9: the customer accepts the car as recorded, and the staff member signs the handover. */
import { useSignatureSurface } from '../../../../components/SignatureSurface';
import type { CheckOutForm } from './checkOutForm';
import type { UpdateForm } from './Step';

export const ACCEPTANCE_WORDS = 'I have read the rental agreement and accept the car in the condition recorded above.';

export function SignaturePad({ label, png, onChange }: { label: string; png: string | null; onChange: (png: string | null) => void }) {
  const surface = useSignatureSurface();
  return (
    <div>
      <div className="mb-1 flex items-center justify-between gap-2">
        <p className="field-label mb-0">{label}</p>
        <button type="button" className="btn-secondary min-h-11 px-4 text-sm" onClick={() => onChange(null)} disabled={!png} aria-label={`Clear: ${label}`}>
          Clear
        </button>
      </div>
      {surface({ label, signed: png !== null, onChange })}
      <p className="mt-1 text-sm text-slate-600" aria-live="polite">
        {png ? 'Signed.' : 'Sign with a finger inside the box.'}
      </p>
    </div>
  );
}

export function SignaturesStep({ customerName, form, update }: { customerName: string; form: CheckOutForm; update: UpdateForm }) {
  return (
    <div className="space-y-6">
      <div>
        <p className="mb-3 rounded-lg bg-slate-50 px-3 py-2 text-slate-800">{ACCEPTANCE_WORDS}</p>
        <SignaturePad label={`${customerName}'s signature`} png={form.signature} onChange={(signature) => update({ signature })} />
        <p className="mt-1 text-xs text-slate-500">The agreement above is e-mailed to the customer as a PDF once the keys are handed over.</p>
      </div>
      <SignaturePad label="Staff signature" png={form.staffSignature} onChange={(staffSignature) => update({ staffSignature })} />
    </div>
  );
}
