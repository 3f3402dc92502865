import { describe, expect, it } from 'vitest';
import { addBankDays, bankDepositDeadline, DEFAULT_BANK_HOLIDAYS, easterSunday, isBankDay, jamaicaBankHolidays } from './bankDays';

describe('bank days in Jamaica', () => {
  it('finds Easter as the churches do', () => {
    expect([2024, 2025, 2026, 2027].map(easterSunday)).toEqual(['2024-03-31', '2025-04-20', '2026-04-05', '2027-03-28']);
  });

  it('lists the 2026 and 2027 holidays as the Jamaican calendar has them, a Sunday holiday on its Monday', () => {
    expect(DEFAULT_BANK_HOLIDAYS.map((h) => `${h.date} ${h.name}`)).toEqual([
      "2026-01-01 New Year's Day",
      '2026-02-18 Ash Wednesday',
      '2026-04-03 Good Friday',
      '2026-04-06 Easter Monday',
      '2026-05-23 Labour Day',
      '2026-08-01 Emancipation Day',
      '2026-08-06 Independence Day',
      '2026-10-19 National Heroes Day',
      '2026-12-25 Christmas Day',
      '2026-12-26 Boxing Day',
      "2027-01-01 New Year's Day",
      '2027-02-10 Ash Wednesday',
      '2027-03-26 Good Friday',
      '2027-03-29 Easter Monday',
      '2027-05-24 Labour Day',
      '2027-08-02 Emancipation Day',
      '2027-08-06 Independence Day',
      '2027-10-18 National Heroes Day',
      '2027-12-25 Christmas Day',
      '2027-12-27 Boxing Day',
    ]);
  });

  it('moves Boxing Day to Tuesday when Christmas on a Sunday has taken the Monday', () => {
    const days = jamaicaBankHolidays(2022)
      .filter((h) => h.date >= '2022-12-25')
      .map((h) => h.date);
    expect(days).toEqual(['2022-12-26', '2022-12-27']);
  });

  it('counts neither weekends nor holidays as bank days', () => {
    expect(isBankDay('2026-11-28', DEFAULT_BANK_HOLIDAYS)).toBe(false); // a Saturday
    expect(isBankDay('2026-12-25', DEFAULT_BANK_HOLIDAYS)).toBe(false);
    expect(isBankDay('2026-12-28', DEFAULT_BANK_HOLIDAYS)).toBe(true);
    // From Thursday 24 Dec 2026: Christmas (Fri), the weekend, then Mon 28 and Tue 29.
    expect(addBankDays('2026-12-24', 2, DEFAULT_BANK_HOLIDAYS)).toBe('2026-12-29');
  });

  it('gives a Friday evening booking two whole bank days: due Tuesday 23:59 in Jamaica, not Sunday', () => {
    const due = bankDepositDeadline('2026-11-27', 2, DEFAULT_BANK_HOLIDAYS);
    expect(due.day).toBe('2026-12-01');
    expect(due.at.toISOString()).toBe('2026-12-02T04:59:00.000Z');
    // Easter: booked on Maundy Thursday, Good Friday and Easter Monday are shut.
    expect(bankDepositDeadline('2026-04-02', 2, DEFAULT_BANK_HOLIDAYS).day).toBe('2026-04-08');
  });
});
