import type { Car } from '@rental/contract/schemas';
import { CarFront } from 'lucide-react';
import { CarCard } from '../../components/CarCard';

/**
 * "Other cars you may like" under a car's page. A chunk of its own, fetched as the page shows: it is
 * below the first screen, and the car page opened first stays within its JavaScript budget.
 */
export function OtherCars({ cars }: { cars: Car[] }) {
  return (
    <section aria-labelledby="other-heading" className="below-fold mt-16">
      <h2 id="other-heading" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <CarFront aria-hidden="true" className="text-primary" />
        Other cars you may like
      </h2>
      <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {cars.map((c) => (
          <CarCard key={c._id} car={c} />
        ))}
      </div>
    </section>
  );
}
