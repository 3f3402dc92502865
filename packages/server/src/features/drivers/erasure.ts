/**
 * A customer erases their account (Jamaica's Data Protection Act 2020: the right to erasure), once no
 * booking of theirs is waiting or to come, and unless staff marked them "do not rent". Their
 * personal data goes: name, e-mail, phone, picture, driver details, documents, the other drivers
 * they named, the outbox's e-mails to them or about their bookings, their reset links. Their bookings stay for the company's
 * books, under DELETED_CUSTOMER_NAME; the row stays so the bookings still point at someone. A new
 * password hash nobody knows ends every session (the database raises the session version with it).
 */
import { randomBytes } from 'node:crypto';
import { companyToday, COUNTER_MESSAGES, DELETED_CUSTOMER_NAME, DRIVER_MESSAGES } from '@rental/contract';
import { and, eq, gte, inArray, or } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { bookings, documents, driverDetails, outbox, passwordResets, users } from '../../db/schema';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { deleteImageIfUnused } from '../images';
import { userEmail } from '../../db/userEmail';

/** An address that can never receive mail (.invalid is reserved) and never clashes (the id is in it). */
export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`;

export async function eraseAccount(db: Database, userId: string, password: string): Promise<void> {
  const [account] = await db
    .select({ passwordHash: users.passwordHash, role: users.role, doNotRent: users.doNotRentReason })
    .from(users)
    .where(eq(users.id, userId));
  if (!account || !(await verifyPassword(account.passwordHash, password))) throw new HttpError(400, DRIVER_MESSAGES.wrongPassword);
  if (account.role === 'owner') throw new HttpError(409, DRIVER_MESSAGES.staffAccountNotErased);
  // A car held or promised to someone the company could no longer reach: the booking goes first.
  const [coming] = await db
    .select({ status: bookings.status })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        // A car out on rent is theirs until it is back, whatever its return day said.
        or(and(inArray(bookings.status, ['pending', 'confirmed']), gte(bookings.returnDate, companyToday())), eq(bookings.status, 'on_rent')),
      ),
    )
    .limit(1);
  if (coming) throw new HttpError(409, coming.status === 'on_rent' ? COUNTER_MESSAGES.erasureOnRent : DRIVER_MESSAGES.erasureWhileBooked);
  // Staff's "do not rent" is the company's record of a risk; it is not erased by the person it is about.
  if (account.doNotRent) throw new HttpError(409, DRIVER_MESSAGES.erasureRefused);
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  await db.transaction(async (tx) => {
    await actAs(tx, userId);
    const [before] = await tx.select({ email: userEmail, imageId: users.imageId }).from(users).where(eq(users.id, userId)).for('update');
    if (!before) return;
    await tx.delete(documents).where(eq(documents.userId, userId));
    await tx.delete(driverDetails).where(eq(driverDetails.userId, userId));
    await tx.update(bookings).set({ additionalDrivers: [], madeFrom: null }).where(eq(bookings.userId, userId));
    // Their own e-mails, and staff's about their bookings (which carry their name, e-mail and phone).
    await tx.delete(outbox).where(or(eq(outbox.recipient, before.email), inArray(outbox.bookingId, tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, userId)))));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    await tx
      .update(users)
      .set({
        name: DELETED_CUSTOMER_NAME,
        email: erasedEmail(userId),
        phone: null,
        imageId: null,
        passwordHash: unusable,
        vettingStatus: 'not_submitted',
        vettingReason: null,
        vettedAt: null,
        doNotRentReason: null,
        erasedAt: new Date(),
      })
      .where(eq(users.id, userId));
    if (before.imageId) await deleteImageIfUnused(tx as unknown as Database, before.imageId);
  });
}
