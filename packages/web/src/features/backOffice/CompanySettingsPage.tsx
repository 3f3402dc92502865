/** The company's facts (/owner/settings): what every page, the footer and the messages say of it. */
import type { CompanyFacts } from '@rental/contract/company';
import { REMINDER_SETTINGS } from '@rental/contract/reminders';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { SkeletonBlock } from '../../components/Skeleton';
import { ApiError, errorMessage } from '../../api/client';
import { usePageMeta } from '../../lib/usePageMeta';
import {
  AGREEMENT_FIELDS,
  BOOKS_FIELDS,
  CHECK_IN_FIELDS,
  MONEY_DAYS_FIELDS,
  MAINTENANCE_FIELDS,
  COMPANY_FIELDS,
  COMPANY_FORM_ORDER,
  type CompanyField,
  type CompanyFormErrors,
  type CompanyFormValues,
  PAGE_FIELDS,
  type PlaceRow,
  RETURN_FIELDS,
  RULE_FIELDS,
  type TestimonialRow,
  type SwitchFact,
  type TextFact,
  type WeekHoursRows,
  companyFormFromFacts,
  companyFromForm,
  validateCompanyForm,
} from './companyForm';
import { WEEKDAYS } from '@rental/contract/onlineCheckIn';
import { PlacesFields, TestimonialsFields, WeekHoursFields } from './CompanyListFields';
import { FormField, controlProps } from './FormField';
import { StaffPageHeader } from './StaffPageHeader';
import { useSaveCompany, useStaffCompany } from './backOfficeQueries';

/** The id of the box to focus: the first with a problem in the order of the screen (a list's own problem: its "Add" button). */
function firstProblem(problems: CompanyFormErrors, values: CompanyFormValues): string | undefined {
  const rows = (list: 'places' | 'testimonials', boxes: string[]) => [...values[list].flatMap((_, i) => boxes.map((box) => `${list}.${i}.${box}`)), list];
  const order = [
    ...COMPANY_FIELDS.map(({ field }) => field),
    ...rows('places', ['name', 'address', 'openingHours']),
    ...RULE_FIELDS.map(({ field }) => field),
    ...PAGE_FIELDS.map(({ field }) => field),
    ...rows('testimonials', ['name', 'place', 'text', 'stars']),
    ...RETURN_FIELDS.map(({ field }) => field),
    ...AGREEMENT_FIELDS.map(({ field }) => field),
    ...MONEY_DAYS_FIELDS.map(({ field }) => field),
    ...MAINTENANCE_FIELDS.map(({ field }) => field),
    'weekHours',
    ...WEEKDAYS.map((day) => `weekHours.${day}`),
    ...CHECK_IN_FIELDS.map(({ field }) => field),
    ...BOOKS_FIELDS.map(({ field }) => field),
  ];
  const key = order.find((k) => problems[k]);
  if (!key) return undefined;
  if (key === 'weekHours') return 'company-weekHours-monday-closed';
  const day = WEEKDAYS.find((d) => key === `weekHours.${d}`);
  if (day) return values.weekHours[day].closed ? `company-weekHours-${day}-closed` : `company-weekHours-${day}-opens`;
  return key === 'places' || key === 'testimonials' ? `company-${key}-add` : `company-${key.replaceAll('.', '-')}`;
}

export function CompanySettingsPage() {
  usePageMeta('Company settings', 'The company’s name, contacts, opening hours, pickup locations and deposit.');
  // The staff's reading, with the account names: the public one leaves them out, and a form
  // filled from it would save the defaults over the names the company gave.
  const company = useStaffCompany();
  return (
    <>
      <StaffPageHeader
        title="Company settings"
        description="What customers read on every page: contacts, opening hours, where cars are picked up and the deposit; the GCT added to prices; and what a late return, extra kilometres and missing fuel cost."
      />
      {/* The form waits for what the server holds. */}
      {company.isError ? (
        <p role="alert" className="max-w-2xl rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorMessage(company.error)}
        </p>
      ) : !company.data ? (
        <div role="status" className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-6">
          <span className="sr-only">Loading the company settings…</span>
          {COMPANY_FORM_ORDER.map(({ field }) => (
            <SkeletonBlock key={field} className="h-16" />
          ))}
        </div>
      ) : (
        <CompanyForm initial={company.data} />
      )}
    </>
  );
}

