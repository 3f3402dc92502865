import { z } from 'zod';
import { ACCOUNT_TYPES, BANK_ACCOUNT_CURRENCIES } from '../constants';
import { MAP_ORIGINS } from '../company';
import { emailSchema } from './users';
import { CONTROL_OR_BIDI, CONTROL_OR_BIDI_MULTILINE, oneOf, storable, text, wholeNumber } from './fields';
import { isCalendarDate } from '../rentalDates';
import { MAX_ONLINE_CHECK_IN_HOURS, TIME_OF_DAY, WEEKDAYS, type Weekday } from '../onlineCheckIn';
import { LEDGER_ACCOUNT_WORDS, LEDGER_ACCOUNTS, type LedgerAccount } from '../books';

/** How many digits an account number may have, whatever spaces or dashes group them. */
export const ACCOUNT_NUMBER_DIGITS = { min: 5, max: 20 } as const;
const ACCOUNT_NUMBER_MAX_LENGTH = 40;

/**
 * Cash-deposit customers are told to pay into this number: only digits, with the spaces or dashes
 * people write between groups, and between 5 and 20 digits, so a slip ("abc", a branch name in the
 * wrong box) is refused instead of being printed on every booking.
 */
const accountNumberField = z
  .string({ error: (iss) => (iss.input == null ? 'Account number is required.' : 'Account number must be written as text.') })
  .trim()
  .min(1, { error: 'Account number is required.' })
  .max(ACCOUNT_NUMBER_MAX_LENGTH, { error: `Account number can be at most ${ACCOUNT_NUMBER_MAX_LENGTH} characters long.` })
  .regex(/^[0-9 -]+$/, { error: 'Account number may hold only digits, spaces and dashes.' })
  .refine((value) => value.replace(/\D/g, '').length >= ACCOUNT_NUMBER_DIGITS.min, {
    error: `Account number must have at least ${ACCOUNT_NUMBER_DIGITS.min} digits.`,
  })
  .refine((value) => value.replace(/\D/g, '').length <= ACCOUNT_NUMBER_DIGITS.max, {
    error: `Account number can have at most ${ACCOUNT_NUMBER_DIGITS.max} digits.`,
  });

/** The SPEC's five fields of one account. */
const accountFields = {
  bankName: text('Bank name', 100),
  accountHolderName: text('Account holder name', 100),
  branch: text('Branch', 100),
  accountNumber: accountNumberField,
  accountType: oneOf('an account type', ACCOUNT_TYPES),
};

/** How many accounts the company may keep beside its main one (e.g. NCB, then Scotiabank). */
export const MAX_OTHER_BANK_ACCOUNTS = 4;

/** Another account customers may pay into: the same five fields, and the currency it takes when the company says. */
export const otherBankAccount = z.object({
  ...accountFields,
  currency: oneOf('a currency', BANK_ACCOUNT_CURRENCIES).optional(),
});
export type OtherBankAccount = z.infer<typeof otherBankAccount>;

/**
 * The main account (the SPEC's five fields, first and unchanged) and the others. A PUT without
 * `otherAccounts` keeps the stored list (the SPEC's client knows only the five fields); with it,
 * the list is replaced (an empty list removes them all).
 */
export const bankDetails = z.object({
  ...accountFields,
  otherAccounts: z
    .array(otherBankAccount, { error: 'Other accounts must be a list.' })
    .max(MAX_OTHER_BANK_ACCOUNTS, { error: `Please list at most ${MAX_OTHER_BANK_ACCOUNTS} other accounts.` })
    .optional()
    .describe(`The company's other accounts (at most ${MAX_OTHER_BANK_ACCOUNTS}). Left out: the stored list is kept; an empty list removes them.`),
});
/** The company's accounts: the main one's fields and the others (the server's answers always carry the list, empty when none). */
export type BankDetails = z.infer<typeof bankDetails>;
/** As the server reads them back: the list of others always there. */
export type SavedBankDetails = BankDetails & { otherAccounts: OtherBankAccount[] };

/**
 * The bank details as stored. An account number saved before the digits rule may break it: it is
 * still read back as it is (never lost, never a failed answer), and the form asks for a correction.
 */
