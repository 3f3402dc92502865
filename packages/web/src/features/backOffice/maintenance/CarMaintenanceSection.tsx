/** A car's maintenance on its staff page: the plan it follows with each item's state, its services, and (owners, managers) the plan's editor and the service form. */
import { formatCents, intervalWords } from '@rental/contract/maintenance';
import type { CarService, MaintenancePlan } from '@rental/contract/schemas';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { formatCalendarDate } from '../../../lib/dates';
import { useStaffMay } from '../useStaffMay';
import { LogServiceForm } from './LogServiceForm';
import { fetchReceipt, useCarServices, useMaintenancePlan } from './maintenanceQueries';
import { PlanEditor } from './PlanEditor';
import { dueWords, StateMark } from './StateMark';

const SOURCE_WORDS = (plan: MaintenancePlan) =>
  plan.source === 'car'
    ? 'This car’s own plan.'
    : plan.source === 'model'
      ? `The plan of every ${plan.brand} ${plan.model} without one of its own.`
      : 'No maintenance plan yet: nothing falls due until one is saved.';

export function CarMaintenanceSection({ carId }: { carId: string }) {
  const plan = useMaintenancePlan(carId);
  const services = useCarServices(carId);
  const mayWrite = useStaffMay('manager');
  const [open, setOpen] = useState<'plan' | 'service' | null>(null);
  return (
    <section className="mt-6 max-w-4xl space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby="car-maintenance">
      <h2 id="car-maintenance" className="text-lg font-semibold text-slate-900">
        Maintenance
      </h2>
      {plan.isError && <p role="alert">{errorMessage(plan.error)}</p>}
      {plan.data && (
        <>
          <p className="text-sm text-slate-600">
            {SOURCE_WORDS(plan.data)} Odometer: {plan.data.odometerKm.toLocaleString('en-US')} km.
          </p>
          {plan.data.items.length > 0 && (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Plan items">
              {plan.data.items.map((item) => (
                <li key={item.name} className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <span>
                    <span className="font-medium text-slate-800">{item.name}</span>
                    <span className="block text-sm text-slate-600">
                      {intervalWords(item)}; last done {item.lastServiceOn ? formatCalendarDate(item.lastServiceOn) : 'never (logged)'}; due{' '}
                      {dueWords(item, formatCalendarDate)}
                    </span>
                  </span>
                  <StateMark state={item.state} />
                </li>
              ))}
            </ul>
          )}
          {mayWrite && (
            <div className="flex flex-wrap gap-3">
              <button type="button" className="btn-secondary" aria-expanded={open === 'plan'} onClick={() => setOpen(open === 'plan' ? null : 'plan')}>
                {plan.data.items.length > 0 ? 'Change the plan' : 'Make a plan'}
              </button>
              {plan.data.items.length > 0 && (
                <button type="button" className="btn-primary" aria-expanded={open === 'service'} onClick={() => setOpen(open === 'service' ? null : 'service')}>
                  Log a service
                </button>
              )}
            </div>
          )}
          {open === 'plan' && <PlanEditor carId={carId} plan={plan.data} onDone={() => setOpen(null)} />}
          {open === 'service' && (
            <LogServiceForm carId={carId} itemNames={plan.data.items.map((item) => item.name)} odometerKm={plan.data.odometerKm} onDone={() => setOpen(null)} />
          )}
        </>
      )}
      <h3 className="text-lg font-semibold text-slate-900">Services</h3>
      {services.data?.length === 0 && <p className="text-sm text-slate-600">No service logged yet.</p>}
      {services.data && services.data.length > 0 && (
        <ul className="space-y-2" aria-label="Services">
          {services.data.map((service) => (
            <ServiceRow key={service._id} carId={carId} service={service} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ServiceRow({ carId, service }: { carId: string; service: CarService }) {
  const [problem, setProblem] = useState('');
  const open = async () => {
    setProblem('');
    try {
      const url = URL.createObjectURL(await fetchReceipt(carId, service._id));
      window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <li className="rounded-lg border border-slate-200 p-3 text-sm">
      <div className="flex flex-wrap justify-between gap-2">
        <span className="font-medium text-slate-900">
          {formatCalendarDate(service.date)} · {service.odometerKm.toLocaleString('en-US')} km
        </span>
        <span className="font-medium">{formatCents(service.cost)}</span>
      </div>
      <p className="text-slate-700">{service.items.join(', ')}</p>
      <p className="text-slate-600">
        {service.garage || 'Garage not given'} · logged by {service.loggedBy}
        {service.note && ` · ${service.note}`}
      </p>
      {service.hasReceipt && (
        <button type="button" className="mt-1 text-sm font-medium text-blue-700 underline" onClick={() => void open()}>
          Open the receipt
        </button>
      )}
      {problem && (
        <p role="alert" className="text-red-700">
          {problem}
        </p>
      )}
    </li>
  );
}
