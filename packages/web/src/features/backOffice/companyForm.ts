/** The company settings form: what it holds, what makes it valid (the server's schema), what it sends. */
import { LEDGER_ACCOUNT_WORDS, LEDGER_ACCOUNTS } from '@rental/contract/books';
import type { CompanyFacts } from '@rental/contract/company';
import { WEEKDAYS, type Weekday, type WeekHours } from '@rental/contract/onlineCheckIn';
import { type CompanySettings, companySettings } from '@rental/contract/schemas';
import { type FieldLabel, formErrors } from './formErrors';

/** The facts typed in one box (all but the reminders' on/off switches and the lists; the bank holidays are a list typed one per line). */
export type TextFact = {
  [K in keyof CompanyFacts]: K extends 'bankHolidays' ? K : K extends 'weekHours' ? never : CompanyFacts[K] extends boolean | readonly unknown[] ? never : K;
}[keyof CompanyFacts];
/** The reminders' switches (contract reminders.ts REMINDER_SETTINGS). */
export type SwitchFact = { [K in keyof CompanyFacts]: CompanyFacts[K] extends boolean ? K : never }[keyof CompanyFacts];
/** A pickup location as its row of the form holds it (decision 108). */
export type PlaceRow = { name: string; address: string; openingHours: string };
/** A testimonial as its row holds it: the stars chosen in a select. */
export type TestimonialRow = { name: string; place: string; text: string; stars: string };
export type CompanyFormValues = { [K in TextFact]: string } & { [K in SwitchFact]: boolean } & {
  places: PlaceRow[];
  testimonials: TestimonialRow[];
  /** The opening hours per weekday (online check-in): a row a day, its times kept while it is ticked closed. */
  weekHours: WeekHoursRows;
};
/** One weekday's row: closed, or open from `opens` to `closes` ("08:00"). */
export type DayHoursRow = { closed: boolean; opens: string; closes: string };
export type WeekHoursRows = Record<Weekday, DayHoursRow>;

export function weekHoursRows(week: WeekHours): WeekHoursRows {
  return Object.fromEntries(
    WEEKDAYS.map((day) => {
      const hours = week[day];
      return [day, hours ? { closed: false, ...hours } : { closed: true, opens: '08:00', closes: '18:00' }];
    }),
  ) as WeekHoursRows;
}

export function weekHoursOf(rows: WeekHoursRows): WeekHours {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, rows[day].closed ? null : { opens: rows[day].opens, closes: rows[day].closes }])) as WeekHours;
}
/**
 * Problems by the box they belong to: a fact's name ("phone"), a row's box ("places.0.name",
 * "testimonials.1.text"), or a whole list ("places", "testimonials").
 */
export type CompanyFormErrors = Partial<Record<string, string>>;

export interface CompanyField {
  field: TextFact;
  label: string;
  hint?: string;
  multiline?: boolean;
  numeric?: boolean;
  optional?: boolean;
  time?: boolean;
}

export const COMPANY_FIELDS: CompanyField[] = [
  { field: 'name', label: 'Company name' },
  { field: 'phone', label: 'Phone' },
  { field: 'email', label: 'E-mail' },
  { field: 'address', label: 'Address' },
  { field: 'openingHours', label: 'Opening hours', hint: 'As customers should read them, e.g. Mon–Sat 8:00–18:00.' },
  { field: 'chatUrl', label: 'WhatsApp chat link', hint: 'Opened by "Chat with us", e.g. https://wa.me/18765550142.' },
  { field: 'mapUrl', label: 'Map link', hint: 'The map shown on the About page: a Google Maps or OpenStreetMap embed link.' },
];

/** After the pickup locations: the money and the drivers' rules. */
export const RULE_FIELDS: CompanyField[] = [
  { field: 'securityDeposit', label: 'Security deposit', hint: 'Whole amount in the currency below.', numeric: true },
  { field: 'currency', label: 'Currency', hint: 'Its three-letter code, shown beside every price (JMD).' },
  {
    field: 'minDriverAge',
    label: 'Youngest driver age',
    hint: 'In years, on the pickup day: the customer and every other driver they name. 18 to 99.',
    numeric: true,
  },
  {
    field: 'minLicenceYears',
    label: 'Years a licence must be held',
    hint: 'Whole years since the licence was issued, on the pickup day. 0 to 20 (0: any valid licence).',
    numeric: true,
  },
  {
    field: 'gctPercent',
    label: 'GCT',
    hint: 'In percent, added to every price customers are quoted (staff enter prices before GCT): 15, or 0 when the company charges none. At most two decimals.',
  },
  {
    field: 'trn',
    label: 'TRN',
    hint: 'The company’s Taxpayer Registration Number, nine digits such as 123-456-789, printed on quotes and receipts. Leave it empty until you have it.',
    optional: true,
  },
];

