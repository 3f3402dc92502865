/** Reading bookings: a customer's own, one in full by reference, and the staff's list. */
import {
  type AdditionalDriver,
  type Booking,
  type Quote,
  type BookingDetail,
  type BookingStatus,
  type StaffBooking,
  type PaymentStatus,
  type StatusReason,
  type VettingStatus,
} from '@rental/contract';
import { and, asc, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { bookingEvents, bookings, cars, documents, users } from '../../db/schema';
import type { Database, Tx } from '../../db/types';
import { imageUrl } from '../../http/imageUrl';
import { counterRecordOf } from './counterRecord';
import { lastCardPayment } from './cardAttempts';
import { normaliseReference, REFERENCE_PATTERN } from './reference';

/** A booking's own columns (no joins). */
const bookingOwnColumns = {
  id: bookings.id,
  reference: bookings.reference,
  pickupDate: bookings.pickupDate,
  returnDate: bookings.returnDate,
  price: bookings.price,
  status: bookings.status,
  statusReason: bookings.statusReason,
  paymentMethod: bookings.paymentMethod,
  holdExpiresAt: bookings.holdExpiresAt,
  paymentStatus: bookings.paymentStatus,
  additionalDrivers: bookings.additionalDrivers,
  quote: bookings.quote,
  createdAt: bookings.createdAt,
  // Checked in online (features/onlineCheckIn, migrations/0048): when, and the signed agreement's SHA-256.
  onlineCheckIn: sql<CheckInRow | string | null>`(SELECT json_build_object('completedAt', c.completed_at, 'agreementSha256', c.agreement_sha256)
    FROM online_check_ins c WHERE c.booking_id = ${bookings.id} AND c.completed_at IS NOT NULL)`,
};

type CheckInRow = { completedAt: string; agreementSha256: string };

/** The online check-in as the booking answers it: absent until completed (the SPEC's shape, extended). */
function onlineCheckInOf(value: CheckInRow | string | null | undefined): Pick<Booking, 'onlineCheckIn'> {
  if (!value) return {};
  const row = typeof value === 'string' ? (JSON.parse(value) as CheckInRow) : value;
  return { onlineCheckIn: { completedAt: new Date(row.completedAt).toISOString(), agreementSha256: row.agreementSha256 } };
}

export const bookingColumns = {
  ...bookingOwnColumns,
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

/** A booking as read with its car (bookingColumns), or as book_car returns it. */
export type BookingRow = {
  id: string;
  reference: string;
  pickupDate: string;
  returnDate: string;
  price: number;
  status: BookingStatus;
  statusReason: StatusReason | null;
  paymentMethod: Booking['paymentMethod'];
  holdExpiresAt: Date | null;
  paymentStatus: PaymentStatus;
  /** Left out by book_car (a new booking names no other driver yet). */
  additionalDrivers?: AdditionalDriver[];
  quote: Quote | null;
  createdAt: Date;
  /** Left out by book_car (a new booking is not checked in). */
  onlineCheckIn?: CheckInRow | string | null;
  car: { id: string; imageId: string; brand: string; model: string; year: number; category: string; location: string };
};

export function toBooking(row: BookingRow): Booking {
  const { car } = row;
  return {
    _id: row.id,
    reference: row.reference,
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
    statusReason: row.status === 'cancelled' ? row.statusReason : null,
    createdAt: row.createdAt.toISOString(),
    paymentMethod: row.paymentMethod,
    holdExpiresAt: row.status === 'pending' && row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
    paymentStatus: row.paymentStatus,
    additionalDrivers: row.additionalDrivers ?? [],
    quote: row.quote,
    ...onlineCheckInOf(row.onlineCheckIn),
  };
}

export const newestFirst = [desc(bookings.createdAt), desc(bookings.id)];

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

export async function findBooking(db: Database | Tx, where: SQL): Promise<Booking | undefined> {
  const [row] = await db.select(bookingColumns).from(bookings).innerJoin(cars, eq(cars.id, bookings.carId)).where(where);
  return row ? toBooking(row) : undefined;
}

/** One of the customer's bookings in full, by the reference they quote; someone else's is not found. */
export async function findUserBooking(db: Database, userId: string, reference: string): Promise<BookingDetail | undefined> {
  const wanted = normaliseReference(reference);
  if (!REFERENCE_PATTERN.test(wanted)) return undefined;
  const booking = await findBooking(db, and(eq(bookings.reference, wanted), eq(bookings.userId, userId))!);
  if (!booking) return undefined;
  const history = await db
    .select({ status: bookingEvents.status, reason: bookingEvents.reason, at: bookingEvents.at })
    .from(bookingEvents)
    // The steps of its life (those that set a status); its money and reminders are in its folio and letters.
    .where(and(eq(bookingEvents.bookingId, booking._id), isNotNull(bookingEvents.status)))
    .orderBy(asc(bookingEvents.at), asc(bookingEvents.id));
  const [cardPayment, counter] = await Promise.all([lastCardPayment(db, booking._id), counterRecordOf(db, booking._id)]);
  return { ...booking, history: statusSteps(history), cardPayment, counter };
}

/**
 * The customer's history: each status the booking reached, once. A change of dates that kept its
 * status is a step of its life too (booking_events), but to the customer it is not a new status.
 */
function statusSteps(events: { status: BookingStatus | null; reason: StatusReason | null; at: Date }[]) {
  const steps: { status: BookingStatus; reason: StatusReason | null; at: string }[] = [];
  for (const event of events) {
    if (!event.status || steps.at(-1)?.status === event.status) continue;
    steps.push({ status: event.status, reason: event.reason, at: event.at.toISOString() });
  }
  return steps;
}

export const staffBookingColumns = {
  ...bookingColumns,
  user: {
    id: users.id,
    name: users.name,
    // An erased customer's stand-in address is nobody's: staff (and the export) see none.
    email: sql<string>`CASE WHEN ${users.erasedAt} IS NULL THEN coalesce(${users.email}, '') ELSE '' END`,
    phone: users.phone,
    vetting: users.vettingStatus,
    doNotRent: sql<boolean>`(${users.doNotRentReason} IS NOT NULL)`,
  },
  // The customer's deposit slips (features/paymentSlips): staff see at a glance which deposits to look for in the bank.
  slipsSent: sql<number>`(SELECT count(*)::int FROM ${documents} d WHERE d.booking_id = ${bookings.id})`.mapWith(Number),
};

export type StaffBookingRow = BookingRow & {
  user: { id: string; name: string; email: string; phone: string | null; vetting: VettingStatus; doNotRent: boolean };
  slipsSent: number;
};

export function toStaffBooking(row: StaffBookingRow): StaffBooking {
  const { user } = row;
  return {
    ...toBooking(row),
    user: { _id: user.id, name: user.name, email: user.email, phone: user.phone ?? '', vetting: user.vetting, doNotRent: user.doNotRent },
    slipsSent: row.slipsSent,
  };
}

/** Every booking with its customer's name, e-mail and phone (never anything secret), newest first. */
export async function listStaffBookings(db: Database, options: { where?: SQL; limit?: number } = {}): Promise<StaffBooking[]> {
  const query = db
    .select(staffBookingColumns)
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(options.where)
    .orderBy(...newestFirst);
  const rows = options.limit === undefined ? await query : await query.limit(options.limit);
  return rows.map(toStaffBooking);
}
