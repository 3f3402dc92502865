/**
 * What online check-in reads of a booking, in one query: the booking and its car, the customer
 * (their details, documents and the company's check of them), the company's settings and the
 * check-in's own row. The state (state.ts), the code (code.ts) and the completion (complete.ts) all
 * start from it, so the steps shown are the steps checked.
 */
import { type AdditionalDriver, type CompanySettings, type DocumentKind, DOCUMENT_KINDS, MESSAGES, type Quote, type VettingStatus } from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { driverColumns } from '../../db/driverColumns';
import { isId } from '../../db/ids';
import { bookings, cars, driverDetails, onlineCheckIns, users } from '../../db/schema';
import type { Database, Tx } from '../../db/types';
import { HttpError } from '../../http/errors';
import { companySettingsColumn, companySettingsOf, getCompanySettings } from '../company';

/** Who asks: the booking's customer, or staff (role owner, as the session says). */
export interface Reader {
  id: string;
  role: string;
}

export const isStaff = (reader: Reader) => reader.role === 'owner';

const kindList = sql.join(
  DOCUMENT_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
);

export async function readCheckIn(db: Database | Tx, reader: Reader, bookingId: string, options: { lock?: boolean; customerOnly?: boolean } = {}) {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  // The booking's row is locked first, on its own: a second completion at the same moment waits
  // here, then reads everything afresh (a lock taken in the join itself would re-read the booking
  // but not the check-in row beside it, on PostgreSQL, and sign twice).
  if (options.lock) await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).for('update');
  const query = db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      userId: bookings.userId,
      status: bookings.status,
      pickupDate: bookings.pickupDate,
      returnDate: bookings.returnDate,
      paymentMethod: bookings.paymentMethod,
      additionalDrivers: bookings.additionalDrivers,
      quote: bookings.quote,
      company: companySettingsColumn(),
      car: {
        brand: cars.brand,
        model: cars.model,
        year: cars.year,
        plate: cars.plate,
        category: cars.category,
        location: cars.location,
        distancePerDay: cars.distancePerDay,
      },
      customer: {
        name: users.name,
        email: users.email,
        phone: users.phone,
        vetting: users.vettingStatus,
        doNotRent: sql<boolean>`(${users.doNotRentReason} IS NOT NULL)`,
      },
      licence: { ...driverColumns, present: sql<boolean | null>`(${driverDetails.userId} IS NOT NULL)` },
      documentKinds: sql<
        DocumentKind[]
      >`(SELECT coalesce(json_agg(DISTINCT d.kind), '[]'::json) FROM documents d WHERE d.user_id = ${bookings.userId} AND d.kind IN (${kindList}))`,
      // The row's key first: drizzle reads a left-joined object as absent when its first column is null.
      checkIn: {
        bookingId: onlineCheckIns.bookingId,
        codeHash: onlineCheckIns.codeHash,
        codeSentAt: onlineCheckIns.codeSentAt,
        codeExpiresAt: onlineCheckIns.codeExpiresAt,
        codeTries: onlineCheckIns.codeTries,
        trail: onlineCheckIns.trail,
        pickupTime: onlineCheckIns.pickupTime,
        flightNumber: onlineCheckIns.flightNumber,
        agreementSha256: onlineCheckIns.agreementSha256,
        completedAt: onlineCheckIns.completedAt,
      },
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(driverDetails, eq(driverDetails.userId, bookings.userId))
    .leftJoin(onlineCheckIns, eq(onlineCheckIns.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId));
  const [row] = await query;
  const mayRead = row && (row.userId === reader.id || (!options.customerOnly && isStaff(reader)));
  if (!row || !mayRead) throw new HttpError(404, MESSAGES.bookingNotFound);
  const company: CompanySettings = options.lock ? await companySettingsOf(db as Tx, row.company) : await getCompanySettings(db);
  return {
    ...row,
    company,
    additionalDrivers: row.additionalDrivers as AdditionalDriver[],
    quote: row.quote as Quote | null,
    customer: { ...row.customer, vetting: row.customer.vetting as VettingStatus },
    licence: row.licence?.present ? row.licence : null,
    documentKinds: (typeof row.documentKinds === 'string' ? JSON.parse(row.documentKinds) : row.documentKinds) as DocumentKind[],
    checkIn: row.checkIn?.bookingId ? row.checkIn : null,
  };
}

export type CheckInFacts = Awaited<ReturnType<typeof readCheckIn>>;
