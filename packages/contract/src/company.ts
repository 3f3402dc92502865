/**
 * The company's facts as shipped. Owners change them at /owner/settings (stored in the database);
 * these values are what a new install starts with and what a page shows before the settings load.
 */
import { type BankHoliday, DEFAULT_BANK_HOLIDAYS } from './bankDays';
import { groupedNumber } from './numbers';
import { DEFAULT_LEDGER_ACCOUNTS, LEDGER_ACCOUNTS, type LedgerAccount } from './ledgerAccounts';
import { SHIPPED_PUBLIC_FACTS } from './shippedCompany';
import type { WeekHours } from './weekHours';

/** A pickup location with where exactly it is and when it is open ('' in either: the company's own address or hours). */
export interface CompanyPlace {
  name: string;
  address: string;
  openingHours: string;
}

/** What a customer said, as the company entered it; shown on the home page only when there is at least one. */
export interface Testimonial {
  name: string;
  /** Where they are from ('' when not given). */
  place: string;
  text: string;
  /** 1 to 5, as they rated the company. */
  stars: number;
}

/** The journal's accounts (books.ts), each a name as the company's accounting program spells it. */
export type LedgerAccounts = Record<LedgerAccount, string>;

export interface CompanyFacts extends LedgerAccounts {
  name: string;
  phone: string;
  email: string;
  address: string;
  /** Chat link opened by the car-sourcing banner and the contact strip. */
  chatUrl: string;
  /** Embedded on the about page; the CSP allows map services' origins in frame-src. */
  mapUrl: string;
  openingHours: string;
  /** Where cars are picked up; every car's location is one of these (the SPEC's car.location). */
  locations: string[];
  /** The same places in the same order, each with its address and opening hours (decision 108). */
  locationDetails: CompanyPlace[];
  /** The home page's headline; '' says "Rent the right car in <first location>" (heroHeadline). */
  heroText: string;
  /** The About page's opening paragraph; '' says who the company is from its name and locations (aboutIntro). */
  aboutText: string;
  /** Shown on the home page only when the company entered some. */
  testimonials: Testimonial[];
  /** Whole dollars, in `currency`. */
  securityDeposit: number;
  /** ISO 4217 code shown beside every price (tourists read "$" as US dollars). */
  currency: string;
  /** The drivers' rules (driverRules.ts): the youngest age on the pickup day, the years a licence must be held. */
  minDriverAge: number;
  minLicenceYears: number;
  /** General Consumption Tax in percent, added to every quote (prices are entered before it; 0 allowed). */
  gctPercent: number;
  /** The company's Taxpayer Registration Number, printed on quotes and receipts ('' until given). */
  trn: string;
  /** The counter (counter.ts): cars are due back by this time (HH:MM, Jamaica) on their return day. */
  returnTime: string;
  /** Minutes after returnTime before a return counts as late (a late return is charged extra days). */
  gracePeriodMinutes: number;
  /** Each kilometre above the car's daily allowance x the days. */
  extraKmRate: number;
  /** Each eighth of a tank missing at return. */
  fuelEighthPrice: number;
  /** The rental agreement: the most a renter pays towards damage to or loss of the car (the excess) without the damage waiver, and with it. */
  damageExcess: number;
  waiverExcess: number;
  /** Reminders the clock sends through the outbox (features/reminders/); each can be turned off. */
  pickupReminder: boolean;
  returnReminder: boolean;
  holdEndingReminder: boolean;
  staffDailySummary: boolean;
  /** Money's days (bankDays.ts): the days the banks are shut besides weekends, the whole bank days a bank deposit may take, and how many bank days a refund takes to be sent. */
  bankHolidays: BankHoliday[];
  depositBankDays: number;
  refundBankDays: number;
  /** Services that fall due (maintenance.ts): an item is due soon within this many km or days of its due point. */
  maintenanceSoonKm: number;
  maintenanceSoonDays: number;
  /** Online check-in (onlineCheckIn.ts): opening hours per weekday, and the hours before pickup it opens. */
  weekHours: WeekHours;
  onlineCheckInHours: number;
}

