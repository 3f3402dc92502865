/** Staff mark what the company has received for a booking: nothing yet, the deposit, or all of it. */
import { MESSAGES, type OwnerBooking, type PaymentStatus } from '@rental/contract';
import { eq } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { bookings } from '../../db/schema';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { isId } from '../cars/ids';
import { listOwnerBookings } from './read';
import type { Actor } from './service';

/**
 * Any booking, whatever its status (a cancelled one may still have been paid and need a refund).
 * Setting the state it already has changes nothing, so the history shows only real changes.
 */
export async function changePaymentStatus(db: Database, actor: Actor, bookingId: unknown, paymentStatus: PaymentStatus): Promise<OwnerBooking> {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  await db.transaction(async (tx) => {
    // Who did it, for the database's history triggers.
    await actAs(tx, actor.id);
    const [current] = await tx.select({ paymentStatus: bookings.paymentStatus }).from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!current) throw new HttpError(404, MESSAGES.bookingNotFound);
    if (current.paymentStatus !== paymentStatus) await tx.update(bookings).set({ paymentStatus }).where(eq(bookings.id, bookingId));
  });
  const [booking] = await listOwnerBookings(db, { where: eq(bookings.id, bookingId) });
  return booking!;
}
