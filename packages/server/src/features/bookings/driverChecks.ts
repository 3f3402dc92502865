/**
 * The drivers' side of taking a booking, read in the booking's own transaction: a customer staff did
 * not approve or marked "do not rent" is refused with a neutral sentence; a driver who breaks the
 * company's rules on the booking's days is refused with the rule (driverRules.ts); a customer who
 * has not given their details may book (a reservation) and is told what is missing. A customer
 * booking for themselves needs a phone number on their account: the company must be able to call
 * about the booking (staff booking for a caller have it from the call).
 * A booking's rule, so it lives here (it was drivers/bookingRules.ts): drivers and bookingChanges call
 * bookings, and bookings calls no feature above it.
 */
import { type CompanySettings, driverProblems, DRIVER_MESSAGES, REFUSAL_CODES } from '@rental/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { driverDetails, users } from '../../db/schema';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { driverColumns } from '../../db/driverColumns';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DriverCheck {
  refusal?: HttpError;
  /** No driver details yet: the booking is taken, and the customer told. */
  detailsMissing: boolean;
}

/**
 * The check of each request (same order). The customers' rows are locked as book_cars locks them
 * (FOR NO KEY UPDATE, in id order): a staff decision on one of them (FOR UPDATE) either happened
 * before, and is seen, or waits for these bookings, and then cancels them with the others.
 */
export async function checkDrivers(
  tx: Tx,
  // actorId: who is booking; a check without it (a change of a booking made already) asks no phone.
  requests: readonly { userId: string; actorId?: string; pickupDate: string; returnDate: string; isStaff: boolean }[],
  company: CompanySettings,
): Promise<DriverCheck[]> {
  const ids = [...new Set(requests.filter((r) => !r.isStaff).map((r) => r.userId))];
  if (ids.length === 0) return requests.map(() => ({ detailsMissing: false }));
  // One round trip: it runs inside the batch's transaction, before the cars are locked.
  const people = await tx
    .select({
      id: users.id,
      phone: users.phone,
      vetting: users.vettingStatus,
      doNotRent: sql<boolean>`(${users.doNotRentReason} IS NOT NULL)`,
      driver: driverColumns,
    })
    .from(users)
    .leftJoin(driverDetails, eq(driverDetails.userId, users.id))
    .where(inArray(users.id, ids))
    // book_cars then locks these rows the same way, in the same order: one lock order, no deadlock.
    .orderBy(users.id)
    .for('no key update', { of: users });
  return requests.map((request) => {
    if (request.isStaff) return { detailsMissing: false };
    const person = people.find((p) => p.id === request.userId);
    if (person?.doNotRent || person?.vetting === 'rejected') return { refusal: new HttpError(422, DRIVER_MESSAGES.bookingRefused), detailsMissing: false };
    if (request.actorId === request.userId && !person?.phone?.trim())
      return { refusal: new HttpError(422, REFUSAL_CODES.phone_needed, 'phone_needed'), detailsMissing: false };
    const driver = person?.driver;
    if (!driver) return { detailsMissing: true };
    const problems = driverProblems(driver, request, company);
    if (problems.length > 0) return { refusal: new HttpError(422, problems.map((p) => p.message).join(' ')), detailsMissing: false };
    return { detailsMissing: false };
  });
}
