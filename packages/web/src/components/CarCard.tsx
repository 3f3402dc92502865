import { memo } from 'react';
import type { Car, TripPrice } from '@rental/contract/schemas';
import { Fuel, MapPin, Settings2, Users } from 'lucide-react';
import { Link } from 'react-router';
import { CarImage } from './CarImage';
import { useMoney } from '../company/useCompany';
import { daysText } from '../lib/dates';

/**
 * `trip`: the days the customer asked about; the card then says what the car costs for them, as the
 * server quoted it (seasons and GCT in: the booking's price without extras). No price when the days
 * cannot be booked as asked: the page says why, once. Memoised: a list redraws as the visitor types in
 * its search or the page settles after hydration, and a card whose car and days are the same need
 * not be drawn and committed again (a dozen cards' markup, on a phone's CPU).
 */
export const CarCard = memo(function CarCard({
  car,
  eager = false,
  trip = null,
}: {
  car: Car & { tripPrice?: TripPrice | null };
  eager?: boolean;
  trip?: { pickupDate: string; returnDate: string } | null;
}) {
  const money = useMoney();
  const name = `${car.brand} ${car.model}`;
  const price = trip ? (car.tripPrice ?? null) : null;
  return (
    <article className="below-fold group flex flex-col [--fold-guess:28rem] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <div className="relative">
        <CarImage car={car} eager={eager} className="aspect-[16/10] w-full object-cover" />
        <span
          className={`absolute top-3 left-3 rounded-full px-2.5 py-1 text-xs font-medium ${
            car.isAvaliable ? 'bg-emerald-700 text-white' : 'bg-slate-700 text-white'
          }`}
        >
          {car.isAvaliable ? 'Available now' : 'Unavailable'}
        </span>
        <span className="absolute right-3 bottom-3 rounded-lg bg-slate-900/85 px-3 py-1.5 text-sm font-semibold text-white">
          {money(car.pricePerDay)}
          <span className="font-normal text-slate-300"> / day</span>
        </span>
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
        <p className="text-sm text-slate-500">
          {car.category} · {car.year}
        </p>
        <ul className="mt-4 grid grid-cols-2 gap-x-3 gap-y-2 text-sm text-slate-600">
          <li className="flex min-w-0 items-center gap-1.5">
            <Users aria-hidden="true" size={16} className="shrink-0" />
            {car.seating_capacity} seats
          </li>
          <li className="flex min-w-0 items-center gap-1.5">
            <Fuel aria-hidden="true" size={16} className="shrink-0" />
            {car.fuel_type}
          </li>
          <li className="flex min-w-0 items-center gap-1.5">
            <Settings2 aria-hidden="true" size={16} className="shrink-0" />
            {car.transmission}
          </li>
          <li className="flex min-w-0 items-start gap-1.5">
            <MapPin aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
            <span>{car.location}</span>
          </li>
        </ul>
        {price && (
          <div className="mt-4 border-t border-slate-100 pt-3 text-sm text-slate-600">
            <p className="flex items-baseline justify-between gap-3">
              <span>{daysText(price.days)}</span>
              <strong className="text-base text-slate-900">{money(price.total)}</strong>
            </p>
            <p className="text-xs text-slate-600">
              {price.gctPercent > 0 ? `GCT included; extras are chosen on the car’s page.` : 'Extras are chosen on the car’s page.'}
            </p>
          </div>
        )}
        <Link to={`/car-details/${car._id}`} className="btn-primary mt-5 w-full" aria-label={`View Details of the ${name}`}>
          View Details
        </Link>
      </div>
    </article>
  );
});
