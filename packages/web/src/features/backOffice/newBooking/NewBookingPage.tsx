/**
 * "New booking" for staff: a walk-in at the counter or a customer on the phone. Find or add the
 * customer, pick the car, the days, extras, how they pay and whether it is confirmed; the quote is
 * the server's, shown before saving. The rules are newBookingForm.ts's; this page lays them out.
 */
import { companyToday } from '@rental/contract/rentalDates';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import toast from '../../../lib/toast';
import { usePageMeta } from '../../../lib/usePageMeta';
import { ExtrasPicker } from '../../bookings/ExtrasPicker';
import { NO_CHOICES } from '../../bookings/priceChoices';
import { usePrices } from '../../bookings/priceQueries';
import { QuoteState } from '../../bookings/QuoteLines';
import { useQuote } from '../../bookings/useQuote';
import { controlProps, FormField } from '../FormField';
import { StaffPageHeader } from '../StaffPageHeader';
import { useStaffCars } from '../backOfficeQueries';
import { CustomerFinder } from './CustomerFinder';
import { bookingPageLink, type NewBookingForm, newBookingBody, newBookingProblem, PAYMENT_CHOICES, quotableDates, STATUS_CHOICES } from './newBookingForm';
import { useBookForCustomer } from './newBookingQueries';
import { LicenceSection, type LicenceChoice, licenceRuleProblems, NO_LICENCE } from './LicenceSection';
import { callApi, errorMessage } from '../../../api/client';
import { useCompany } from '../../../company/useCompany';
import { WALK_IN_MESSAGES } from '@rental/contract/walkIns';

const START: NewBookingForm = {
  customer: { kind: 'none' },
  carId: '',
  pickupDate: '',
  returnDate: '',
  choices: NO_CHOICES,
  paymentMethod: 'upfront',
  status: 'confirmed',
};

