/** The fleet as a table: a row opens the car's edit page; toggle availability; delete with confirmation. */
import { formatMoney } from '@rental/contract/format';
import { MESSAGES } from '@rental/contract/messages';
import type { Car } from '@rental/contract/schemas';
import { Eye, EyeOff, Plus, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { CarImage } from '../../components/CarImage';
import { SkeletonBlock } from '../../components/Skeleton';
import { errorMessage } from '../../lib/apiClient';
import { usePageMeta } from '../../lib/usePageMeta';
import { OwnerPageHeader } from './OwnerPageHeader';
import { useDeleteCar, useOwnerCars, useToggleCar } from './ownerQueries';

export function ManageCarsPage() {
  usePageMeta('Manage Cars', 'The rental fleet: edit cars, make them available or not, remove them.');
  const cars = useOwnerCars();

  useEffect(() => {
    if (cars.error) toast.error(errorMessage(cars.error));
  }, [cars.error]);

  return (
    <>
      <OwnerPageHeader
        title="Manage Cars"
        description="View all listed cars, update their details, or remove them from the booking platform."
        action={
          <Link to="/owner/add-car" className="btn-primary">
            <Plus aria-hidden="true" size={18} />
            Add car
          </Link>
        }
      />
      {/* relative: the visually hidden labels inside stay in this scrolling box instead of widening the page */}
      <div className="relative max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">Cars of the fleet; select a row to edit the car</caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">Image</th>
              <th scope="col" className="px-4 py-3 font-medium">Name</th>
              <th scope="col" className="px-4 py-3 font-medium">Category</th>
              <th scope="col" className="px-4 py-3 font-medium">Price</th>
              <th scope="col" className="px-4 py-3 font-medium">Status</th>
              <th scope="col" className="px-4 py-3 font-medium">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {cars.isPending ? (
              <SkeletonRows />
            ) : cars.data && cars.data.length > 0 ? (
              cars.data.map((car) => <CarRow key={car._id} car={car} />)
            ) : (
              <tr>
                <td colSpan={6} className="px-4 py-10 text-center text-slate-600">
                  {cars.error ? errorMessage(cars.error) : 'No cars yet. Add the first one to start taking bookings.'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

function SkeletonRows() {
  return (
    <>
      {[0, 1, 2, 3].map((i) => (
        <tr key={i}>
          <td className="px-4 py-3"><SkeletonBlock className="h-12 w-18" /></td>
          <td className="px-4 py-3"><SkeletonBlock className="h-4 w-32" /></td>
          <td className="px-4 py-3"><SkeletonBlock className="h-4 w-16" /></td>
          <td className="px-4 py-3"><SkeletonBlock className="h-4 w-20" /></td>
          <td className="px-4 py-3"><SkeletonBlock className="h-6 w-20" /></td>
          <td className="px-4 py-3"><SkeletonBlock className="h-8 w-24" /></td>
        </tr>
      ))}
    </>
  );
}

function CarRow({ car }: { car: Car }) {
  const navigate = useNavigate();
  const toggle = useToggleCar();
  const remove = useDeleteCar();
  const name = `${car.brand} ${car.model}`;
  const editPath = `/owner/add-car/${car._id}`;
  const busy = toggle.isPending || remove.isPending;

  const onDelete = () => {
    if (window.confirm(MESSAGES.confirmDeleteCar)) remove.mutate(car._id);
  };

  return (
    // The whole row opens the edit page for a mouse; the name's link does it for the keyboard.
    <tr className="cursor-pointer transition-colors hover:bg-slate-50" onClick={() => navigate(editPath)}>
      <td className="px-4 py-3">
        <CarImage car={car} width={96} height={60} className="h-12 w-18 rounded-md object-cover" />
      </td>
      <td className="px-4 py-3">
        <Link to={editPath} className="rounded font-medium whitespace-nowrap text-slate-900 hover:text-primary" onClick={(e) => e.stopPropagation()}>
          {name}
        </Link>
        <p className="whitespace-nowrap text-slate-500">
          {car.year} · {car.seating_capacity} seats · {car.transmission}
        </p>
      </td>
      <td className="px-4 py-3 text-slate-700">{car.category}</td>
      <td className="px-4 py-3 whitespace-nowrap text-slate-900">
        {formatMoney(car.pricePerDay)}
        <span className="text-slate-500"> / day</span>
      </td>
      <td className="px-4 py-3">
        <span
          className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${
            car.isAvaliable ? 'bg-emerald-50 text-emerald-800 ring-emerald-600/30' : 'bg-slate-100 text-slate-700 ring-slate-500/30'
          }`}
        >
          {car.isAvaliable ? 'Available' : 'Unavailable'}
        </span>
      </td>
      <td className="px-4 py-3">
        {/* Only stops the row's click from reaching the buttons' cell; the buttons handle the keyboard themselves. */}
        {/* oxlint-disable-next-line jsx-a11y/no-static-element-interactions, jsx-a11y/click-events-have-key-events */}
        <div className="flex items-center gap-1" onClick={(e) => e.stopPropagation()}>
          <button
            type="button"
            className="grid h-10 w-10 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50"
            onClick={() => toggle.mutate(car._id)}
            disabled={busy}
            aria-label={car.isAvaliable ? `Make the ${name} unavailable` : `Make the ${name} available`}
            title={car.isAvaliable ? 'Make unavailable' : 'Make available'}
          >
            {car.isAvaliable ? <EyeOff aria-hidden="true" size={20} /> : <Eye aria-hidden="true" size={20} />}
          </button>
          <button
            type="button"
            className="grid h-10 w-10 place-items-center rounded-lg text-red-600 hover:bg-red-50 hover:text-red-700 disabled:opacity-50"
            onClick={onDelete}
            disabled={busy}
            aria-label={`Delete the ${name}`}
            title="Delete"
          >
            <Trash2 aria-hidden="true" size={20} />
          </button>
        </div>
      </td>
    </tr>
  );
}
