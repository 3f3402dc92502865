/** A maintenance plan's items edited: a name, every … km and/or every … months; saved for this car or for its make and model. */
import { DEFAULT_MAINTENANCE_ITEMS } from '@rental/contract/maintenance';
import type { MaintenancePlan } from '@rental/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import toast from '../../../lib/toast';
import { errorMessage } from '../../../api/client';
import { FormProblem } from '../../../components/FormField';
import { controlProps } from '../FormField';
import { refreshMaintenance, saveMaintenancePlan } from './maintenanceQueries';

type Row = { name: string; everyKm: string; everyMonths: string };
const rowOf = (item: { name: string; everyKm: number | null; everyMonths: number | null }): Row => ({
  name: item.name,
  everyKm: item.everyKm === null ? '' : String(item.everyKm),
  everyMonths: item.everyMonths === null ? '' : String(item.everyMonths),
});
/** A box left empty is no interval; anything but digits goes as typed, for the server's words about it. */
const numberOf = (typed: string) => {
  const clean = typed.replace(/[,\s]/g, '');
  if (clean === '') return null;
  return /^\d+$/.test(clean) ? Number(clean) : clean;
};

export function PlanEditor({ carId, plan, onDone }: { carId: string; plan: MaintenancePlan; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[]>(plan.items.length > 0 ? plan.items.map(rowOf) : DEFAULT_MAINTENANCE_ITEMS.map(rowOf));
  const [scope, setScope] = useState<'car' | 'model'>(plan.source === 'car' ? 'car' : 'model');
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);
  const change = (index: number, field: keyof Row, value: string) => setRows(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    setSaving(true);
    try {
      const items = rows
        .filter((row) => row.name.trim())
        .map((row) => ({ name: row.name, everyKm: numberOf(row.everyKm), everyMonths: numberOf(row.everyMonths) }));
      const answer = await saveMaintenancePlan(carId, { scope, items });
      toast.success(answer.message);
      await refreshMaintenance(queryClient);
      onDone();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="space-y-4 rounded-lg border border-slate-200 p-4" onSubmit={submit} aria-label="Maintenance plan">
      {plan.items.length === 0 && <p className="text-sm text-slate-600">The usual items to start from; change them to what the car’s handbook says.</p>}
      <ul className="space-y-3">
        {rows.map((row, index) => (
          <li key={index} className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_9rem_9rem_auto] sm:items-end">
            <label className="col-span-2 sm:col-span-1">
              <span className="field-label">Item</span>
              <input
                {...controlProps(`${id}-name-${index}`, undefined)}
                maxLength={60}
                value={row.name}
                onChange={(e) => change(index, 'name', e.target.value)}
              />
            </label>
            <label>
              <span className="field-label">Every … km</span>
              <input
                inputMode="numeric"
                {...controlProps(`${id}-km-${index}`, undefined)}
                value={row.everyKm}
                onChange={(e) => change(index, 'everyKm', e.target.value)}
              />
            </label>
            <label>
              <span className="field-label">Every … months</span>
              <input
                inputMode="numeric"
                {...controlProps(`${id}-months-${index}`, undefined)}
                value={row.everyMonths}
                onChange={(e) => change(index, 'everyMonths', e.target.value)}
              />
            </label>
            <button
              type="button"
              className="btn-secondary col-span-2 h-11 sm:col-span-1"
              aria-label={`Remove ${row.name || 'this item'}`}
              onClick={() => setRows(rows.filter((_, i) => i !== index))}
            >
              <Trash2 aria-hidden="true" size={18} />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn-secondary" onClick={() => setRows([...rows, { name: '', everyKm: '', everyMonths: '' }])}>
        Add an item
      </button>
      <fieldset>
        <legend className="field-label">This plan is for</legend>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name={`${id}-scope`} className="h-5 w-5" checked={scope === 'model'} onChange={() => setScope('model')} />
          Every {plan.brand} {plan.model} without a plan of its own
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name={`${id}-scope`} className="h-5 w-5" checked={scope === 'car'} onChange={() => setScope('car')} />
          This car only
        </label>
      </fieldset>
      <FormProblem problem={problem} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving && <Loader2 aria-hidden="true" size={18} className="animate-spin" />}
          {saving ? 'Saving…' : 'Save the plan'}
        </button>
        <button type="button" className="btn-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
