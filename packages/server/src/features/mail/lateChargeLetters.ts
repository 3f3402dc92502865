/**
 * The letter of a toll or ticket that arrived after the return (docs/decisions/119): what it is,
 * the day, the plaza or ticket number, the amount passed through without GCT, what is owed now and
 * how to pay it (card when the company takes cards, else the bank deposit). The scan is on the
 * booking's page behind the customer's login, not attached: it names the car and sometimes the
 * driver, and a letter is forwarded and kept in mailboxes the company does not control.
 */
import {
  addBankDays,
  BANK_PAYMENT_WAYS,
  type BankDetails,
  type CompanySettings,
  companyToday,
  formatDay,
  formatMoney,
  LATE_CHARGE_KIND_WORDS,
  type LateChargeFacts,
} from '@rental/contract';
import { paymentDueMessage } from './folioLetters';
import { bookingLink, bookingPageUrl, type BookingFacts, compose, type Letter, type LetterBlock, type MailSettings, payIntoBankBlocks } from './letters';

export function lateChargeLetter(
  booking: BookingFacts,
  charge: LateChargeFacts & { amount: number; balance: number },
  bank: BankDetails | null,
  company: CompanySettings,
  mail: MailSettings,
  today = companyToday(),
): Letter {
  const currency = booking.quote?.currency ?? company.currency;
  const amount = formatMoney(charge.amount, currency);
  const toll = charge.kind === 'toll';
  const what = toll ? 'a Highway 2000 toll' : 'a traffic ticket';
  const owing = Math.max(0, charge.balance);
  const blocks: LetterBlock[] = [
    `${company.name} received ${what} for the car you rented (booking ${booking.reference}, ${formatDay(booking.pickupDate)} to ${formatDay(booking.returnDate)}) after you brought it back. We have added it to your booking at the amount charged to us, without GCT.`,
    {
      rows: [
        ['Booking', booking.reference],
        ['What', LATE_CHARGE_KIND_WORDS[charge.kind]],
        [toll ? 'Day of the toll' : 'Day of the ticket', formatDay(charge.offenceDate)],
        [toll ? 'Plaza' : 'Plaza or ticket number', charge.description],
        ['Amount', amount],
        ['Still to pay', formatMoney(owing, currency)],
      ] as [string, string][],
    },
  ];
  if (charge.scan) blocks.push(`A copy of the ${toll ? 'toll record' : 'ticket'} is on your booking's page: log in and open your booking to see it.`);
  if (owing > 0 && mail.cardPayments) {
    blocks.push(`You can pay ${formatMoney(owing, currency)} by card on your booking's page, or at our office.`, {
      link: bookingPageUrl(mail, booking),
      label: 'Pay by card',
    });
  } else if (owing > 0 && bank) {
    const deadline = formatDay(addBankDays(today, company.depositBankDays, company.bankHolidays));
    blocks.push(
      `How to pay: pay ${formatMoney(owing, currency)} into our bank account by ${deadline}: ${BANK_PAYMENT_WAYS} (${booking.reference}) on the deposit slip or as the transfer's reference. You can also pay at our office.`,
      ...payIntoBankBlocks(bank, formatMoney(owing, currency), deadline),
      bookingLink(mail, booking),
    );
  } else if (owing > 0) {
    blocks.push(`Please pay it at our office, or call us on ${company.phone} to arrange it.`, bookingLink(mail, booking));
  } else {
    blocks.push(bookingLink(mail, booking));
  }
  blocks.push(`Questions about it? Call us on ${company.phone} or reply to this e-mail.`);
  const subject = `Booking ${booking.reference}: ${toll ? 'a toll' : 'a traffic ticket'} of ${amount}`;
  const letter = compose('charge_added', booking.customer.email, subject, `Hello ${booking.customer.name},`, blocks, company, mail, booking.id);
  return owing > 0 ? { ...letter, message: paymentDueMessage(booking, owing, currency, company, mail) } : letter;
}
