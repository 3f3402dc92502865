/** A paper's state in words and colour: "Expired", "Expires soon", "Valid". */
import type { CarPaper } from '@rental/contract/schemas';

const LOOK: Record<CarPaper['state'], { words: string; className: string }> = {
  expired: { words: 'Expired', className: 'bg-red-50 text-red-800 ring-red-200' },
  expiring: { words: 'Expires soon', className: 'bg-amber-50 text-amber-900 ring-amber-200' },
  valid: { words: 'Valid', className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
};

export function PaperState({ state }: { state: CarPaper['state'] }) {
  const look = LOOK[state];
  return <span className={`inline-flex rounded-md px-2 py-0.5 text-xs font-semibold ring-1 ${look.className}`}>{look.words}</span>;
}
