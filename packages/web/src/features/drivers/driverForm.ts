/**
 * The driver forms (the customer's own details on /account and the payment step, the other drivers
 * on a booking), without React and without zod: the fields, what the form sends, the contract's
 * issues put on the field a person corrects, and which bookings still take other drivers.
 */
import { MAX_ADDITIONAL_DRIVERS } from '@rental/contract/constants';
import { type DriverFacts, type DriverRules, driverProblems } from '@rental/contract/driverRules';
import type { AdditionalDriver, Driver } from '@rental/contract/schemas';
import type { Problems } from '../../lib/formProblems';

export type DriverField = 'licenceNumber' | 'licenceCountry' | 'licenceIssued' | 'licenceExpires' | 'dateOfBirth';
/** In the order the form shows them (a refused send moves the focus to the first with a problem). */
export const DRIVER_FIELDS: readonly DriverField[] = ['licenceNumber', 'licenceCountry', 'licenceIssued', 'licenceExpires', 'dateOfBirth'];
export const DATE_FIELDS: readonly DriverField[] = ['licenceIssued', 'licenceExpires', 'dateOfBirth'];
export type DriverValues = Record<DriverField, string>;

export type OtherDriverField = 'name' | DriverField;
export const OTHER_DRIVER_FIELDS: readonly OtherDriverField[] = ['name', ...DRIVER_FIELDS];
export type OtherDriverValues = Record<OtherDriverField, string>;

/** The labels, as the contract's messages name the fields. */
export const FIELD_LABELS: Record<OtherDriverField, string> = {
  name: 'Driver name',
  licenceNumber: 'Licence number',
  licenceCountry: 'Issuing country',
  licenceIssued: 'Licence issue date',
  licenceExpires: 'Licence expiry date',
  dateOfBirth: 'Date of birth',
};

export const NO_DRIVER: DriverValues = { licenceNumber: '', licenceCountry: '', licenceIssued: '', licenceExpires: '', dateOfBirth: '' };
export const NO_OTHER_DRIVER: OtherDriverValues = { name: '', ...NO_DRIVER };

/** The form's boxes filled with saved details, or empty. */
export function driverValues(driver: Driver | null): DriverValues {
  if (!driver) return { ...NO_DRIVER };
  const { licenceNumber, licenceCountry, licenceIssued, licenceExpires, dateOfBirth } = driver;
  return { licenceNumber, licenceCountry, licenceIssued, licenceExpires, dateOfBirth };
}

export function otherDriverValues(driver: AdditionalDriver): OtherDriverValues {
  const { name, licenceNumber, licenceCountry, licenceIssued, licenceExpires, dateOfBirth } = driver;
  return { name, licenceNumber, licenceCountry, licenceIssued, licenceExpires, dateOfBirth };
}

/**
 * What the schema reads of the form: an empty date box is a date not chosen ("Please choose the
 * date of birth."), not a date that is not real.
 */
export function checkedInput<K extends string>(values: Record<K, string>): Record<K, string | undefined> {
  const input = { ...values } as Record<K, string | undefined>;
  for (const field of DATE_FIELDS as readonly string[]) if (field in input && input[field as K] === '') input[field as K] = undefined;
  return input;
}

/** An issue as a schema reports it: where, and the sentence. */
export interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** Each field's first issue, in the schema's own sentence; issues about no field of the form are left out. */
export function issueProblems<K extends string>(issues: readonly Issue[], fields: readonly K[]): Problems<K> {
  const problems: Problems<K> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(fields as readonly string[]).includes(field)) continue;
    problems[field as K] ??= issue.message;
  }
  return problems;
}

/** The rules' facts of filled-in dates, or null while one of them is missing. */
export function factsOf(values: Pick<DriverValues, 'dateOfBirth' | 'licenceIssued' | 'licenceExpires'>): DriverFacts | null {
  const { dateOfBirth, licenceIssued, licenceExpires } = values;
  return dateOfBirth && licenceIssued && licenceExpires ? { dateOfBirth, licenceIssued, licenceExpires } : null;
}

/** The server's rule, from the contract: whether the booking's other drivers may still change. */
export { canNameDrivers } from '@rental/contract/driverRules';

/** Another driver may be added while the list is shorter than the booking allows. */
export function canAddDriver(count: number): boolean {
  return count < MAX_ADDITIONAL_DRIVERS;
}

/** Every rule each other driver breaks on the booking's days, named: "Jane Brown must be 23 or older...". */
export function otherDriversProblems(drivers: readonly OtherDriverValues[], rental: { pickupDate: string; returnDate: string }, rules: DriverRules): string[] {
  return drivers.flatMap((driver) => {
    const facts = factsOf(driver);
    if (!facts) return [];
    return driverProblems(facts, rental, rules, driver.name.trim() || 'This driver').map((problem) => problem.message);
  });
}