export const storedBankDetails = bankDetails.extend({
  accountNumber: z.string(),
  // An answer without the list (a server from before it) reads as no other accounts.
  otherAccounts: z.array(otherBankAccount.extend({ accountNumber: z.string() })).default([]),
});

// ---------- company settings ----------
const webLink = (label: string) =>
  text(label, 500).refine((value) => /^https:\/\/[^\s/]+\.[^\s]+$/.test(value), { error: `${label} must be a web address starting with https://.` });

/** "Google Maps or OpenStreetMap": the services the about page may frame. */
const MAP_SERVICES = 'Google Maps or OpenStreetMap';

const onOff = (label: string) => z.boolean({ error: `${label} must be turned on or off.` });

/** Text that may be left empty: the page then says it from the other settings. */
const optionalText = (label: string, max: number, multiline = false) =>
  z
    .string({ error: `${label} must be written as text.` })
    .trim()
    .max(max, { error: `${label} can be at most ${max} characters long.` })
    .refine(storable, { error: `${label} contains characters that cannot be stored. Please remove them.` })
    .refine((value) => !(multiline ? CONTROL_OR_BIDI_MULTILINE : CONTROL_OR_BIDI).test(value), {
      error: `${label} contains invisible control characters. Please type it again.`,
    });

const companyPlace = z.object({
  name: text('Each pickup location', 100),
  address: optionalText("A location's address", 300),
  openingHours: optionalText("A location's opening hours", 200),
});

const testimonial = z.object({
  name: text("The customer's name", 60),
  place: optionalText('Where the customer is from', 60),
  text: text('What the customer said', 600, { multiline: true }),
  stars: wholeNumber('Stars', 1, 5),
});

/** An account's name as the accountant's books spell it (QuickBooks: "Parent:Child" for a sub-account; Xero: its code). */
const ledgerAccount = (key: LedgerAccount) => text(`The ${LEDGER_ACCOUNT_WORDS[key].label.toLowerCase()} account`, 100);
const ledgerAccountFields = {
  accountRentalIncome: ledgerAccount('accountRentalIncome'),
  accountExtrasIncome: ledgerAccount('accountExtrasIncome'),
  accountGctPayable: ledgerAccount('accountGctPayable'),
  accountDepositsHeld: ledgerAccount('accountDepositsHeld'),
  accountCustomerBalances: ledgerAccount('accountCustomerBalances'),
  accountBank: ledgerAccount('accountBank'),
  accountCash: ledgerAccount('accountCash'),
  accountCardClearing: ledgerAccount('accountCardClearing'),
} satisfies Record<LedgerAccount, unknown>;

// ---------- opening hours per weekday (onlineCheckIn.ts) ----------
/** A time of day, "08:00" (24-hour). */
export const timeOfDay = (label: string) =>
  z
    .string({ error: `${label} must be a time such as 08:00.` })
    .trim()
    .regex(TIME_OF_DAY, { error: `${label} must be a time such as 08:00.` });

/** One weekday: its opening and closing time (Jamaica time), or null when closed. */
export const dayHours = z
  .object(
    { opens: timeOfDay('Opening time'), closes: timeOfDay('Closing time') },
    { error: 'Each day of the week needs its opening and closing time, or closed.' },
  )
  .refine((day) => day.opens < day.closes, { error: 'Each day must close after it opens.' })
  .nullable();

/** The company's opening hours per weekday: a pickup time given at online check-in must fall inside them. */
export const weekHours = z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, dayHours])) as Record<Weekday, typeof dayHours>, {
  error: 'Opening hours must give each day of the week: its opening and closing time, or closed.',
});
export type WeekHoursInput = z.input<typeof weekHours>;

