/**
 * The counter's e-mails: the signed agreement when the keys are handed over, the receipt when the
 * car comes back, the customer's reminder the evening before the return day, and staff's alert when
 * a car is overdue. Pure functions, in the words and layout of letters.ts (makers/counter.ts makes
 * them from the counter's events); the PDFs are not in the letter but named by its attachment and
 * read as it is sent.
 */
import {
  bookingDayRate,
  channelMessage,
  type CompanySettings,
  greetingName,
  messageMoney,
  DEPOSIT_METHOD_WORDS,
  type DepositMethod,
  dueBackAt,
  formatDay,
  formatMoney,
  fuelWords,
  rentalDays,
  type ReturnSettled,
} from '@rental/contract';
import { type BookingFacts, bookingPageUrl, compose, formatMoment, type Letter, type MailSettings } from './letters';

/** A booking at the counter: its car may carry its plate. */
export type CounterFacts = BookingFacts & { car: BookingFacts['car'] & { plate?: string | null } };

export interface DepositTaken {
  amount: number;
  method: DepositMethod;
}

const currencyOf = (booking: BookingFacts, company: CompanySettings) => booking.quote?.currency ?? company.currency;

function carName(booking: CounterFacts): string {
  const name = `${booking.car.brand} ${booking.car.model} (${booking.car.year})`;
  return booking.car.plate ? `${name}, plate ${booking.car.plate}` : name;
}

/** "Thu 26 Nov 2026 at 6:00 pm (Jamaica time)": the return day at the company's return time. */
function dueBackWords(booking: BookingFacts, company: CompanySettings): string {
  return formatMoment(dueBackAt(booking.returnDate, company.returnTime));
}

