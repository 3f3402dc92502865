import { DEFAULT_COMPANY } from '@rental/contract/company';
import { describe, expect, it } from 'vitest';
import {
  AGREEMENT_FIELDS,
  BOOKS_FIELDS,
  CHECK_IN_FIELDS,
  companyFormFromFacts,
  companyFromForm,
  COMPANY_FORM_ORDER,
  MONEY_DAYS_FIELDS,
  MAINTENANCE_FIELDS,
  RETURN_FIELDS,
  validateCompanyForm,
} from './companyForm';

describe('the company form’s returns', () => {
  it('shows the return rules as typed text and sends them back as numbers', () => {
    const values = companyFormFromFacts({ ...DEFAULT_COMPANY, returnTime: '17:30', gracePeriodMinutes: 45, extraKmRate: 35, fuelEighthPrice: 1200 });
    expect(values).toMatchObject({ returnTime: '17:30', gracePeriodMinutes: '45', extraKmRate: '35', fuelEighthPrice: '1200' });
    expect(validateCompanyForm(values)).toEqual({});
    expect(companyFromForm(values)).toMatchObject({ returnTime: '17:30', gracePeriodMinutes: 45, extraKmRate: 35, fuelEighthPrice: 1200 });
  });

  it('names a wrong time, a negative grace and an empty price in the form’s words', () => {
    const values = { ...companyFormFromFacts(DEFAULT_COMPANY), returnTime: '25:00', gracePeriodMinutes: '-5', fuelEighthPrice: ' ' };
    const errors = validateCompanyForm(values);
    expect(errors.returnTime).toBe('Cars due back by must be a time such as 18:00.');
    expect(errors.gracePeriodMinutes).toMatch(/^Minutes of grace for a late return /);
    expect(errors.fuelEighthPrice).toBe('Price of each eighth of a tank missing is required.');
    expect(errors.extraKmRate).toBeUndefined();
  });

  it('puts the returns, the damage excess, the bank days, then the accountant’s accounts after the other settings, so the first problem above gets the focus first', () => {
    expect(RETURN_FIELDS.map(({ field }) => field)).toEqual(['returnTime', 'gracePeriodMinutes', 'extraKmRate', 'fuelEighthPrice']);
    expect(AGREEMENT_FIELDS.map(({ field }) => field)).toEqual(['damageExcess', 'waiverExcess']);
    expect(MONEY_DAYS_FIELDS.map(({ field }) => field)).toEqual(['bankHolidays', 'depositBankDays', 'refundBankDays']);
    expect(BOOKS_FIELDS.map(({ label }) => label)).toEqual([
      'Rental income',
      'Extras income',
      'GCT payable',
      'Customer deposits held',
      'Customer balances',
      'Bank',
      'Cash',
      'Card clearing',
    ]);
    expect(COMPANY_FORM_ORDER.slice(-20)).toEqual([
      ...RETURN_FIELDS,
      ...AGREEMENT_FIELDS,
      ...MONEY_DAYS_FIELDS,
      ...MAINTENANCE_FIELDS,
      ...CHECK_IN_FIELDS,
      ...BOOKS_FIELDS,
    ]);
  });

  it('shows the opening hours a row a weekday, sends a closed day as null, and names a day that closes before it opens on its row', () => {
    const values = companyFormFromFacts(DEFAULT_COMPANY);
    expect(values.weekHours.sunday).toEqual({ closed: false, opens: '09:00', closes: '14:00' });
    expect(values.onlineCheckInHours).toBe('72');
    const sent = companyFromForm({ ...values, weekHours: { ...values.weekHours, sunday: { ...values.weekHours.sunday, closed: true } } });
    expect(sent.weekHours.sunday).toBeNull();
    expect(sent.weekHours.monday).toEqual({ opens: '08:00', closes: '18:00' });
    const wrong = validateCompanyForm({
      ...values,
      weekHours: { ...values.weekHours, tuesday: { closed: false, opens: '18:00', closes: '08:00' } },
      onlineCheckInHours: '0',
    });
    expect(wrong['weekHours.tuesday']).toBe('Each day must close after it opens.');
    expect(wrong['weekHours.monday']).toBeUndefined();
    expect(wrong.onlineCheckInHours).toMatch(/^Hours before pickup online check-in opens /);
  });

  it('shows the bank holidays a line each and sends them back as days; a line without a date is named', () => {
    const values = companyFormFromFacts(DEFAULT_COMPANY);
    expect(values.bankHolidays.split('\n')[0]).toBe("2026-01-01 New Year's Day");
    expect(values).toMatchObject({ depositBankDays: '2', refundBankDays: '5' });
    const added = { ...values, bankHolidays: `${values.bankHolidays}\n  2028-01-03   New Year's Day (observed)  ` };
    expect(companyFromForm(added).bankHolidays.at(-1)).toEqual({ date: '2028-01-03', name: "New Year's Day (observed)" });
    expect(validateCompanyForm({ ...values, bankHolidays: 'Christmas 2028' }).bankHolidays).toBe('Each bank holiday needs a date written YYYY-MM-DD.');
  });

  it('sends the damage excess as numbers, 0 allowed with the waiver', () => {
    const values = { ...companyFormFromFacts(DEFAULT_COMPANY), damageExcess: '200,000', waiverExcess: '0' };
    expect(validateCompanyForm(values).damageExcess).toMatch(/^The excess without the damage waiver /);
    expect(companyFromForm({ ...values, damageExcess: '200000' })).toMatchObject({ damageExcess: 200_000, waiverExcess: 0 });
  });
});