/** The company's own facts, edited by owners (company settings) and read by every page and message. */
export const companySettings = z.object({
  name: text('Company name', 100),
  phone: text('Phone', 40).refine((value) => /^[+0-9 ()-]{7,40}$/.test(value), {
    error: 'Phone may hold only digits, spaces, +, - and brackets.',
  }),
  email: emailSchema,
  address: text('Address', 300),
  /** The WhatsApp (or other) chat link of the car-sourcing banner and the contact strip. */
  chatUrl: webLink('WhatsApp chat link'),
  /** Framed on the about page. */
  mapUrl: webLink('Map link').refine((value) => MAP_ORIGINS.some((origin) => value.startsWith(`${origin}/`)), {
    error: `Map link must be a ${MAP_SERVICES} link (the about page can show only those).`,
  }),
  openingHours: text('Opening hours', 200),
  locations: z
    .array(text('Each pickup location', 100), { error: 'Pickup locations must be a list of places.' })
    .min(1, { error: 'Please name at least one pickup location.' })
    .max(20, { error: 'Please name at most 20 pickup locations.' })
    .refine((list) => new Set(list.map((l) => l.toLowerCase())).size === list.length, {
      error: 'Each pickup location may be named only once.',
    }),
  /** The same places as `locations`, in its order, with their address and hours (the server keeps them in step). */
  locationDetails: z
    .array(companyPlace, { error: 'The pickup locations’ details must be a list.' })
    .max(20, { error: 'Please name at most 20 pickup locations.' }),
  heroText: optionalText('The home page headline', 120),
  aboutText: optionalText('The About page introduction', 2000, true),
  testimonials: z.array(testimonial, { error: 'Testimonials must be a list.' }).max(12, { error: 'Please enter at most 12 testimonials.' }),
  securityDeposit: wholeNumber('Security deposit', 0, 10_000_000),
  currency: z
    .string({ error: 'Currency is required.' })
    .trim()
    .regex(/^[A-Z]{3}$/, { error: 'Currency must be a three-letter code such as JMD.' }),
  /** The drivers' rules (driverRules.ts), checked at every booking. */
  minDriverAge: wholeNumber('Youngest driver age', 18, 99),
  minLicenceYears: wholeNumber('Years a licence must be held', 0, 20),
  /** GCT in percent, at most two decimals (16.5 was the rate once). */
  gctPercent: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d+(\.\d{1,2})?$/)
          .transform(Number),
      ],
      { error: 'GCT must be a number of percent, such as 15.' },
    )
    .pipe(
      z
        .number()
        .min(0, { error: 'GCT cannot be below 0%.' })
        .max(50, { error: 'GCT can be at most 50%.' })
        .refine((n) => Math.round(n * 100) === n * 100, { error: 'GCT can have at most two decimals.' }),
    ),
  /** A TRN is nine digits, often written 123-456-789; empty until the company gives it. */
  trn: z
    .string({ error: 'TRN must be written as text.' })
    .trim()
    .refine((value) => value === '' || /^\d{3}[- ]?\d{3}[- ]?\d{3}$/.test(value), { error: 'TRN must be nine digits, such as 123-456-789.' }),
  /** The counter's charges at return (counter.ts). */
  returnTime: z
    .string({ error: 'Cars due back by must be a time such as 18:00.' })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Cars due back by must be a time such as 18:00.' }),
  gracePeriodMinutes: wholeNumber('Minutes of grace for a late return', 0, 24 * 60),
  extraKmRate: wholeNumber('Price of each kilometre over the allowance', 0, 100_000),
  fuelEighthPrice: wholeNumber('Price of each eighth of a tank missing', 0, 1_000_000),
  /** Printed on the rental agreement: what the renter owes for damage without the damage waiver, and with it. */
  damageExcess: wholeNumber('The excess without the damage waiver', 0, 100_000_000),
  waiverExcess: wholeNumber('The excess with the damage waiver', 0, 100_000_000),
  /** The reminders (features/reminders/): on unless staff turn them off. */
  pickupReminder: onOff('The reminder the day before pickup'),
  returnReminder: onOff('The reminder the evening before return'),
  holdEndingReminder: onOff('The reminder that a bank deposit is due'),
  staffDailySummary: onOff("Staff's morning list of pickups and returns"),
  /** Money's days (bankDays.ts): bank holidays, the bank days to pay a bank deposit, the bank days a refund takes. */
  bankHolidays: z
    .array(
      z.object({
        date: z.string({ error: 'Each bank holiday needs a date.' }).refine(isCalendarDate, { error: 'Each bank holiday needs a date written YYYY-MM-DD.' }),
        name: text('Each bank holiday’s name', 100),
      }),
      { error: 'Bank holidays must be a list of days.' },
    )
    .max(200, { error: 'Please list at most 200 bank holidays.' })
    .refine((list) => new Set(list.map((h) => h.date)).size === list.length, { error: 'Each bank holiday’s date may be listed only once.' }),
  depositBankDays: wholeNumber('Bank days to pay a bank deposit', 1, 10),
  refundBankDays: wholeNumber('Bank days to send a refund', 1, 30),
  /** Services that fall due (maintenance.ts): the margin before an item's due point. */
  maintenanceSoonKm: wholeNumber('Kilometres before a service is due soon', 0, 50_000),
  maintenanceSoonDays: wholeNumber('Days before a service is due soon', 0, 365),
  /** The accounts the journal for the accountant names (books.ts), exactly as in the company's books. */
  ...ledgerAccountFields,
  /** Online check-in (onlineCheckIn.ts): the opening hours per weekday a pickup time must fall in, and the hours before pickup it opens. */
  weekHours,
  onlineCheckInHours: wholeNumber('Hours before pickup online check-in opens', 1, MAX_ONLINE_CHECK_IN_HOURS),
});
export type CompanySettings = z.infer<typeof companySettings>;
/**
 * The settings as staff read them (GET /api/owner/company, managers and owners): until an owner
 * saves them, the shipped phone, e-mail and chat link are placeholders, so they are answered empty
 * (contactsSaved false) and the settings form asks for the company's own.
 */
