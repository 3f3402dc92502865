/** The letters of a booking's changes: its dates or car (the customer's, and staff's when it goes back to them), its other drivers (staff's). */
import { paymentAfterChange, rentalDays } from '@rental/contract';
import { eq } from 'drizzle-orm';
import { cars } from '../../../db/schema';
import { bookingChangedLetter, bookingChangedStaffLetter, type ChangeTold } from '../changeLetters';
import { driversAddedStaffLetter } from '../driversLetters';
import type { LetterMakers } from '../fromEvents';

export const changeMakers: LetterMakers = {
  async change(tx, event, { mail, company, facts }) {
    const { before, priceBefore, priceAfter, byStaff, confirmAgain } = event.data;
    // Only the other drivers changed: drivers_changed makes staff's letter.
    if (!before) return [];
    const [booking, settings] = await Promise.all([facts(event.bookingId), company()]);
    const [car] = await tx.select({ brand: cars.brand, model: cars.model }).from(cars).where(eq(cars.id, before.carId));
    if (!car) throw new Error(`car ${before.carId} vanished inside its own transaction`);
    const currency = booking.quote?.currency ?? settings.currency;
    const told: ChangeTold = {
      before: {
        pickupDate: before.pickupDate,
        returnDate: before.returnDate,
        days: rentalDays(before.pickupDate, before.returnDate),
        car: { _id: before.carId, name: `${car.brand} ${car.model}` },
        total: priceBefore,
      },
      currency,
      paymentNote: paymentAfterChange(before.paymentStatus, priceBefore, priceAfter, currency).note,
      confirmAgain,
    };
    const customer = bookingChangedLetter(booking, told, byStaff, settings, mail);
    return confirmAgain ? [customer, bookingChangedStaffLetter(booking, told, settings, mail)] : [customer];
  },
  // Staff hear of other drivers only when they made a confirmed booking dearer: it waits for them again.
  async drivers_changed(_tx, event, { mail, company, facts }) {
    if (!event.data.confirmAgain) return [];
    return [driversAddedStaffLetter(await facts(event.bookingId), event.data.priceBefore, await company(), mail)];
  },
};
