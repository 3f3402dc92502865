/** The letter of money staff add to a booking: a charge (a toll, a ticket, damage found later) or a discount, and what is owed now. */
import { channelMessage, type CompanySettings, FOLIO_LINE_KIND_WORDS, type FolioLineKind, formatMoney, greetingName, messageMoney } from '@rental/contract';
import { bookingLink, bookingPageUrl, type BookingFacts, compose, type Letter, type LetterBlock, type MailSettings } from './letters';

export interface ChargeFacts {
  lineKind: FolioLineKind;
  label: string;
  /** With its GCT; negative for a discount. */
  total: number;
  balance: number;
}

/** A booking still to come or out on the road may be paid by card; a cancelled one is settled by staff. */
const cardPayable = (booking: BookingFacts) => booking.status !== 'cancelled' && booking.status !== 'no_show';

export function chargeAddedLetter(booking: BookingFacts, charge: ChargeFacts, company: CompanySettings, mail: MailSettings): Letter {
  const currency = booking.quote?.currency ?? company.currency;
  const discount = charge.total < 0;
  const blocks: LetterBlock[] = [
    discount
      ? `${company.name} has taken ${formatMoney(-charge.total, currency)} off booking ${booking.reference}: ${charge.label}.`
      : `${company.name} has added a charge to booking ${booking.reference}: ${charge.label} (${FOLIO_LINE_KIND_WORDS[charge.lineKind].toLowerCase()}), ${formatMoney(charge.total, currency)} with GCT.`,
    {
      rows: [
        ['Booking', booking.reference],
        [discount ? 'Taken off' : 'Charge', formatMoney(Math.abs(charge.total), currency)],
        ['Still to pay', formatMoney(Math.max(0, charge.balance), currency)],
      ] as [string, string][],
    },
  ];
  if (charge.balance > 0 && mail.cardPayments && cardPayable(booking)) {
    blocks.push(`You can pay it by card on your booking's page, or at our office.`, {
      link: bookingPageUrl(mail, booking),
      label: 'Pay by card',
    });
  } else if (charge.balance > 0) {
    blocks.push(`Please pay it at our office, or call us on ${company.phone} to arrange it.`, bookingLink(mail, booking));
  } else {
    if (charge.balance < 0) blocks.push(`We owe you ${formatMoney(-charge.balance, currency)}: our staff will give it back.`);
    blocks.push(bookingLink(mail, booking));
  }
  blocks.push(`Questions? Call us on ${company.phone} or reply to this e-mail.`);
  const subject = discount
    ? `Booking ${booking.reference}: ${formatMoney(-charge.total, currency)} taken off`
    : `Booking ${booking.reference}: a charge of ${formatMoney(charge.total, currency)}`;
  const letter = compose('charge_added', booking.customer.email, subject, `Hello ${booking.customer.name},`, blocks, company, mail, booking.id);
  return charge.balance > 0 ? { ...letter, message: paymentDueMessage(booking, charge.balance, currency, company, mail) } : letter;
}

/** What is owed on a booking and where to pay it (the booking's page: by card, or its bank details); only when something is. */
export function paymentDueMessage(booking: BookingFacts, owing: number, currency: string, company: CompanySettings, mail: MailSettings) {
  return channelMessage('payment_due', {
    name: greetingName(booking.customer.name),
    company: company.name,
    amount: messageMoney(owing, currency),
    reference: booking.reference,
    payLink: bookingPageUrl(mail, booking),
  });
}
