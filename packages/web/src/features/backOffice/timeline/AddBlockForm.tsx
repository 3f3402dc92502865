/**
 * Staff take a car out of hire for some days (garage, inspection). The form checks what it can
 * before sending; the server's sentence (days already booked or blocked, a day in the past) shows
 * under the form. Any car of the fleet can be blocked, not only those of the timeline's page: the
 * fleet's list is asked for (the page's cars are offered until it arrives).
 */
import type { TimelineCar } from '@rental/contract/schemas';
import { useId, useState, type FormEvent } from 'react';
import toast from '../../../lib/toast';
import { errorMessage } from '../../../api/client';
import { controlProps, FormField } from '../FormField';
import { type BlockField, blockFormErrors, type BlockFormValues, emptyBlockForm } from './blockForm';
import { useCreateBlock } from './timelineQueries';
import { useStaffCars } from '../backOfficeQueries';

const NOTE_HINT = 'Optional: why, for the other staff. Customers never see it.';

export function AddBlockForm({ cars: pageCars, today, onDone }: { cars: TimelineCar[]; today: string; onDone: () => void }) {
  const id = useId();
  const fleet = useStaffCars();
  const cars: Pick<TimelineCar, '_id' | 'brand' | 'model' | 'plate'>[] = fleet.data ?? pageCars;
  const [values, setValues] = useState<BlockFormValues>(() => emptyBlockForm(cars[0]?._id ?? '', today));
  const [errors, setErrors] = useState<Partial<Record<BlockField, string>>>({});
  const [serverError, setServerError] = useState('');
  const create = useCreateBlock();

  const set = (field: BlockField) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value, ...(field === 'pickupDate' && (!v.returnDate || v.returnDate < value) ? { returnDate: value } : {}) }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = blockFormErrors(values);
    setErrors(found);
    setServerError('');
    if (Object.keys(found).length > 0) return;
    create.mutate(values, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onDone();
      },
      onError: (error) => setServerError(errorMessage(error)),
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Block a car" className="mb-6 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="mb-3 font-semibold text-slate-900">Block a car</h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <FormField id={`${id}-car`} label="Car" error={errors.car}>
          <select {...controlProps(`${id}-car`, errors.car)} value={values.car} onChange={set('car')}>
            {cars.map((car) => (
              <option key={car._id} value={car._id}>
                {car.brand} {car.model}
                {car.plate ? ` (${car.plate})` : ''}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={`${id}-from`} label="First day" error={errors.pickupDate}>
          <input type="date" min={today} {...controlProps(`${id}-from`, errors.pickupDate)} value={values.pickupDate} onChange={set('pickupDate')} />
        </FormField>
        <FormField id={`${id}-to`} label="Last day" error={errors.returnDate}>
          <input
            type="date"
            min={values.pickupDate || today}
            {...controlProps(`${id}-to`, errors.returnDate)}
            value={values.returnDate}
            onChange={set('returnDate')}
          />
        </FormField>
        <FormField id={`${id}-note`} label="Note" error={errors.note} hint={NOTE_HINT}>
          <input type="text" maxLength={500} {...controlProps(`${id}-note`, errors.note, { hint: NOTE_HINT })} value={values.note} onChange={set('note')} />
        </FormField>
      </div>
      {serverError && (
        <p role="alert" className="field-error mt-3">
          {serverError}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={create.isPending}>
          {create.isPending ? 'Blocking…' : 'Block these days'}
        </button>
        <button type="button" className="btn-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
