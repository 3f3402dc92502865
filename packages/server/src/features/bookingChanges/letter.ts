/** The customer's e-mail after a change of dates or car: what it was, what it is, and what is owed. */
import { type BookingChange, type CompanySettings, datesInWords, formatMoney } from '@rental/contract';
import { bookingRows, type BookingFacts, compose, type Letter, type MailSettings } from '../mail/letters';

type Blocks = Parameters<typeof compose>[4];

const sideRows = (side: BookingChange['before'], currency: string): [string, string][] => [
  ['Car', side.car.name],
  ['Dates', datesInWords(side.pickupDate, side.returnDate)],
  ['Total', `${formatMoney(side.total, currency)} for ${side.days} ${side.days === 1 ? 'day' : 'days'}`],
];

export function bookingChangedLetter(booking: BookingFacts, change: BookingChange, byStaff: boolean, company: CompanySettings, mail: MailSettings): Letter {
  const blocks: Blocks = [
    byStaff
      ? `${company.name} has changed your booking ${booking.reference}. Here is what it was and what it is now.`
      : `You changed your booking ${booking.reference}. Here is what it was and what it is now.`,
    'Before:',
    { rows: sideRows(change.before, change.currency) },
    'Now:',
    { rows: bookingRows(booking, company) },
    change.paymentNote,
    { link: `${mail.siteUrl}/my-bookings/${booking.reference}`, label: 'See your booking' },
    `Questions? Call us on ${company.phone}.`,
  ];
  return compose('booking_changed', booking.customer.email, `Booking ${booking.reference} is changed`, `Hello ${booking.customer.name},`, blocks, company, mail, booking.id);
}
