/** Driver details for the tests: years counted back from the company's today, so they stay good (or too young) every year. */
import { addDays, companyToday } from '@rental/contract/rentalDates';

export const yearsAgo = (years: number, today = companyToday()) => `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;

/** Forty years old, a licence held ten years and valid for five more: fine by every rule. */
export function goodDriver() {
  const today = companyToday();
  return {
    licenceNumber: 'JM 1234567',
    licenceCountry: 'Jamaica',
    licenceIssued: yearsAgo(10),
    licenceExpires: addDays(today, 5 * 365),
    dateOfBirth: yearsAgo(40),
  };
}