function CompanyForm({ initial }: { initial: CompanyFacts }) {
  const save = useSaveCompany();
  const [values, setValues] = useState<CompanyFormValues>(() => companyFormFromFacts(initial));
  const [errors, setErrors] = useState<CompanyFormErrors>({});
  const [attempted, setAttempted] = useState(false);
  // Set synchronously: a double click lands before React re-renders the disabled button.
  const submitting = useRef(false);

  // The server's refusal to remove a location still in use, shown with the locations (by its code).
  const [placesProblem, setPlacesProblem] = useState<string>();

  const update = (
    field: TextFact | SwitchFact | 'places' | 'testimonials' | 'weekHours',
    value: string | boolean | PlaceRow[] | TestimonialRow[] | WeekHoursRows,
  ) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (field === 'places') setPlacesProblem(undefined);
    if (attempted) setErrors(validateCompanyForm(next));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    setAttempted(true);
    const problems = validateCompanyForm(values);
    setErrors(problems);
    const first = firstProblem(problems, values);
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    submitting.current = true;
    setPlacesProblem(undefined);
    save
      .mutateAsync(companyFromForm(values))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'location_in_use') setPlacesProblem(errorMessage(error));
      })
      .finally(() => {
        submitting.current = false;
      });
  };

  const fieldOf = ({ field, label, hint, multiline, numeric, optional, time }: CompanyField) => {
    const id = `company-${field}`;
    const control = controlProps(id, errors[field], { hint, multiline });
    return (
      <FormField key={field} id={id} label={label} hint={hint} error={errors[field]}>
        {multiline ? (
          <textarea
            {...control}
            rows={field === 'aboutText' ? 6 : 3}
            value={values[field]}
            onChange={(e) => update(field, e.target.value)}
            required={!optional}
          />
        ) : (
          <input
            {...control}
            value={values[field]}
            onChange={(e) => update(field, e.target.value)}
            required={!optional}
            type={time ? 'time' : field === 'email' ? 'email' : field === 'phone' ? 'tel' : field === 'chatUrl' || field === 'mapUrl' ? 'url' : 'text'}
            inputMode={numeric ? 'numeric' : field === 'gctPercent' ? 'decimal' : undefined}
            autoComplete="off"
          />
        )}
      </FormField>
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Company settings" className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      {COMPANY_FIELDS.map(fieldOf)}
      <PlacesFields rows={values.places} errors={errors} problem={placesProblem} onChange={(rows) => update('places', rows)} />
      <div className="space-y-4 border-t border-slate-200 pt-4">{RULE_FIELDS.map(fieldOf)}</div>
      <fieldset className="space-y-4">
        <legend className="w-full border-t border-slate-200 pt-4 text-base font-semibold text-slate-900">Home and About pages</legend>
        <p className="text-sm text-slate-600">What the home and About pages say of the company, in your own words.</p>
        {PAGE_FIELDS.map(fieldOf)}
        <TestimonialsFields rows={values.testimonials} errors={errors} onChange={(rows) => update('testimonials', rows)} />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="w-full border-t border-slate-200 pt-4 text-base font-semibold text-slate-900">Returns</legend>
        <p className="text-sm text-slate-600">What a late return, extra kilometres and missing fuel cost at check-in.</p>
        {RETURN_FIELDS.map(fieldOf)}
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="w-full border-t border-slate-200 pt-4 text-base font-semibold text-slate-900">Damage excess</legend>
        <p className="text-sm text-slate-600">What the rental agreement says a renter owes for damage to the car, without the damage waiver and with it.</p>
        {AGREEMENT_FIELDS.map(fieldOf)}
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="w-full border-t border-slate-200 pt-4 text-base font-semibold text-slate-900">Bank days</legend>
        <p className="text-sm text-slate-600">When a bank deposit is due and how soon a refund is sent, counted in days the banks open.</p>
        {MONEY_DAYS_FIELDS.map(fieldOf)}
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="w-full border-t border-slate-200 pt-4 text-base font-semibold text-slate-900">Services due</legend>
        <p className="text-sm text-slate-600">How early the maintenance page warns that a car’s service is coming.</p>
        {MAINTENANCE_FIELDS.map(fieldOf)}
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="w-full border-t border-slate-200 pt-4 text-base font-semibold text-slate-900">Online check-in</legend>
        <p className="text-sm text-slate-600">
          Customers check in on their phone before pickup: drivers, arrival time, the agreement signed with a code sent to their e-mail, and the payment.
        </p>
        <WeekHoursFields rows={values.weekHours} errors={errors} onChange={(rows) => update('weekHours', rows)} />
        {CHECK_IN_FIELDS.map(fieldOf)}
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="w-full border-t border-slate-200 pt-4 text-base font-semibold text-slate-900">The accountant’s books</legend>
        <p className="text-sm text-slate-600">
          The account names the journal for the accountant uses, spelt exactly as in your QuickBooks Online or Xero chart of accounts (for Xero, the account’s
          code).
        </p>
        {BOOKS_FIELDS.map(fieldOf)}
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="w-full border-t border-slate-200 pt-4 text-base font-semibold text-slate-900">Reminders</legend>
        <p className="text-sm text-slate-600">E-mails the site sends by itself, at Jamaica time. Each goes once; turn off the ones you do not want.</p>
        {REMINDER_SETTINGS.map(({ key, label, hint }) => (
          <div key={key} className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
            <input
              id={`company-${key}`}
              type="checkbox"
              className="mt-1 h-5 w-5 shrink-0"
              checked={values[key]}
              onChange={(e) => update(key, e.target.checked)}
              aria-describedby={`company-${key}-hint`}
            />
            <div>
              <label htmlFor={`company-${key}`} className="block font-medium text-slate-900">
                {label}
              </label>
              <p id={`company-${key}-hint`} className="text-sm text-slate-600">
                {hint}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {save.isPending && <Loader2 aria-hidden="true" size={18} className="animate-spin" />}
        {save.isPending ? 'Saving…' : 'Save company settings'}
      </button>
    </form>
  );
}
