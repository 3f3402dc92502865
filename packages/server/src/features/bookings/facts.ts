/**
 * What letters say about a booking (its facts), read inside the transaction that changed it. A
 * transaction that has already read them with its booking's lock (the counter's locked select
 * carries `bookingFactsColumns`) hands them over with rememberBookingFacts, and the letters of its
 * events do not read them again: one round trip fewer on the transaction's one connection
 * (bench/counter-checkout.mjs). Steps of the booking's life (life.ts) keep what is remembered true.
 */
import type { BookingStatus, PaymentMethod, Quote } from '@rental/contract';
import { eq, inArray } from 'drizzle-orm';
import { bookings, cars, users } from '../../db/schema';
import type { Database, Tx } from '../../db/types';
import { userEmail } from '../../db/userEmail';

export interface BookingFacts {
  id: string;
  reference: string;
  status: BookingStatus;
  pickupDate: string;
  returnDate: string;
  price: number;
  paymentMethod: PaymentMethod;
  holdExpiresAt: Date | null;
  /** Its price lines as quoted (null for a booking made before quotes). */
  quote: Quote | null;
  car: { brand: string; model: string; year: number; location: string };
  customer: { name: string; email: string; phone: string | null };
}

/** The columns of a select of bookings joined to its car and its customer that make its facts. */
export const bookingFactsColumns = {
  id: bookings.id,
  reference: bookings.reference,
  status: bookings.status,
  pickupDate: bookings.pickupDate,
  returnDate: bookings.returnDate,
  price: bookings.price,
  paymentMethod: bookings.paymentMethod,
  holdExpiresAt: bookings.holdExpiresAt,
  quote: bookings.quote,
  car: { brand: cars.brand, model: cars.model, year: cars.year, location: cars.location },
  customer: { name: users.name, email: userEmail, phone: users.phone },
};

const remembered = new WeakMap<Tx | Database, Map<string, BookingFacts>>();

/** Facts read under the booking's lock (a row with bookingFactsColumns, and more), kept for this transaction's letters. */
export function rememberBookingFacts(tx: Tx, row: BookingFacts): void {
  const known = remembered.get(tx) ?? new Map<string, BookingFacts>();
  const { id, reference, status, pickupDate, returnDate, price, paymentMethod, holdExpiresAt, quote, car, customer } = row;
  known.set(id, {
    id,
    reference,
    status,
    pickupDate,
    returnDate,
    price,
    paymentMethod,
    holdExpiresAt,
    quote,
    car: { brand: car.brand, model: car.model, year: car.year, location: car.location },
    customer: { name: customer.name, email: customer.email, phone: customer.phone },
  });
  remembered.set(tx, known);
}

/** A step just written: what is remembered says it too, or is forgotten (a hold worked out by the database). */
export function stepRemembered(tx: Tx, bookingId: string, status: BookingStatus, holdExpiresAt: unknown): void {
  const known = remembered.get(tx);
  const facts = known?.get(bookingId);
  if (!known || !facts) return;
  if (holdExpiresAt === null || holdExpiresAt instanceof Date) known.set(bookingId, { ...facts, status, holdExpiresAt });
  else known.delete(bookingId);
}

/** The facts of several bookings by id: those remembered by this transaction, the others in one query. */
export async function bookingFactsOf(tx: Tx | Database, bookingIds: readonly string[]): Promise<Map<string, BookingFacts>> {
  const known = remembered.get(tx);
  const found = new Map<string, BookingFacts>();
  const unknown: string[] = [];
  for (const id of bookingIds) {
    const facts = known?.get(id);
    if (facts) found.set(id, facts);
    else unknown.push(id);
  }
  if (unknown.length === 0) return found;
  const rows = await tx
    .select(bookingFactsColumns)
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(unknown.length === 1 ? eq(bookings.id, unknown[0]!) : inArray(bookings.id, unknown));
  for (const row of rows) found.set(row.id, row);
  return found;
}
