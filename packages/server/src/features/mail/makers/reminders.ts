/** The reminders' letters: the day before pickup, a bank deposit's hold ending, staff's morning list. */
import { todaysMovements } from '../../timeline';
import type { LetterMakers } from '../fromEvents';
import { holdEndingLetter, pickupReminderLetter, staffDailySummaryLetter } from '../reminderLetters';

export const reminderMakers: LetterMakers = {
  async pickup_reminded(_tx, event, { mail, company, facts }) {
    return [pickupReminderLetter(await facts(event.bookingId), await company(), mail)];
  },
  async hold_ending_reminded(_tx, event, { mail, company, bank, facts }) {
    return [holdEndingLetter(await facts(event.bookingId), event.data.owing, await bank(), await company(), mail)];
  },
  // The list as it stands when the letter is written; a day with nothing on it makes no letter.
  async staff_day_summary(tx, event, { mail, company }) {
    const day = await todaysMovements(tx, event.data.day);
    if (day.pickups.length === 0 && day.returns.length === 0) return [];
    return [staffDailySummaryLetter(day, await company(), mail)];
  },
};
