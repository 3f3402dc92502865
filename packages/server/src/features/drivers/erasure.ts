/**
 * A customer erases their account (Jamaica's Data Protection Act 2020: the right to erasure). Their
 * personal data goes: name, e-mail, phone, picture, driver details, documents, the other drivers
 * they named, their e-mails in the outbox, their reset links. Their bookings stay for the company's
 * books, under DELETED_CUSTOMER_NAME; the row stays so the bookings still point at someone. A new
 * password hash nobody knows ends every session (the database raises the session version with it).
 */
import { randomBytes } from 'node:crypto';
import { DELETED_CUSTOMER_NAME, DRIVER_MESSAGES } from '@rental/contract';
import { eq } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { bookings, documents, driverDetails, outbox, passwordResets, users } from '../../db/schema';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { deleteImageIfUnused } from '../images/store';

/** An address that can never receive mail (.invalid is reserved) and never clashes (the id is in it). */
export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`;

export async function eraseAccount(db: Database, userId: string, password: string): Promise<void> {
  const [account] = await db.select({ passwordHash: users.passwordHash, role: users.role }).from(users).where(eq(users.id, userId));
  if (!account || !(await verifyPassword(account.passwordHash, password))) throw new HttpError(400, DRIVER_MESSAGES.wrongPassword);
  if (account.role === 'owner') throw new HttpError(409, DRIVER_MESSAGES.staffAccountNotErased);
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  await db.transaction(async (tx) => {
    await actAs(tx, userId);
    const [before] = await tx.select({ email: users.email, imageId: users.imageId }).from(users).where(eq(users.id, userId)).for('update');
    if (!before) return;
    await tx.delete(documents).where(eq(documents.userId, userId));
    await tx.delete(driverDetails).where(eq(driverDetails.userId, userId));
    await tx.update(bookings).set({ additionalDrivers: [], madeFrom: null }).where(eq(bookings.userId, userId));
    await tx.delete(outbox).where(eq(outbox.recipient, before.email));
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
