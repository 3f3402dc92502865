/** A due state in words and colour: red for overdue, amber for due soon, green for not due yet. */
import { MAINTENANCE_STATE_WORDS, type MaintenanceState } from '@rental/contract/maintenance';

const LOOK: Record<MaintenanceState, string> = {
  overdue: 'bg-red-100 text-red-800 ring-red-300',
  due_soon: 'bg-amber-100 text-amber-900 ring-amber-300',
  ok: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
};

export function StateMark({ state }: { state: MaintenanceState }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${LOOK[state]}`}>{MAINTENANCE_STATE_WORDS[state]}</span>;
}

/** "at 10,150 km · by Sat 28 May 2027": where an item falls due. */
export function dueWords(item: { dueAtKm: number | null; dueOn: string | null }, formatDay: (day: string) => string): string {
  const parts = [item.dueAtKm !== null ? `at ${item.dueAtKm.toLocaleString('en-US')} km` : '', item.dueOn ? `by ${formatDay(item.dueOn)}` : ''];
  return parts.filter(Boolean).join(' or ');
}
