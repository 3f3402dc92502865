import { COMPANY_TIME_ZONE } from '@rental/contract/constants';

const calendarFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Fri, Jun 12, 2026" for a calendar date YYYY-MM-DD (no time zone shift). */
export function formatCalendarDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return calendarFormat.format(new Date(Date.UTC(y, m - 1, d)));
}

const instantFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: COMPANY_TIME_ZONE,
});

/** The company's calendar day of an instant (e.g. when a booking was made). */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : instantFormat.format(date);
}
