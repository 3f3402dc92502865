/** The fleet timeline: the fleet's cars (all, or a page of them), and what holds them on each day of a range. */
import { type TimelineResponse, addDays, companyToday } from '@rental/contract';
import { and, asc, count, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
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

/** A page of the fleet: each part left out narrows nothing (no page at all: every car, as before pages). */
export interface CarsPage {
  /** Cars of the order before the page. */
  carsFrom?: number;
  /** Cars on the page. */
  cars?: number;
  /** Words that must all appear in the make, model or plate. */
  search?: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Cars still in the fleet matching every word of the search, in any case. The plate is searched as
 * written and without its spaces and dashes, so "PK1234" finds "PK 1234".
 */
function fleetWhere(search: string | undefined): SQL {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const text = sql`lower(${cars.brand} || ' ' || ${cars.model} || ' ' || coalesce(${cars.plate}, '') || ' ' || regexp_replace(coalesce(${cars.plate}, ''), '[ -]', '', 'g'))`;
  return and(isNull(cars.deletedAt), ...words.map((word) => sql`${text} LIKE ${`%${escapeLike(word)}%`}`))!;
}

const fleetOrder = [asc(cars.brand), asc(cars.model), asc(cars.id)];

export async function timeline(db: Database, from: string, days: number, today = companyToday(), page: CarsPage = {}): Promise<TimelineResponse> {
  const to = addDays(from, days - 1);
  const where = fleetWhere(page.search);
  const cut = page.cars !== undefined || (page.carsFrom ?? 0) > 0;
  /** The cut of a statement over the fleet's order. */
  const inOrder = <T extends { limit: (n: number) => T; offset: (n: number) => T }>(query: T): T => {
    const limited = page.cars === undefined ? query : query.limit(page.cars);
    return page.carsFrom ? limited.offset(page.carsFrom) : limited;
  };
  // The page's cars' bookings and blocks, by the page's ids picked in the same order (a subquery of each
  // statement), or without a page those of every car still in the fleet.
  const pageCars =
    cut || page.search
      ? inOrder(
          db
            .select({ id: cars.id })
            .from(cars)
            .where(where)
            .orderBy(...fleetOrder)
            .$dynamic(),
        )
      : undefined;
  const ofThePage = (carId: typeof bookings.carId | typeof carBlocks.carId) => (pageCars ? inArray(carId, pageCars) : isNull(cars.deletedAt));
  const [fleet, bookingRows, blockRows, movements, company, papers] = await Promise.all([
    inOrder(
      db
        .select({
          id: cars.id,
          brand: cars.brand,
          model: cars.model,
          imageId: cars.imageId,
          plate: cars.plate,
          // How many match, counted before the cut, in the statement that cuts.
          matching: sql<number>`count(*) OVER ()`.mapWith(Number),
        })
        .from(cars)
        .where(where)
        .orderBy(...fleetOrder)
        .$dynamic(),
    ),
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
      .where(and(ofThePage(bookings.carId), holdsItsDays(), touchesDays(from, to)))
      .orderBy(asc(bookings.pickupDate)),
    db
      .select({ id: carBlocks.id, carId: carBlocks.carId, pickupDate: carBlocks.pickupDate, returnDate: carBlocks.returnDate, note: carBlocks.note })
      .from(carBlocks)
      .innerJoin(cars, eq(cars.id, carBlocks.carId))
      .where(and(ofThePage(carBlocks.carId), lte(carBlocks.pickupDate, to), gte(carBlocks.returnDate, from)))
      .orderBy(asc(carBlocks.pickupDate)),
    todaysMovements(db, today),
    getCompanySettings(db),
    // Read once for the fleet: a paper column on each car's and each booking's row cost ~40 ms of PGlite at 1,000 cars.
    currentPapersByCar(db),
  ]);
  // A place past the last car has no row to carry the count.
  const carsTotal = fleet[0]?.matching ?? (page.carsFrom ? (await db.select({ n: count() }).from(cars).where(where))[0]!.n : 0);
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
    carsTotal,
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
