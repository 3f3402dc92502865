/** "Export CSV": the server's spreadsheet of the bookings shown (same filters). */
import type { BookingQuery } from './bookingSearch';
import { downloadStaffFile } from './staffDownload';

export function downloadBookingsCsv(query: BookingQuery): Promise<void> {
  return downloadStaffFile(
    'ownerBookingsCsv',
    Object.fromEntries(Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]))),
  );
}
