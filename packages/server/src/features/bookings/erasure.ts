/**
 * An erased customer's words out of their bookings' money: the stored quote (its delivery address,
 * in the address and in the delivery line's label) and the folio's labels, reasons, references and
 * notes. The folio is append-only; migrations/0029_erasure.sql lets a transaction that set
 * rental.erasing rewrite those words and nothing else, so every amount, GCT, kind and date stays as
 * written (and the booking's payment state with them). Called by the drivers' erasure, inside its
 * transaction.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { bookings, folioLines, folioPayments } from '../../db/schema';
import type { Database } from '../../db/types';
import { type Scrub, scrubJson } from '../../security/personalWords';
import { eraseLateChargeScans } from './lateCharges';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function eraseWordsFromBookings(tx: Tx, userId: string, scrub: Scrub): Promise<void> {
  const theirs = await tx.select({ id: bookings.id, quote: bookings.quote }).from(bookings).where(eq(bookings.userId, userId));
  if (theirs.length === 0) return;
  for (const booking of theirs) {
    if (!booking.quote) continue;
    const quote = scrubJson(booking.quote, scrub);
    if (JSON.stringify(quote) !== JSON.stringify(booking.quote)) await tx.update(bookings).set({ quote }).where(eq(bookings.id, booking.id));
  }
  const ids = theirs.map((booking) => booking.id);
  await tx.execute(sql`SELECT set_config('rental.erasing', 'on', true)`);
  const lines = await tx
    .select({ id: folioLines.id, label: folioLines.label, reason: folioLines.reason })
    .from(folioLines)
    .where(inArray(folioLines.bookingId, ids));
  for (const line of lines) {
    const label = scrub(line.label);
    const reason = line.reason === null ? null : scrub(line.reason);
    if (label !== line.label || reason !== line.reason) await tx.update(folioLines).set({ label, reason }).where(eq(folioLines.id, line.id));
  }
  const payments = await tx
    .select({ id: folioPayments.id, reference: folioPayments.reference, note: folioPayments.note })
    .from(folioPayments)
    .where(inArray(folioPayments.bookingId, ids));
  for (const payment of payments) {
    const reference = scrub(payment.reference);
    const note = scrub(payment.note);
    if (reference !== payment.reference || note !== payment.note)
      await tx.update(folioPayments).set({ reference, note }).where(eq(folioPayments.id, payment.id));
  }
  await tx.execute(sql`SELECT set_config('rental.erasing', '', true)`);
  // The scans of tolls and tickets after the return name the car and sometimes the driver.
  await eraseLateChargeScans(tx, ids, scrub);
}