/** What the home and About pages say of the company (empty: said from its name and locations). */
export const PAGE_FIELDS: CompanyField[] = [
  {
    field: 'heroText',
    label: 'Home page headline',
    hint: 'The big line at the top of the home page. Leave it empty for “Rent the right car in” and your first pickup location.',
    optional: true,
  },
  {
    field: 'aboutText',
    label: 'About page introduction',
    hint: 'Who you are, in your own words; an empty line starts a new paragraph. Leave it empty for a line naming your first pickup location.',
    optional: true,
    multiline: true,
  },
];

/** What the counter charges for a return (the sums are worked out in the contract's counter.ts). */
export const RETURN_FIELDS: CompanyField[] = [
  { field: 'returnTime', label: 'Cars due back by', hint: 'On their return day, Jamaica time.', time: true },
  {
    field: 'gracePeriodMinutes',
    label: 'Minutes of grace for a late return',
    hint: 'After this, each day late (or part of one) is charged at the booking’s daily rate.',
    numeric: true,
  },
  {
    field: 'extraKmRate',
    label: 'Price of each kilometre over the allowance',
    hint: 'Whole amount, before GCT; the allowance is the car’s daily distance times the days. 0: none charged.',
    numeric: true,
  },
  {
    field: 'fuelEighthPrice',
    label: 'Price of each eighth of a tank missing',
    hint: 'Whole amount, before GCT, for each eighth below the reading at pickup. 0: none charged.',
    numeric: true,
  },
];

/** What the rental agreement says a renter owes for damage to the car, without the damage waiver and with it. */
export const AGREEMENT_FIELDS: CompanyField[] = [
  {
    field: 'damageExcess',
    label: 'Excess without the damage waiver',
    hint: 'The most a renter who declined the damage waiver pays towards any one damage to or loss of the car, printed on the rental agreement. Whole amount.',
    numeric: true,
  },
  {
    field: 'waiverExcess',
    label: 'Excess with the damage waiver',
    hint: 'The most a renter who bought the damage waiver (an extra whose name says "waiver") pays towards any one damage or loss. 0: nothing.',
    numeric: true,
  },
];

/** The days money takes (contract bankDays.ts, refunds.ts): bank holidays, a bank deposit's days, a refund's days. */
export const MONEY_DAYS_FIELDS: CompanyField[] = [
  {
    field: 'bankHolidays',
    label: 'Bank holidays',
    hint: 'One per line: the date (YYYY-MM-DD), a space, then its name. Weekends are never bank days; a Sunday holiday is kept on the Monday, so list that Monday.',
    multiline: true,
  },
  {
    field: 'depositBankDays',
    label: 'Bank days to pay a bank deposit',
    hint: 'A booking paid by bank deposit is held to the end of this many bank days after the day it is made. 1 to 10.',
    numeric: true,
  },
  {
    field: 'refundBankDays',
    label: 'Bank days to send a refund',
    hint: 'What the terms, the booking page and the e-mails promise a customer who cancels a paid booking. 1 to 30.',
    numeric: true,
  },
];

/** When a service shows as due soon on the maintenance page (contract maintenance.ts). */
export const MAINTENANCE_FIELDS: CompanyField[] = [
  {
    field: 'maintenanceSoonKm',
    label: 'Kilometres before a service is due soon',
    hint: 'A service shows as due soon on the maintenance page this many kilometres before it falls due. 0 to 50,000.',
    numeric: true,
  },
  {
    field: 'maintenanceSoonDays',
    label: 'Days before a service is due soon',
    hint: 'A service shows as due soon this many days before its date. 0 to 365.',
    numeric: true,
  },
];

/** Online check-in (contract onlineCheckIn.ts): how long before pickup it opens; the opening hours per weekday are their own rows. */
export const CHECK_IN_FIELDS: CompanyField[] = [
  {
    field: 'onlineCheckInHours',
    label: 'Hours before pickup online check-in opens',
    hint: 'Counted back from the opening time on the pickup day. 1 to 336 (two weeks); 72 is three days.',
    numeric: true,
  },
];

/** The accounts the journal for the accountant names (contract books.ts), spelt as in the company's books. */
export const BOOKS_FIELDS: CompanyField[] = LEDGER_ACCOUNTS.map((field) => ({ field, ...LEDGER_ACCOUNT_WORDS[field] }));

