/** The boxes of a driver's licence and date of birth (and a name, for another driver), stacked on a phone, two a row wider. */
import { DayInput } from '../../components/DayInput';
import { FormField, controlProps } from '../../components/FormField';
import type { Problems } from '../../lib/formProblems';
import { FIELD_LABELS, type OtherDriverField } from './driverForm';

const DAY_HINT = 'Day/month/year, such as 28/11/1990.';
const HINTS: Partial<Record<OtherDriverField, string>> = {
  licenceNumber: 'As printed on the licence.',
  licenceCountry: 'The country that issued the licence, such as Jamaica.',
  licenceIssued: DAY_HINT,
  licenceExpires: DAY_HINT,
  dateOfBirth: DAY_HINT,
};

export function DriverFields<K extends OtherDriverField>({
  fields,
  values,
  problems,
  idOf,
  onChange,
}: {
  fields: readonly K[];
  values: Record<K, string>;
  problems: Problems<K>;
  idOf: (field: K) => string;
  onChange: (field: K, value: string) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((field) => {
        const id = idOf(field);
        const error = problems[field];
        const hint = HINTS[field];
        const isDate = field === 'licenceIssued' || field === 'licenceExpires' || field === 'dateOfBirth';
        return (
          <FormField key={field} id={id} label={FIELD_LABELS[field]} error={error} hint={hint} className={field === 'name' ? 'sm:col-span-2' : ''}>
            {isDate ? (
              <DayInput
                {...controlProps(id, error, { hint })}
                autoComplete={field === 'dateOfBirth' ? 'bday' : 'off'}
                value={values[field]}
                onChange={(value) => onChange(field, value)}
              />
            ) : (
              <input
                {...controlProps(id, error, { hint })}
                type="text"
                autoComplete={field === 'name' ? 'name' : field === 'licenceCountry' ? 'country-name' : 'off'}
                maxLength={field === 'licenceNumber' ? 30 : field === 'licenceCountry' ? 60 : field === 'name' ? 100 : undefined}
                value={values[field]}
                onChange={(e) => onChange(field, e.target.value)}
              />
            )}
          </FormField>
        );
      })}
    </div>
  );
}
