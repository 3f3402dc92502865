/**
 * An erased customer's online check-ins (migration 0049): the agreement signed on the phone, the
 * signature, the address and browser and the flight go; the steps' times, the pickup time and the
 * agreement's SHA-256 stay. The seal (features/agreements) keeps only that hash and the reference,
 * so the customer's own copy still checks as valid. A booking checked out since has the counter's
 * agreement, made again without the renter by the counter's own erasure.
 */
import { inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { onlineCheckIns } from '../../db/schema';
import type { Tx } from '../../db/types';

/** `theirBookings`: a query of the erased customer's booking ids. */
export async function forgetOnlineSigning(tx: Tx, theirBookings: SQLWrapper) {
  await tx
    .update(onlineCheckIns)
    .set({ signature: null, agreementPdf: null, signedIp: null, signedUserAgent: null, flightNumber: null, codeHash: null, erasedAt: sql`now()` })
    .where(inArray(onlineCheckIns.bookingId, theirBookings));
}
