/** A car's availability badge and its buttons, shared by the fleet's table and the phone's cards. */
import { MESSAGES } from '@rental/contract/messages';
import type { Car } from '@rental/contract/schemas';
import { Eye, EyeOff, Trash2 } from 'lucide-react';
import { useDeleteCar, useToggleCar } from './ownerQueries';

export function AvailabilityBadge({ available }: { available: boolean }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${
        available ? 'bg-emerald-50 text-emerald-800 ring-emerald-600/30' : 'bg-slate-100 text-slate-700 ring-slate-500/30'
      }`}
    >
      {available ? 'Available' : 'Unavailable'}
    </span>
  );
}

export function CarActions({ car }: { car: Car }) {
  const toggle = useToggleCar();
  const remove = useDeleteCar();
  const name = `${car.brand} ${car.model}`;
  const busy = toggle.isPending || remove.isPending;

  const onDelete = () => {
    if (window.confirm(MESSAGES.confirmDeleteCar)) remove.mutate(car._id);
  };

  return (
    // Only stops the row's or card's click from reaching the buttons; the buttons handle the keyboard themselves.
    // oxlint-disable-next-line jsx-a11y/no-static-element-interactions, jsx-a11y/click-events-have-key-events
    <div className="flex items-center gap-1" onClick={(e) => e.stopPropagation()}>
      <button
        type="button"
        className="grid h-11 w-11 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50"
        onClick={() => toggle.mutate(car._id)}
        disabled={busy}
        aria-label={car.isAvaliable ? `Make the ${name} unavailable` : `Make the ${name} available`}
        title={car.isAvaliable ? 'Make unavailable' : 'Make available'}
      >
        {car.isAvaliable ? <EyeOff aria-hidden="true" size={20} /> : <Eye aria-hidden="true" size={20} />}
      </button>
      <button
        type="button"
        className="grid h-11 w-11 place-items-center rounded-lg text-red-600 hover:bg-red-50 hover:text-red-700 disabled:opacity-50"
        onClick={onDelete}
        disabled={busy}
        aria-label={`Delete the ${name}`}
        title="Delete"
      >
        <Trash2 aria-hidden="true" size={20} />
      </button>
    </div>
  );
}
