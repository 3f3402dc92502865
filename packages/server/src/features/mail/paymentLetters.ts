/** The e-mails of card payments: the customer's receipt, and staff's alert when a payment needs a person (makers/payments.ts). */
import { type CompanySettings, formatMoney } from '@rental/contract';
import { type BookingFacts, bookingRows, compose, type Letter, type MailSettings } from './letters';

export interface CardPaymentFacts {
  orderId: string;
  amount: number;
  currency: string;
  cardLast4: string | null;
  transactionId: string | null;
}

function paymentRows(payment: CardPaymentFacts): [string, string][] {
  const rows: [string, string][] = [
    ['Paid by card', formatMoney(payment.amount, payment.currency)],
    ['Payment reference', payment.orderId],
  ];
  if (payment.cardLast4) rows.push(['Card', `ending ${payment.cardLast4}`]);
  if (payment.transactionId) rows.push(['Transaction', payment.transactionId]);
  return rows;
}

/**
 * The customer's receipt, with what is still due (the folio's balance after this payment); a booking
 * cancelled meanwhile says the money comes back instead.
 */
export function cardPaymentReceivedLetter(
  booking: BookingFacts & { cancelled: boolean },
  payment: CardPaymentFacts,
  stillDue: number,
  company: CompanySettings,
  mail: MailSettings,
): Letter {
  const received = `Thank you: we have received your card payment for booking ${booking.reference}.`;
  const opening = booking.cancelled
    ? `We have received your card payment for booking ${booking.reference}, but the booking had been cancelled before it arrived. Our staff will contact you about a refund; you can also call us on ${company.phone}.`
    : stillDue > 0
      ? `${received} ${formatMoney(stillDue, payment.currency)} is still to pay for this booking.`
      : `${received} Nothing more is due for this booking.`;
  return compose(
    'card_payment_received',
    booking.customer.email,
    `Payment received for booking ${booking.reference}`,
    `Hello ${booking.customer.name},`,
    [
      opening,
      { rows: [...paymentRows(payment), ...bookingRows({ ...booking, paymentMethod: 'card' }, company)] },
      { link: `${mail.siteUrl}/my-bookings/${booking.reference}`, label: 'See your booking' },
      `Questions? Call us on ${company.phone} or reply to this e-mail.`,
    ],
    company,
    mail,
    booking.id,
  );
}

/** A payment that needs a person: it arrived for a cancelled booking, or a booking was paid twice. */
export function cardPaymentStaffAlertLetter(
  booking: BookingFacts,
  payment: CardPaymentFacts,
  why: string,
  company: CompanySettings,
  mail: MailSettings,
): Letter {
  return compose(
    'card_payment_staff_alert',
    mail.companyEmail ?? company.email,
    `Card payment to look at: booking ${booking.reference}`,
    'Hello,',
    [
      why,
      {
        rows: [
          ...paymentRows(payment),
          ...bookingRows(booking, company),
          ['Customer', booking.customer.name],
          ['E-mail', booking.customer.email],
          ['Phone', booking.customer.phone || 'not given'],
        ],
      },
      'Check the payment in the provider’s dashboard; a refund made there is recorded on the card payments page.',
      { link: `${mail.siteUrl}/owner/payments`, label: 'Open the card payments' },
    ],
    company,
    mail,
    booking.id,
  );
}

/** A customer sent their bank deposit's slip: staff look for the money in the bank, then record it (the slip pays nothing itself). */
export function paymentSlipStaffLetter(booking: BookingFacts, owing: number, company: CompanySettings, mail: MailSettings): Letter {
  const currency = booking.quote?.currency ?? company.currency;
  return compose(
    'payment_slip_staff',
    mail.companyEmail ?? company.email,
    `Deposit slip sent: booking ${booking.reference}`,
    'Hello,',
    [
      `${booking.customer.name} sent the bank's deposit slip, or a screenshot of the transfer, for booking ${booking.reference}. ${formatMoney(owing, currency)} was owing when it was sent.`,
      {
        rows: [
          ...bookingRows(booking, company),
          ['Customer', booking.customer.name],
          ['E-mail', booking.customer.email || 'not given'],
          ['Phone', booking.customer.phone || 'not given'],
        ],
      },
      'Look for the money in the company’s bank account, then record the payment on the booking. The slip itself marks nothing paid.',
      { link: `${mail.siteUrl}/owner/bookings/${booking.id}`, label: 'Open the booking and its slip' },
    ],
    company,
    mail,
    booking.id,
  );
}
