/** One extra of the prices form: what customers read of it, how it is charged, its price and how many there are. */
import { EXTRA_CHARGE_WORDS, EXTRA_CHARGES } from '@rental/contract/quote';
import { isOneOf } from '@rental/contract/oneOf';
import { FormField, controlProps } from '../FormField';
import { fieldId, PriceField } from './PriceField';
import type { ExtraForm, PricesErrors } from './pricesForm';

export interface ExtraFieldsProps {
  extra: ExtraForm;
  index: number;
  errors: PricesErrors;
  currency: string;
  onChange: (patch: Partial<ExtraForm>) => void;
  onRemove: () => void;
}

export function ExtraFields({ extra, index, errors, currency, onChange, onRemove }: ExtraFieldsProps) {
  const at = `extras.${index}`;
  const title = extra.name.trim() || `Extra ${index + 1}`;
  const descriptionKey = `${at}.description`;
  const descriptionId = fieldId(descriptionKey);
  const chargeKey = `${at}.charge`;
  const chargeId = fieldId(chargeKey);
  const descriptionHint = 'One or two sentences customers read when they choose extras.';

  return (
    <fieldset className="min-w-0 space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 font-semibold break-words text-slate-900">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <PriceField
          field={`${at}.name`}
          label="Name"
          kind="text"
          value={extra.name}
          error={errors[`${at}.name`]}
          onChange={(name) => onChange({ name })}
          className="sm:col-span-2"
        />
        <FormField id={descriptionId} label="Description (optional)" hint={descriptionHint} error={errors[descriptionKey]} className="sm:col-span-2">
          <textarea
            {...controlProps(descriptionId, errors[descriptionKey], { hint: descriptionHint, multiline: true })}
            rows={2}
            maxLength={300}
            value={extra.description}
            onChange={(event) => onChange({ description: event.target.value })}
          />
        </FormField>
        <FormField id={chargeId} label="Charged" error={errors[chargeKey]}>
          <select
            {...controlProps(chargeId, errors[chargeKey])}
            value={extra.charge}
            onChange={(event) => isOneOf(EXTRA_CHARGES, event.target.value) && onChange({ charge: event.target.value })}
          >
            {EXTRA_CHARGES.map((charge) => (
              <option key={charge} value={charge}>
                {EXTRA_CHARGE_WORDS[charge]}
              </option>
            ))}
          </select>
        </FormField>
        <PriceField
          field={`${at}.price`}
          label="Price"
          hint={`Whole ${currency}, before GCT.`}
          value={extra.price}
          error={errors[`${at}.price`]}
          onChange={(price) => onChange({ price })}
        />
        <PriceField
          field={`${at}.maxPerBooking`}
          label="Most per booking"
          hint="1 to 20."
          value={extra.maxPerBooking}
          error={errors[`${at}.maxPerBooking`]}
          onChange={(maxPerBooking) => onChange({ maxPerBooking })}
        />
        <PriceField
          field={`${at}.stock`}
          label="Stock (optional)"
          hint="How many the company has, for things that run out. Empty: no limit."
          optional
          value={extra.stock}
          error={errors[`${at}.stock`]}
          onChange={(stock) => onChange({ stock })}
        />
      </div>
      <button type="button" className="btn-secondary min-h-11" onClick={onRemove}>
        Remove {title}
      </button>
    </fieldset>
  );
}
