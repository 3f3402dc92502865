/** The e-mails after a change of dates or car (makers/changes.ts): the customer's (what it was, what it is, what is owed) and staff's when it waits for them again. */
import { type BookingChange, type CompanySettings, datesInWords, formatDay, formatMoney } from '@rental/contract';
import { bookingRows, type BookingFacts, compose, formatMoment, type Letter, type MailSettings } from './letters';

type Blocks = Parameters<typeof compose>[4];

/** What the letters tell of a change: the booking as it was, what is owed now, and whether it waits for staff again. */
export type ChangeTold = Pick<BookingChange, 'before' | 'currency' | 'paymentNote' | 'confirmAgain'>;

const sideRows = (side: BookingChange['before'], currency: string): [string, string][] => [
  ['Car', side.car.name],
  ['Dates', datesInWords(side.pickupDate, side.returnDate)],
  ['Total', `${formatMoney(side.total, currency)} for ${side.days} ${side.days === 1 ? 'day' : 'days'}`],
];

export function bookingChangedLetter(booking: BookingFacts, change: ChangeTold, byStaff: boolean, company: CompanySettings, mail: MailSettings): Letter {
  const blocks: Blocks = [
    byStaff
      ? `${company.name} has changed your booking ${booking.reference}. Here is what it was and what it is now.`
      : `You changed your booking ${booking.reference}. Here is what it was and what it is now.`,
    'Before:',
    { rows: sideRows(change.before, change.currency) },
    'Now:',
    { rows: bookingRows(booking, company) },
    change.paymentNote,
    ...(change.confirmAgain ? ['The booking now waits for our staff to confirm the new days or price; we will e-mail you when they do.'] : []),
    { link: `${mail.siteUrl}/my-bookings/${booking.reference}`, label: 'See your booking' },
    `Questions? Call us on ${company.phone}.`,
  ];
  return compose(
    'booking_changed',
    booking.customer.email,
    `Booking ${booking.reference} is changed`,
    `Hello ${booking.customer.name},`,
    blocks,
    company,
    mail,
    booking.id,
  );
}

/**
 * Staff's alert when a customer's change sends a confirmed booking back to them: the new days or
 * price wait for their confirmation, and the hold ends it if nobody confirms it.
 */
export function bookingChangedStaffLetter(booking: BookingFacts, change: ChangeTold, company: CompanySettings, mail: MailSettings): Letter {
  const blocks: Blocks = [
    `${booking.customer.name} has changed confirmed booking ${booking.reference}. It waits for your confirmation again.`,
    'Before:',
    { rows: sideRows(change.before, change.currency) },
    'Now:',
    {
      rows: [
        ...bookingRows(booking, company),
        ['Customer', booking.customer.name],
        ['E-mail', booking.customer.email || 'not given'],
        ['Phone', booking.customer.phone || 'not given'],
      ],
    },
    change.paymentNote,
  ];
  if (booking.holdExpiresAt)
    blocks.push(
      `If nobody confirms it by ${formatMoment(booking.holdExpiresAt)}, and nothing is paid on it, the booking is cancelled and its days are free again.`,
    );
  blocks.push({ link: `${mail.siteUrl}/owner/manage-bookings`, label: 'Open the bookings' });
  const subject = `Booking ${booking.reference} changed by the customer: ${booking.car.brand} ${booking.car.model}, ${formatDay(booking.pickupDate)}`;
  return compose('booking_changed_staff', mail.companyEmail ?? company.email, subject, 'Hello,', blocks, company, mail, booking.id);
}
