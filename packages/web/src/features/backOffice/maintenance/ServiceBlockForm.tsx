/** Take a car out of hire for its service, from the due list: the days chosen, the note naming the items. */
import { serviceBlockNote } from '@rental/contract/maintenance';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import toast from '../../../lib/toast';
import { errorMessage } from '../../../api/client';
import { FormProblem } from '../../../components/FormField';
import { FormField, controlProps } from '../FormField';
import { makeServiceBlock, refreshMaintenance } from './maintenanceQueries';

export function ServiceBlockForm({ carId, items, onDone }: { carId: string; items: string[]; onDone?: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const today = companyToday();
  const [pickupDate, setPickupDate] = useState(addDays(today, 1));
  const [returnDate, setReturnDate] = useState(addDays(today, 1));
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    setSaving(true);
    try {
      const answer = await makeServiceBlock({ car: carId, pickupDate, returnDate, items });
      toast.success(answer.message);
      await refreshMaintenance(queryClient);
      onDone?.();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="space-y-4 rounded-lg border border-slate-200 p-4" onSubmit={submit} aria-label="Block for the service">
      <p className="text-sm text-slate-700">
        The car cannot be booked on these days. The block’s note: <q>{serviceBlockNote(items)}</q>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-from`} label="First day out">
          <input type="date" {...controlProps(`${id}-from`, undefined)} min={today} value={pickupDate} onChange={(e) => setPickupDate(e.target.value)} />
        </FormField>
        <FormField id={`${id}-to`} label="Last day out">
          <input type="date" {...controlProps(`${id}-to`, undefined)} min={pickupDate} value={returnDate} onChange={(e) => setReturnDate(e.target.value)} />
        </FormField>
      </div>
      <FormProblem problem={problem} />
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving && <Loader2 aria-hidden="true" size={18} className="animate-spin" />}
        {saving ? 'Blocking…' : 'Block the car'}
      </button>
    </form>
  );
}
