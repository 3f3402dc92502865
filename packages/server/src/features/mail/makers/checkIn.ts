/** Online check-in's letters: the code (its digits ride as the event's secret, never in the history) and staff's vetting alert. */
import type { LetterMakers } from '../fromEvents';
import { checkInCodeLetter, checkInVettingStaffLetter } from '../checkInLetters';

export const checkInMakers: LetterMakers = {
  async check_in_code_sent(_tx, event, { mail, company, facts }) {
    if (!event.secret) throw new Error('a check-in code was recorded without its digits');
    return [checkInCodeLetter(await facts(event.bookingId), event.secret, await company(), mail)];
  },
  async check_in_vetting_waiting(_tx, event, { mail, company, facts }) {
    return [checkInVettingStaffLetter(await facts(event.bookingId), await company(), mail)];
  },
};
