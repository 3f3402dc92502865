/** Chooses days on the car page's calendar as a person would: next month until the day shows, then a click. */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { formatCalendarDateLong } from '../features/bookings/DateRangeCalendar';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The calendar's button for a day, whatever else its label says (today, taken, chosen). */
export function dayButtonName(date: string): RegExp {
  return new RegExp(`^(Today, )?${escapeRegExp(formatCalendarDateLong(date))}(,|$)`);
}

/**
 * The day's button, going to earlier months first when the day is before the month shown (a pickup
 * at the end of a month, looked at again after choosing a return in the next one), then later ones.
 */
export async function findDay(user: UserEvent, date: string): Promise<HTMLElement> {
  const grid = await screen.findByRole('grid');
  const shownMonth = (grid.querySelector('[data-day]:not([data-outside])')?.getAttribute('data-day') ?? '').slice(0, 7);
  const direction = shownMonth && date.slice(0, 7) < shownMonth ? 'Previous month' : 'Next month';
  for (let i = 0; i < 14; i++) {
    const day = screen.queryByRole('button', { name: dayButtonName(date) });
    if (day) return day;
    await user.click(screen.getByRole('button', { name: direction }));
  }
  throw new Error(`The calendar never showed ${date}.`);
}

export async function chooseDates(user: UserEvent, pickupDate: string, returnDate: string): Promise<void> {
  await user.click(await findDay(user, pickupDate));
  await user.click(await findDay(user, returnDate));
}
