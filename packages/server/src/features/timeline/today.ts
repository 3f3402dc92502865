/**
 * Today's pickups and returns: the bookings (not cancelled) whose pickup or return day is today in
 * Jamaica. Self-contained, so the staff dashboard can show the same lists.
 */
import { type Movement, type TodaysMovements, companyToday } from '@rental/contract';
import { and, asc, eq, or } from 'drizzle-orm';
import { bookings, cars, users } from '../../db/schema';
import type { Database, Tx } from '../../db/types';
import { holdsItsDays, touchesDays } from '../../db/bookingDays';

export async function todaysMovements(db: Database | Tx, today = companyToday()): Promise<TodaysMovements> {
  const rows = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      carId: bookings.carId,
      pickupDate: bookings.pickupDate,
      returnDate: bookings.returnDate,
      status: bookings.status,
      name: users.name,
      phone: users.phone,
      brand: cars.brand,
      model: cars.model,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(cars, eq(cars.id, bookings.carId))
    // touchesDays first narrows to the bookings on today by the period's index; the pickup or return day is then checked on those few.
    .where(and(holdsItsDays(), touchesDays(today, today), or(eq(bookings.pickupDate, today), eq(bookings.returnDate, today))))
    .orderBy(asc(cars.brand), asc(cars.model), asc(bookings.reference));
  const movements: Movement[] = rows.map((r) => ({
    _id: r.id,
    reference: r.reference,
    car: r.carId,
    carName: `${r.brand} ${r.model}`,
    pickupDate: r.pickupDate,
    returnDate: r.returnDate,
    status: r.status,
    customer: { name: r.name, phone: r.phone ?? '' },
  }));
  return {
    date: today,
    pickups: movements.filter((m) => m.pickupDate === today),
    returns: movements.filter((m) => m.returnDate === today),
  };
}
