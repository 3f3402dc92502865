/**
 * Staff's check of customers as drivers: the list to check (with the rules already computed on
 * their coming bookings), the decision (told by e-mail; not approved cancels their bookings waiting
 * for confirmation), and the private "do not rent" mark.
 */
import { companyToday, driverProblems, DRIVER_MESSAGES, type VettingDecisionBody, type VettingEntry } from '@rental/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { bookings, cars, documents, driverDetails, users } from '../../db/schema';
import { cancelNotApproved } from '../bookings';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { isId } from '../../db/ids';
import { getCompanySettings } from '../company';
import type { EventLog } from '../../events';
import { toDriver, toVetting } from './driverDetails';
import { isDriverDocument } from './documents';
import { driverColumns } from '../../db/driverColumns';
import { userEmail } from '../../db/userEmail';

export type VettingList = 'waiting' | 'approved' | 'rejected' | 'do_not_rent';

const MISSING_FOR_STAFF = 'No driver details given yet: the rules cannot be checked.';

/** Customers shown at once: the page is a queue to work through, not an archive. */
const MAX_LISTED = 100;
/** Bookings shown with each customer, newest first. */
const BOOKINGS_SHOWN = 10;

function listWhere(list: VettingList): SQL {
  const customers = and(eq(users.role, 'user'), isNull(users.erasedAt))!;
  if (list === 'do_not_rent') return and(customers, isNotNull(users.doNotRentReason))!;
  if (list === 'waiting') {
    // Not approved, then changed their details: waiting for another look (still refused meanwhile).
    const changedSince = sql`(${users.vettingStatus} = 'rejected' AND EXISTS (SELECT 1 FROM driver_details d WHERE d.user_id = ${users.id} AND d.updated_at > ${users.vettedAt}))`;
    return and(customers, or(eq(users.vettingStatus, 'waiting'), changedSince))!;
  }
  return and(customers, eq(users.vettingStatus, list))!;
}

/** The customers of one list, each as staff check them. */
export async function vettingList(db: Database, list: VettingList, only?: string): Promise<VettingEntry[]> {
  const people = await db
    .select({
      id: users.id,
      name: users.name,
      email: userEmail,
      phone: users.phone,
      status: users.vettingStatus,
      reason: users.vettingReason,
      doNotRent: users.doNotRentReason,
    })
    .from(users)
    .where(only ? eq(users.id, only) : listWhere(list))
    // The longest waiting first; decided lists newest decision first.
    .orderBy(list === 'waiting' ? asc(users.createdAt) : desc(users.vettedAt), asc(users.id))
    .limit(MAX_LISTED);
  if (people.length === 0) return [];
  const ids = people.map((p) => p.id);
  const [drivers, files, rented, company] = await Promise.all([
    db
      .select({ userId: driverDetails.userId, ...driverColumns })
      .from(driverDetails)
      .where(inArray(driverDetails.userId, ids)),
    db
      .select({
        id: documents.id,
        userId: documents.userId,
        kind: documents.kind,
        uploadedAt: documents.uploadedAt,
        mimeType: documents.mimeType,
        size: documents.size,
      })
      .from(documents)
      .where(and(inArray(documents.userId, ids), isNull(documents.bookingId)))
      .orderBy(asc(documents.uploadedAt)),
    db
      .select({
        userId: bookings.userId,
        reference: bookings.reference,
        pickupDate: bookings.pickupDate,
        returnDate: bookings.returnDate,
        status: bookings.status,
        car: sql<string>`${cars.brand} || ' ' || ${cars.model}`,
      })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .where(inArray(bookings.userId, ids))
      .orderBy(desc(bookings.createdAt), desc(bookings.id)),
    getCompanySettings(db),
  ]);
  const today = companyToday();
  return people.map((person) => {
    const row = drivers.find((d) => d.userId === person.id);
    const driver = row ? toDriver(row) : null;
    const own = rented.filter((b) => b.userId === person.id);
    const coming = own
      .filter((b) => (b.status === 'pending' || b.status === 'confirmed') && b.returnDate >= today)
      .sort((a, b) => a.pickupDate.localeCompare(b.pickupDate));
    const rentals = coming.length > 0 ? coming : [{ reference: null, pickupDate: today, returnDate: today }];
    return {
      _id: person.id,
      name: person.name,
      email: person.email,
      phone: person.phone ?? '',
      driver,
      vetting: toVetting(person.status, person.reason),
      doNotRent: person.doNotRent,
      documents: files
        .filter((f) => f.userId === person.id)
        .filter(isDriverDocument)
        .map((f) => ({ _id: f.id, kind: f.kind, uploadedAt: f.uploadedAt.toISOString(), mimeType: f.mimeType, size: f.size })),
      checks: rentals.map((rental) => ({
        reference: rental.reference,
        pickupDate: rental.pickupDate,
        returnDate: rental.returnDate,
        // Staff read them: the customer is named, not spoken to.
        problems: driver ? driverProblems(driver, rental, company, person.name).map((p) => p.message) : [MISSING_FOR_STAFF],
      })),
      bookings: own.slice(0, BOOKINGS_SHOWN).map(({ reference, car, pickupDate, returnDate, status }) => ({ reference, car, pickupDate, returnDate, status })),
    };
  });
}

