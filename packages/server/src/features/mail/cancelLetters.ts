/**
 * The e-mails of a cancellation (makers/booking.ts): the customer's, by staff or by themselves,
 * with what the cancellation pays back (the event's refund, contract refunds.ts), and staff's
 * when a customer cancels, saying what the company now owes.
 */
import { type CompanySettings, formatMoney, type RefundPlan, type RefundRoute, refundSentences } from '@rental/contract';
import { bookingLink, bookingRows, type BookingFacts, compose, type Letter, type MailSettings } from './letters';

type Blocks = Parameters<typeof compose>[4];

/** How staff send each part back (the customer's words are the contract's REFUND_ROUTE_WORDS). */
const STAFF_ROUTE_WORDS: Record<RefundRoute, string> = {
  card: "back to the customer's card, in the card provider's dashboard",
  bank: "by bank transfer to the customer's account (ask them for its details)",
  cash: 'in cash at the office, or by bank transfer if they prefer',
};

const currencyOf = (booking: BookingFacts, company: CompanySettings) => booking.quote?.currency ?? company.currency;

/** The refund in the customer's words, or that nothing was paid. */
function refundBlocks(refund: RefundPlan | undefined, currency: string): Blocks {
  const said = refund ? refundSentences(refund, currency, true) : [];
  return said.length > 0 ? said : ['Nothing was paid on this booking, so there is nothing to refund.'];
}

export function bookingCancelledLetter(booking: BookingFacts, refund: RefundPlan | undefined, company: CompanySettings, mail: MailSettings): Letter {
  const blocks: Blocks = [
    `${company.name} has cancelled your booking ${booking.reference}. If you did not expect this, please call us on ${company.phone}.`,
    ...refundBlocks(refund, currencyOf(booking, company)),
    { rows: bookingRows(booking, company) },
    bookingLink(mail, booking),
  ];
  return compose(
    'booking_cancelled',
    booking.customer.email,
    `Booking ${booking.reference} is cancelled`,
    `Hello ${booking.customer.name},`,
    blocks,
    company,
    mail,
    booking.id,
  );
}

/** The customer's own record of cancelling, so the refund's promise is in writing. */
export function cancelledByYouLetter(booking: BookingFacts, refund: RefundPlan | undefined, company: CompanySettings, mail: MailSettings): Letter {
  const blocks: Blocks = [
    `As you asked, your booking ${booking.reference} is cancelled and its days are free again.`,
    ...refundBlocks(refund, currencyOf(booking, company)),
    { rows: bookingRows(booking, company) },
    bookingLink(mail, booking),
    `Questions? Call us on ${company.phone}.`,
  ];
  return compose(
    'booking_cancelled_by_you',
    booking.customer.email,
    `Booking ${booking.reference} is cancelled`,
    `Hello ${booking.customer.name},`,
    blocks,
    company,
    mail,
    booking.id,
  );
}

export function cancelledByCustomerLetter(booking: BookingFacts, refund: RefundPlan | undefined, company: CompanySettings, mail: MailSettings): Letter {
  const currency = currencyOf(booking, company);
  const owed =
    refund && refund.amount > 0
      ? [
          `Refund due: ${formatMoney(refund.amount, currency)}, to be sent within ${refund.bankDays} bank ${refund.bankDays === 1 ? 'day' : 'days'}: ${refund.parts.map((p) => `${formatMoney(p.amount, currency)} ${STAFF_ROUTE_WORDS[p.route]}`).join('; ')}. Record the refund on the booking once it is made.`,
        ]
      : [];
  const blocks: Blocks = [
    `${booking.customer.name} has cancelled booking ${booking.reference}. Its days are free again.`,
    ...owed,
    {
      rows: [
        ...bookingRows(booking, company),
        ['Customer', booking.customer.name],
        ['E-mail', booking.customer.email || 'not given'],
        ['Phone', booking.customer.phone || 'not given'],
      ],
    },
    { link: `${mail.siteUrl}/owner/manage-bookings`, label: 'Open the bookings' },
  ];
  return compose(
    'booking_cancelled_by_customer',
    mail.companyEmail ?? company.email,
    `Booking ${booking.reference} cancelled by the customer`,
    'Hello,',
    blocks,
    company,
    mail,
    booking.id,
  );
}
