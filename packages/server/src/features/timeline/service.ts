/** The fleet timeline: every car of the fleet, and what holds it on each day of a range. */
import { type TimelineResponse, addDays, companyToday } from '@rental/contract';
import { and, asc, eq, gte, isNull, lte } from 'drizzle-orm';
import { bookings, carBlocks, cars, users } from '../../db/schema';
import type { Database } from '../../db/types';
import { imageUrl } from '../../http/imageUrl';
import { toBlock } from '../blocks';
import { todaysMovements } from './today';
import { getCompanySettings } from '../company';
import { isOverdue } from '../counter';
import { currentPapersByCar, paperDueAmong } from '../carPapers';
import { holdsItsDays, touchesDays } from '../../db/bookingDays';

export const DEFAULT_TIMELINE_DAYS = 35;

export async function timeline(db: Database, from: string, days: number, today = companyToday()): Promise<TimelineResponse> {
  const to = addDays(from, days - 1);
  const [fleet, bookingRows, blockRows, movements, company, papers] = await Promise.all([
    db
      .select({
        id: cars.id,
        brand: cars.brand,
        model: cars.model,
        imageId: cars.imageId,
        plate: cars.plate,
      })
      .from(cars)
      .where(isNull(cars.deletedAt))
      .orderBy(asc(cars.brand), asc(cars.model), asc(cars.id)),
    db
      .select({
        id: bookings.id,
        reference: bookings.reference,
        carId: bookings.carId,
        pickupDate: bookings.pickupDate,
        returnDate: bookings.returnDate,
        status: bookings.status,
        name: users.name,
        phone: users.phone,
      })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.userId))
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .where(and(isNull(cars.deletedAt), holdsItsDays(), touchesDays(from, to)))
      .orderBy(asc(bookings.pickupDate)),
    db
      .select({ id: carBlocks.id, carId: carBlocks.carId, pickupDate: carBlocks.pickupDate, returnDate: carBlocks.returnDate, note: carBlocks.note })
      .from(carBlocks)
      .innerJoin(cars, eq(cars.id, carBlocks.carId))
      .where(and(isNull(cars.deletedAt), lte(carBlocks.pickupDate, to), gte(carBlocks.returnDate, from)))
      .orderBy(asc(carBlocks.pickupDate)),
    todaysMovements(db, today),
    getCompanySettings(db),
    // Read once for the fleet: a paper column on each car's and each booking's row cost ~40 ms of PGlite at 1,000 cars.
    currentPapersByCar(db),
  ]);
  const now = new Date();
  return {
    success: true,
    from,
    days,
    cars: fleet.map((c) => ({
      _id: c.id,
      brand: c.brand,
      model: c.model,
      image: imageUrl(c.imageId),
      plate: c.plate,
      paperAlert: paperDueAmong(papers.get(c.id), today),
    })),
    bookings: bookingRows.map((b) => ({
      _id: b.id,
      reference: b.reference,
      car: b.carId,
      pickupDate: b.pickupDate,
      returnDate: b.returnDate,
      status: b.status,
      customer: { name: b.name, phone: b.phone ?? '' },
      overdue: isOverdue(b, company, now),
      // A booking still to run: one that ended is history.
      paperAlert: b.status === 'pending' || b.status === 'confirmed' || b.status === 'on_rent' ? paperDueAmong(papers.get(b.carId), b.returnDate) : null,
    })),
    blocks: blockRows.map(toBlock),
    today: movements,
  };
}
