/** The letters of a booking's own steps: made, confirmed, cancelled, expired. */
import type { LetterMakers } from '../fromEvents';
import { bookingConfirmedLetter, bookingMadeLetter, bookingMadeStaffLetter, holdExpiredLetter } from '../letters';
import { bookingCancelledLetter, cancelledByCustomerLetter, cancelledByYouLetter } from '../cancelLetters';

export const bookingMakers: LetterMakers = {
  // The customer hears of their booking unless staff confirm it at once (then the confirmation is their letter); staff always do.
  async book(_tx, event, { mail, company, bank, facts }) {
    const booking = await facts(event.bookingId);
    const settings = await company();
    const staff = bookingMadeStaffLetter(booking, settings, mail);
    if (event.data.confirmAtOnce) return [staff];
    return [bookingMadeLetter(booking, booking.paymentMethod === 'cash_deposit' ? await bank() : null, settings, mail), staff];
  },
  async confirm(_tx, event, { mail, company, facts }) {
    return [bookingConfirmedLetter(await facts(event.bookingId), await company(), mail)];
  },
  async cancel_by_staff(_tx, event, { mail, company, facts }) {
    return [bookingCancelledLetter(await facts(event.bookingId), event.data.refund, await company(), mail)];
  },
  async cancel_by_customer(_tx, event, { mail, company, facts }) {
    // Their own cancellation is no news to the customer, unless money comes back: then what, how and when, in writing.
    const [booking, settings] = [await facts(event.bookingId), await company()];
    const staff = cancelledByCustomerLetter(booking, event.data.refund, settings, mail);
    return (event.data.refund?.amount ?? 0) > 0 ? [cancelledByYouLetter(booking, event.data.refund, settings, mail), staff] : [staff];
  },
  async expire(_tx, event, { mail, company, facts }) {
    return [holdExpiredLetter(await facts(event.bookingId), await company(), mail)];
  },
};
