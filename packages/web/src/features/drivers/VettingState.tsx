/** Where the company's check of the customer stands, in words and a colour: amber waiting, green approved, red not approved. */
import { VETTING_STATUS_WORDS } from '@rental/contract/constants';
import type { Vetting } from '@rental/contract/schemas';
import { vettingTone } from './vettingWords';

const TONES = {
  none: 'border-slate-200 bg-slate-50 text-slate-800',
  waiting: 'border-amber-300 bg-amber-50 text-amber-950',
  good: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  refused: 'border-red-300 bg-red-50 text-red-900',
} as const;

export function VettingState({ vetting }: { vetting: Vetting }) {
  const tone = vettingTone(vetting.status);
  return (
    <div role="status" className={`rounded-xl border px-4 py-3 text-sm ${TONES[tone]}`}>
      <p>
        <span className="font-medium">Our check of your driver details: </span>
        <strong>{VETTING_STATUS_WORDS[vetting.status]}</strong>
      </p>
      {vetting.status === 'rejected' && vetting.reason && <p className="mt-1">Why: {vetting.reason}</p>}
      <p className="mt-1">{vettingExplanation(vetting.status)}</p>
    </div>
  );
}

function vettingExplanation(status: Vetting['status']): string {
  switch (status) {
    case 'not_submitted':
      return 'Please give your driving licence details and date of birth below, and send photos of your documents, so we can check them before your pickup.';
    case 'waiting':
      return 'We check your details and documents before your pickup, and write to you when it is done.';
    case 'approved':
      return 'You can pick up the cars you book. If your licence changes, please update it here.';
    case 'rejected':
      return 'Please call or write to us about it. Changing your details sends them to be checked again.';
  }
}
