/**
 * The customer's driving licence on the New booking form (docs/decisions/107): a walk-in with the
 * card in hand has it typed now, and its photo taken, so the keys can go without a second visit.
 * Optional (a caller on the phone has no card to show); the company's rules are said on the chosen
 * days before anything is sent, and the server checks them again with the booking.
 */
import { driverProblems } from '@rental/contract/driverRules';
import { useId } from 'react';
import { useCompany } from '../../../company/useCompany';
import { DriverFields } from '../../drivers/DriverFields';
import { DriverRuleProblems } from '../../drivers/DriverRuleProblems';
import { LicencePhotoInput } from '../../drivers/LicencePhotoInput';
import { DRIVER_FIELDS, type DriverField, type DriverValues, factsOf, NO_DRIVER } from '../../drivers/driverForm';

export interface LicenceChoice {
  /** null: not taken now. */
  values: DriverValues | null;
  photo: File | null;
}

export const NO_LICENCE: LicenceChoice = { values: null, photo: null };

export function LicenceSection({
  licence,
  onChange,
  name,
  days,
}: {
  licence: LicenceChoice;
  onChange: (licence: LicenceChoice) => void;
  name: string;
  days: { pickupDate: string; returnDate: string } | null;
}) {
  const ids = useId();
  const company = useCompany();
  const idOf = (field: DriverField) => `${ids}-${field}`;
  const problems = licenceRuleProblems(licence, days, company, name);
  return (
    <div className="space-y-4">
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          checked={licence.values !== null}
          onChange={(e) => onChange({ values: e.target.checked ? { ...NO_DRIVER } : null, photo: null })}
        />
        <span className="text-sm font-medium text-slate-900">Take their driving licence now (the card is in hand)</span>
      </label>
      {licence.values && (
        <>
          <DriverFields
            fields={DRIVER_FIELDS}
            values={licence.values}
            problems={{}}
            idOf={idOf}
            onChange={(field, value) => onChange({ ...licence, values: { ...licence.values!, [field]: value } })}
          />
          <LicencePhotoInput id={`${ids}-photo`} onPick={(file) => onChange({ ...licence, photo: file })} />
          <DriverRuleProblems problems={problems} days="these days" />
          <p className="text-sm text-slate-600">Saved with the booking; approve the customer as a driver at check-out, once the card matches.</p>
        </>
      )}
    </div>
  );
}

/** The rules' problems the form must not send with (the same as the section shows). */
export function licenceRuleProblems(
  licence: LicenceChoice,
  days: { pickupDate: string; returnDate: string } | null,
  rules: Parameters<typeof driverProblems>[2],
  name: string,
): string[] {
  const facts = licence.values ? factsOf(licence.values) : null;
  return facts && days ? driverProblems(facts, days, rules, name.trim() || 'The customer').map((p) => p.message) : [];
}
