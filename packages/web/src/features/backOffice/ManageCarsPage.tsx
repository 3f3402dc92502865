/** The fleet: a table (cards on narrower screens); a car opens its edit page; toggle availability; delete with confirmation. */
import type { Car as FleetCar, PaperAlert } from '@rental/contract/schemas';
import { PaperAlertMark } from './carPapers/PaperAlertMark';

/** A car of Manage Cars: with its paper expired by today (red), when it has one. */
type Car = FleetCar & { paperAlert?: PaperAlert };
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from '../../lib/toast';
import { Link, useNavigate } from 'react-router';
import { CarImage } from '../../components/CarImage';
import { SkeletonBlock } from '../../components/Skeleton';
import { errorMessage } from '../../api/client';
import { usePageMeta } from '../../lib/usePageMeta';
import { CarCards } from './CarCards';
import { AvailabilityBadge, CarActions } from './CarControls';
import { StaffPageHeader } from './StaffPageHeader';
import { useStaffCars } from './backOfficeQueries';
import { useNarrowerThan } from './useNarrowerThan';
import { useMoney } from '../../company/useCompany';
import { CarDamages, DamagesToggle } from './damages/CarDamages';
import { lotWords } from './damages/carLot';
import { useStaffMay } from './useStaffMay';

export function ManageCarsPage() {
  usePageMeta('Manage Cars', 'The rental fleet: edit cars, make them available or not, remove them.');
  const cars = useStaffCars();
  const mayAdd = useStaffMay('manager');
  // The table, its actions in words, needs about 60rem beside the side menu; narrower screens get cards.
  const asCards = useNarrowerThan('xl');
  const empty = cars.error ? errorMessage(cars.error) : 'No cars yet. Add the first one to start taking bookings.';

  useEffect(() => {
    if (cars.error) toast.error(errorMessage(cars.error));
  }, [cars.error]);

  return (
    <>
      <StaffPageHeader
        title="Manage Cars"
        description="View all listed cars, update their details, or remove them from the booking platform."
        action={
          mayAdd && (
            <Link to="/owner/add-car" className="btn-primary">
              <Plus aria-hidden="true" size={18} />
              Add car
            </Link>
          )
        }
      />
      {asCards ? <CarCards cars={cars.data} pending={cars.isPending} empty={empty} /> : <CarTable cars={cars.data} pending={cars.isPending} empty={empty} />}
    </>
  );
}

function CarTable({ cars, pending, empty }: { cars: Car[] | undefined; pending: boolean; empty: string }) {
  return (
    // relative: the visually hidden labels inside stay in this scrolling box instead of widening the page
    <div className="relative max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-[60rem] text-left text-sm">
        <caption className="sr-only">Cars of the fleet; select a row to edit the car</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-3 font-medium">
              Image
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Name
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Category
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Price per day
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Status
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {pending ? (
            <SkeletonRows />
          ) : cars && cars.length > 0 ? (
            cars.map((car) => <CarRow key={car._id} car={car} />)
          ) : (
            <tr>
              <td colSpan={6} className="px-4 py-10 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

function SkeletonRows() {
  return (
    <>
      {[0, 1, 2, 3].map((i) => (
        <tr key={i}>
          <td className="px-3 py-3">
            <SkeletonBlock className="h-12 w-18" />
          </td>
          <td className="px-3 py-3">
            <SkeletonBlock className="h-4 w-32" />
          </td>
          <td className="px-3 py-3">
            <SkeletonBlock className="h-4 w-16" />
          </td>
          <td className="px-3 py-3">
            <SkeletonBlock className="h-4 w-20" />
          </td>
          <td className="px-3 py-3">
            <SkeletonBlock className="h-6 w-20" />
          </td>
          <td className="px-3 py-3">
            <SkeletonBlock className="h-8 w-24" />
          </td>
        </tr>
      ))}
    </>
  );
}

function CarRow({ car }: { car: Car }) {
  const money = useMoney();
  const navigate = useNavigate();
  const name = `${car.brand} ${car.model}`;
  const editPath = `/owner/add-car/${car._id}`;
  const [damagesOpen, setDamagesOpen] = useState(false);

  return (
    <>
      {/* The whole row opens the edit page for a mouse; the name's link does it for the keyboard. */}
      <tr className="cursor-pointer transition-colors hover:bg-slate-50" onClick={() => navigate(editPath)}>
        <td className="px-3 py-3">
          <CarImage car={car} width={96} height={60} className="h-12 w-18 rounded-md object-cover" />
        </td>
        <td className="px-3 py-3">
          <Link to={editPath} className="rounded font-medium whitespace-nowrap text-slate-900 hover:text-primary" onClick={(e) => e.stopPropagation()}>
            {name}
          </Link>
          <p className="whitespace-nowrap text-slate-500">
            {car.year} · {car.seating_capacity} seats · {car.transmission}
          </p>
          <p className="whitespace-nowrap text-slate-700">{lotWords(car)}</p>
          {car.paperAlert && <PaperAlertMark alert={car.paperAlert} className="my-1" />}
          <DamagesToggle car={car} open={damagesOpen} onToggle={() => setDamagesOpen(!damagesOpen)} />
        </td>
        <td className="px-3 py-3 text-slate-700">{car.category}</td>
        <td className="px-3 py-3 whitespace-nowrap text-slate-900">{money(car.pricePerDay)}</td>
        <td className="px-3 py-3">
          <AvailabilityBadge available={car.isAvaliable} />
        </td>
        <td className="px-3 py-3">
          <CarActions car={car} className="flex-nowrap" />
        </td>
      </tr>
      {damagesOpen && (
        <tr>
          <td colSpan={6} className="bg-slate-50 px-3 py-3">
            <CarDamages car={car} />
          </td>
        </tr>
      )}
    </>
  );
}