/** "2026-12-25 Christmas Day" per line; a line without a date keeps an empty one, which the schema names. */
function holidaysOf(text: string): { date: string; name: string }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const m = /^(\d{4}-\d{2}-\d{2})\s+(.+)$/.exec(line);
      return m ? { date: m[1]!, name: m[2]!.trim() } : { date: '', name: line };
    });
}

/** Every box typed once, in screen order (the skeleton while loading has one block each). */
export const COMPANY_FORM_ORDER: CompanyField[] = [
  ...COMPANY_FIELDS,
  ...RULE_FIELDS,
  ...PAGE_FIELDS,
  ...RETURN_FIELDS,
  ...AGREEMENT_FIELDS,
  ...MONEY_DAYS_FIELDS,
  ...MAINTENANCE_FIELDS,
  ...CHECK_IN_FIELDS,
  ...BOOKS_FIELDS,
];

const LABELS: Partial<Record<TextFact, FieldLabel>> = Object.fromEntries(COMPANY_FORM_ORDER.map(({ field, label }) => [field, { label }]));

export const EMPTY_PLACE: PlaceRow = { name: '', address: '', openingHours: '' };
export const EMPTY_TESTIMONIAL: TestimonialRow = { name: '', place: '', text: '', stars: '5' };

export function companyFormFromFacts(company: CompanyFacts): CompanyFormValues {
  const { locations, locationDetails, testimonials, ...facts } = company;
  return {
    ...facts,
    places: locations.map((name) => ({ ...EMPTY_PLACE, ...locationDetails.find((place) => place.name === name), name })),
    testimonials: testimonials.map((t) => ({ ...t, stars: String(t.stars) })),
    securityDeposit: String(company.securityDeposit),
    minDriverAge: String(company.minDriverAge),
    minLicenceYears: String(company.minLicenceYears),
    gctPercent: String(company.gctPercent),
    gracePeriodMinutes: String(company.gracePeriodMinutes),
    extraKmRate: String(company.extraKmRate),
    fuelEighthPrice: String(company.fuelEighthPrice),
    damageExcess: String(company.damageExcess),
    waiverExcess: String(company.waiverExcess),
    bankHolidays: company.bankHolidays.map((h) => `${h.date} ${h.name}`).join('\n'),
    depositBankDays: String(company.depositBankDays),
    refundBankDays: String(company.refundBankDays),
    maintenanceSoonKm: String(company.maintenanceSoonKm),
    maintenanceSoonDays: String(company.maintenanceSoonDays),
    onlineCheckInHours: String(company.onlineCheckInHours),
    weekHours: weekHoursRows(company.weekHours),
  };
}

/** What the schema reads: the rows' names are the locations, and the rows themselves their details. */
function inputOf(values: CompanyFormValues) {
  const { places, testimonials, weekHours, ...facts } = values;
  return {
    ...facts,
    weekHours: weekHoursOf(weekHours),
    locations: places.map((place) => place.name.trim()),
    locationDetails: places,
    testimonials,
    bankHolidays: holidaysOf(values.bankHolidays),
  };
}

/** Where a list's problem is shown: a row's box ("places.0.address"), else the list ("places"). */
function listErrorKey(path: readonly PropertyKey[]): string | undefined {
  const [list, row, box] = path;
  // A weekday's problem (a time, or closing before opening) is shown on that day's row.
  if (list === 'weekHours') return typeof row === 'string' ? `weekHours.${row}` : 'weekHours';
  const name = list === 'locations' || list === 'locationDetails' ? 'places' : list === 'testimonials' ? 'testimonials' : undefined;
  if (!name) return undefined;
  if (typeof row !== 'number') return name;
  // A location's own name is checked twice (as a location, and in its details): one message.
  return `${name}.${row}.${typeof box === 'string' ? box : 'name'}`;
}

export function validateCompanyForm(values: CompanyFormValues): CompanyFormErrors {
  const input = inputOf(values);
  // The switches cannot be wrong: only the typed facts and the rows are checked for words.
  const texts: Record<TextFact, string> = values;
  const errors: CompanyFormErrors = formErrors(companySettings, texts, LABELS, input);
  const result = companySettings.safeParse(input);
  for (const issue of result.success ? [] : result.error.issues) {
    const key = listErrorKey(issue.path);
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** What the server is sent: the schema's own reading of the form (trimmed, numbers as numbers). */
export function companyFromForm(values: CompanyFormValues): CompanySettings {
  return companySettings.parse(inputOf(values));
}
