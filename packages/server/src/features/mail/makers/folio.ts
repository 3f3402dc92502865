/** The letters of a booking's money: the customer hears of a charge or discount staff add, with what is owed now. */
import { chargeAddedLetter } from '../folioLetters';
import { lateChargeLetter } from '../lateChargeLetters';
import type { LetterMakers } from '../fromEvents';

export const folioMakers: LetterMakers = {
  async charge_added(_tx, event, { mail, company, facts, bank }) {
    const { lineKind, label, amount, gct, balance, late } = event.data;
    // A toll or ticket after the return says what it is, and how to pay it by the bank when cards are off.
    if (late) return [lateChargeLetter(await facts(event.bookingId), { ...late, amount: amount + gct, balance }, await bank(), await company(), mail)];
    return [chargeAddedLetter(await facts(event.bookingId), { lineKind, label, total: amount + gct, balance }, await company(), mail)];
  },
};
