import { CARS_PAGE_SIZE } from '@rental/contract/schemas';
import { depositNotice } from '@rental/contract/company';
import { companyToday } from '@rental/contract/rentalDates';
import { MESSAGES } from '@rental/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Info, Search, X } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import toast from '../lib/toast';
import { useSearchParams } from 'react-router';
import { CarResults } from '../features/cars/CarResults';
import { carsPageQueryOf, useCarsPage } from '../features/cars/carsPageQuery';
import { filterCars, filterCategories } from '../features/cars/filterCars';
import { TripDatesForm } from '../features/cars/TripDatesForm';
import { linkWithTrip, type Trip, tripInLink } from '../features/cars/tripInLink';
import { callApi } from '../api/client';
import { formatCalendarDate } from '../lib/dates';
import { useDrawnFieldValue } from '../lib/drawnField';
import { useSearchInAddress } from '../lib/searchInAddress';
import { queryKeys } from '../lib/queryKeys';
import { usePageMeta } from '../lib/usePageMeta';
import { useSession } from '../session/useSession';
import { useCompany } from '../company/useCompany';

export default function CarsPage() {
  usePageMeta('Vehicles', 'Browse our fleet of sedans, SUVs, pickups and minivans and check which cars are free for your dates.');
  const session = useSession();
  const company = useCompany();
  const [params, setParams] = useSearchParams();
  // The whole fleet is asked for a page at a time (the server counts, searches and filters it).
  const listQuery = useMemo(() => carsPageQueryOf(params), [params]);
  const searchInLink = listQuery.search ?? '';
  const [search, setSearch] = useSearchInAddress(searchInLink, setParams);
  const searchId = useId();
  // Words typed in the drawn page before its code arrived are the search's own (decision 086).
  useDrawnFieldValue(searchId, search, setSearch);

  const today = companyToday();
  // A trip without a place is searched at the company's first location (company settings).
  const pickupLocation = params.get('pickupLocation') || company.locations[0] || '';
  // Dates the booking rules refuse are dropped, as the server drops them drawing this page.
  const { trip, droppedNote } = useMemo(() => tripInLink(params, today), [params, today]);
  const pickupDate = trip?.pickupDate ?? '';
  const returnDate = trip?.returnDate ?? '';
  const category = params.get('category') ?? '';
  const byDates = trip !== null;
  // The note about dropped dates appears once the page is the browser's: the page drawn on the
  // server has no note, and hydration must find what was drawn. Set only when there is a note: a
  // state change after hydration draws the whole page again.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    if (droppedNote) setHydrated(true);
  }, [droppedNote]);

  const availability = useQuery({
    queryKey: queryKeys.availability(pickupLocation, pickupDate, returnDate),
    queryFn: () => callApi('checkAvailability', { body: { location: pickupLocation, pickupDate, returnDate } }),
    enabled: byDates && pickupLocation !== '',
    meta: { errorToast: true },
  });

  // The chosen dates follow the customer to the car they open.
  const { setPickupDate, setReturnDate } = session;
  useEffect(() => {
    if (!byDates) return;
    setPickupDate(pickupDate);
    setReturnDate(returnDate);
  }, [byDates, pickupDate, returnDate, setPickupDate, setReturnDate]);

  const availableCars = availability.data?.availableCars;
  // A season's fewest days: one sentence for the whole list, said once (the cards then show no price).
  const priceNote = availability.data?.priceNote;
  useEffect(() => {
    if (availableCars && availableCars.length === 0) toast(MESSAGES.noCarsAvailable, { icon: 'ℹ️', id: 'no-cars-available' });
  }, [availableCars]);

  const list = useCarsPage(listQuery, !byDates);
  // The trip's free cars come whole (they are priced for the days); they are narrowed and cut here.
  const tripCars = useMemo(() => filterCars(availableCars ?? [], search, category), [availableCars, search, category]);
  const tripPages = Math.max(1, Math.ceil(tripCars.length / CARS_PAGE_SIZE));
  const tripPage = Math.min(tripPages, Number(listQuery.page ?? 1));

  const loading = byDates ? availability.isPending && !availability.isError : list.isPending;
  const shown = byDates ? tripCars.slice((tripPage - 1) * CARS_PAGE_SIZE, tripPage * CARS_PAGE_SIZE) : (list.data?.cars ?? []);
  const total = byDates ? tripCars.length : (list.data?.total ?? 0);
  const page = byDates ? tripPage : (list.data?.page ?? 1);
  const pages = byDates ? tripPages : (list.data?.pages ?? 1);
  const present = useMemo(
    () => (byDates ? [...new Set((availableCars ?? []).map((car) => car.category))] : (list.data?.categories ?? [])),
    [byDates, availableCars, list.data?.categories],
  );
  const categories = useMemo(() => filterCategories(present, category), [present, category]);
  const nothingAtAll = byDates ? (availableCars ?? []).length === 0 : total === 0 && !searchInLink && !category;

  function chooseTrip(next: Trip | null) {
    const updated = linkWithTrip(params, next);
    updated.delete('page');
    setParams(updated);
  }

  function chooseCategory(next: string) {
    const updated = new URLSearchParams(params);
    if (next) updated.set('category', next);
    else updated.delete('category');
    updated.delete('page');
    setParams(updated, { replace: true });
  }

  function linkTo(n: number): string {
    const updated = new URLSearchParams(params);
    if (n > 1) updated.set('page', String(n));
    else updated.delete('page');
    const query = updated.toString();
    return query ? `/cars?${query}` : '/cars';
  }

  return (
    <div className="container-page py-10 sm:py-14">
      <header className="text-center">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Select a vehicle group</h1>
        <p className="mx-auto mt-3 flex max-w-xl items-start justify-center gap-2 text-slate-600">
          <Info aria-hidden="true" size={18} className="mt-0.5 shrink-0 text-primary" />
          {depositNotice(company)}
        </p>
      </header>

      {hydrated && droppedNote && (
        <p role="status" className="mx-auto mt-6 flex max-w-2xl items-start gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <Info aria-hidden="true" size={18} className="mt-0.5 shrink-0" />
          {droppedNote}
        </p>
      )}

      <TripDatesForm key={`${pickupDate}/${returnDate}`} trip={trip} today={today} onChoose={chooseTrip} />

      {byDates && (
        <div className="mx-auto mt-6 flex max-w-2xl flex-wrap items-center justify-center gap-x-4 gap-y-2 rounded-xl bg-primary-light px-4 py-3 text-sm text-slate-800">
          <span className="flex items-start gap-2">
            <CalendarDays aria-hidden="true" size={18} className="mt-0.5 shrink-0 text-primary" />
            <span>
              Free from <strong className="whitespace-nowrap">{formatCalendarDate(pickupDate)}</strong> to{' '}
              <strong className="whitespace-nowrap">{formatCalendarDate(returnDate)}</strong> in {pickupLocation}
            </span>
          </span>
          <button type="button" onClick={() => chooseTrip(null)} className="font-medium text-primary underline underline-offset-2">
            Show all cars
          </button>
        </div>
      )}

      {byDates && priceNote && (
        <p role="status" className="mx-auto mt-4 flex max-w-2xl items-start gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <Info aria-hidden="true" size={18} className="mt-0.5 shrink-0" />
          {priceNote}
        </p>
      )}

      <div className="mx-auto mt-8 max-w-xl">
        <label htmlFor={searchId} className="sr-only">
          Search vehicles
        </label>
        <div className="relative">
          <Search aria-hidden="true" size={18} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
          <input
            id={searchId}
            type="search"
            className="field-input rounded-full py-3 pr-10 pl-10"
            placeholder="Make, model, type or gearbox"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {search && (
            <button
              type="button"
              aria-label="Clear search"
              onClick={() => setSearch('')}
              className="absolute top-1/2 right-2 grid h-8 w-8 -translate-y-1/2 place-items-center rounded-full text-slate-500 hover:bg-slate-100"
            >
              <X aria-hidden="true" size={16} />
            </button>
          )}
        </div>
      </div>

      <fieldset className="mt-6">
        <legend className="sr-only">Vehicle group</legend>
        <div className="flex flex-wrap justify-center gap-2">
          {['', ...categories].map((c) => {
            const active = c === category;
            return (
              <button
                key={c || 'all'}
                type="button"
                aria-pressed={active}
                onClick={() => chooseCategory(c)}
                className={`rounded-full border px-4 py-2 text-sm font-medium transition-colors ${
                  active ? 'border-primary bg-primary text-white' : 'border-slate-300 bg-white text-slate-700 hover:border-primary hover:text-primary'
                }`}
              >
                {c || 'All vehicles'}
              </button>
            );
          })}
        </div>
      </fieldset>

      <CarResults
        loading={loading}
        busy={!byDates && list.isPlaceholderData}
        cars={shown}
        total={total}
        page={page}
        pages={pages}
        linkTo={linkTo}
        trip={trip}
        empty={
          <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
            <p className="font-medium text-slate-800">
              {nothingAtAll ? (byDates ? 'No cars are free for these dates.' : 'No cars to show yet.') : 'No cars match your search.'}
            </p>
            <p className="mt-1 text-sm text-slate-600">{byDates ? 'Try other dates, or see the whole fleet.' : 'Try another word or vehicle group.'}</p>
            <div className="mt-4 flex flex-wrap justify-center gap-3">
              {(search || category) && (
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => {
                    setSearch('');
                    chooseCategory('');
                  }}
                >
                  Clear filters
                </button>
              )}
              {byDates && (
                <button type="button" className="btn-primary" onClick={() => chooseTrip(null)}>
                  Show all cars
                </button>
              )}
            </div>
          </div>
        }
      />
    </div>
  );
}
