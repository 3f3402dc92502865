import { type Car, type CheckAvailabilityBody, type ReservedDateRange, companyToday, DEFAULT_DISTANCE_PER_DAY, DEFAULT_DOORS } from '@rental/contract';
import { and, asc, desc, eq, gte, inArray, isNull, lte, notExists, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/types';
import { bookings, carBlocks, cars } from '../../db/schema';
import { imageUrl } from '../../http/imageUrl';
import { isId } from '../../db/ids';
import { picturesOf } from './pictures';
import { holdsItsDays } from '../../db/bookingDays';

export type CarRow = typeof cars.$inferSelect;

/** What a customer may see: deleted cars are gone for them; unavailable ones are left out of lists. */
const notDeleted = isNull(cars.deletedAt);
const offeredToCustomers = and(notDeleted, eq(cars.isAvailable, true));
const newestFirst = [desc(cars.createdAt), desc(cars.id)];

/**
 * `pictures`: the car's picture URLs in order (its cover alone when none are listed). `forStaff`:
 * with its plate and odometer, which the lot needs and customers do not.
 */
export function toCar(row: CarRow, reservedDates: ReservedDateRange[], pictures: string[] = [], forStaff = false): Car {
  return {
    _id: row.id,
    brand: row.brand,
    model: row.model,
    year: row.year,
    pricePerDay: row.pricePerDay,
    category: row.category,
    transmission: row.transmission,
    fuel_type: row.fuelType,
    seating_capacity: row.seatingCapacity,
    location: row.location,
    description: row.description,
    image: imageUrl(row.imageId),
    isAvaliable: row.isAvailable,
    reservedDates,
    createdAt: row.createdAt.toISOString(),
    doors: row.doors ?? DEFAULT_DOORS,
    distancePerDay: row.distancePerDay ?? DEFAULT_DISTANCE_PER_DAY,
    pictures: pictures.length > 0 ? pictures : [imageUrl(row.imageId)],
    ...(forStaff && { plate: row.plate, odometerKm: row.odometerKm }),
  };
}

/**
 * The days each car is promised: its bookings that are not cancelled and its service blocks, not
 * over yet (ended before today in Jamaica), earliest first. Derived, never stored.
 */
export async function reservedDatesOf(db: Database, carIds: string[], today = companyToday()) {
  const byCar = new Map<string, ReservedDateRange[]>();
  if (carIds.length === 0) return byCar;
  const rows = await db
    .select({ carId: bookings.carId, pickupDate: bookings.pickupDate, returnDate: bookings.returnDate })
    .from(bookings)
    .where(and(inArray(bookings.carId, carIds), holdsItsDays(), gte(bookings.returnDate, today)))
    .orderBy(asc(bookings.pickupDate), asc(bookings.returnDate));
  // Service blocks are reserved days too: customers see the days, never the note.
  const blocked = await db
    .select({ carId: carBlocks.carId, pickupDate: carBlocks.pickupDate, returnDate: carBlocks.returnDate })
    .from(carBlocks)
    .where(and(inArray(carBlocks.carId, carIds), gte(carBlocks.returnDate, today)));
  for (const { carId, pickupDate, returnDate } of [...rows, ...blocked]) {
    const list = byCar.get(carId) ?? [];
    list.push({ pickupDate, returnDate });
    byCar.set(carId, list);
  }
  // Earliest first, bookings and blocks together (they never share a day).
  for (const list of byCar.values()) list.sort((a, b) => (a.pickupDate < b.pickupDate ? -1 : a.pickupDate > b.pickupDate ? 1 : 0));
  return byCar;
}

export async function toCars(db: Database, rows: CarRow[], today = companyToday(), forStaff = false): Promise<Car[]> {
  const ids = rows.map((r) => r.id);
  const [reserved, pictures] = await Promise.all([reservedDatesOf(db, ids, today), picturesOf(db, ids)]);
  return rows.map((row) => toCar(row, reserved.get(row.id) ?? [], pictures.get(row.id), forStaff));
}

async function selectCars(db: Database, where: SQL | undefined, today = companyToday(), forStaff = false): Promise<Car[]> {
  const rows = await db
    .select()
    .from(cars)
    .where(where)
    .orderBy(...newestFirst);
  return toCars(db, rows, today, forStaff);
}

/** The public fleet: cars a customer can book (not deleted, marked available), newest first. */
export function listCarsForCustomers(db: Database, today = companyToday()): Promise<Car[]> {
  return selectCars(db, offeredToCustomers, today);
}

/** The owner's fleet: every car not deleted, available or not, newest first. */
export function listFleet(db: Database): Promise<Car[]> {
  return selectCars(db, notDeleted, companyToday(), true);
}

/** A car that is not deleted (available or not), by id; undefined for unknown or malformed ids. */
export async function findCarRow(db: Database, id: unknown): Promise<CarRow | undefined> {
  if (!isId(id)) return undefined;
  const [row] = await db
    .select()
    .from(cars)
    .where(and(eq(cars.id, id), notDeleted));
  return row;
}

export async function findCar(db: Database, id: unknown, today = companyToday(), forStaff = false): Promise<Car | undefined> {
  const row = await findCarRow(db, id);
  return row ? (await toCars(db, [row], today, forStaff))[0] : undefined;
}

/** Cars at the location that can be booked and have no live booking or block on any of the days (inclusive). */
export function availableCars(db: Database, { location, pickupDate, returnDate }: CheckAvailabilityBody, today = companyToday()): Promise<Car[]> {
  const sharesADay = db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.carId, cars.id), holdsItsDays(), lte(bookings.pickupDate, returnDate), gte(bookings.returnDate, pickupDate)));
  const blockedOnADay = db
    .select({ id: carBlocks.id })
    .from(carBlocks)
    .where(and(eq(carBlocks.carId, cars.id), lte(carBlocks.pickupDate, returnDate), gte(carBlocks.returnDate, pickupDate)));
  return selectCars(db, and(offeredToCustomers, eq(cars.location, location), notExists(sharesADay), notExists(blockedOnADay)), today);
}
