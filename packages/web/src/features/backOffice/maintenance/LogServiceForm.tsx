/**
 * Log a service done to a car: the day, the odometer read at the garage, the plan's items it did
 * (which then count again), the cost, the garage, a note and the receipt's scan. A refusal is shown
 * by the box it concerns, chosen by its code.
 */
import { typedAmount } from '@rental/contract/numbers';
import { companyToday } from '@rental/contract/rentalDates';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import toast from '../../../lib/toast';
import { ApiError, errorMessage } from '../../../api/client';
import { FormProblem } from '../../../components/FormField';
import { FormField, controlProps } from '../FormField';
import { logCarService, refreshMaintenance } from './maintenanceQueries';

type Box = 'date' | 'odometerKm' | 'items' | 'cost' | 'receipt';
const BOX_OF_CODE: Record<string, Box> = {
  service_date_future: 'date',
  service_odometer_below: 'odometerKm',
  service_item_unknown: 'items',
  service_cost_negative: 'cost',
  document_unreadable: 'receipt',
};

export function LogServiceForm({
  carId,
  itemNames,
  odometerKm,
  checked = [],
  onDone,
}: {
  carId: string;
  /** The items of the plan the car follows. */
  itemNames: string[];
  odometerKm: number;
  /** Ticked at first (the items due, from the due list). */
  checked?: string[];
  onDone?: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const today = companyToday();
  const [date, setDate] = useState(today);
  const [odometer, setOdometer] = useState(String(odometerKm));
  const [items, setItems] = useState<string[]>(checked);
  const [cost, setCost] = useState('');
  const [garage, setGarage] = useState('');
  const [note, setNote] = useState('');
  const [receipt, setReceipt] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Box, string>>>({});
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Box, string>> = {};
    const km = /^\d+$/.test(odometer.trim()) ? Number(odometer.trim()) : null;
    const amount = cost.trim() ? typedAmount(cost) : 0;
    if (!date) found.date = 'Please choose the day of the service.';
    if (km === null) found.odometerKm = 'Please type the odometer reading in whole kilometres.';
    if (items.length === 0) found.items = 'Please tick at least one item the service did.';
    if (amount === null) found.cost = 'Please type the cost as a whole amount in dollars, such as 12,500 (no cents).';
    setErrors(found);
    setProblem('');
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const answer = await logCarService(carId, { date, odometerKm: km!, items, cost: amount!, garage, note }, receipt);
      toast.success(answer.message);
      await refreshMaintenance(queryClient);
      onDone?.();
    } catch (error) {
      const box = error instanceof ApiError ? BOX_OF_CODE[String(error.answer?.code)] : undefined;
      if (box) setErrors({ [box]: errorMessage(error) });
      else setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="space-y-4 rounded-lg border border-slate-200 p-4" onSubmit={submit} aria-label="Log a service" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-date`} label="Day of the service" error={errors.date}>
          <input type="date" {...controlProps(`${id}-date`, errors.date)} max={today} value={date} onChange={(e) => setDate(e.target.value)} />
        </FormField>
        <FormField id={`${id}-km`} label="Odometer at the service (km)" error={errors.odometerKm}>
          <input inputMode="numeric" {...controlProps(`${id}-km`, errors.odometerKm)} value={odometer} onChange={(e) => setOdometer(e.target.value)} />
        </FormField>
      </div>
      <fieldset aria-describedby={errors.items ? `${id}-items-error` : undefined}>
        <legend className="field-label">What the service did</legend>
        {itemNames.length === 0 && <p className="text-sm text-slate-600">This car has no maintenance plan yet: add its items first.</p>}
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {itemNames.map((name) => (
            <label key={name} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={items.includes(name)}
                onChange={(e) => setItems(e.target.checked ? [...items, name] : items.filter((item) => item !== name))}
              />
              {name}
            </label>
          ))}
        </div>
        {errors.items && (
          <p id={`${id}-items-error`} className="field-error">
            {errors.items}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-cost`} label="Cost (JMD)" error={errors.cost} hint="What the garage charged, in whole dollars. Empty: 0.">
          <input inputMode="numeric" {...controlProps(`${id}-cost`, errors.cost, { hint: 'yes' })} value={cost} onChange={(e) => setCost(e.target.value)} />
        </FormField>
        <FormField id={`${id}-garage`} label="Garage">
          <input {...controlProps(`${id}-garage`, undefined)} maxLength={120} value={garage} onChange={(e) => setGarage(e.target.value)} />
        </FormField>
      </div>
      <FormField id={`${id}-note`} label="Note">
        <textarea
          {...controlProps(`${id}-note`, undefined, { multiline: true })}
          rows={2}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </FormField>
      <FormField id={`${id}-receipt`} label="Receipt (photo or PDF, optional)" error={errors.receipt}>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,application/pdf"
          {...controlProps(`${id}-receipt`, errors.receipt)}
          className="block w-full text-sm"
          onChange={(e) => setReceipt(e.target.files?.[0] ?? null)}
        />
      </FormField>
      <FormProblem problem={problem} />
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving && <Loader2 aria-hidden="true" size={18} className="animate-spin" />}
        {saving ? 'Saving…' : 'Log the service'}
      </button>
    </form>
  );
}
