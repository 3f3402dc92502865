import { describe, expect, it } from 'vitest';
import { documentsStillNeeded, driverProblems, wholeYears } from './driverRules';
import { additionalDriverBody, driverBody } from './schemas/drivers';
import { addDays, companyToday } from './rentalDates';

const RULES = { minDriverAge: 23, minLicenceYears: 2 };
const RENTAL = { pickupDate: '2027-03-10', returnDate: '2027-03-14' };
const FINE = { dateOfBirth: '1990-06-01', licenceIssued: '2010-01-01', licenceExpires: '2030-01-01' };
const rulesBroken = (driver: Partial<typeof FINE>, rental = RENTAL, rules = RULES) => driverProblems({ ...FINE, ...driver }, rental, rules).map((p) => p.rule);

describe("the drivers' rules, at their edges", () => {
  it('counts whole years, a birthday counting on its day', () => {
    expect(wholeYears('2004-03-10', '2027-03-10')).toBe(23);
    expect(wholeYears('2004-03-11', '2027-03-10')).toBe(22);
    // Born on 29 February: a year without one reaches the anniversary on 1 March.
    expect(wholeYears('2004-02-29', '2027-02-28')).toBe(22);
    expect(wholeYears('2004-02-29', '2027-03-01')).toBe(23);
  });

  it('23 on the pickup day may rent; 22 years and 364 days may not, and is told what the rule is', () => {
    expect(rulesBroken({ dateOfBirth: '2004-03-10' })).toEqual([]);
    const problems = driverProblems({ ...FINE, dateOfBirth: '2004-03-11' }, RENTAL, RULES);
    expect(problems).toEqual([{ rule: 'age', message: 'You must be 23 or older on the pickup day to rent a car.' }]);
  });

  it('a licence issued exactly 2 years before pickup is enough; a day later is not', () => {
    expect(rulesBroken({ licenceIssued: '2025-03-10' })).toEqual([]);
    expect(rulesBroken({ licenceIssued: '2025-03-11' })).toEqual(['licence_years']);
    expect(driverProblems({ ...FINE, licenceIssued: '2025-03-11' }, RENTAL, RULES)[0]!.message).toBe(
      'Your driving licence must have been held for at least 2 years on the pickup day.',
    );
  });

  it('a licence valid on the return day is enough; one expiring the day before is not', () => {
    expect(rulesBroken({ licenceExpires: '2027-03-14' })).toEqual([]);
    expect(rulesBroken({ licenceExpires: '2027-03-13' })).toEqual(['licence_expires']);
  });

  it("reads the company's settings, and names another driver", () => {
    expect(rulesBroken({ dateOfBirth: '2003-03-10' }, RENTAL, { minDriverAge: 25, minLicenceYears: 1 })).toEqual(['age']);
    expect(driverProblems({ ...FINE, dateOfBirth: '2010-01-01' }, RENTAL, RULES, 'Jane Brown')[0]!.message).toBe(
      'Jane Brown must be 23 or older on the pickup day to drive a car.',
    );
    expect(driverProblems({ ...FINE, licenceExpires: '2027-03-11' }, RENTAL, RULES, 'Jane Brown')[0]!.message).toMatch(
      /^Jane Brown's driving licence expires before the return day/,
    );
  });
});

describe('driver details as a form sends them', () => {
  const today = companyToday();
  const good = {
    licenceNumber: '123 456 789',
    licenceCountry: 'Jamaica',
    licenceIssued: addDays(today, -1000),
    licenceExpires: addDays(today, 1000),
    dateOfBirth: '1990-01-01',
  };
  const problemOf = (change: Partial<typeof good>) => {
    const parsed = driverBody.safeParse({ ...good, ...change });
    return parsed.success ? null : { field: parsed.error.issues[0]!.path[0], message: parsed.error.issues[0]!.message };
  };

  it('takes a real licence', () => {
    expect(problemOf({})).toBeNull();
  });

  it('says, beside the right field, what is wrong', () => {
    expect(problemOf({ dateOfBirth: addDays(today, 1) })).toEqual({ field: 'dateOfBirth', message: 'The date of birth cannot be in the future.' });
    expect(problemOf({ licenceExpires: good.licenceIssued })).toEqual({
      field: 'licenceExpires',
      message: 'The licence expiry date must be after its issue date.',
    });
    expect(problemOf({ licenceIssued: addDays(today, 1) })).toEqual({ field: 'licenceIssued', message: 'The licence issue date cannot be in the future.' });
    expect(problemOf({ licenceExpires: addDays(today, -1), licenceIssued: addDays(today, -2000) })?.message).toMatch(/has expired/);
    expect(problemOf({ licenceNumber: '<script>' })?.message).toMatch(/only letters, digits, spaces and dashes/);
    expect(problemOf({ dateOfBirth: '2026-02-30' })?.message).toBe('The date of birth is not a real date. Please choose it again.');
  });

  it('another driver needs a name too', () => {
    expect(additionalDriverBody.safeParse({ ...good, name: '  ' }).error?.issues[0]?.message).toBe('Driver name is required.');
  });
});

describe('the documents a renter sends', () => {
  it('asks both sides of the licence and a proof of address, and a passport or a work ID: one of the two (a visitor has no work ID)', () => {
    expect(documentsStillNeeded([])).toEqual(['Driving licence (front)', 'Driving licence (back)', 'Proof of address', 'Passport or work ID']);
    const visitor = documentsStillNeeded(['licence_front', 'licence_back', 'proof_of_address', 'passport']);
    expect(visitor).toEqual([]);
    expect(documentsStillNeeded(['licence_front', 'licence_back', 'proof_of_address', 'work_id'])).toEqual([]);
    expect(documentsStillNeeded(['licence_front', 'passport', 'work_id'])).toEqual(['Driving licence (back)', 'Proof of address']);
  });
});
