/**
 * A customer erases their account (Jamaica's Data Protection Act 2020: the right to erasure), once no
 * booking of theirs is waiting or to come, and unless staff marked them "do not rent". Nothing that
 * names them stays readable (docs/decisions/104-erasure-that-erases.md): their name, e-mail, phone,
 * picture, driver details (licence, date of birth), documents, the other drivers they named, their
 * reset links and kept answers; the outbox's e-mails to them or about their bookings go, and their
 * words are blotted out of the others (a staff summary that listed them); their delivery addresses
 * leave the stored quotes and the folio's labels; their rental agreements and receipts are made
 * again with "Deleted customer" and no signature. What the company must keep stays: the bookings,
 * under DELETED_CUSTOMER_NAME, with their references, receipt numbers, car, dates, charges, GCT and
 * payments; the row stays so the bookings still point at someone. All of it is one transaction:
 * nothing is ever half erased. A new password hash nobody knows ends every session (the database
 * raises the session version with it).
 */
import { randomBytes } from 'node:crypto';
import { companyToday, COUNTER_MESSAGES, DELETED_CUSTOMER_NAME, DRIVER_MESSAGES } from '@rental/contract';
import { and, eq, gte, inArray, or, sql } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { bookings, channelMessages, documents, driverDetails, idempotencyKeys, outbox, passwordResets, rentals, users } from '../../db/schema';
import { type Database, queryRows } from '../../db/types';
import { HttpError } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { likeAny, type Scrub, scrubberOf, scrubJson } from '../../security/personalWords';
import { eraseWordsFromBookings } from '../bookings';
import { remakePapersWithoutRenter } from '../counter';
import { forgetOnlineSigning } from '../onlineCheckIn';
import { eraseWordsFromStatements } from '../statements';
import { deleteImageIfUnused } from '../images';
import { userEmail } from '../../db/userEmail';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** An address that can never receive mail (.invalid is reserved) and never clashes (the id is in it). */
export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`;

/** `publicUrl` (PUBLIC_URL): the agreements made again name the site's page where copies are checked. */
export async function eraseAccount(db: Database, userId: string, password: string, publicUrl?: string): Promise<void> {
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
    const scrub = await theirWords(tx, userId);
    const theirBookings = tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, userId));
    // The folio's words first: the papers are made again from it.
    await eraseWordsFromBookings(tx, userId, scrub);
    await remakePapersWithoutRenter(tx, userId, scrub, publicUrl);
    await forgetOnlineSigning(tx, theirBookings);
    await tx.delete(documents).where(eq(documents.userId, userId));
    await tx.delete(driverDetails).where(eq(driverDetails.userId, userId));
    await tx.update(bookings).set({ additionalDrivers: [], madeFrom: null }).where(eq(bookings.userId, userId));
    // Their own e-mails, and staff's about their bookings (which carry their name, e-mail and phone).
    await tx.delete(outbox).where(or(eq(outbox.recipient, before.email), inArray(outbox.bookingId, theirBookings)));
    // Their WhatsApp and SMS messages, both ways (their phone and their words), and any from their phone.
    await tx
      .delete(channelMessages)
      .where(
        or(
          eq(channelMessages.userId, userId),
          inArray(channelMessages.bookingId, theirBookings),
          sql`${channelMessages.phone} = (SELECT phone_e164 FROM users WHERE id = ${userId})`,
        ),
      );
    await scrubOutbox(tx, scrub);
    await scrubHistory(tx, scrub);
    await scrubBookingEvents(tx, scrub);
    await eraseWordsFromStatements(tx, scrub);
    // A kept answer to a booking they made repeats it (their drivers, their delivery address).
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
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

/** Everything that names them, as they and staff wrote it: the scrubber of what is left behind. */
async function theirWords(tx: Tx, userId: string): Promise<Scrub> {
  const [person] = await tx
    .select({ name: users.name, email: users.email, phone: users.phone, licence: driverDetails.licenceNumber })
    .from(users)
    .leftJoin(driverDetails, eq(driverDetails.userId, users.id))
    .where(eq(users.id, userId));
  const theirs = await tx
    .select({ drivers: bookings.additionalDrivers, quote: bookings.quote, licence: rentals.licenceNumber })
    .from(bookings)
    .leftJoin(rentals, eq(rentals.bookingId, bookings.id))
    .where(eq(bookings.userId, userId));
  const words = [person?.name, person?.email, person?.phone, person?.licence];
  for (const booking of theirs) {
    words.push(booking.licence);
    for (const driver of booking.drivers) words.push(driver.name, driver.licenceNumber);
    const delivery = booking.quote?.delivery;
    if (delivery && 'address' in delivery) words.push(delivery.address);
  }
  // The name the company keeps in their place is not theirs.
  return scrubberOf(words.filter((word) => word !== DELETED_CUSTOMER_NAME));
}

/** E-mails that are not theirs nor about their bookings but name them (staff's summary of the day). */
async function scrubOutbox(tx: Tx, scrub: Scrub): Promise<void> {
  const patterns = likeAny(scrub);
  if (!patterns) return;
  const naming = await tx
    .select({
      id: outbox.id,
      recipient: outbox.recipient,
      subject: outbox.subject,
      textBody: outbox.textBody,
      htmlBody: outbox.htmlBody,
      lastError: outbox.lastError,
    })
    .from(outbox)
    .where(
      or(
        sql`${outbox.recipient} ILIKE ANY (${patterns})`,
        sql`${outbox.subject} ILIKE ANY (${patterns})`,
        sql`${outbox.textBody} ILIKE ANY (${patterns})`,
        sql`${outbox.htmlBody} ILIKE ANY (${patterns})`,
        sql`${outbox.lastError} ILIKE ANY (${patterns})`,
      ),
    );
  for (const mail of naming) {
    await tx
      .update(outbox)
      .set({
        subject: scrub(mail.subject),
        textBody: scrub(mail.textBody),
        htmlBody: scrub(mail.htmlBody),
        lastError: mail.lastError === null ? null : scrub(mail.lastError),
      })
      .where(eq(outbox.id, mail.id));
  }
}

/**
 * The history records which fields changed, not personal values (migrations/0015), but staff's free
 * words may have named them. Its rows stay as written but for those words: migrations/0029 lets an
 * erasing transaction change before and after, and nothing else.
 */
async function scrubHistory(tx: Tx, scrub: Scrub): Promise<void> {
  const patterns = likeAny(scrub);
  if (!patterns) return;
  const naming = await queryRows<{ id: string; before: unknown; after: unknown }>(
    tx,
    sql`SELECT id, before, after FROM activity WHERE before::text ILIKE ANY (${patterns}) OR after::text ILIKE ANY (${patterns})`,
  );
  if (naming.length === 0) return;
  await tx.execute(sql`SELECT set_config('rental.erasing', 'on', true)`);
  const asJson = (value: unknown) => (value === null ? null : JSON.stringify(scrubJson(value, scrub)));
  for (const entry of naming) {
    await tx.execute(sql`UPDATE activity SET before = ${asJson(entry.before)}::jsonb, after = ${asJson(entry.after)}::jsonb WHERE id = ${entry.id}`);
  }
  await tx.execute(sql`SELECT set_config('rental.erasing', '', true)`);
}

/**
 * A booking's events hold ids, amounts and staff's own words (contract companyEvents.ts), never a
 * person's details by design; a charge's label staff typed may still have named them.
 */
async function scrubBookingEvents(tx: Tx, scrub: Scrub): Promise<void> {
  const patterns = likeAny(scrub);
  if (!patterns) return;
  const naming = await queryRows<{ id: string; data: unknown }>(
    tx,
    sql`SELECT id::text AS id, data FROM booking_events WHERE data::text ILIKE ANY (${patterns})`,
  );
  for (const event of naming) {
    await tx.execute(sql`UPDATE booking_events SET data = ${JSON.stringify(scrubJson(event.data, scrub))}::jsonb WHERE id = ${event.id}::bigint`);
  }
}