/** "6:00 pm" from "18:00". */
function clockWords(hhmm: string): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  const period = hours >= 12 ? 'pm' : 'am';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${period}`;
}

/** "6:00 pm" plus the grace period: when a return starts to count as late. */
function lateFromWords(company: CompanySettings): string {
  const [hours = 0, minutes = 0] = company.returnTime.split(':').map(Number);
  const total = (hours * 60 + minutes + company.gracePeriodMinutes) % (24 * 60);
  return clockWords(`${Math.floor(total / 60)}:${total % 60}`);
}

function minutesWords(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

const myBookingLink = (mail: MailSettings, booking: BookingFacts) => ({ link: bookingPageUrl(mail, booking), label: 'See your booking' });

/** To the customer as the keys are handed over: the car, when it is due back, the deposit; the signed agreement attached. */
export function keysHandedOverLetter(booking: CounterFacts, deposit: DepositTaken, company: CompanySettings, mail: MailSettings, payAtReturn = 0): Letter {
  const currency = currencyOf(booking, company);
  const rows: [string, string][] = [
    ['Booking reference', booking.reference],
    ['Car', carName(booking)],
    ['Picked up', `${formatDay(booking.pickupDate)}, ${booking.car.location}`],
    ['Due back', `${dueBackWords(booking, company)}, ${booking.car.location}`],
    ['Security deposit', deposit.amount > 0 ? `${formatMoney(deposit.amount, currency)} (${DEPOSIT_METHOD_WORDS[deposit.method]})` : 'None taken'],
    // Keys out with the balance owing (an owner's or a manager's choice): the customer is told what is due at return.
    ...(payAtReturn > 0 ? [['To pay when you return the car', formatMoney(payAtReturn, currency)] as [string, string]] : []),
  ];
  const letter = compose(
    'keys_handed_over',
    booking.customer.email,
    `Your rental agreement, ${booking.reference}`,
    `Hello ${booking.customer.name},`,
    [
      `Thank you for renting with ${company.name}. Your signed rental agreement is attached to this e-mail as a PDF: please keep it with you while you have the car.`,
      { rows },
      deposit.amount > 0
        ? 'The security deposit is given back when the car is returned, less anything then owing: the balance of the booking, and any charges for a late return, extra kilometres, missing fuel, cleaning or damage.'
        : 'Any charges for a late return, extra kilometres, missing fuel, cleaning or damage are settled when the car is returned.',
      `Please bring the car back by ${dueBackWords(booking, company)}. If you need it longer, call us on ${company.phone} before then.`,
      myBookingLink(mail, booking),
    ],
    company,
    mail,
    booking.id,
  );
  return { ...letter, attachment: 'agreement' };
}

/** To the customer as the car comes back: what was charged, the deposit, what is still to pay; the receipt attached. */
export function carReturnedLetter(booking: CounterFacts, settlement: ReturnSettled, company: CompanySettings, mail: MailSettings): Letter {
  const money = (amount: number) => formatMoney(amount, currencyOf(booking, company));
  const blocks: Parameters<typeof compose>[4] = [
    `Thank you for renting with ${company.name}: the ${booking.car.brand} ${booking.car.model} of booking ${booking.reference} is back with us. Your receipt ${settlement.receiptNumber} is attached to this e-mail as a PDF.`,
  ];
  if (settlement.charges.length === 0) {
    blocks.push('No charges: thank you for bringing the car back as you found it.');
  } else {
    blocks.push('Charged at return:', {
      rows: [...settlement.charges.map((charge): [string, string] => [charge.label, money(charge.amount)]), ['Total charges', money(settlement.chargesTotal)]],
    });
  }
  const depositRows: [string, string][] = [['Receipt', settlement.receiptNumber]];
  if (settlement.depositHeld > 0) depositRows.push(['Security deposit held', money(settlement.depositHeld)]);
  else {
    if (settlement.depositRefunded > 0 || settlement.depositKept === 0) depositRows.push(['Security deposit given back', money(settlement.depositRefunded)]);
    if (settlement.depositKept > 0) depositRows.push(['Security deposit kept towards your booking', money(settlement.depositKept)]);
  }
  depositRows.push(['Still to pay', settlement.owing > 0 ? money(settlement.owing) : 'Nothing']);
  blocks.push({ rows: depositRows });
  if (settlement.owing > 0)
    blocks.push(`Your booking still has ${money(settlement.owing)} to pay: please pay it at our office, or call us on ${company.phone} to arrange it.`);
  if (settlement.toBeAssessed) {
    blocks.push(
      'A damage found at return is still to be assessed. We hold the security deposit until it is, then write to you with the amount and give back what is left.',
    );
  }
  blocks.push(myBookingLink(mail, booking), `Questions? Call us on ${company.phone} or reply to this e-mail.`);
  const letter = compose(
    'car_returned',
    booking.customer.email,
    `Your receipt ${settlement.receiptNumber}`,
    `Hello ${booking.customer.name},`,
    blocks,
    company,
    mail,
    booking.id,
  );
  const message = channelMessage('receipt_ready', {
    name: greetingName(booking.customer.name),
    company: company.name,
    receipt: settlement.receiptNumber,
    reference: booking.reference,
    owing: settlement.owing > 0 ? messageMoney(settlement.owing, currencyOf(booking, company)) : 'nothing',
    bookingLink: bookingPageUrl(mail, booking),
  });
  return { ...letter, attachment: 'receipt', message };
}

/** To staff, once, when a car on rent is past its due time and grace period without being checked in. */
export function overdueAlertLetter(booking: CounterFacts, company: CompanySettings, mail: MailSettings): Letter {
  const plate = booking.car.plate ? ` (${booking.car.plate})` : '';
  return compose(
    'overdue_staff_alert',
    mail.companyEmail ?? company.email,
    `Overdue: booking ${booking.reference}, ${booking.car.brand} ${booking.car.model}${plate}`,
    'Hello,',
    [
      `The car of booking ${booking.reference} was due back on ${dueBackWords(booking, company)} and has not been checked in: it is overdue${company.gracePeriodMinutes > 0 ? ` (the grace period of ${minutesWords(company.gracePeriodMinutes)} is over)` : ''}.`,
      {
        rows: [
          ['Booking reference', booking.reference],
          ['Customer', booking.customer.name],
          ['Phone', booking.customer.phone || 'not given'],
          ['E-mail', booking.customer.email],
          ['Car', `${booking.car.brand} ${booking.car.model} (${booking.car.year})`],
          ['Plate', booking.car.plate || 'not recorded'],
          ['Due back', `${dueBackWords(booking, company)}, ${booking.car.location}`],
        ],
      },
      'Please call the customer. If the car is back already, check it in at the counter so it stops counting as late.',
      { link: `${mail.siteUrl}/owner/desk`, label: 'Open the desk' },
    ],
    company,
    mail,
    booking.id,
  );
}

/** To the customer the evening before the return day: when and where, what a late return costs, the fuel. */
export function returnReminderLetter(booking: CounterFacts, rental: { fuelOut: number }, company: CompanySettings, mail: MailSettings): Letter {
  const currency = currencyOf(booking, company);
  const days = rentalDays(booking.pickupDate, booking.returnDate);
  const dayRate = bookingDayRate({ price: booking.price, days, quote: booking.quote });
  const blocks: Parameters<typeof compose>[4] = [
    `A reminder from ${company.name}: please bring the ${booking.car.brand} ${booking.car.model} back by ${clockWords(company.returnTime)} tomorrow, ${formatDay(booking.returnDate)}, to ${booking.car.location}.`,
    {
      rows: [
        ['Booking reference', booking.reference],
        ['Car', carName(booking)],
        ['Return by', dueBackWords(booking, company)],
        ['Where', booking.car.location],
        ['Fuel at pickup', fuelWords(rental.fuelOut)],
      ],
    },
    company.gracePeriodMinutes > 0
      ? `A car brought back after ${lateFromWords(company)} (${minutesWords(company.gracePeriodMinutes)} after the return time) is late: each day or part of a day late is charged as an extra day at ${formatMoney(dayRate, currency)}.`
      : `A car brought back after ${clockWords(company.returnTime)} is late: each day or part of a day late is charged as an extra day at ${formatMoney(dayRate, currency)}.`,
  ];
  blocks.push(
    company.fuelEighthPrice > 0
      ? `Please bring it back with as much fuel as it had at pickup (${fuelWords(rental.fuelOut).toLowerCase()}): each eighth of a tank missing is charged ${formatMoney(company.fuelEighthPrice, currency)}.`
      : `Please bring it back with as much fuel as it had at pickup (${fuelWords(rental.fuelOut).toLowerCase()}).`,
    `Need the car longer? Call us on ${company.phone} before the return time.`,
    myBookingLink(mail, booking),
  );
  const letter = compose(
    'return_reminder',
    booking.customer.email,
    `Return reminder: booking ${booking.reference}, tomorrow by ${clockWords(company.returnTime)}`,
    `Hello ${booking.customer.name},`,
    blocks,
    company,
    mail,
    booking.id,
  );
  const message = channelMessage('return_reminder', {
    name: greetingName(booking.customer.name),
    company: company.name,
    car: `${booking.car.brand} ${booking.car.model}`,
    returnTime: clockWords(company.returnTime),
    returnDay: formatDay(booking.returnDate),
    place: booking.car.location,
    reference: booking.reference,
  });
  return { ...letter, message };
}
