/** Add car (/owner/add-car) and edit car (/owner/add-car/:id): one form, prefilled when editing. */
import {
  CAR_CATEGORIES,
  DEFAULT_DISTANCE_PER_DAY,
  DEFAULT_DOORS,
  FUEL_TYPES,
  MAX_DISTANCE_PER_DAY,
  MAX_DOORS,
  MAX_PRICE_PER_DAY,
  MAX_SEATS,
  MIN_CAR_YEAR,
  MIN_DOORS,
  TRANSMISSIONS,
} from '@rental/contract/constants';
import { MAX_ODOMETER_KM } from '@rental/contract/counter';
import { latestCarYear } from '@rental/contract/rentalDates';
import { ImagePlus, Loader2 } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import toast from '../../lib/toast';
import { Link, useNavigate } from 'react-router';
import { SkeletonBlock } from '../../components/Skeleton';
import { errorMessage } from '../../api/client';
import { usePageMeta } from '../../lib/usePageMeta';
import {
  CAR_FORM_ORDER,
  type CarFormErrors,
  type CarFormValues,
  EMPTY_CAR_FORM,
  carDataJson,
  carFormFromCar,
  odometerLowered,
  odometerProblem,
  plateAsTyped,
  validateCarForm,
} from './carForm';
import { useStaffMay } from './useStaffMay';
import { useCompany, useCompanyQuery } from '../../company/useCompany';
import { FormField, controlProps } from './FormField';
import { ACCEPTED_IMAGE_TYPES } from './imageFile';
import { StaffPageHeader } from './StaffPageHeader';
import { CarPictures } from './pictures/CarPictures';
import { CarDamagesSection } from './damages/CarDamagesSection';
import { CarPapersSection } from './carPapers/CarPapersSection';
import { CarMaintenanceSection } from './maintenance/CarMaintenanceSection';
import { useStaffCar, useSaveCar } from './backOfficeQueries';
import { useFilePreview } from './useFilePreview';

const DOORS_HINT = `Leave empty for the usual ${DEFAULT_DOORS}.`;
const DISTANCE_HINT = `Kilometres a day included in the price; leave empty for the usual ${DEFAULT_DISTANCE_PER_DAY}.`;
const PLATE_HINT = 'As on the car, such as 1234 AB; staff see it at the counter. Leave empty until the car has one.';
const ODOMETER_HINT = 'The reading now; each return at the counter updates it.';

export function CarFormPage({ carId }: { carId?: string }) {
  const isNew = carId === undefined;
  usePageMeta(isNew ? 'Add car' : 'Edit car', isNew ? 'Add a car to the rental fleet.' : 'Update a car of the rental fleet.');
  const carQuery = useStaffCar(carId);
  const companyQuery = useCompanyQuery();

  useEffect(() => {
    if (carQuery.error) toast.error(errorMessage(carQuery.error));
  }, [carQuery.error]);

  const header = (
    <StaffPageHeader
      title={isNew ? 'Add car' : 'Edit car'}
      description={
        isNew
          ? 'Fill in the details of the new car: customers see them on the site.'
          : 'Change the car’s details or pictures; customers see the changes at once.'
      }
    />
  );

  // A new car stands at the company's first location: the form waits for the settings that name it.
  if ((!isNew && carQuery.isPending) || (isNew && companyQuery.isPlaceholderData)) {
    return (
      <>
        {header}
        <div role="status" className="max-w-4xl space-y-4 rounded-xl border border-slate-200 bg-white p-6">
          <span className="sr-only">{isNew ? 'Loading the form…' : 'Loading the car…'}</span>
          <SkeletonBlock className="aspect-[16/10] w-64" />
          <div className="grid gap-4 sm:grid-cols-2">
            {Array.from({ length: 8 }, (_, i) => (
              // placeholders have no identity
              <SkeletonBlock key={i} className="h-16" />
            ))}
          </div>
        </div>
      </>
    );
  }

  if (!isNew && !carQuery.data) {
    return (
      <>
        {header}
        <div className="max-w-4xl rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
          <p>{carQuery.error ? errorMessage(carQuery.error) : 'This car could not be loaded.'}</p>
          <Link to="/owner/manage-cars" className="btn-secondary mt-4">
            Back to Manage Cars
          </Link>
        </div>
      </>
    );
  }

  const car = carQuery.data;
  return (
    <>
      {header}
      <CarForm
        carId={carId}
        initial={car ? carFormFromCar(car) : { ...EMPTY_CAR_FORM, location: companyQuery.data?.locations[0] ?? '' }}
        currentImage={car?.image ?? ''}
      />
      {car && <CarPictures car={car} />}
      {car && <CarDamagesSection car={car} />}
      {car && <CarPapersSection carId={car._id} />}
      {car && <CarMaintenanceSection carId={car._id} />}
    </>
  );
}

