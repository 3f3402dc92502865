/**
 * The counter's files, served only to the booking's customer and staff; anyone else is told "not
 * found", as for a file that does not exist. The bytes are the stored ones: an agreement reads the
 * same every time.
 */
import { conditionAppendixName, COUNTER_MESSAGES, MESSAGES } from '@rental/contract';
import { eq } from 'drizzle-orm';
import { bookings, counterPhotos, onlineCheckIns, rentals } from '../../db/schema';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { isId } from '../../db/ids';

interface Reader {
  id: string;
  role: string;
}

const mayRead = (reader: Reader, customerId: string) => reader.role === 'owner' || reader.id === customerId;

/** The agreement, the condition appendix (checked in online) or the receipt; 404 with words saying whether it is not made yet (to those who may see it). */
export async function rentalPdf(
  db: Database,
  reader: Reader,
  bookingId: unknown,
  which: 'agreement' | 'condition' | 'receipt',
): Promise<{ bytes: Buffer; name: string }> {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  const [row] = await db
    .select({
      userId: bookings.userId,
      reference: bookings.reference,
      agreement: rentals.agreementPdf,
      // Signed online before pickup (features/onlineCheckIn, decision 124): the agreement until the counter signs its own.
      onlineAgreement: onlineCheckIns.agreementPdf,
      condition: rentals.conditionPdf,
      receipt: rentals.receiptPdf,
      receiptNumber: rentals.receiptNumber,
    })
    .from(bookings)
    .leftJoin(rentals, eq(rentals.bookingId, bookings.id))
    .leftJoin(onlineCheckIns, eq(onlineCheckIns.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId));
  if (!row || !mayRead(reader, row.userId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  if (which === 'agreement') {
    const agreement = row.agreement ?? row.onlineAgreement;
    if (!agreement) throw new HttpError(404, COUNTER_MESSAGES.noAgreement);
    return { bytes: agreement, name: `${row.reference}-agreement.pdf` };
  }
  if (which === 'condition') {
    if (!row.condition) throw new HttpError(404, MESSAGES.notFound);
    return { bytes: row.condition, name: conditionAppendixName(row.reference) };
  }
  if (!row.receipt || !row.receiptNumber) throw new HttpError(404, COUNTER_MESSAGES.noReceipt);
  return { bytes: row.receipt, name: `${row.receiptNumber}.pdf` };
}

export async function counterPhoto(db: Database, reader: Reader, id: unknown): Promise<Buffer | undefined> {
  if (!isId(id)) return undefined;
  const [row] = await db
    .select({ userId: bookings.userId, content: counterPhotos.content })
    .from(counterPhotos)
    .innerJoin(bookings, eq(bookings.id, counterPhotos.bookingId))
    .where(eq(counterPhotos.id, id));
  return row && mayRead(reader, row.userId) ? row.content : undefined;
}
