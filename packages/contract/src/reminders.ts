/**
 * The reminders the clock sends (server features/reminders/): when each goes out, in the company's
 * time (America/Jamaica, UTC-5 all year), and what a customer must bring to the counter. Pure, so
 * the settings page and the server say the same hours.
 */
import type { CompanyFacts } from './company';
import { PASSPORT_OR_WORK_ID } from './constants';

/** From this hour the day before the pickup day, the customer is told what to bring. */
export const PICKUP_REMINDER_FROM_HOUR = 9;
/** From this hour the evening before the return day (features/counter/overdue.ts sends it). */
export const RETURN_REMINDER_FROM_HOUR = 17;
/** From this hour each morning, staff get the day's pickups and returns. */
export const STAFF_SUMMARY_FROM_HOUR = 7;
/** A bank deposit's hold ending within this many hours: the customer is reminded once. */
export const HOLD_ENDING_WITHIN_HOURS = 12;

/** The company's clock: Jamaica keeps UTC-5 all year (no daylight saving). */
export function companyHour(now: Date): number {
  return new Date(now.getTime() - 5 * 3_600_000).getUTCHours();
}

/** The rental requirements as the company states them (SPEC), with its own drivers' rules. */
export function whatToBring(company: Pick<CompanyFacts, 'minDriverAge' | 'minLicenceYears'>): string[] {
  const years = company.minLicenceYears;
  return [
    years > 0 ? `Your driver’s licence, held for at least ${years} ${years === 1 ? 'year' : 'years'}` : 'Your driver’s licence',
    `Proof of your age: drivers must be ${company.minDriverAge} or older (your passport shows it)`,
    PASSPORT_OR_WORK_ID,
    'Proof of address (a recent utility bill or bank statement)',
  ];
}

/** The settings that turn each reminder on or off, with the words the settings page shows. */
export const REMINDER_SETTINGS = [
  {
    key: 'pickupReminder',
    label: 'The day before pickup',
    hint: `From ${PICKUP_REMINDER_FROM_HOUR}:00 the customer is told what to bring and the security deposit.`,
  },
  {
    key: 'returnReminder',
    label: 'The evening before return',
    hint: `From ${RETURN_REMINDER_FROM_HOUR}:00 the customer is reminded when and where to bring the car back.`,
  },
  {
    key: 'holdEndingReminder',
    label: 'A bank deposit still to pay',
    hint: `The customer is reminded when their booking's hold ends within ${HOLD_ENDING_WITHIN_HOURS} hours and nothing is paid.`,
  },
  {
    key: 'staffDailySummary',
    label: "Staff's morning list",
    hint: `From ${STAFF_SUMMARY_FROM_HOUR}:00 the company's e-mail gets the day's pickups and returns.`,
  },
] as const satisfies readonly { key: keyof CompanyFacts; label: string; hint: string }[];
