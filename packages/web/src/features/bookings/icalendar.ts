/**
 * An "Add to calendar" file (iCalendar, RFC 5545) for a booking: one all-day event from the pickup
 * day to the return day (an all-day event's end is the day after its last day), at the company's
 * address. Small enough to write by hand; calendars on phones and desktops all read it.
 */
import { addDays } from '@rental/contract/rentalDates';

export type CalendarBooking = {
  reference: string;
  carName: string;
  pickupDate: string;
  returnDate: string;
};

/** phone: '' while the company has not given one (the calendar entry then names none). */
export type CalendarCompany = { name: string; address: string; phone: string; openingHours: string };

/** Commas, semicolons, backslashes and line breaks are escaped in iCalendar text. */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded: a line break and one space (RFC 5545, 3.1). */
export function foldLine(line: string): string {
  const bytes = new TextEncoder();
  const out: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = out.length === 0 ? 75 : 74;
    if (bytes.encode(current + char).length > limit) {
      out.push(current);
      current = char;
    } else {
      current += char;
    }
  }
  out.push(current);
  return out.join('\r\n ');
}

const compactDate = (date: string) => date.replace(/-/g, '');

function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function bookingIcs(booking: CalendarBooking, company: CalendarCompany, now: Date = new Date()): string {
  const summary = `Car rental: ${booking.carName} (${booking.reference})`;
  const description = [
    `Booking ${booking.reference} with ${company.name}.`,
    `Pick up the ${booking.carName} on the first day and bring it back on the last day.`,
    `Opening hours: ${company.openingHours}.`,
    ...(company.phone ? [`Phone: ${company.phone}.`] : []),
  ].join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(company.name)}//Bookings//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${booking.reference}@bookings`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART;VALUE=DATE:${compactDate(booking.pickupDate)}`,
    `DTEND;VALUE=DATE:${compactDate(addDays(booking.returnDate, 1))}`,
    `SUMMARY:${escapeText(summary)}`,
    `LOCATION:${escapeText(company.address)}`,
    `DESCRIPTION:${escapeText(description)}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A link target that downloads the file (no object URL to revoke later). */
export function icsHref(ics: string): string {
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;
}