export const staffCompanySettings = companySettings.extend({
  phone: z.union([z.literal(''), companySettings.shape.phone]),
  email: z.union([z.literal(''), companySettings.shape.email]),
  chatUrl: z.union([z.literal(''), companySettings.shape.chatUrl]),
});
/**
 * The settings as GET /api/company gives them to anyone (and as public pages embed them): the
 * staff's reading without the accountant's account names, which are the company's own business
 * (decision 115). Serialised by this schema, so a name cannot leave the server even by mistake.
 */
export const publicCompanySettings = staffCompanySettings.omit(Object.fromEntries(LEDGER_ACCOUNTS.map((key) => [key, true])) as Record<LedgerAccount, true>);
export type CompanySettingsInput = z.input<typeof companySettings>;
/** A save: the drivers' rules, GCT, TRN and the counter's charges may be left out (a client older than them), and keep their values. */
export const updateCompanyBody = companySettings.partial({
  locationDetails: true,
  heroText: true,
  aboutText: true,
  testimonials: true,
  minDriverAge: true,
  minLicenceYears: true,
  gctPercent: true,
  trn: true,
  returnTime: true,
  gracePeriodMinutes: true,
  extraKmRate: true,
  fuelEighthPrice: true,
  damageExcess: true,
  waiverExcess: true,
  pickupReminder: true,
  returnReminder: true,
  holdEndingReminder: true,
  staffDailySummary: true,
  bankHolidays: true,
  depositBankDays: true,
  refundBankDays: true,
  maintenanceSoonKm: true,
  maintenanceSoonDays: true,
  weekHours: true,
  onlineCheckInHours: true,
  accountRentalIncome: true,
  accountExtrasIncome: true,
  accountGctPayable: true,
  accountDepositsHeld: true,
  accountCustomerBalances: true,
  accountBank: true,
  accountCash: true,
  accountCardClearing: true,
});
/** The settings a client older than them may leave out of a save. */
export const COMPANY_LATER_SETTINGS = [
  'heroText',
  'aboutText',
  'testimonials',
  'minDriverAge',
  'minLicenceYears',
  'gctPercent',
  'trn',
  'returnTime',
  'gracePeriodMinutes',
  'extraKmRate',
  'fuelEighthPrice',
  'damageExcess',
  'waiverExcess',
  'pickupReminder',
  'returnReminder',
  'holdEndingReminder',
  'staffDailySummary',
  'bankHolidays',
  'depositBankDays',
  'refundBankDays',
  'maintenanceSoonKm',
  'maintenanceSoonDays',
  'weekHours',
  'onlineCheckInHours',
  ...LEDGER_ACCOUNTS,
] as const;
export type UpdateCompanyBody = z.infer<typeof updateCompanyBody>;
