import {
  type Booking,
  type BookingStatus,
  bookingPrice,
  type CreateBookingBody,
  MESSAGES,
  type OwnerBooking,
  rentalDatesProblem,
} from '@rental/contract';
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/types';
import { isOverlapViolation } from '../../db/types';
import { bankDetails, bookings, cars, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { imageUrl } from '../../http/imageUrl';
import { isId } from '../cars/ids';

const bookingColumns = {
  id: bookings.id,
  pickupDate: bookings.pickupDate,
  returnDate: bookings.returnDate,
  price: bookings.price,
  status: bookings.status,
  paymentMethod: bookings.paymentMethod,
  createdAt: bookings.createdAt,
  car: {
    id: cars.id,
    imageId: cars.imageId,
    brand: cars.brand,
    model: cars.model,
    year: cars.year,
    category: cars.category,
    location: cars.location,
  },
};

type BookingRow = {
  id: string;
  pickupDate: string;
  returnDate: string;
  price: number;
  status: BookingStatus;
  paymentMethod: Booking['paymentMethod'];
  createdAt: Date;
  car: { id: string; imageId: string; brand: string; model: string; year: number; category: string; location: string };
};

function toBooking(row: BookingRow): Booking {
  const { car } = row;
  return {
    _id: row.id,
    car: {
      _id: car.id,
      image: imageUrl(car.imageId),
      brand: car.brand,
      model: car.model,
      year: car.year,
      category: car.category,
      location: car.location,
    },
    pickupDate: row.pickupDate,
    returnDate: row.returnDate,
    price: row.price,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    paymentMethod: row.paymentMethod,
  };
}

const newestFirst = [desc(bookings.createdAt), desc(bookings.id)];

/** A customer's own bookings, newest first; bookings of cars deleted since still show their car. */
export async function listUserBookings(db: Database, userId: string): Promise<Booking[]> {
  const rows = await db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .where(eq(bookings.userId, userId))
    .orderBy(...newestFirst);
  return rows.map(toBooking);
}

/** Every booking with its customer's name and e-mail (never anything secret), newest first. */
export async function listOwnerBookings(db: Database, options: { where?: SQL; limit?: number } = {}): Promise<OwnerBooking[]> {
  const query = db
    .select({ ...bookingColumns, user: { id: users.id, name: users.name, email: users.email } })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(options.where)
    .orderBy(...newestFirst);
  const rows = options.limit === undefined ? await query : await query.limit(options.limit);
  return rows.map((row) => ({ ...toBooking(row), user: { _id: row.user.id, name: row.user.name, email: row.user.email } }));
}

/**
 * Books a car for a customer. The dates follow the company's rules (today to a year ahead, at
 * most 90 days, inclusive), the price is the server's, and the booking starts as pending.
 * Two bookings of one car can never share a day: the database's exclusion constraint refuses the
 * second insert whatever the concurrency, and that refusal is answered 409.
 */
export async function createBooking(db: Database, userId: string, input: CreateBookingBody): Promise<Booking> {
  const problem = rentalDatesProblem(input.pickupDate, input.returnDate);
  if (problem) throw new HttpError(400, problem.message);
  if (!isId(input.car)) throw new HttpError(404, MESSAGES.carNotFound);
  const carId = input.car;

  try {
    const id = await db.transaction(async (tx) => {
      // One booking of a car at a time: two inserts of overlapping days racing on the exclusion
      // constraint can deadlock (each waits for the other's uncommitted row), so bookings of one car
      // queue on its row instead; the second then meets the first's committed booking (409) at once.
      // A delete or update of the car also waits until this booking is in, then sees it.
      const [car] = await tx
        .select({ pricePerDay: cars.pricePerDay, isAvailable: cars.isAvailable })
        .from(cars)
        .where(and(eq(cars.id, carId), isNull(cars.deletedAt)))
        .for('no key update');
      if (!car) throw new HttpError(404, MESSAGES.carNotFound);
      if (!car.isAvailable) throw new HttpError(409, MESSAGES.carUnavailable);
      if (input.paymentMethod === 'cash_deposit') {
        const [bank] = await tx.select({ id: bankDetails.id }).from(bankDetails);
        if (!bank) throw new HttpError(409, MESSAGES.bankDetailsMissing);
      }
      const [inserted] = await tx
        .insert(bookings)
        .values({
          carId,
          userId,
          pickupDate: input.pickupDate,
          returnDate: input.returnDate,
          price: bookingPrice(car.pricePerDay, input.pickupDate, input.returnDate),
          status: 'pending',
          paymentMethod: input.paymentMethod,
        })
        .returning({ id: bookings.id });
      return inserted!.id;
    });
    return (await findBooking(db, id))!;
  } catch (err) {
    if (isOverlapViolation(err)) throw new HttpError(409, MESSAGES.datesTaken);
    throw err;
  }
}

async function findBooking(db: Database, id: string): Promise<Booking | undefined> {
  const [row] = await db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .where(eq(bookings.id, id));
  return row ? toBooking(row) : undefined;
}

/**
 * Owners may set any status. Moving a cancelled booking back to pending or confirmed claims its
 * days again; if someone booked them meanwhile the constraint refuses it (409).
 */
export async function changeBookingStatus(db: Database, bookingId: unknown, status: BookingStatus): Promise<OwnerBooking> {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ status: bookings.status, carDeletedAt: cars.deletedAt })
        .from(bookings)
        .innerJoin(cars, eq(cars.id, bookings.carId))
        .where(eq(bookings.id, bookingId))
        .for('update', { of: bookings });
      if (!current) throw new HttpError(404, MESSAGES.bookingNotFound);
      // A removed car is promised to nobody: its cancelled bookings stay cancelled.
      if (current.status === 'cancelled' && status !== 'cancelled' && current.carDeletedAt) {
        throw new HttpError(409, MESSAGES.carRemovedCannotReactivate);
      }
      await tx.update(bookings).set({ status }).where(eq(bookings.id, bookingId));
    });
  } catch (err) {
    if (isOverlapViolation(err)) throw new HttpError(409, MESSAGES.reactivateConflict);
    throw err;
  }
  const [booking] = await listOwnerBookings(db, { where: eq(bookings.id, bookingId) });
  return booking!;
}