function CarForm({ carId, initial, currentImage }: { carId?: string; initial: CarFormValues; currentImage: string }) {
  const isNew = carId === undefined;
  const navigate = useNavigate();
  const save = useSaveCar(carId);
  const [values, setValues] = useState(initial);
  const [image, setImage] = useState<File | null>(null);
  const company = useCompany();
  const [errors, setErrors] = useState<CarFormErrors>({});
  const [attempted, setAttempted] = useState(false);
  const preview = useFilePreview(image);
  // Set synchronously: a double click lands before React re-renders the disabled button.
  const submitting = useRef(false);
  // An odometer never goes backwards; an owner may correct a wrong reading lower, saying why.
  const isStaff = useStaffMay('owner');
  const lastKm = isNew || initial.odometerKm.trim() === '' ? null : Number(initial.odometerKm);
  const [odometerReason, setOdometerReason] = useState('');
  const lowered = odometerLowered(values.odometerKm, lastKm);

  const update = (field: keyof CarFormValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const next = { ...values, [field]: field === 'plate' ? plateAsTyped(event.target.value) : event.target.value };
    setValues(next);
    if (attempted) setErrors(validateCarForm(next, image, isNew, company.locations));
  };

  const chooseImage = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setImage(chosen);
    if (attempted) setErrors(validateCarForm(values, chosen, isNew, company.locations));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    setAttempted(true);
    const problems = validateCarForm(values, image, isNew, company.locations);
    const odometer = problems.odometerKm ?? odometerProblem(values.odometerKm, lastKm, isStaff, odometerReason);
    if (odometer) problems.odometerKm = odometer;
    setErrors(problems);
    const first = CAR_FORM_ORDER.find((field) => problems[field]);
    if (first) {
      document.getElementById(`car-${first}`)?.focus();
      return;
    }
    submitting.current = true;
    const formData = new FormData();
    formData.append('carData', carDataJson(values, lowered ? odometerReason : ''));
    if (image) formData.append('image', image);
    save
      .mutateAsync(formData)
      .then(() => navigate('/owner/manage-cars'))
      // The mutation already toasted the server's message; the form stays as typed for a retry.
      .catch(() => {})
      .finally(() => {
        submitting.current = false;
      });
  };

  const shownImage = preview ?? currentImage;
  const select = (field: 'category' | 'transmission' | 'fuel_type' | 'location', label: string, options: readonly string[], placeholder?: string) => (
    <FormField id={`car-${field}`} label={label} error={errors[field]}>
      <select {...controlProps(`car-${field}`, errors[field])} value={values[field]} onChange={update(field)} required>
        {placeholder && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FormField>
  );

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={isNew ? 'Add car' : 'Edit car'}
      className="max-w-4xl space-y-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="aspect-[16/10] w-full shrink-0 overflow-hidden rounded-lg border border-dashed border-slate-300 bg-slate-50 sm:w-64">
          {shownImage ? (
            <img
              src={shownImage}
              alt={isNew ? 'Preview of the new car' : `Picture of the ${initial.brand} ${initial.model}`}
              width={256}
              height={160}
              className="h-full w-full object-cover"
            />
          ) : (
            <div className="grid h-full place-items-center text-slate-400">
              <ImagePlus aria-hidden="true" size={40} />
            </div>
          )}
        </div>
        <FormField id="car-image" label="Car image" error={errors.image} hint="A JPEG, PNG or WebP picture, up to 10 MB." className="flex-1">
          <input
            id="car-image"
            type="file"
            accept={ACCEPTED_IMAGE_TYPES}
            onChange={chooseImage}
            aria-invalid={errors.image ? true : undefined}
            aria-describedby={errors.image ? 'car-image-error' : 'car-image-hint'}
            className="block w-full min-w-0 rounded-lg text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-primary-light file:px-4 file:py-2 file:font-medium file:text-primary hover:file:bg-blue-200"
          />
        </FormField>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="car-brand" label="Brand" error={errors.brand}>
          <input
            {...controlProps('car-brand', errors.brand)}
            value={values.brand}
            onChange={update('brand')}
            required
            maxLength={60}
            placeholder="e.g. Toyota"
            autoComplete="off"
          />
        </FormField>
        <FormField id="car-model" label="Model" error={errors.model}>
          <input
            {...controlProps('car-model', errors.model)}
            value={values.model}
            onChange={update('model')}
            required
            maxLength={60}
            placeholder="e.g. Corolla"
            autoComplete="off"
          />
        </FormField>
        <FormField id="car-year" label="Year" error={errors.year}>
          <input
            {...controlProps('car-year', errors.year)}
            type="number"
            inputMode="numeric"
            min={MIN_CAR_YEAR}
            max={latestCarYear()}
            step={1}
            value={values.year}
            onChange={update('year')}
            required
            placeholder="e.g. 2021"
          />
        </FormField>
        <FormField id="car-pricePerDay" label={`Price per day (${company.currency})`} error={errors.pricePerDay}>
          <input
            {...controlProps('car-pricePerDay', errors.pricePerDay)}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_PRICE_PER_DAY}
            step={1}
            value={values.pricePerDay}
            onChange={update('pricePerDay')}
            required
            placeholder="e.g. 8500"
          />
        </FormField>
        {select('category', 'Category', CAR_CATEGORIES, 'Select a category')}
        {select('transmission', 'Transmission', TRANSMISSIONS, 'Select a transmission')}
        {select('fuel_type', 'Fuel type', FUEL_TYPES, 'Select a fuel type')}
        <FormField id="car-seating_capacity" label="Seating capacity" error={errors.seating_capacity}>
          <input
            {...controlProps('car-seating_capacity', errors.seating_capacity)}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_SEATS}
            step={1}
            value={values.seating_capacity}
            onChange={update('seating_capacity')}
            required
            placeholder="e.g. 5"
          />
        </FormField>
        <FormField id="car-doors" label="Doors" error={errors.doors} hint={DOORS_HINT}>
          <input
            {...controlProps('car-doors', errors.doors, { hint: DOORS_HINT })}
            type="number"
            inputMode="numeric"
            min={MIN_DOORS}
            max={MAX_DOORS}
            step={1}
            value={values.doors}
            onChange={update('doors')}
            placeholder={String(DEFAULT_DOORS)}
          />
        </FormField>
        <FormField id="car-distancePerDay" label="Daily distance allowance (km)" error={errors.distancePerDay} hint={DISTANCE_HINT}>
          <input
            {...controlProps('car-distancePerDay', errors.distancePerDay, { hint: DISTANCE_HINT })}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_DISTANCE_PER_DAY}
            step={1}
            value={values.distancePerDay}
            onChange={update('distancePerDay')}
            placeholder={String(DEFAULT_DISTANCE_PER_DAY)}
          />
        </FormField>
        <FormField id="car-plate" label="Plate number" error={errors.plate} hint={PLATE_HINT}>
          <input
            {...controlProps('car-plate', errors.plate, { hint: PLATE_HINT })}
            value={values.plate}
            onChange={update('plate')}
            maxLength={12}
            placeholder="e.g. 1234 AB"
            autoComplete="off"
          />
        </FormField>
        <FormField id="car-odometerKm" label="Odometer (km)" error={errors.odometerKm} hint={ODOMETER_HINT}>
          <input
            {...controlProps('car-odometerKm', errors.odometerKm, { hint: ODOMETER_HINT })}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_ODOMETER_KM}
            step={1}
            value={values.odometerKm}
            onChange={update('odometerKm')}
            placeholder="e.g. 42000"
          />
        </FormField>
        {lowered && isStaff && (
          <FormField id="car-odometerReason" label="Why the reading is lower (kept in the history)">
            <textarea
              {...controlProps('car-odometerReason', undefined, { multiline: true })}
              rows={2}
              maxLength={300}
              value={odometerReason}
              onChange={(event) => setOdometerReason(event.target.value)}
              placeholder="e.g. Typed 50,120 for 5,012"
            />
          </FormField>
        )}
        {select('location', 'Location', company.locations)}
        <FormField id="car-description" label="Description" error={errors.description} className="sm:col-span-2">
          <textarea
            {...controlProps('car-description', errors.description, { multiline: true })}
            rows={4}
            maxLength={2000}
            value={values.description}
            onChange={update('description')}
            required
            placeholder="What makes this car a good choice: comfort, space, features…"
          />
        </FormField>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending && <Loader2 aria-hidden="true" size={18} className="animate-spin" />}
          {save.isPending ? 'Saving…' : isNew ? 'Add car' : 'Save changes'}
        </button>
        <Link to="/owner/manage-cars" className="btn-secondary">
          Cancel
        </Link>
      </div>
    </form>
  );
}
