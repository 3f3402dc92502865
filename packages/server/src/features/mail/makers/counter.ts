/** The counter's letters: the agreement as the keys go out, the receipt as they come back, the return reminder and staff's overdue alert. */
import { eq } from 'drizzle-orm';
import { bookings, cars } from '../../../db/schema';
import { carReturnedLetter, type CounterFacts, keysHandedOverLetter, overdueAlertLetter, returnReminderLetter } from '../counterLetters';
import type { LetterMakers } from '../fromEvents';
import type { BookingFacts } from '../letters';
import type { Tx } from '../outbox';

/** The booking's facts with its car's plate, which the reminder and the alert name. */
async function withPlate(tx: Tx, facts: BookingFacts): Promise<CounterFacts> {
  const [row] = await tx.select({ plate: cars.plate }).from(bookings).innerJoin(cars, eq(cars.id, bookings.carId)).where(eq(bookings.id, facts.id));
  return { ...facts, car: { ...facts.car, plate: row?.plate ?? null } };
}

export const counterMakers: LetterMakers = {
  async check_out(_tx, event, { mail, company, facts }) {
    return [keysHandedOverLetter(await facts(event.bookingId), event.data.deposit, await company(), mail, event.data.owedAtReturn)];
  },
  async check_in(_tx, event, { mail, company, facts }) {
    return [carReturnedLetter(await facts(event.bookingId), event.data.settlement, await company(), mail)];
  },
  async return_reminded(tx, event, { mail, company, facts }) {
    return [returnReminderLetter(await withPlate(tx, await facts(event.bookingId)), { fuelOut: event.data.fuelOut }, await company(), mail)];
  },
  async overdue(tx, event, { mail, company, facts }) {
    return [overdueAlertLetter(await withPlate(tx, await facts(event.bookingId)), await company(), mail)];
  },
};
