/** The fleet on a phone or tablet: one card per car; a tap opens its edit page, as a table row does. */
import type { Car as FleetCar, PaperAlert } from '@rental/contract/schemas';
import { PaperAlertMark } from './carPapers/PaperAlertMark';

/** A car of Manage Cars: with its paper expired by today (red), when it has one. */
type Car = FleetCar & { paperAlert?: PaperAlert };
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CarImage } from '../../components/CarImage';
import { SkeletonBlock } from '../../components/Skeleton';
import { AvailabilityBadge, CarActions } from './CarControls';
import { useMoney } from '../../company/useCompany';
import { CarDamages, DamagesToggle } from './damages/CarDamages';
import { lotWords } from './damages/carLot';

// As many columns as fit with cards at least 20rem wide (or the whole width on a small phone).
const GRID = 'grid grid-cols-[repeat(auto-fill,minmax(min(100%,20rem),1fr))] gap-3';

export function CarCards({ cars, pending, empty }: { cars: Car[] | undefined; pending: boolean; empty: string }) {
  if (pending) {
    return (
      <ul aria-hidden="true" className={GRID}>
        {[0, 1, 2].map((i) => (
          <li key={i} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3">
            <SkeletonBlock className="h-18 w-28" />
            <div className="flex-1 space-y-2">
              <SkeletonBlock className="h-4 w-2/3" />
              <SkeletonBlock className="h-4 w-1/2" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (!cars || cars.length === 0) {
    return <p className="rounded-xl border border-slate-200 bg-white px-4 py-10 text-center text-slate-600">{empty}</p>;
  }
  return (
    <ul aria-label="Cars of the fleet; select a car to edit it" className={GRID}>
      {cars.map((car) => (
        <CarCard key={car._id} car={car} />
      ))}
    </ul>
  );
}

function CarCard({ car }: { car: Car }) {
  const money = useMoney();
  const navigate = useNavigate();
  const editPath = `/owner/add-car/${car._id}`;
  const [damagesOpen, setDamagesOpen] = useState(false);
  return (
    // A tap anywhere on the card is a shortcut; the name's link opens the same page from the keyboard.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/click-events-have-key-events
    <li
      className="flex cursor-pointer flex-col rounded-xl border border-slate-200 bg-white p-3 text-sm transition-colors hover:bg-slate-50"
      onClick={() => navigate(editPath)}
    >
      <div className="mb-2 flex gap-3">
        <CarImage car={car} width={96} height={60} className="h-18 w-28 shrink-0 rounded-md object-cover" />
        <div className="min-w-0">
          <Link to={editPath} className="rounded font-medium text-slate-900 hover:text-primary" onClick={(e) => e.stopPropagation()}>
            {car.brand} {car.model}
          </Link>
          <p className="text-slate-500">
            {car.year} · {car.seating_capacity} seats · {car.transmission}
          </p>
          <p className="mt-1 text-slate-700">
            {car.category} · <span className="font-medium text-slate-900">{money(car.pricePerDay)}</span>
            <span className="text-slate-500"> / day</span>
          </p>
          <p className="mt-1 text-slate-700">{lotWords(car)}</p>
          {car.paperAlert && <PaperAlertMark alert={car.paperAlert} className="mt-1.5" />}
          <p className="mt-1.5 flex flex-wrap items-center gap-2">
            <AvailabilityBadge available={car.isAvaliable} />
            <DamagesToggle car={car} open={damagesOpen} onToggle={() => setDamagesOpen(!damagesOpen)} />
          </p>
        </div>
      </div>
      {damagesOpen && (
        <div className="mb-2">
          <CarDamages car={car} />
        </div>
      )}
      {/* The actions get the card's whole width, so their words fit on one line on a phone. */}
      <div className="mt-auto border-t border-slate-100 pt-2">
        <CarActions car={car} className="flex-wrap justify-between" />
      </div>
    </li>
  );
}
