/** A car's availability badge and its buttons, shared by the fleet's table and the phone's cards. */
import { MESSAGES } from '@rental/contract/messages';
import type { Car } from '@rental/contract/schemas';
import { Eye, EyeOff, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { useDeleteCar, useToggleCar } from './backOfficeQueries';
import { useStaffMay } from './useStaffMay';

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

const ACTION = 'inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-medium whitespace-nowrap disabled:opacity-50';

/**
 * Edit, availability and delete, each with its words on screen and, for a screen reader, those
 * words followed by the car's name ("Edit Toyota Corolla"): a list of "Edit" buttons out of context
 * says nothing, and a voice command with the words on screen still finds the button.
 */
export function CarActions({ car, className = 'flex-wrap' }: { car: Car; className?: string }) {
  const toggle = useToggleCar();
  const remove = useDeleteCar();
  const name = `${car.brand} ${car.model}`;
  const busy = toggle.isPending || remove.isPending;
  const toggleWords = car.isAvaliable ? 'Make unavailable' : 'Make available';
  // Agents say when a car is free; changing or removing it is a manager's.
  const mayChange = useStaffMay('manager');

  const onDelete = () => {
    if (window.confirm(MESSAGES.confirmDeleteCar)) remove.mutate(car._id);
  };

  return (
    // Only stops the row's or card's click from reaching the buttons; the buttons handle the keyboard themselves.
    // oxlint-disable-next-line jsx-a11y/no-static-element-interactions, jsx-a11y/click-events-have-key-events
    <div className={`flex items-center gap-1 ${className}`} onClick={(e) => e.stopPropagation()}>
      {mayChange && (
        <Link to={`/owner/add-car/${car._id}`} aria-label={`Edit ${name}`} className={`${ACTION} text-primary hover:bg-primary-light`}>
          <Pencil aria-hidden="true" size={18} />
          Edit
        </Link>
      )}
      <button
        type="button"
        aria-label={`${toggleWords}: ${name}`}
        className={`${ACTION} text-slate-700 hover:bg-slate-100 hover:text-slate-900`}
        onClick={() => toggle.mutate(car._id)}
        disabled={busy}
      >
        {car.isAvaliable ? <EyeOff aria-hidden="true" size={18} /> : <Eye aria-hidden="true" size={18} />}
        {toggleWords}
      </button>
      {mayChange && (
        <button
          type="button"
          aria-label={`Delete ${name}`}
          className={`${ACTION} text-red-700 hover:bg-red-50 hover:text-red-800`}
          onClick={onDelete}
          disabled={busy}
        >
          <Trash2 aria-hidden="true" size={18} />
          Delete
        </button>
      )}
    </div>
  );
}
