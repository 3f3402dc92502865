import { HERO_CATEGORIES, MAX_DAYS_AHEAD } from '@rental/contract/constants';
import { MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday, rentalDatesProblem } from '@rental/contract/rentalDates';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatCalendarDate } from '../../lib/dates';
import { useDrawnFieldValue } from '../../lib/drawnField';
import { useSession } from '../../session/useSession';
import { useCompany } from '../../company/useCompany';

type Errors = Partial<Record<'category' | 'pickupDate' | 'returnDate', string>>;

export const CHOOSE_CAR_TYPE = 'Please choose a car type.';

/** Checks the hero form; the messages are shown beside the fields. */
export function heroFormErrors(category: string, pickupDate: string, returnDate: string, today: string): Errors {
  const errors: Errors = {};
  if (!category) errors.category = CHOOSE_CAR_TYPE;
  if (!pickupDate || !returnDate) {
    if (!pickupDate) errors.pickupDate = MESSAGES.selectBothDates;
    if (!returnDate) errors.returnDate = MESSAGES.selectBothDates;
    return errors;
  }
  const problem = rentalDatesProblem(pickupDate, returnDate, today);
  if (problem) errors[problem.field] = problem.message;
  return errors;
}

export function HeroBookingForm() {
  const { pickupDate, setPickupDate, returnDate, setReturnDate } = useSession();
  const navigate = useNavigate();
  // The company's own places (company settings): the first until the customer picks another.
  const { locations } = useCompany();
  const [chosenLocation, setLocation] = useState('');
  const location = locations.includes(chosenLocation) ? chosenLocation : (locations[0] ?? '');
  const [category, setCategory] = useState('');
  // Choices made on the drawn page before its code arrived are the form's own (decision 086).
  useDrawnFieldValue('hero-location', location, setLocation);
  useDrawnFieldValue('hero-category', category, setCategory);
  useDrawnFieldValue('hero-pickupDate', pickupDate, setPickupDate);
  useDrawnFieldValue('hero-returnDate', returnDate, setReturnDate);
  const [errors, setErrors] = useState<Errors>({});
  const today = companyToday();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = heroFormErrors(category, pickupDate, returnDate, today);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const firstField = (['category', 'pickupDate', 'returnDate'] as const).find((f) => found[f]);
      document.getElementById(`hero-${firstField}`)?.focus();
      return;
    }
    const query = new URLSearchParams({ ...(location && { pickupLocation: location }), pickupDate, returnDate, category });
    navigate(`/cars?${query.toString()}`);
  }

  const describe = (field: keyof Errors) => (errors[field] ? `hero-${field}-error` : undefined);
  // A date field shows the browser's own format (11/28/2026 on an American-set phone): the day is
  // also written out the Jamaican way beneath it, and read with the field.
  const describeDate = (field: 'pickupDate' | 'returnDate', value: string) =>
    [value ? `hero-${field}-chosen` : undefined, describe(field)].filter(Boolean).join(' ') || undefined;

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Find a car"
      className="grid gap-4 rounded-2xl bg-white p-5 text-left shadow-xl sm:grid-cols-2 sm:p-6 lg:grid-cols-[1fr_1fr_1fr_1fr_auto] lg:items-start"
    >
      <div>
        <label htmlFor="hero-location" className="field-label">
          Pickup location
        </label>
        <select id="hero-location" className="field-input" value={location} onChange={(e) => setLocation(e.target.value)}>
          {locations.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="hero-category" className="field-label">
          Car type
        </label>
        <select
          id="hero-category"
          className="field-input"
          required
          value={category}
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={describe('category')}
          onChange={(e) => setCategory(e.target.value)}
        >
          <option value="">Select a car type</option>
          {HERO_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        {errors.category && (
          <p id="hero-category-error" className="field-error">
            {errors.category}
          </p>
        )}
      </div>
      <div>
        <label htmlFor="hero-pickupDate" className="field-label">
          Pickup date
        </label>
        <input
          id="hero-pickupDate"
          type="date"
          className="field-input"
          required
          min={today}
          max={addDays(today, MAX_DAYS_AHEAD)}
          value={pickupDate}
          aria-invalid={errors.pickupDate ? true : undefined}
          aria-describedby={describeDate('pickupDate', pickupDate)}
          onChange={(e) => setPickupDate(e.target.value)}
        />
        {pickupDate && formatCalendarDate(pickupDate) !== pickupDate && (
          <p id="hero-pickupDate-chosen" className="mt-1 text-sm text-slate-600">
            {formatCalendarDate(pickupDate)}
          </p>
        )}
        {errors.pickupDate && (
          <p id="hero-pickupDate-error" className="field-error">
            {errors.pickupDate}
          </p>
        )}
      </div>
      <div>
        <label htmlFor="hero-returnDate" className="field-label">
          Return date
        </label>
        <input
          id="hero-returnDate"
          type="date"
          className="field-input"
          required
          min={pickupDate || today}
          value={returnDate}
          aria-invalid={errors.returnDate ? true : undefined}
          aria-describedby={describeDate('returnDate', returnDate)}
          onChange={(e) => setReturnDate(e.target.value)}
        />
        {returnDate && formatCalendarDate(returnDate) !== returnDate && (
          <p id="hero-returnDate-chosen" className="mt-1 text-sm text-slate-600">
            {formatCalendarDate(returnDate)}
          </p>
        )}
        {errors.returnDate && (
          <p id="hero-returnDate-error" className="field-error">
            {errors.returnDate}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2 sm:col-span-2 sm:flex-row lg:col-span-1 lg:flex-col lg:pt-6">
        <button type="submit" className="btn-primary whitespace-nowrap">
          <Search aria-hidden="true" size={18} />
          Book now
        </button>
        <Link to="/cars" className="btn-secondary whitespace-nowrap">
          View all cars
        </Link>
      </div>
    </form>
  );
}
