/**
 * The driver forms' checks with the very schemas the server checks with. This module holds zod: the
 * forms fetch it once they show (useDriverChecks), so no page's first download carries it
 * (decision 082 keeps zod out of the public pages' budget).
 */
import { additionalDriverBody, driverBody } from '@rental/contract/schemas';
import type { Problems } from '../../lib/formProblems';
import {
  DRIVER_FIELDS,
  type DriverField,
  type DriverValues,
  OTHER_DRIVER_FIELDS,
  type OtherDriverField,
  type OtherDriverValues,
  checkedInput,
  issueProblems,
} from './driverForm';

export function driverFormProblems(values: DriverValues): Problems<DriverField> {
  const result = driverBody.safeParse(checkedInput(values));
  return result.success ? {} : issueProblems(result.error.issues, DRIVER_FIELDS);
}

export function otherDriverFormProblems(values: OtherDriverValues): Problems<OtherDriverField> {
  const result = additionalDriverBody.safeParse(checkedInput(values));
  return result.success ? {} : issueProblems(result.error.issues, OTHER_DRIVER_FIELDS);
}

export type DriverChecks = { driverFormProblems: typeof driverFormProblems; otherDriverFormProblems: typeof otherDriverFormProblems };
