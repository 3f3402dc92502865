/**
 * Bank days in Jamaica: a customer paying by bank deposit needs the bank, so the time to pay is
 * counted in days the banks open (not weekends, not public holidays), never in clock hours: a
 * booking made on Friday evening with "48 hours" would otherwise end on Sunday, the banks shut.
 * The holidays are a company setting (bankHolidays), seeded from jamaicaBankHolidays below.
 */
import { addDays, companyToday, holdMinutesFor, isFarAhead } from './rentalDates';

export interface BankHoliday {
  /** YYYY-MM-DD, the day the banks are shut (a Sunday holiday's Monday already moved). */
  date: string;
  name: string;
}

/** Easter Sunday of a year (the Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 0 Sunday … 6 Saturday. */
export function weekday(date: string): number {
  const [y = NaN, m = NaN, d = NaN] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

const day = (year: number, monthDay: string) => `${year}-${monthDay}`;

/** A holiday falling on a Sunday is kept on the Monday after (the Holidays (Public General) Act). */
const mondayIfSunday = (date: string) => (weekday(date) === 0 ? addDays(date, 1) : date);

/** The third Monday of October: National Heroes Day. */
function heroesDay(year: number): string {
  const first = day(year, '10-01');
  const toMonday = (8 - weekday(first)) % 7;
  return addDays(first, toMonday + 14);
}

/** Jamaica's public holidays of a year, as the banks keep them. */
export function jamaicaBankHolidays(year: number): BankHoliday[] {
  const easter = easterSunday(year);
  const list: BankHoliday[] = [
    { date: mondayIfSunday(day(year, '01-01')), name: "New Year's Day" },
    { date: addDays(easter, -46), name: 'Ash Wednesday' },
    { date: addDays(easter, -2), name: 'Good Friday' },
    { date: addDays(easter, 1), name: 'Easter Monday' },
    { date: mondayIfSunday(day(year, '05-23')), name: 'Labour Day' },
    { date: mondayIfSunday(day(year, '08-01')), name: 'Emancipation Day' },
    { date: mondayIfSunday(day(year, '08-06')), name: 'Independence Day' },
    { date: heroesDay(year), name: 'National Heroes Day' },
    { date: mondayIfSunday(day(year, '12-25')), name: 'Christmas Day' },
  ];
  // Boxing Day on a Sunday goes to Monday; Christmas on a Sunday has taken that Monday, so Tuesday.
  const boxing = mondayIfSunday(day(year, '12-26'));
  list.push({ date: list.some((h) => h.date === boxing) ? addDays(boxing, 1) : boxing, name: 'Boxing Day' });
  // YYYY-MM-DD dates sort as plain strings. Not localeCompare: its first call builds a collator (~13 ms on
  // a desktop, more on a phone), and the shipped holidays are listed when the web's entry script loads.
  return list.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
}

const shippedHolidays = (): BankHoliday[] => [...jamaicaBankHolidays(2026), ...jamaicaBankHolidays(2027)];

/**
 * What a new install starts with: this year's and next year's holidays as shipped (2026 and 2027).
 * Marked pure so that a bundle which holds this module but not this list (the web's entry script)
 * neither carries nor computes it.
 */
export const DEFAULT_BANK_HOLIDAYS: BankHoliday[] = /* @__PURE__ */ shippedHolidays();

/** A weekday that is not a holiday. */
export function isBankDay(date: string, holidays: readonly Pick<BankHoliday, 'date'>[]): boolean {
  const w = weekday(date);
  return w !== 0 && w !== 6 && !holidays.some((h) => h.date === date);
}

/** The `count`th bank day after `date` (date itself not counted). */
export function addBankDays(date: string, count: number, holidays: readonly Pick<BankHoliday, 'date'>[]): string {
  let at = date;
  for (let left = Math.max(1, count); left > 0;) {
    at = addDays(at, 1);
    if (isBankDay(at, holidays)) left -= 1;
  }
  return at;
}

/**
 * When a bank deposit is due: the end (23:59, Jamaica, which keeps UTC-5 all year) of the
 * `bankDays`th bank day after the day the booking is made, so the customer has that many whole days
 * the banks open, whatever the hour and the weekday they booked.
 */
export function bankDepositDeadline(bookedOn: string, bankDays: number, holidays: readonly Pick<BankHoliday, 'date'>[]): { day: string; at: Date } {
  const due = addBankDays(bookedOn, bankDays, holidays);
  return { day: due, at: new Date(`${due}T23:59:00-05:00`) };
}

/**
 * How long a new pending booking is held: paid by bank deposit, until its deadline in bank days
 * (one bank day for a pickup far ahead, which is held short whatever the method); otherwise the
 * company's hold in minutes (holdMinutesFor). `until` is set for the bank deposit's deadline.
 */
export function holdForPayment(
  booking: { pickupDate: string; paymentMethod: string },
  holdMinutes: number,
  company: { bankHolidays: readonly Pick<BankHoliday, 'date'>[]; depositBankDays: number },
  now: Date = new Date(),
): { minutes: number; until?: Date } {
  const today = companyToday(now);
  if (booking.paymentMethod !== 'cash_deposit') return { minutes: holdMinutesFor(booking.pickupDate, holdMinutes, today) };
  const bankDays = isFarAhead(booking.pickupDate, today) ? 1 : company.depositBankDays;
  const { at } = bankDepositDeadline(today, bankDays, company.bankHolidays);
  return { minutes: Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 60_000)), until: at };
}