export function NewBookingPage() {
  usePageMeta('New booking', 'Book a car for a walk-in or phone customer.');
  const today = companyToday();
  const ids = useId();
  const navigate = useNavigate();
  const [form, setForm] = useState<NewBookingForm>(START);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [licence, setLicence] = useState<LicenceChoice>(NO_LICENCE);
  const company = useCompany();
  const cars = useStaffCars();
  const prices = usePrices();
  const book = useBookForCustomer();
  const dates = quotableDates(form, today);
  const quote = useQuote(form.carId && dates ? { carId: form.carId, ...dates, choices: form.choices } : null);
  const customerName = form.customer.kind === 'found' ? form.customer.customer.name : form.customer.kind === 'new' ? form.customer.name : '';
  const set = (changes: Partial<NewBookingForm>) => {
    setProblem('');
    setForm((current) => ({ ...current, ...changes }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = newBookingProblem(form, today) ?? licenceRuleProblems(licence, dates, company, customerName)[0];
    if (found) return setProblem(found);
    setBusy(true);
    try {
      const answer = await book({ ...newBookingBody(form), ...(licence.values && { driver: licence.values }) });
      toast.success(`${answer.message} ${answer.booking.reference}`);
      if (answer.notice) toast(answer.notice);
      if (licence.photo) await sendLicencePhoto(answer.customerId, licence.photo);
      navigate(bookingPageLink(answer.booking.reference));
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const section = 'rounded-xl border border-slate-200 bg-white p-4';
  return (
    <>
      <StaffPageHeader title="New booking" description="Book a car for a customer at the counter or on the phone." />
      <form noValidate onSubmit={submit} aria-label="New booking" className="max-w-3xl space-y-4">
        <section className={section} aria-labelledby={`${ids}-who`}>
          <h2 id={`${ids}-who`} className="mb-3 font-semibold text-slate-900">
            Customer
          </h2>
          <CustomerFinder choice={form.customer} onChange={(customer) => set({ customer })} />
        </section>

        {form.customer.kind !== 'none' && (
          <section className={section} aria-labelledby={`${ids}-licence`}>
            <h2 id={`${ids}-licence`} className="mb-3 font-semibold text-slate-900">
              Driving licence
            </h2>
            <LicenceSection licence={licence} onChange={setLicence} name={customerName} days={dates} />
          </section>
        )}

        <section className={section} aria-labelledby={`${ids}-car`}>
          <h2 id={`${ids}-car`} className="mb-3 font-semibold text-slate-900">
            Car and days
          </h2>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField id={`${ids}-car-select`} label="Car" className="sm:col-span-3">
              <select {...controlProps(`${ids}-car-select`, undefined)} value={form.carId} onChange={(e) => set({ carId: e.target.value })}>
                <option value="">Choose a car</option>
                {(cars.data ?? []).map((car) => (
                  <option key={car._id} value={car._id} disabled={!car.isAvaliable}>
                    {car.brand} {car.model} ({car.year}) · {car.location}
                    {car.isAvaliable ? '' : ' · not available'}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField id={`${ids}-pickup`} label="Pickup day">
              <input
                type="date"
                min={today}
                {...controlProps(`${ids}-pickup`, undefined)}
                value={form.pickupDate}
                onChange={(e) => set({ pickupDate: e.target.value })}
              />
            </FormField>
            <FormField id={`${ids}-return`} label="Return day">
              <input
                type="date"
                min={form.pickupDate || today}
                {...controlProps(`${ids}-return`, undefined)}
                value={form.returnDate}
                onChange={(e) => set({ returnDate: e.target.value })}
              />
            </FormField>
          </div>
          {prices.data && <ExtrasPicker offer={prices.data} choices={form.choices} onChange={(choices) => set({ choices })} className="mt-4" />}
        </section>

        <section className={section} aria-labelledby={`${ids}-pay`}>
          <h2 id={`${ids}-pay`} className="sr-only">
            Payment and confirmation
          </h2>
          <Choices
            legend="How the customer pays"
            name={`${ids}-method`}
            options={PAYMENT_CHOICES}
            value={form.paymentMethod}
            onChange={(paymentMethod) => set({ paymentMethod })}
          />
          <Choices
            legend="Booking"
            name={`${ids}-status`}
            options={STATUS_CHOICES}
            value={form.status}
            onChange={(status) => set({ status })}
            className="mt-4"
          />
        </section>

        <section className={section} aria-labelledby={`${ids}-price`}>
          <h2 id={`${ids}-price`} className="font-semibold text-slate-900">
            Price
          </h2>
          {form.carId && dates ? (
            <QuoteState
              quote={quote.data}
              loading={quote.isPending}
              refreshing={quote.isPlaceholderData}
              problem={quote.error ? errorMessage(quote.error) : null}
              className="mt-3"
            />
          ) : (
            <p className="mt-2 text-sm text-slate-600">Choose the car and the days to see the price.</p>
          )}
        </section>

        {problem && (
          <p role="alert" className="field-error">
            {problem}
          </p>
        )}
        <button type="submit" className="btn-primary min-h-11 w-full sm:w-auto" disabled={busy}>
          {busy ? 'Booking…' : 'Book the car'}
        </button>
      </form>
    </>
  );
}

/** The licence photo, sent once the booking made the customer; a failure does not undo the booking, it is said. */
async function sendLicencePhoto(customerId: string, photo: File) {
  const form = new FormData();
  form.append('kind', 'licence_front');
  form.append('file', photo);
  try {
    await callApi('uploadCustomerDocument', { params: { id: customerId }, form });
    toast.success(WALK_IN_MESSAGES.photoSaved);
  } catch {
    toast.error(WALK_IN_MESSAGES.photoNotSaved);
  }
}

function Choices<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  className = '',
}: {
  legend: string;
  name: string;
  options: readonly { value: T; label: string; detail: string }[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <fieldset className={className}>
      <legend className="font-semibold text-slate-900">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            aria-label={`${option.label}: ${option.detail}`}
            className="flex min-h-11 cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-primary"
          >
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} className="mt-1" />
            <span className="text-sm">
              <span className="block font-medium text-slate-900">{option.label}</span>
              <span className="block text-slate-600">{option.detail}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