/** The shipped facts (shippedCompany.ts) with this year's and next year's bank holidays and the books' accounts; the holidays keep their place among the keys. */
export const DEFAULT_COMPANY: CompanyFacts = {
  ...SHIPPED_PUBLIC_FACTS,
  bankHolidays: DEFAULT_BANK_HOLIDAYS,
  ...DEFAULT_LEDGER_ACCOUNTS,
};

/** The facts anyone may read (GET /api/company, the public pages): all but the accountant's account names (decision 115). */
export type PublicCompanyFacts = Omit<CompanyFacts, LedgerAccount>;

/** The company's facts without its chart of accounts: the one place the public reading is made. */
export function publicFacts<T extends CompanyFacts>(company: T): Omit<T, LedgerAccount> {
  const facts: Partial<T> = { ...company };
  for (const key of LEDGER_ACCOUNTS) delete facts[key];
  return facts as Omit<T, LedgerAccount>;
}

/** The map is framed on the about page, so it must come from a map service the page's security policy allows. */
export const MAP_ORIGINS = ['https://www.google.com', 'https://maps.google.com', 'https://www.openstreetmap.org'] as const;

/** Facts that are not settings: the shipped e-mail's domain, the map service. */
export const COMPANY = {
  /** The domain of the generated first owner's address. (The shipped facts', not DEFAULT_COMPANY's: a bundler keeps
   * a property read, and with it DEFAULT_COMPANY and the bank holidays it computes, in the web's entry script.) */
  email: SHIPPED_PUBLIC_FACTS.email,
  mapOrigin: MAP_ORIGINS[0],
} as const;

/**
 * What pages and letters say in place of the phone and e-mail until an owner saves the company's own
 * (the first-start checklist, setupChecklist.ts). Here, not there: every page's footer shows it, and a
 * module is bundled whole into the first chunk that needs it, so the checklist's words came with it.
 */
export const COMPANY_SETTING_UP = 'We are setting up: our phone number and e-mail address follow soon.';

/** "tel:+18765550142" from "+1 (876) 555-0142". */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, '')}`;
}

/** "A deposit of JMD 15,000 is required for vehicle reservations." */
export function depositNotice(company: Pick<CompanyFacts, 'securityDeposit' | 'currency'>): string {
  return `A deposit of ${company.currency} ${groupedNumber(company.securityDeposit)} is required for vehicle reservations.`;
}

/** The place of that name with its address and hours, the company's own where it gave none. */
export function placeOf(company: Pick<CompanyFacts, 'address' | 'openingHours' | 'locationDetails'>, name: string): CompanyPlace {
  const place = company.locationDetails.find((p) => p.name === name);
  return { name, address: place?.address || company.address, openingHours: place?.openingHours || company.openingHours };
}

/** "Ocho Rios (12 Main Street, Ocho Rios)": a location with the address the company gave it (letters and papers show the company's own elsewhere). */
export function placeWithAddress(company: Pick<CompanyFacts, 'locationDetails'>, location: string): string {
  const address = company.locationDetails.find((place) => place.name === location)?.address;
  return address && address !== location ? `${location} (${address})` : location;
}

/**
 * The details of each location, in the order of `locations`: the ones given, then the ones kept,
 * else empty (the company's address and hours). So a save that names only `locations` (an older
 * client, the SPEC's list) keeps what was known of each place.
 */
export function detailsFor(locations: readonly string[], ...known: readonly (readonly CompanyPlace[] | undefined)[]): CompanyPlace[] {
  return locations.map((name) => {
    for (const list of known) {
      const place = list?.find((p) => p.name === name);
      if (place) return { name, address: place.address, openingHours: place.openingHours };
    }
    return { name, address: '', openingHours: '' };
  });
}

/** "Rent the right car in Ocho Rios": the home page's headline unless the company wrote its own. */
export function heroHeadline(company: Pick<CompanyFacts, 'heroText' | 'locations'>): string {
  return company.heroText || `Rent the right car in ${company.locations[0] ?? 'Jamaica'}`;
}

/** The About page's first words unless the company wrote its own. */
export function aboutIntro(company: Pick<CompanyFacts, 'aboutText' | 'locations'>): string {
  return (
    company.aboutText ||
    `We are a local car rental company in ${company.locations[0] ?? 'Jamaica'}. Visitors, families and businesses rent from us for trips across Jamaica: for a day, a week or a month.`
  );
}
