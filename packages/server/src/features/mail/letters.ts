/**
 * The e-mails the site writes, each as plain text and simple HTML: the company's name and contacts
 * at the foot, the booking's reference where there is one, absolute links, prices as "$8,500 JMD"
 * and dates as "Sat 28 Nov 2026". Pure functions: features/mail/outbox.ts stores what they return.
 */
import type { BookingFacts } from '../bookings';
import { companySettingUp, SETTING_UP_WORDS, withoutPlaceholderContacts } from '../company';
import {
  BANK_PAYMENT_WAYS,
  type BankDetails,
  type ChannelMessage,
  channelMessage,
  greetingName,
  messageMoney,
  type OtherBankAccount,
  type CompanySettings,
  formatDay,
  formatMoney,
  PAYMENT_METHOD_IN_A_LINE,
  placeWithAddress,
  type Quote,
  rentalDays,
} from '@rental/contract';

export type LetterKind =
  | 'booking_made'
  | 'booking_made_staff'
  | 'booking_confirmed'
  | 'booking_cancelled'
  | 'booking_cancelled_by_customer'
  | 'booking_cancelled_by_you'
  | 'booking_changed'
  | 'booking_changed_staff'
  | 'hold_expired'
  | 'bank_details_changed'
  | 'password_changed'
  | 'password_reset_link'
  | 'welcome_link'
  | 'booking_sign_in_link'
  | 'staff_invitation'
  | 'vetting_approved'
  | 'vetting_rejected'
  | 'card_payment_received'
  | 'card_payment_staff_alert'
  | 'payment_slip_staff'
  | 'keys_handed_over'
  | 'car_returned'
  | 'overdue_staff_alert'
  | 'return_reminder'
  | 'pickup_reminder'
  | 'hold_ending_reminder'
  | 'staff_daily_summary'
  | 'car_paper_expiring'
  | 'charge_added'
  | 'check_in_code'
  | 'check_in_vetting_staff';

export interface Letter {
  kind: LetterKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  bookingId?: string;
  /** The booking's PDF the e-mail carries: read from its rental as it is sent (features/mail/sender.ts). */
  attachment?: 'agreement' | 'receipt';
  /**
   * The same news for WhatsApp and SMS (contract messageTemplates.ts), made from the facts the e-mail
   * is written from. Not stored yet: the outbox (enqueued) keeps the e-mail only.
   */
  message?: ChannelMessage;
}

/** Where links point and where staff alerts go (from the settings: PUBLIC_URL, COMPANY_EMAIL). */
/** Which of WhatsApp and SMS the site sends (MESSAGE_PROVIDER); neither: e-mail only. */
export interface SiteChannels {
  whatsapp: boolean;
  sms: boolean;
}

export const NO_CHANNELS: SiteChannels = { whatsapp: false, sms: false };

export interface MailSettings {
  /** The site's address, no trailing slash: PUBLIC_URL, or http://localhost:PORT. */
  siteUrl: string;
  /** Staff alerts; default the company's e-mail of the company settings. */
  companyEmail: string | undefined;
  /** A card provider is set up (PAYMENT_PROVIDER): a letter asking for money may offer the card page. */
  cardPayments?: boolean;
  /** Which of WhatsApp and SMS the site sends (MESSAGE_PROVIDER): a letter's message goes by one the customer chose. */
  channels?: SiteChannels;
}

export const DEFAULT_MAIL_SETTINGS: MailSettings = { siteUrl: 'http://localhost:3000', companyEmail: undefined };

export function mailSettings(config: {
  publicUrl: string | undefined;
  port: number;
  companyEmail: string | undefined;
  paymentProvider?: string;
  messageProvider?: string;
}): MailSettings {
  const messages = config.messageProvider ?? 'none';
  return {
    siteUrl: config.publicUrl ?? `http://localhost:${config.port || 3000}`,
    companyEmail: config.companyEmail,
    cardPayments: (config.paymentProvider ?? 'none') !== 'none',
    channels: { whatsapp: messages === 'whatsapp' || messages === 'sandbox', sms: messages === 'twilio' || messages === 'sandbox' },
  };
}

/** What the letters say about one booking. */
/** A booking's facts are the bookings feature's to read (once per transaction there). */
export type { BookingFacts };

/** A paragraph of text, or a list of label/value rows shown as a small table. */
type Block = string | { rows: [string, string][] } | { link: string; label: string } | { list: string[] };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

