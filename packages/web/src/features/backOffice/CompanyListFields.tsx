/**
 * The company settings' lists (decision 108): the pickup locations, each with its address and
 * opening hours, and the testimonials the home page shows. A row per item, added and removed here;
 * the form checks them with the server's schema (companyForm.ts).
 */
import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { WEEKDAY_WORDS, WEEKDAYS, type Weekday } from '@rental/contract/onlineCheckIn';
import {
  type CompanyFormErrors,
  type DayHoursRow,
  EMPTY_PLACE,
  EMPTY_TESTIMONIAL,
  type PlaceRow,
  type TestimonialRow,
  type WeekHoursRows,
} from './companyForm';
import { FormField, controlProps } from './FormField';

type ListProps<Row> = {
  rows: Row[];
  errors: CompanyFormErrors;
  /** A problem of the list itself, or the server's refusal of it (a location still in use). */
  problem?: string | undefined;
  onChange: (rows: Row[]) => void;
};

function Box<Row extends Record<string, string>>(props: {
  list: string;
  index: number;
  box: keyof Row & string;
  label: string;
  hint?: string;
  rows: Row[];
  errors: CompanyFormErrors;
  onChange: (rows: Row[]) => void;
  multiline?: boolean;
  optional?: boolean;
}) {
  const { list, index, box, label, hint, rows, errors, onChange, multiline, optional } = props;
  const id = `company-${list}-${index}-${box}`;
  const error = errors[`${list}.${index}.${box}`];
  const control = controlProps(id, error, { hint, multiline });
  const set = (value: string) => onChange(rows.map((row, i) => (i === index ? { ...row, [box]: value } : row)));
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {multiline ? (
        <textarea {...control} rows={3} value={rows[index]![box]} onChange={(e) => set(e.target.value)} required={!optional} />
      ) : (
        <input {...control} value={rows[index]![box]} onChange={(e) => set(e.target.value)} required={!optional} autoComplete="off" />
      )}
    </FormField>
  );
}

function Row({ legend, onRemove, children }: { legend: string; onRemove: () => void; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3 sm:p-4">
      <legend className="px-1 font-medium text-slate-900">{legend}</legend>
      {children}
      <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={onRemove} aria-label={`Remove ${legend.toLowerCase()}`}>
        <Trash2 aria-hidden="true" size={16} />
        Remove
      </button>
    </fieldset>
  );
}

function ListProblem({ id, problem }: { id: string; problem: string | undefined }) {
  if (!problem) return null;
  return (
    <p id={id} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {problem}
    </p>
  );
}

export function PlacesFields({ rows, errors, problem, onChange }: ListProps<PlaceRow>) {
  const shared = { list: 'places', rows, errors, onChange };
  return (
    <fieldset className="space-y-3" aria-describedby="company-places-hint">
      <legend className="w-full border-t border-slate-200 pt-4 text-base font-semibold text-slate-900">Pickup locations</legend>
      <p id="company-places-hint" className="text-sm text-slate-600">
        Where customers collect their cars: customers search by them, and every car stands at one of them. A location with cars or open bookings cannot be
        removed.
      </p>
      <ListProblem id="company-places-error" problem={problem ?? errors.places} />
      {rows.map((_, index) => (
        // Rows have no identity of their own: a location's name is what is being typed.
        // oxlint-disable-next-line react/no-array-index-key
        <Row key={index} legend={`Location ${index + 1}`} onRemove={() => onChange(rows.filter((__, i) => i !== index))}>
          <Box {...shared} index={index} box="name" label="Location name" hint="As customers choose it in the search, e.g. Ocho Rios." />
          <Box {...shared} index={index} box="address" label="Location address" hint="Leave it empty to use the company’s address." optional />
          <Box
            {...shared}
            index={index}
            box="openingHours"
            label="Location opening hours"
            hint="Leave them empty to use the company’s opening hours."
            optional
          />
        </Row>
      ))}
      <button id="company-places-add" type="button" className="btn-secondary" onClick={() => onChange([...rows, { ...EMPTY_PLACE }])}>
        <Plus aria-hidden="true" size={18} />
        Add a location
      </button>
    </fieldset>
  );
}

