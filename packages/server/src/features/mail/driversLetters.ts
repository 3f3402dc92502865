/** Staff's alert when a customer's other drivers make a confirmed booking dearer: it waits for them again. */
import { type CompanySettings, formatDay, formatMoney } from '@rental/contract';
import { bookingRows, type BookingFacts, compose, formatMoment, type Letter, type MailSettings } from './letters';

export function driversAddedStaffLetter(booking: BookingFacts, oldTotal: number, company: CompanySettings, mail: MailSettings): Letter {
  const currency = booking.quote?.currency ?? company.currency;
  const drivers = booking.quote?.additionalDrivers ?? 0;
  const blocks: Parameters<typeof compose>[4] = [
    `${booking.customer.name} has named ${drivers === 1 ? '1 other driver' : `${drivers} other drivers`} on confirmed booking ${booking.reference}, which makes it dearer: ${formatMoney(oldTotal, currency)} before, ${formatMoney(booking.price, currency)} now. It waits for your confirmation again.`,
    {
      rows: [
        ...bookingRows(booking, company),
        ['Customer', booking.customer.name],
        ['E-mail', booking.customer.email || 'not given'],
        ['Phone', booking.customer.phone || 'not given'],
      ],
    },
  ];
  if (booking.holdExpiresAt)
    blocks.push(
      `If nobody confirms it by ${formatMoment(booking.holdExpiresAt)}, and nothing is paid on it, the booking is cancelled and its days are free again.`,
    );
  blocks.push({ link: `${mail.siteUrl}/owner/manage-bookings`, label: 'Open the bookings' });
  const subject = `Booking ${booking.reference}: other drivers added by the customer, ${formatDay(booking.pickupDate)}`;
  return compose('booking_changed_staff', mail.companyEmail ?? company.email, subject, 'Hello,', blocks, company, mail, booking.id);
}
