/**
 * /owner/maintenance, "Maintenance": the fleet's cars with a service overdue or due soon (the
 * company's margins), each item marked in words and colour; owners and managers log the service
 * or block the car for it from here. The states are the server's (contract maintenance.ts).
 */
import type { DueCar } from '@rental/contract/schemas';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { formatCalendarDate } from '../../../lib/dates';
import { usePageMeta } from '../../../lib/usePageMeta';
import { StaffPageHeader } from '../StaffPageHeader';
import { useStaffMay } from '../useStaffMay';
import { LogServiceForm } from './LogServiceForm';
import { useDueList, useMaintenancePlan } from './maintenanceQueries';
import { ServiceBlockForm } from './ServiceBlockForm';
import { dueWords, StateMark } from './StateMark';

export function MaintenancePage() {
  usePageMeta('Maintenance', 'Cars whose services are overdue or due soon.');
  const due = useDueList();
  return (
    <>
      <StaffPageHeader
        title="Maintenance"
        description="Cars with a service overdue or due soon, from the odometer read at the counter and the last service of each item. Each car’s plan and its services are on its own page."
      />
      {due.isPending && <p className="text-slate-600">Loading the services due…</p>}
      {due.isError && (
        <p role="alert" className="text-red-700">
          {errorMessage(due.error)}
        </p>
      )}
      {due.data && (
        <>
          <p className="mb-4 text-sm text-slate-600">
            Due soon: within {due.data.soonKm.toLocaleString('en-US')} km or {due.data.soonDays} days (Company Settings).
          </p>
          {due.data.cars.length === 0 ? (
            <p className="rounded-lg bg-emerald-50 p-4 text-emerald-900">No car has a service overdue or due soon.</p>
          ) : (
            <ul className="space-y-4" aria-label="Cars with services due">
              {due.data.cars.map((car) => (
                <DueCarCard key={car._id} car={car} />
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}

function DueCarCard({ car }: { car: DueCar }) {
  const mayWrite = useStaffMay('manager');
  const [open, setOpen] = useState<'service' | 'block' | null>(null);
  const name = `${car.brand} ${car.model}${car.plate ? ` (${car.plate})` : ''}`;
  const itemNames = car.items.map((item) => item.name);
  return (
    <li className={`rounded-xl border-l-4 bg-white p-4 shadow-sm ${car.state === 'overdue' ? 'border-red-500' : 'border-amber-400'}`} aria-label={name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">
          <Link to={`/owner/add-car/${car._id}`} className="hover:underline">
            {name}
          </Link>
        </h2>
        <StateMark state={car.state} />
      </div>
      <p className="text-sm text-slate-600">Odometer: {car.odometerKm.toLocaleString('en-US')} km</p>
      <ul className="mt-3 divide-y divide-slate-100">
        {car.items.map((item) => (
          <li key={item.name} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="font-medium text-slate-800">{item.name}</span>
            <span className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
              {dueWords(item, formatCalendarDate)}
              <StateMark state={item.state} />
            </span>
          </li>
        ))}
      </ul>
      {mayWrite && (
        <div className="mt-3 flex flex-wrap gap-3">
          <button type="button" className="btn-primary" aria-expanded={open === 'service'} onClick={() => setOpen(open === 'service' ? null : 'service')}>
            Log a service
          </button>
          <button type="button" className="btn-secondary" aria-expanded={open === 'block'} onClick={() => setOpen(open === 'block' ? null : 'block')}>
            Block for service
          </button>
        </div>
      )}
      {open === 'service' && <DueServiceForm car={car} checked={itemNames} onDone={() => setOpen(null)} />}
      {open === 'block' && (
        <div className="mt-3">
          <ServiceBlockForm carId={car._id} items={itemNames} onDone={() => setOpen(null)} />
        </div>
      )}
    </li>
  );
}

/** The service form with every item of the car's plan to tick, the due ones ticked. */
function DueServiceForm({ car, checked, onDone }: { car: DueCar; checked: string[]; onDone: () => void }) {
  const plan = useMaintenancePlan(car._id);
  if (!plan.data) return <p className="mt-3 text-sm text-slate-600">{plan.isError ? errorMessage(plan.error) : 'Loading the car’s plan…'}</p>;
  return (
    <div className="mt-3">
      <LogServiceForm carId={car._id} itemNames={plan.data.items.map((item) => item.name)} odometerKm={car.odometerKm} checked={checked} onDone={onDone} />
    </div>
  );
}
