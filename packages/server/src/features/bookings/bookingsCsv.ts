/**
 * The bookings as a spreadsheet for the accountant, written as every staff spreadsheet is
 * (SPREADSHEET_CSV): a name such as "=HYPERLINK(...)" is shown as text, never run as a formula.
 */
import { Readable } from 'node:stream';
import { COMPANY_TIME_ZONE, type StaffBooking, PAYMENT_METHOD_NAMES, PAYMENT_STATUS_WORDS, rentalDays } from '@rental/contract';
import { stringify } from 'csv-stringify';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/types';
import { SPREADSHEET_CSV } from '../../http/spreadsheet';
import { eachStaffBooking } from './staffList';

// The quote's columns come last, so a sheet built on the earlier columns keeps working.
export const CSV_HEADER = [
  'Reference',
  'Created',
  'Customer',
  'E-mail',
  'Phone',
  'Car',
  'Pickup',
  'Return',
  'Days',
  'Total',
  'Method',
  'Status',
  'Payment status',
  'Subtotal',
  'GCT',
  'Price lines',
];

const STATUS_WORDS: Record<StaffBooking['status'], string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  on_rent: 'Picked up',
  returned: 'Returned',
  no_show: 'No-show',
};

// "2026-11-23 14:05": the company's clock, in a form both spreadsheets read as a date and time.
const createdFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: COMPANY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

export function csvRecord(booking: StaffBooking): (string | number)[] {
  return [
    booking.reference,
    createdFormat.format(new Date(booking.createdAt)),
    booking.user.name,
    booking.user.email,
    booking.user.phone,
    `${booking.car.brand} ${booking.car.model} ${booking.car.year}`,
    booking.pickupDate,
    booking.returnDate,
    rentalDays(booking.pickupDate, booking.returnDate),
    booking.price,
    // "Pay by card now" is the customer's button; the accountant reads how it was paid.
    booking.paymentMethod === 'card' ? 'Online (card)' : PAYMENT_METHOD_NAMES[booking.paymentMethod],
    STATUS_WORDS[booking.status],
    PAYMENT_STATUS_WORDS[booking.paymentStatus],
    // A booking made before quotes has only its total.
    booking.quote?.subtotal ?? '',
    booking.quote?.gct ?? '',
    booking.quote ? booking.quote.lines.map((line) => `${line.label}: ${line.amount}`).join('; ') : '',
  ];
}

async function* records(db: Database, where: SQL | undefined): AsyncGenerator<(string | number)[]> {
  for await (const chunk of eachStaffBooking(db, where)) for (const booking of chunk) yield csvRecord(booking);
}

/** The CSV text as a stream, written chunk by chunk as the bookings are read. */
export function bookingsCsv(db: Database, where: SQL | undefined, onError: (err: Error) => void): Readable {
  const csv = stringify({ ...SPREADSHEET_CSV, header: true, columns: CSV_HEADER });
  const source = Readable.from(records(db, where));
  source.on('error', (err) => {
    onError(err);
    csv.destroy(err);
  });
  return source.pipe(csv);
}

/** "bookings-2026-11-23.csv", named by the company's day. */
export function csvFileName(today: string): string {
  return `bookings-${today}.csv`;
}