export function TestimonialsFields({ rows, errors, onChange }: ListProps<TestimonialRow>) {
  const shared = { list: 'testimonials', rows, errors, onChange };
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-medium text-slate-900">Testimonials</legend>
      <p className="text-sm text-slate-600">What your customers said, as they said it. The home page shows them only when there is at least one.</p>
      <ListProblem id="company-testimonials-error" problem={errors.testimonials} />
      {rows.map((row, index) => {
        const id = `company-testimonials-${index}-stars`;
        return (
          // oxlint-disable-next-line react/no-array-index-key
          <Row key={index} legend={`Testimonial ${index + 1}`} onRemove={() => onChange(rows.filter((__, i) => i !== index))}>
            <Box {...shared} index={index} box="name" label="Customer’s name" hint="As they agreed to be named, e.g. Shanice W." />
            <Box {...shared} index={index} box="place" label="Where they are from" optional />
            <Box {...shared} index={index} box="text" label="What they said" multiline />
            <FormField id={id} label="Stars" error={errors[`testimonials.${index}.stars`]}>
              <select
                {...controlProps(id, errors[`testimonials.${index}.stars`])}
                value={row.stars}
                onChange={(e) => onChange(rows.map((r, i) => (i === index ? { ...r, stars: e.target.value } : r)))}
              >
                {['5', '4', '3', '2', '1'].map((n) => (
                  <option key={n} value={n}>
                    {n} of 5
                  </option>
                ))}
              </select>
            </FormField>
          </Row>
        );
      })}
      <button id="company-testimonials-add" type="button" className="btn-secondary" onClick={() => onChange([...rows, { ...EMPTY_TESTIMONIAL }])}>
        <Plus aria-hidden="true" size={18} />
        Add a testimonial
      </button>
    </fieldset>
  );
}

/** The opening hours per weekday (online check-in): a row a day, open from–to or closed. */
export function WeekHoursFields({ rows, errors, onChange }: { rows: WeekHoursRows; errors: CompanyFormErrors; onChange: (rows: WeekHoursRows) => void }) {
  const set = (day: Weekday, change: Partial<DayHoursRow>) => onChange({ ...rows, [day]: { ...rows[day], ...change } });
  return (
    <fieldset className="space-y-2">
      <legend className="field-label">Opening hours per weekday</legend>
      <p id="company-weekHours-hint" className="text-sm text-slate-600">
        Jamaica time. A pickup time given at online check-in must fall within that day’s hours, and check-in opens counted back from the opening time.
      </p>
      {errors.weekHours && <p className="field-error">{errors.weekHours}</p>}
      {WEEKDAYS.map((day) => {
        const row = rows[day];
        const error = errors[`weekHours.${day}`];
        const id = `company-weekHours-${day}`;
        return (
          <div key={day} className="rounded-lg border border-slate-200 p-3">
            <div className="flex flex-wrap items-end gap-3">
              <p id={`${id}-name`} className="w-24 self-center font-medium text-slate-900">
                {WEEKDAY_WORDS[day]}
              </p>
              <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input
                  id={`${id}-closed`}
                  aria-label={`${WEEKDAY_WORDS[day]}: closed`}
                  type="checkbox"
                  className="h-5 w-5"
                  checked={row.closed}
                  onChange={(e) => set(day, { closed: e.target.checked })}
                />
                Closed
              </label>
              {!row.closed && (
                <>
                  <label className="text-sm text-slate-700">
                    Opens
                    <input
                      id={`${id}-opens`}
                      aria-label={`${WEEKDAY_WORDS[day]}: opens`}
                      type="time"
                      className={`field-input mt-1 h-11 w-32 py-0 ${error ? 'border-red-500' : ''}`}
                      value={row.opens}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                      onChange={(e) => set(day, { opens: e.target.value })}
                    />
                  </label>
                  <label className="text-sm text-slate-700">
                    Closes
                    <input
                      id={`${id}-closes`}
                      aria-label={`${WEEKDAY_WORDS[day]}: closes`}
                      type="time"
                      className={`field-input mt-1 h-11 w-32 py-0 ${error ? 'border-red-500' : ''}`}
                      value={row.closes}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                      onChange={(e) => set(day, { closes: e.target.value })}
                    />
                  </label>
                </>
              )}
            </div>
            {error && (
              <p id={`${id}-error`} className="field-error">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
