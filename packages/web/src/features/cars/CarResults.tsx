import type { Car, TripPrice } from '@rental/contract/schemas';
import { type ReactNode, useEffect, useRef } from 'react';
import { CarCard } from '../../components/CarCard';
import { CarGridSkeleton } from '../../components/CarGridSkeleton';
import { CarsPager } from './CarsPager';
import type { Trip } from './tripInLink';

type Props = {
  loading: boolean;
  /** Another page or search is on its way: the cards shown are the last ones. */
  busy: boolean;
  /** The cars of this page. */
  cars: (Car & { tripPrice?: TripPrice | null })[];
  /** Cars matching the search and group in the whole fleet (or among the trip's free cars). */
  total: number;
  page: number;
  pages: number;
  linkTo: (page: number) => string;
  trip: Trip | null;
  /** What to say and offer when nothing matches. */
  empty: ReactNode;
};

/** The count, one page of cards and the pages: only a page's cards are drawn and hydrated, whatever the fleet's size. */
export function CarResults({ loading, busy, cars, total, page, pages, linkTo, trip, empty }: Props) {
  const top = useRef<HTMLElement>(null);
  // Another page starts at the list's top, as a new page would; the first one is where the browser put it.
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    top.current?.scrollIntoView?.({ block: 'start' });
  }, [page]);

  return (
    <section ref={top} aria-labelledby="vehicles-heading" aria-busy={busy} className="mt-8 scroll-mt-24">
      {/* The cards' names are h3: this keeps the heading levels in order (Lighthouse: heading-order). */}
      <h2 id="vehicles-heading" className="sr-only">
        Vehicles
      </h2>
      {loading ? (
        <CarGridSkeleton count={6} label="Loading vehicles" />
      ) : (
        <>
          <p aria-live="polite" className="mb-4 text-slate-600">
            Showing {total} Cars
          </p>
          {cars.length === 0 ? (
            empty
          ) : (
            <div className={`grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${busy ? 'opacity-60' : ''}`}>
              {cars.map((car, i) => (
                // Only the first picture is fetched ahead of the rest: on a phone it is the one in view, and
                // three at high priority would share the phone's bandwidth (decision 075).
                <CarCard key={car._id} car={car} eager={i < 1} trip={trip} />
              ))}
            </div>
          )}
          <CarsPager page={page} pages={pages} linkTo={linkTo} />
          {pages > 1 && (
            <p className="mt-3 text-center text-sm text-slate-600">
              Page {page} of {pages}
            </p>
          )}
        </>
      )}
    </section>
  );
}
