/** Manage Bookings' search box and filters: status, what has been paid, days touching the rental, and returned bookings still owing. */
import { BOOKING_STATUSES, PAYMENT_STATUS_WORDS, PAYMENT_STATUSES } from '@rental/contract/constants';
import { isOneOf } from '@rental/contract/oneOf';
import { Search } from 'lucide-react';
import { useId } from 'react';
import { STATUS_WORDS } from '../bookings/bookingStatus';
import { type BookingFilters, isFiltered, NO_FILTERS } from './bookingSearch';

export function BookingFilterBar({ filters, onChange }: { filters: BookingFilters; onChange: (filters: BookingFilters) => void }) {
  const id = useId();
  const set = <K extends keyof BookingFilters>(key: K, value: BookingFilters[K]) => onChange({ ...filters, [key]: value });

  return (
    <div
      role="search"
      aria-label="Find bookings"
      className="grid grid-cols-2 gap-3 md:grid-cols-[minmax(14rem,2fr)_repeat(4,minmax(8rem,1fr))_auto_auto] md:items-end"
    >
      <div className="col-span-2 md:col-span-1">
        <label htmlFor={`${id}-search`} className="field-label">
          Find a booking
        </label>
        <div className="relative">
          <Search aria-hidden="true" size={18} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
          <input
            id={`${id}-search`}
            type="search"
            className="field-input pl-10"
            placeholder="Reference, name, e-mail or phone"
            value={filters.search}
            onChange={(e) => set('search', e.target.value)}
          />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-status`} className="field-label">
          Status
        </label>
        <select
          id={`${id}-status`}
          className="field-input"
          value={filters.status}
          onChange={(e) => set('status', isOneOf(BOOKING_STATUSES, e.target.value) ? e.target.value : '')}
        >
          <option value="">All</option>
          {BOOKING_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_WORDS[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-payment`} className="field-label">
          Payment
        </label>
        <select
          id={`${id}-payment`}
          className="field-input"
          value={filters.paymentStatus}
          onChange={(e) => set('paymentStatus', isOneOf(PAYMENT_STATUSES, e.target.value) ? e.target.value : '')}
        >
          <option value="">All</option>
          {PAYMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {PAYMENT_STATUS_WORDS[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-from`} className="field-label">
          From
        </label>
        <input id={`${id}-from`} type="date" className="field-input" value={filters.from} onChange={(e) => set('from', e.target.value)} />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className="field-label">
          To
        </label>
        <input id={`${id}-to`} type="date" className="field-input" value={filters.to} onChange={(e) => set('to', e.target.value)} />
      </div>
      <label className="col-span-2 flex min-h-11 items-center gap-3 text-sm text-slate-800 md:col-span-1">
        <input type="checkbox" className="h-5 w-5" checked={filters.owingAfterReturn} onChange={(e) => set('owingAfterReturn', e.target.checked)} />
        Owing after return
      </label>
      {/* Only when there is something to clear: on a phone every line counts. */}
      {isFiltered(filters) && (
        <button type="button" className="btn-secondary col-span-2 min-h-11 md:col-span-1" onClick={() => onChange(NO_FILTERS)}>
          Clear
        </button>
      )}
    </div>
  );
}