/** The customer's row, locked for the change; staff accounts and erased ones are not vetted. */
async function lockedCustomer(tx: Parameters<Parameters<Database['transaction']>[0]>[0], userId: string) {
  if (!isId(userId)) throw new HttpError(404, DRIVER_MESSAGES.customerNotFound);
  const [row] = await tx
    .select({ id: users.id, name: users.name, email: userEmail, role: users.role, erasedAt: users.erasedAt, status: users.vettingStatus })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row || row.erasedAt) throw new HttpError(404, DRIVER_MESSAGES.customerNotFound);
  if (row.role === 'owner') throw new HttpError(409, DRIVER_MESSAGES.vettingStaff);
  return row;
}

export async function decideVetting(
  db: Database,
  staffId: string,
  body: VettingDecisionBody,
  events: EventLog,
): Promise<{ message: string; customer: VettingEntry }> {
  const { userId, decision } = body;
  const reason = body.reason?.trim() || null;
  await db.transaction(async (tx) => {
    await actAs(tx, staffId);
    await lockedCustomer(tx, userId);
    const [given] = await tx.select({ updatedAt: driverDetails.updatedAt }).from(driverDetails).where(eq(driverDetails.userId, userId));
    if (decision === 'approved' && !given) throw new HttpError(409, DRIVER_MESSAGES.vettingNeedsDriver);
    // Staff decide on the details they saw: changed since, they look again.
    if (body.detailsUpdatedAt && given && given.updatedAt.toISOString() !== new Date(body.detailsUpdatedAt).toISOString()) {
      throw new HttpError(409, DRIVER_MESSAGES.vettingDetailsChanged);
    }
    await tx
      .update(users)
      .set({ vettingStatus: decision, vettingReason: decision === 'rejected' ? reason : null, vettedAt: new Date() })
      .where(eq(users.id, userId));
    // The customer is told by e-mail, made from the decision's event.
    if (decision === 'approved') {
      await events.record(tx, [{ kind: 'driver_approved', bookingId: null, actorId: staffId, data: { userId } }]);
      return;
    }
    // Not approved: their holds end now, their days free for others; the one letter lists them.
    const cancelled = await cancelNotApproved(tx, events, userId, staffId);
    await events.record(tx, [
      {
        kind: 'driver_rejected',
        bookingId: null,
        actorId: staffId,
        data: { userId, reason: reason ?? '', cancelled: cancelled.map((b) => b.reference).sort() },
      },
    ]);
  });
  const [customer] = await vettingList(db, 'waiting', userId);
  return { message: decision === 'approved' ? DRIVER_MESSAGES.vettingApproved : DRIVER_MESSAGES.vettingRejected, customer: customer! };
}

/** Marks (reason given) or clears (null) "do not rent". */
export async function setDoNotRent(db: Database, staffId: string, userId: string, reason: string | null): Promise<string> {
  await db.transaction(async (tx) => {
    await actAs(tx, staffId);
    await lockedCustomer(tx, userId);
    await tx.update(users).set({ doNotRentReason: reason }).where(eq(users.id, userId));
  });
  return reason === null ? DRIVER_MESSAGES.doNotRentCleared : DRIVER_MESSAGES.doNotRentSet;
}
