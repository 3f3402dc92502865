/**
 * The reminders' letters (made from the events features/reminders/sweep.ts records: makers/reminders.ts):
 * the day before pickup, a bank deposit's hold ending, and staff's morning list of the day's pickups
 * and returns. The evening before return is the counter's (counterLetters.ts returnReminderLetter).
 */
import {
  BANK_PAYMENT_WAYS,
  type BankDetails,
  channelMessage,
  type CompanySettings,
  greetingName,
  messageMoney,
  formatDay,
  formatMoney,
  placeOf,
  placeWithAddress,
  type TodaysMovements,
  whatToBring,
} from '@rental/contract';
import {
  bookingCurrency,
  bookingLink,
  bookingPageUrl,
  checkInBlocks,
  checkInUrl,
  bookingRows,
  type BookingFacts,
  compose,
  formatMoment,
  type Letter,
  type LetterBlock,
  type MailSettings,
  payIntoBankBlocks,
} from './letters';

const carName = (booking: BookingFacts) => `${booking.car.brand} ${booking.car.model}`;

/** The security deposit the booking was quoted with, else the company's. */
function depositOf(booking: BookingFacts, company: CompanySettings): { amount: number; currency: string } {
  if (booking.quote) return { amount: booking.quote.securityDeposit, currency: booking.quote.currency };
  return { amount: company.securityDeposit, currency: company.currency };
}

export function pickupReminderLetter(booking: BookingFacts, company: CompanySettings, mail: MailSettings): Letter {
  const deposit = depositOf(booking, company);
  const blocks: LetterBlock[] = [
    `A reminder from ${company.name}: your ${carName(booking)} is ready for you tomorrow, ${formatDay(booking.pickupDate)}, at ${placeWithAddress(company, booking.car.location)}.`,
    { rows: bookingRows(booking, company) },
    'Please bring, for every driver:',
    { list: whatToBring(company) },
    deposit.amount > 0
      ? `The security deposit of ${formatMoney(deposit.amount, deposit.currency)} is taken when you collect the car, and given back when it comes back as it left.`
      : 'There is no security deposit to pay when you collect the car.',
    // The pickup place's own hours, where the company gave them.
    `Opening hours: ${placeOf(company, booking.car.location).openingHours}.`,
    ...checkInBlocks(mail, booking),
    bookingLink(mail, booking),
  ];
  const letter = compose(
    'pickup_reminder',
    booking.customer.email,
    `Tomorrow: your ${carName(booking)}, booking ${booking.reference}`,
    `Hello ${booking.customer.name},`,
    blocks,
    company,
    mail,
    booking.id,
  );
  const message = channelMessage('pickup_reminder', {
    name: greetingName(booking.customer.name),
    company: company.name,
    car: carName(booking),
    pickupDay: formatDay(booking.pickupDate),
    place: booking.car.location,
    reference: booking.reference,
    checkInLink: checkInUrl(mail, booking),
  });
  return { ...letter, message };
}

export function holdEndingLetter(booking: BookingFacts, owing: number, bank: BankDetails | null, company: CompanySettings, mail: MailSettings): Letter {
  const deadline = booking.holdExpiresAt ? formatMoment(booking.holdExpiresAt) : 'soon';
  const amount = formatMoney(owing, bookingCurrency(booking, company));
  const blocks: LetterBlock[] = [
    `Your booking ${booking.reference} is held for you until ${deadline}, and we have not received your deposit yet. Please pay ${amount} into our bank account before then: ${BANK_PAYMENT_WAYS} (${booking.reference}) on the deposit slip or as the transfer's reference. A booking not confirmed by then is cancelled and its days are free again.`,
  ];
  if (bank) {
    blocks.push(...payIntoBankBlocks(bank, amount, deadline));
  }
  blocks.push(
    { rows: bookingRows(booking, company) },
    'Already paid? Thank you: staff confirm your booking as soon as they see it.',
    bookingLink(mail, booking),
  );
  const letter = compose(
    'hold_ending_reminder',
    booking.customer.email,
    `Booking ${booking.reference}: please pay your deposit by ${deadline}`,
    `Hello ${booking.customer.name},`,
    blocks,
    company,
    mail,
    booking.id,
  );
  // A hold always has its end; without one there is no deadline to text.
  if (!booking.holdExpiresAt) return letter;
  const message = channelMessage('deposit_due', {
    name: greetingName(booking.customer.name),
    company: company.name,
    amount: messageMoney(owing, bookingCurrency(booking, company)),
    reference: booking.reference,
    deadline,
    bookingLink: bookingPageUrl(mail, booking),
  });
  return { ...letter, message };
}

/**
 * Staff's morning list: one message to the company's e-mail (where every staff alert goes), not one
 * per staff member: the desk reads it together, and nobody's private address gets the customers' phones.
 */
export function staffDailySummaryLetter(day: TodaysMovements, company: CompanySettings, mail: MailSettings): Letter {
  const line = (m: TodaysMovements['pickups'][number]): [string, string] => [
    m.carName,
    `${m.reference}: ${m.customer.name}${m.customer.phone ? `, ${m.customer.phone}` : ''}`,
  ];
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const blocks: LetterBlock[] = [
    `Today, ${formatDay(day.date)}: ${count(day.pickups.length, 'pickup', 'pickups')} and ${count(day.returns.length, 'return', 'returns')}.`,
  ];
  blocks.push(day.pickups.length > 0 ? 'Pickups:' : 'No pickups today.');
  if (day.pickups.length > 0) blocks.push({ rows: day.pickups.map(line) });
  blocks.push(day.returns.length > 0 ? `Returns (due by ${company.returnTime}):` : 'No returns today.');
  if (day.returns.length > 0) blocks.push({ rows: day.returns.map(line) });
  blocks.push({ link: `${mail.siteUrl}/owner/desk`, label: 'Open the desk' });
  return compose(
    'staff_daily_summary',
    mail.companyEmail ?? company.email,
    `Today at ${company.name}: ${count(day.pickups.length, 'pickup', 'pickups')}, ${count(day.returns.length, 'return', 'returns')}`,
    'Good morning,',
    blocks,
    company,
    mail,
  );
}
