import { DEFAULT_COMPANY } from '@rental/contract/company';
import { MAX_ADDITIONAL_DRIVERS } from '@rental/contract/constants';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { describe, expect, it } from 'vitest';
import {
  DRIVER_FIELDS,
  NO_OTHER_DRIVER,
  canAddDriver,
  canNameDrivers,
  checkedInput,
  driverValues,
  factsOf,
  issueProblems,
  otherDriversProblems,
} from './driverForm';
import { driverFormProblems, otherDriverFormProblems } from './driverChecks';

const RULES = { minDriverAge: DEFAULT_COMPANY.minDriverAge, minLicenceYears: DEFAULT_COMPANY.minLicenceYears };
const today = companyToday();
const yearsAgo = (years: number) => `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;
const GOOD = {
  licenceNumber: 'JM 123-456',
  licenceCountry: 'Jamaica',
  licenceIssued: yearsAgo(10),
  licenceExpires: addDays(today, 2000),
  dateOfBirth: yearsAgo(40),
};

describe('the driver form', () => {
  it("puts each issue on its field, the field's first one, and leaves out issues about no field of the form", () => {
    const problems = issueProblems(
      [
        { path: ['licenceNumber'], message: 'Licence number is required.' },
        { path: ['licenceNumber'], message: 'Licence number may hold only letters...' },
        { path: ['dateOfBirth'], message: 'The date of birth cannot be in the future.' },
        { path: [], message: 'Something about the whole form.' },
        { path: ['drivers', 0, 'name'], message: 'Not a field of this form.' },
      ],
      DRIVER_FIELDS,
    );
    expect(problems).toEqual({ licenceNumber: 'Licence number is required.', dateOfBirth: 'The date of birth cannot be in the future.' });
  });

  it('reads an empty date box as a date not chosen, and keeps the text boxes as typed', () => {
    expect(checkedInput({ ...GOOD, licenceIssued: '', licenceNumber: '' })).toEqual({ ...GOOD, licenceIssued: undefined, licenceNumber: '' });
  });

  it("says with the contract's sentences what an empty form lacks, on each field", () => {
    expect(driverFormProblems(driverValues(null))).toEqual({
      licenceNumber: 'Licence number is required.',
      licenceCountry: 'Issuing country is required.',
      licenceIssued: 'Please choose the licence issue date.',
      licenceExpires: 'Please choose the licence expiry date.',
      dateOfBirth: 'Please choose the date of birth.',
    });
  });

  it('says which date to correct when they do not fit together, and nothing for good details', () => {
    expect(driverFormProblems(GOOD)).toEqual({});
    expect(driverFormProblems({ ...GOOD, licenceExpires: GOOD.licenceIssued })).toEqual({
      licenceExpires: 'The licence expiry date must be after its issue date.',
    });
    expect(driverFormProblems({ ...GOOD, dateOfBirth: addDays(today, 1) }).dateOfBirth).toBe('The date of birth cannot be in the future.');
    expect(driverFormProblems({ ...GOOD, licenceIssued: yearsAgo(50) })).toEqual({
      licenceIssued: 'The licence issue date cannot be before the date of birth.',
    });
    expect(otherDriverFormProblems({ ...GOOD, name: '' })).toEqual({ name: 'Driver name is required.' });
    expect(otherDriverFormProblems({ ...GOOD, name: 'Jane Brown' })).toEqual({});
  });

  it('fills the boxes with saved details, without the date they were saved', () => {
    expect(driverValues({ ...GOOD, updatedAt: '2026-01-01T00:00:00Z' })).toEqual(GOOD);
  });

  it('checks the rules only once the three dates are given', () => {
    expect(factsOf({ ...GOOD, dateOfBirth: '' })).toBeNull();
    expect(factsOf(GOOD)).toEqual({ dateOfBirth: GOOD.dateOfBirth, licenceIssued: GOOD.licenceIssued, licenceExpires: GOOD.licenceExpires });
  });
});

describe('other drivers on a booking', () => {
  it('may be named on a waiting or confirmed booking until the day before pickup, not from the pickup day on nor once cancelled', () => {
    const tomorrow = addDays(today, 1);
    expect(canNameDrivers({ status: 'pending', pickupDate: tomorrow }, today)).toBe(true);
    expect(canNameDrivers({ status: 'confirmed', pickupDate: tomorrow }, today)).toBe(true);
    expect(canNameDrivers({ status: 'confirmed', pickupDate: today }, today)).toBe(false);
    expect(canNameDrivers({ status: 'pending', pickupDate: addDays(today, -1) }, today)).toBe(false);
    expect(canNameDrivers({ status: 'cancelled', pickupDate: tomorrow }, today)).toBe(false);
  });

  it(`are at most ${MAX_ADDITIONAL_DRIVERS}`, () => {
    expect(canAddDriver(MAX_ADDITIONAL_DRIVERS - 1)).toBe(true);
    expect(canAddDriver(MAX_ADDITIONAL_DRIVERS)).toBe(false);
  });

  it("are each checked by the company's rules on the booking's days, by name", () => {
    const rental = { pickupDate: addDays(today, 10), returnDate: addDays(today, 12) };
    const young = { ...NO_OTHER_DRIVER, ...GOOD, name: 'Jane Brown', dateOfBirth: yearsAgo(20), licenceIssued: yearsAgo(1) };
    const expiring = { ...NO_OTHER_DRIVER, ...GOOD, name: ' Omar Reid ', licenceExpires: addDays(today, 11) };
    const unfinished = { ...NO_OTHER_DRIVER, name: 'Not typed yet', dateOfBirth: yearsAgo(18) };
    expect(otherDriversProblems([young, { ...NO_OTHER_DRIVER, ...GOOD, name: 'Fine' }, expiring, unfinished], rental, RULES)).toEqual([
      'Jane Brown must be 23 or older on the pickup day to drive a car.',
      "Jane Brown's driving licence must have been held for at least 2 years on the pickup day.",
      "Omar Reid's driving licence expires before the return day.",
    ]);
  });
});
