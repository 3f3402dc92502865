/**
 * Online check-in's letters (decision 124): the customer's 6-digit code, and staff's alert when a
 * customer checked in online while their driver details still wait for the company's check.
 */
import { CHECK_IN_CODE_MINUTES, channelMessage, type CompanySettings, formatDay } from '@rental/contract';
import type { BookingFacts } from '../bookings';
import { bookingRows, compose, type Letter, type MailSettings } from './letters';

/**
 * The code by WhatsApp or SMS too: it carries the digits, so whatever keeps that message must keep it
 * as the contract's storableMessage gives it (the code as MESSAGE_SECRET_PLACEHOLDER, the digits
 * beside it only until sent), as staff never read a sent code (decision 124).
 */
export function checkInCodeLetter(booking: BookingFacts, code: string, company: CompanySettings, mail: MailSettings): Letter {
  const letter = compose(
    'check_in_code',
    booking.customer.email,
    `Your check-in code: ${code}`,
    `Hello ${booking.customer.name},`,
    [
      `Your code to sign the rental agreement of booking ${booking.reference} is:`,
      { rows: [['Code', code]] },
      `Type it on the check-in page within ${CHECK_IN_CODE_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail: nothing is signed without the code.`,
    ],
    company,
    mail,
    booking.id,
  );
  return { ...letter, message: channelMessage('check_in_code', { code }) };
}

export function checkInVettingStaffLetter(booking: BookingFacts, company: CompanySettings, mail: MailSettings): Letter {
  return compose(
    'check_in_vetting_staff',
    mail.companyEmail ?? company.email,
    `Checked in online, driver still to check: booking ${booking.reference}`,
    'Hello,',
    [
      `${booking.customer.name} checked in online and signed the agreement for booking ${booking.reference} (pickup ${formatDay(booking.pickupDate)}), but their driver details still wait for the company's check.`,
      { rows: [...bookingRows(booking, company), ['Customer', booking.customer.name], ['E-mail', booking.customer.email || 'not given']] },
      'Please check their licence and documents before the pickup day, so the counter can hand over the keys.',
      { link: `${mail.siteUrl}/owner/bookings/${booking.id}`, label: 'Open the booking' },
    ],
    company,
    mail,
    booking.id,
  );
}