// Made once: a DateTimeFormat costs ~0.5 ms to build, and every booking's letters format its hold's end (the booking storm's profile).
const momentFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Jamaica',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** A moment (the hold's end) in Jamaica: "Sat 28 Nov 2026 at 3:45 pm (Jamaica time)". */
export function formatMoment(at: Date): string {
  const parts = Object.fromEntries(momentFormat.formatToParts(at).map((p) => [p.type, p.value]));
  return `${formatDay(`${parts.year}-${parts.month}-${parts.day}`)} at ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toLowerCase()} (Jamaica time)`;
}

/** "****6789": only the last 4 characters of an account number. */
export function maskAccountNumber(accountNumber: string): string {
  const plain = accountNumber.replace(/\s+/g, '');
  return plain.length <= 4 ? '****' : `****${plain.slice(-4)}`;
}

export type LetterBlock = Block;

export function compose(
  kind: LetterKind,
  to: string,
  subject: string,
  greeting: string,
  blocks: Block[],
  company: CompanySettings,
  mail: MailSettings,
  bookingId?: string,
): Letter {
  // Until an owner saves the settings, the shipped phone and e-mail are placeholders: never sent (company/settingUp.ts).
  if (companySettingUp(company)) {
    const clean = (words: string) => withoutPlaceholderContacts(words, company);
    blocks = blocks.map((block) =>
      typeof block === 'string'
        ? clean(block)
        : 'rows' in block
          ? { rows: block.rows.map(([label, value]): [string, string] => [label, clean(value)]) }
          : 'list' in block
            ? { list: block.list.map(clean) }
            : block,
    );
    subject = clean(subject);
  }
  const footer = companySettingUp(company)
    ? [company.name, company.address, SETTING_UP_WORDS, mail.siteUrl]
    : [company.name, company.address, `Phone: ${company.phone}`, `E-mail: ${company.email}`, mail.siteUrl];
  const textParts = [greeting, ''];
  const htmlParts = [`<p>${escapeHtml(greeting)}</p>`];
  for (const block of blocks) {
    if (typeof block === 'string') {
      textParts.push(block, '');
      htmlParts.push(`<p>${escapeHtml(block)}</p>`);
    } else if ('list' in block) {
      textParts.push(...block.list.map((item) => `- ${item}`), '');
      htmlParts.push(`<ul>${block.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`);
    } else if ('rows' in block) {
      const width = Math.max(...block.rows.map(([label]) => label.length));
      textParts.push(...block.rows.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`), '');
      htmlParts.push(
        `<table cellpadding="4" style="border-collapse:collapse">${block.rows
          .map(([label, value]) => `<tr><td style="color:#555">${escapeHtml(label)}</td><td><strong>${escapeHtml(value)}</strong></td></tr>`)
          .join('')}</table>`,
      );
    } else {
      textParts.push(`${block.label}: ${block.link}`, '');
      htmlParts.push(
        `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a><br><span style="color:#555;font-size:12px">${escapeHtml(block.link)}</span></p>`,
      );
    }
  }
  textParts.push('--', ...footer);
  htmlParts.push(`<hr><p style="color:#555;font-size:13px">${footer.map(escapeHtml).join('<br>')}</p>`);
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#111;max-width:600px">${htmlParts.join('\n')}</body></html>`;
  return { kind, to, subject, text: `${textParts.join('\n')}\n`, html, bookingId };
}

export function bookingRows(booking: BookingFacts, company: CompanySettings): [string, string][] {
  const days = rentalDays(booking.pickupDate, booking.returnDate);
  return [
    ['Booking reference', booking.reference],
    ['Car', `${booking.car.brand} ${booking.car.model} (${booking.car.year})`],
    ['Pickup', `${formatDay(booking.pickupDate)}, ${placeWithAddress(company, booking.car.location)}`],
    ['Return', formatDay(booking.returnDate)],
    ...(booking.quote ? quoteRows(booking.quote) : []),
    ['Total', `${formatMoney(booking.price, booking.quote?.currency ?? company.currency)} for ${days} ${days === 1 ? 'day' : 'days'}`],
    ...(booking.quote && booking.quote.securityDeposit > 0
      ? [
          ['Security deposit', `${formatMoney(booking.quote.securityDeposit, booking.quote.currency)}, taken at pickup and given back at return`] as [
            string,
            string,
          ],
        ]
      : []),
    ['Payment', PAYMENT_METHOD_IN_A_LINE[booking.paymentMethod]],
  ];
}

/** The quote's lines as the booking page shows them, then the subtotal and GCT (the total follows). */
function quoteRows(quote: Quote): [string, string][] {
  const money = (amount: number) => formatMoney(amount, quote.currency);
  return [
    ...quote.lines.map((line): [string, string] => [
      line.label,
      line.quantity > 1 ? `${line.quantity} × ${money(line.unitPrice)} = ${money(line.amount)}` : money(line.amount),
    ]),
    ['Subtotal', money(quote.subtotal)],
    [`GCT (${quote.gctPercent}%)`, money(quote.gct)],
  ];
}

/** The booking's page: its details, its receipt, and the card payment or bank details when something is owed. */
export const bookingPageUrl = (mail: MailSettings, booking: Pick<BookingFacts, 'reference'>) => `${mail.siteUrl}/my-bookings/${booking.reference}`;

export const bookingLink = (mail: MailSettings, booking: BookingFacts) => ({
  link: bookingPageUrl(mail, booking),
  label: 'See your booking',
});

export const checkInUrl = (mail: MailSettings, booking: BookingFacts) => `${bookingPageUrl(mail, booking)}/check-in`;

/** Online check-in (docs/decisions/124), offered where the customer reads about the pickup: the page says when it opens. */
export const checkInBlocks = (mail: MailSettings, booking: BookingFacts): LetterBlock[] => [
  'Save time at the counter: check in online before you come. Give the drivers and your arrival time and sign the rental agreement on your phone; at the counter we then only walk round the car with you and hand over the keys. Already done? Nothing more to do.',
  { link: checkInUrl(mail, booking), label: 'Check in online' },
];

/** The currency a booking's money is told in: its quote's, else the company's. */
export const bookingCurrency = (booking: BookingFacts, company: CompanySettings) => booking.quote?.currency ?? company.currency;

/** The company's account, the sum and the deadline: all a customer needs at the bank counter, in every letter that asks for a deposit. */
export function payIntoBankRows(bank: BankDetails, amount: string, deadline: string): [string, string][] {
  return [...accountRows(bank), ['Amount', amount], ['Pay by', deadline]];
}

/** One account's five fields (and the currency it takes, when the company said); the number masked for a letter that must not carry it whole. */
function accountRows(account: Omit<OtherBankAccount, 'currency'> & { currency?: string }, mask = false): [string, string][] {
  const rows: [string, string][] = [
    ['Bank', account.bankName],
    ['Account holder', account.accountHolderName],
    ['Branch', account.branch],
    ['Account number', mask ? maskAccountNumber(account.accountNumber) : account.accountNumber],
    ['Account type', account.accountType],
  ];
  if (account.currency) rows.push(['Currency', account.currency]);
  return rows;
}

/** The main account with the sum and the deadline, then the company's other accounts, any of which takes the deposit. */
export function payIntoBankBlocks(bank: BankDetails, amount: string, deadline: string): Block[] {
  const blocks: Block[] = [{ rows: payIntoBankRows(bank, amount, deadline) }];
  const others = bank.otherAccounts ?? [];
  if (others.length > 0) {
    blocks.push(
      others.length === 1 ? 'Or pay into our other account:' : 'Or pay into one of our other accounts:',
      ...others.map((account) => ({ rows: accountRows(account) })),
    );
  }
  return blocks;
}
const staffLink = (mail: MailSettings) => ({ link: `${mail.siteUrl}/owner/manage-bookings`, label: 'Open the bookings' });

export function bookingMadeLetter(booking: BookingFacts, bank: BankDetails | null, company: CompanySettings, mail: MailSettings): Letter {
  const blocks: Block[] = [
    `Thank you for booking with ${company.name}. We have received your booking ${booking.reference}; it is held for you while our staff confirm it, and we will write again when they do.`,
    { rows: bookingRows(booking, company) },
  ];
  if (booking.paymentMethod === 'cash_deposit' && bank) {
    const deadline = booking.holdExpiresAt ? formatMoment(booking.holdExpiresAt) : 'as soon as you can';
    blocks.push(
      `How to pay: pay ${formatMoney(booking.price, company.currency)} into our bank account by ${deadline}: ${BANK_PAYMENT_WAYS} (${booking.reference}) on the deposit slip or as the transfer's reference. A booking not confirmed by then is cancelled.`,
      ...payIntoBankBlocks(bank, formatMoney(booking.price, company.currency), deadline),
    );
  } else if (booking.paymentMethod === 'card') {
    // A card payer paid, or is paying, on the provider's page: never asked to pay at the office.
    blocks.push(
      `How to pay: by card, ${formatMoney(booking.price, company.currency)} on our payment provider's secure page, as you booked. We e-mail you a receipt once the payment is through. If the card page closed or the card was refused, open your booking and choose Pay by card now.`,
    );
  } else {
    blocks.push(
      `How to pay: you pay ${formatMoney(booking.price, company.currency)} at our office when you collect the car, before you drive off. Please bring your driver's licence.`,
    );
  }
  blocks.push(bookingLink(mail, booking), `Questions? Call us on ${company.phone} or reply to this e-mail.`);
  const letter = compose(
    'booking_made',
    booking.customer.email,
    `Your booking ${booking.reference} with ${company.name}`,
    `Hello ${booking.customer.name},`,
    blocks,
    company,
    mail,
    booking.id,
  );
  const message = channelMessage('booking_received', {
    name: greetingName(booking.customer.name),
    company: company.name,
    reference: booking.reference,
    pickupDay: formatDay(booking.pickupDate),
    returnDay: formatDay(booking.returnDate),
    total: messageMoney(booking.price, bookingCurrency(booking, company)),
    bookingLink: bookingPageUrl(mail, booking),
  });
  return { ...letter, message };
}

export function bookingMadeStaffLetter(booking: BookingFacts, company: CompanySettings, mail: MailSettings): Letter {
  const blocks: Block[] = [
    `${booking.customer.name} has booked a car. It waits for your confirmation.`,
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
    blocks.push(`If nobody confirms it by ${formatMoment(booking.holdExpiresAt)}, the booking is cancelled and its days are free again.`);
  blocks.push(staffLink(mail));
  const to = mail.companyEmail ?? company.email;
  return compose(
    'booking_made_staff',
    to,
    `New booking ${booking.reference}: ${booking.car.brand} ${booking.car.model}, ${formatDay(booking.pickupDate)}`,
    'Hello,',
    blocks,
    company,
    mail,
    booking.id,
  );
}

export function bookingConfirmedLetter(booking: BookingFacts, company: CompanySettings, mail: MailSettings): Letter {
  const message = channelMessage('booking_confirmed', {
    name: greetingName(booking.customer.name),
    company: company.name,
    reference: booking.reference,
    pickupDay: formatDay(booking.pickupDate),
    place: booking.car.location,
    checkInLink: checkInUrl(mail, booking),
  });
  const letter = compose(
    'booking_confirmed',
    booking.customer.email,
    `Booking ${booking.reference} is confirmed`,
    `Hello ${booking.customer.name},`,
    [
      `Good news: ${company.name} has confirmed your booking ${booking.reference}. The car is yours for these days.`,
      { rows: bookingRows(booking, company) },
      ...checkInBlocks(mail, booking),
      bookingLink(mail, booking),
      `Questions? Call us on ${company.phone}.`,
    ],
    company,
    mail,
    booking.id,
  );
  return { ...letter, message };
}

export function holdExpiredLetter(booking: BookingFacts, company: CompanySettings, mail: MailSettings): Letter {
  return compose(
    'hold_expired',
    booking.customer.email,
    `Booking ${booking.reference} has expired`,
    `Hello ${booking.customer.name},`,
    [
      `We are sorry: your booking ${booking.reference} was not confirmed in time, so it has been cancelled and its days are free again. You are welcome to book again, or call us on ${company.phone} and we will help.`,
      { rows: bookingRows(booking, company) },
      { link: `${mail.siteUrl}/cars`, label: 'Book again' },
    ],
    company,
    mail,
    booking.id,
  );
}

export interface BankChange {
  changedBy: { name: string; email: string };
  at: Date;
  before: BankDetails | null;
  after: BankDetails;
}

/** Neither the old nor the new full account number: only their last 4 digits. */
export function bankDetailsChangedLetter(owner: { name: string; email: string }, change: BankChange, company: CompanySettings, mail: MailSettings): Letter {
  // Events kept before the other accounts existed carry none.
  const describe = (details: BankDetails): Block[] => [
    { rows: accountRows(details, true) },
    ...(details.otherAccounts ?? []).flatMap((account, n): Block[] => [`Other account ${n + 1}:`, { rows: accountRows(account, true) }]),
  ];
  const blocks: Block[] = [
    `The bank accounts that customers pay their deposits into were changed by ${change.changedBy.name} (${change.changedBy.email}) on ${formatMoment(change.at)}.`,
    'Now:',
    ...describe(change.after),
  ];
  if (change.before) blocks.push('Before:', ...describe(change.before));
  blocks.push('If you do not know of this change, check the bank details at once and change your password: customers pay into the account shown on the site.', {
    link: `${mail.siteUrl}/owner/bank-details`,
    label: 'Check the bank details',
  });
  return compose('bank_details_changed', owner.email, `The bank details of ${company.name} were changed`, `Hello ${owner.name},`, blocks, company, mail);
}

export function passwordChangedLetter(
  account: { name: string; email: string },
  how: 'changed' | 'reset',
  company: CompanySettings,
  mail: MailSettings,
  at = new Date(),
): Letter {
  return compose(
    'password_changed',
    account.email,
    `Your ${company.name} password was changed`,
    `Hello ${account.name},`,
    [
      `The password of your account was ${how === 'reset' ? 'reset with a link sent by e-mail' : 'changed'} on ${formatMoment(at)}. Every device that was logged in must log in again.`,
      `If this was not you, reset your password at once and call us on ${company.phone}.`,
      { link: `${mail.siteUrl}/reset-password`, label: 'Reset your password' },
    ],
    company,
    mail,
  );
}

export function passwordResetLinkLetter(account: { name: string; email: string }, token: string, company: CompanySettings, mail: MailSettings): Letter {
  return compose(
    'password_reset_link',
    account.email,
    `Choose a new password for ${company.name}`,
    `Hello ${account.name},`,
    [
      'Someone, probably you, asked to reset the password of your account. Open this link to choose a new password. It works once, within one hour.',
      { link: `${mail.siteUrl}/reset-password?token=${encodeURIComponent(token)}`, label: 'Choose a new password' },
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ],
    company,
    mail,
  );
}

/** A one-time link to sign in to one booking (features/bookingLookup): sent to the renter's own address after a look-up. */
export function bookingSignInLinkLetter(booking: BookingFacts, token: string, minutes: number, company: CompanySettings, mail: MailSettings): Letter {
  return compose(
    'booking_sign_in_link',
    booking.customer.email,
    `Your sign-in link for booking ${booking.reference}`,
    `Hello ${booking.customer.name},`,
    [
      `Someone, probably you, looked up booking ${booking.reference} (${booking.car.brand} ${booking.car.model}) on our website. Open this link to see the booking and get it ready for pickup. It opens this booking only, works once, within ${minutes} minutes.`,
      { link: `${mail.siteUrl}/booking/sign-in?token=${encodeURIComponent(token)}`, label: 'Open my booking' },
      'If you did not ask for this, ignore this e-mail: no one can use the link without your mailbox.',
    ],
    company,
    mail,
    booking.id,
  );
}

/** The company approved the customer as a driver: they can collect their cars. */
export function vettingApprovedLetter(customer: { name: string; email: string }, company: CompanySettings, mail: MailSettings): Letter {
  return compose(
    'vetting_approved',
    customer.email,
    `${company.name} has approved your driver details`,
    `Hello ${customer.name},`,
    [
      'We have checked your driving licence and documents: you are approved to rent our cars. Bring your licence to the counter when you collect a car.',
      'If your licence or other details change, update them in your account: we check them again before your next pickup.',
      { link: `${mail.siteUrl}/account`, label: 'Your account' },
    ],
    company,
    mail,
  );
}

/** The company did not approve the customer: why, and which waiting bookings it cancelled. */
export function vettingRejectedLetter(
  customer: { name: string; email: string },
  reason: string,
  cancelled: string[],
  company: CompanySettings,
  mail: MailSettings,
): Letter {
  const blocks: Block[] = [`We have checked your driver details and cannot approve you to rent our cars for now. The reason: ${reason}`];
  if (cancelled.length > 0) {
    blocks.push(
      `Your ${cancelled.length === 1 ? 'booking' : 'bookings'} waiting for confirmation ${cancelled.length === 1 ? 'is' : 'are'} cancelled: ${cancelled.join(', ')}.`,
    );
  }
  blocks.push(`If something can be corrected (a new licence, a missing document), update your account and we check it again, or call us on ${company.phone}.`, {
    link: `${mail.siteUrl}/account`,
    label: 'Your account',
  });
  return compose('vetting_rejected', customer.email, `About your driver details at ${company.name}`, `Hello ${customer.name},`, blocks, company, mail);
}
