/** A booking's history for staff: its typed events (booking_events, contract companyEvents.ts), oldest first, with who did each. */
import { type BookingEventKind, type BookingHistoryEntry, MESSAGES } from '@rental/contract';
import { sql } from 'drizzle-orm';
import { isId } from '../../db/ids';
import { type Database, queryRows } from '../../db/types';
import { HttpError } from '../../http/errors';
import { getCompanySettings } from '../company';

interface Row {
  id: string;
  kind: BookingEventKind;
  data: Record<string, unknown>;
  at: Date | string;
  by: string | null;
}

export async function readHistory(db: Database, bookingId: unknown): Promise<{ reference: string; currency: string; history: BookingHistoryEntry[] }> {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  const [booking] = await queryRows<{ reference: string; currency: string | null }>(
    db,
    sql`SELECT reference, quote->>'currency' AS currency FROM bookings WHERE id = ${bookingId}::uuid`,
  );
  if (!booking) throw new HttpError(404, MESSAGES.bookingNotFound);
  const rows = await queryRows<Row>(
    db,
    sql`SELECT e.id::text AS id, e.kind, e.data, e.at, u.name AS by
          FROM booking_events e LEFT JOIN users u ON u.id = e.actor_id
         WHERE e.booking_id = ${bookingId}::uuid
         ORDER BY e.at, e.id`,
  );
  const currency = booking.currency ?? (await getCompanySettings(db)).currency;
  return {
    reference: booking.reference,
    currency,
    history: rows.map((row) => ({ id: row.id, kind: row.kind, data: row.data, at: new Date(row.at).toISOString(), by: row.by })),
  };
}
