/** The letters of a booking's money: the customer hears of a charge or discount staff add, with what is owed now. */
import { chargeAddedLetter } from '../folioLetters';
import type { LetterMakers } from '../fromEvents';

export const folioMakers: LetterMakers = {
  async charge_added(_tx, event, { mail, company, facts }) {
    const { lineKind, label, amount, gct, balance } = event.data;
    return [chargeAddedLetter(await facts(event.bookingId), { lineKind, label, total: amount + gct, balance }, await company(), mail)];
  },
};
