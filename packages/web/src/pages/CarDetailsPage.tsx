import { CAR_SPEC_FIXED, OTHER_CARS_ON_DETAIL } from '@rental/contract/constants';
import type { Car } from '@rental/contract/schemas';
import { groupedNumber } from '@rental/contract/numbers';
import { AlertTriangle, ArrowLeft, DoorOpen, Fuel, Gauge, MapPin, Settings2, Snowflake, Users } from 'lucide-react';
import { type ReactNode, Suspense, lazy } from 'react';
import { Link, useParams } from 'react-router';
import { SkeletonBlock } from '../components/Skeleton';
import { CarBookingForm } from '../features/bookings/CarBookingForm';
import { useMoney } from '../company/useCompany';
import { CarPictureGallery } from '../features/cars/CarPictureGallery';
import { useCar } from '../features/cars/useCar';
import { formatCalendarDate } from '../lib/dates';
import { usePageMeta } from '../lib/usePageMeta';
import { firstCarsQuery, useCarsPage } from '../features/cars/carsPageQuery';

/** Below the first screen: fetched as the page shows (features/cars/OtherCars.tsx). */
const OtherCars = lazy(() => import('../features/cars/OtherCars').then((m) => ({ default: m.OtherCars })));

/** The big picture spans the page on phones and two thirds of the container (at most 1280 px, padded) beside the form from 1024 px. */
const DETAIL_PICTURE_SIZES = '(min-width: 1280px) 784px, (min-width: 1024px) 62vw, 100vw';

function SpecItem({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    // dt and dd must sit directly in the dl's group div (axe: definition-list), so the icon lives in the dt.
    <div className="relative min-w-0 rounded-lg bg-slate-50 p-3 pl-12">
      <dt className="text-xs text-slate-500">
        <span className="absolute top-1/2 left-3 -translate-y-1/2 text-primary">{icon}</span>
        {label}
      </dt>
      <dd className="font-medium break-words text-slate-900">{value}</dd>
    </div>
  );
}

function ReservedDatesWarning({ car }: { car: Car }) {
  if (car.reservedDates.length === 0) return null;
  return (
    <div role="note" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
      <p className="flex items-center gap-2 font-medium">
        <AlertTriangle aria-hidden="true" size={18} />
        This car is already reserved on these dates:
      </p>
      <ul className="mt-2 space-y-1 pl-7 text-sm">
        {car.reservedDates.map((r) => (
          <li key={`${r.pickupDate}-${r.returnDate}`}>
            {formatCalendarDate(r.pickupDate)} – {formatCalendarDate(r.returnDate)}
          </li>
        ))}
      </ul>
      <p className="mt-2 pl-7 text-sm">Please choose dates outside these periods.</p>
    </div>
  );
}

function DetailsSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-10 lg:grid-cols-[2fr_1fr]">
      <span className="sr-only">Loading the car</span>
      <div className="space-y-4">
        <SkeletonBlock className="aspect-[16/10] w-full" />
        <SkeletonBlock className="h-8 w-1/2" />
        <SkeletonBlock className="h-4 w-1/3" />
      </div>
      <SkeletonBlock className="h-80 w-full" />
    </div>
  );
}

export default function CarDetailsPage() {
  const { id = '' } = useParams();
  const { data: car } = useCar(id);
  // One more than shown, in case this car is among the fleet's first.
  const firstCars = useCarsPage(firstCarsQuery(OTHER_CARS_ON_DETAIL + 1));
  const money = useMoney();
  const name = car ? `${car.brand} ${car.model}` : 'Car details';
  usePageMeta(
    name,
    car
      ? `Rent the ${car.year} ${name} in ${car.location} from ${money(car.pricePerDay)} per day. Check its free dates and reserve online.`
      : 'Details, price and free dates of a car in our fleet.',
  );

  const otherCars = (firstCars.data?.cars ?? []).filter((c) => c._id !== id && c.isAvaliable).slice(0, OTHER_CARS_ON_DETAIL);

  return (
    <div className="container-page py-8 sm:py-12">
      <Link to="/cars" className="mb-6 inline-flex items-center gap-2 rounded-md text-slate-600 hover:text-primary">
        <ArrowLeft aria-hidden="true" size={18} />
        Back to all cars
      </Link>
      {!car ? (
        <DetailsSkeleton />
      ) : (
        // Phones: picture and name, then the booking form, then the details. Wide screens: the
        // form (with the reserved dates beside its date pickers) stays in view on the right.
        <div className="grid gap-8 lg:grid-cols-[2fr_1fr] lg:gap-x-10">
          <div className="min-w-0 space-y-5 lg:col-start-1">
            <CarPictureGallery car={car} sizes={DETAIL_PICTURE_SIZES} />
            <div>
              <h1 className="text-3xl font-bold text-slate-900">
                {car.brand} {car.model}
              </h1>
              <p className="mt-1 flex flex-wrap items-center gap-x-2 text-slate-600">
                <span>{car.year}</span>·<span>{car.category}</span>·
                <span className="inline-flex items-center gap-1">
                  <MapPin aria-hidden="true" size={16} />
                  {car.location}
                </span>
              </p>
            </div>
          </div>
          <div className="min-w-0 space-y-5 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
            <ReservedDatesWarning car={car} />
            <CarBookingForm car={car} />
          </div>
          <div className="min-w-0 space-y-8 lg:col-start-1">
            <section aria-labelledby="spec-heading">
              <h2 id="spec-heading" className="text-xl font-semibold text-slate-900">
                Specifications
              </h2>
              <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
                <SpecItem icon={<Settings2 aria-hidden="true" />} label="Gear box" value={car.transmission} />
                <SpecItem icon={<Fuel aria-hidden="true" />} label="Fuel" value={car.fuel_type} />
                <SpecItem icon={<DoorOpen aria-hidden="true" />} label="Doors" value={car.doors} />
                <SpecItem icon={<Snowflake aria-hidden="true" />} label="Air conditioner" value={CAR_SPEC_FIXED.airConditioner} />
                <SpecItem icon={<Users aria-hidden="true" />} label="Seats" value={car.seating_capacity} />
                <SpecItem icon={<Gauge aria-hidden="true" />} label="Distance" value={`${groupedNumber(car.distancePerDay)} km`} />
              </dl>
            </section>
            {car.description && (
              <section aria-labelledby="description-heading">
                <h2 id="description-heading" className="text-xl font-semibold text-slate-900">
                  Description
                </h2>
                <p className="mt-2 leading-relaxed whitespace-pre-line text-slate-700">{car.description}</p>
              </section>
            )}
          </div>
        </div>
      )}

      {otherCars.length > 0 && (
        <Suspense fallback={null}>
          <OtherCars cars={otherCars} />
        </Suspense>
      )}
    </div>
  );
}
