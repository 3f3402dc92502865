/** The colours of the timeline's bars and their legend: one look per kind of hold. */
import type { Hold } from './timelineLayout';

export type HoldLook = 'pending' | 'confirmed' | 'on_rent' | 'overdue' | 'returned' | 'block';

export const HOLD_LOOKS: Record<HoldLook, { label: string; bar: string }> = {
  // 700, not 600: white small print on it keeps a 4.5:1 contrast.
  confirmed: { label: 'Confirmed booking', bar: 'bg-emerald-700 text-white hover:bg-emerald-800' },
  pending: { label: 'Pending booking', bar: 'bg-amber-300 text-amber-950 hover:bg-amber-400' },
  on_rent: { label: 'Picked up', bar: 'bg-sky-700 text-white hover:bg-sky-800' },
  // Red, and named "Overdue" in its title, so it is not told by colour alone.
  overdue: { label: 'Overdue', bar: 'bg-red-700 text-white hover:bg-red-800 ring-2 ring-red-300' },
  returned: { label: 'Returned', bar: 'bg-slate-300 text-slate-900 hover:bg-slate-400' },
  // Stripes as well as a colour, so a block is told from a booking without seeing colours.
  block: {
    label: 'Service block',
    bar: 'bg-slate-600 text-white hover:bg-slate-700 bg-[repeating-linear-gradient(135deg,transparent_0_6px,rgba(255,255,255,0.18)_6px_12px)]',
  },
};

export function lookOf(hold: Hold): HoldLook {
  if (hold.kind === 'block') return 'block';
  return hold.overdue ? 'overdue' : hold.status;
}
