/** The letters of payments: a card's receipt, staff's alert when a card payment needs a person, staff's notice of a deposit slip. */
import { eq } from 'drizzle-orm';
import { bookings } from '../../../db/schema';
import type { LetterMakers } from '../fromEvents';
import { type CardPaymentFacts, cardPaymentReceivedLetter, cardPaymentStaffAlertLetter, paymentSlipStaffLetter } from '../paymentLetters';

const paymentOf = ({ orderId, amount, currency, cardLast4, transactionId }: CardPaymentFacts): CardPaymentFacts => ({
  orderId,
  amount,
  currency,
  cardLast4,
  transactionId,
});

export const paymentMakers: LetterMakers = {
  // A payment for a booking cancelled meanwhile leaves it cancelled: the receipt then says the money comes back.
  async card_paid(tx, event, { mail, company, facts }) {
    const [booking] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, event.bookingId));
    const cancelled = booking?.status === 'cancelled';
    return [cardPaymentReceivedLetter({ ...(await facts(event.bookingId)), cancelled }, paymentOf(event.data), event.data.stillDue, await company(), mail)];
  },
  async card_problem(_tx, event, { mail, company, facts }) {
    return [cardPaymentStaffAlertLetter(await facts(event.bookingId), paymentOf(event.data), event.data.why, await company(), mail)];
  },
  // A deposit slip: staff check the bank (its removal by the customer makes no letter: the history says it).
  async payment_slip_sent(_tx, event, { mail, company, facts }) {
    return [paymentSlipStaffLetter(await facts(event.bookingId), event.data.owing, await company(), mail)];
  },
};
