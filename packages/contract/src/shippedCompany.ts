/**
 * The shipped company's public facts but its bank holidays, with nothing computed: what a page shows
 * before the company's own facts arrive (web/src/company/useCompany.ts). DEFAULT_COMPANY (company.ts)
 * is these with the shipped bank holidays and ledger accounts. Apart from company.ts so that the web's
 * entry script, which every page downloads first, does not compute Jamaica's bank holidays of two years
 * nor carry the books' accounts for a placeholder.
 */
import type { PublicCompanyFacts } from './company';
import { DEFAULT_CURRENCY } from './constants';
import { DEFAULT_ONLINE_CHECK_IN_HOURS, DEFAULT_WEEK_HOURS } from './weekHours';

export const SHIPPED_PUBLIC_FACTS: PublicCompanyFacts = {
  name: 'Waterford Car Rental',
  phone: '+1 (876) 555-0142',
  email: 'bookings@waterfordcarrental.com',
  address: 'Waterford, Portmore, St. Catherine, Jamaica',
  chatUrl: 'https://wa.me/18765550142',
  mapUrl: 'https://www.google.com/maps?q=Waterford%2C%20Portmore%2C%20Jamaica&output=embed',
  openingHours: 'Mon–Sat 8:00–18:00, Sun 9:00–14:00',
  locations: ['Waterford, Portmore'],
  locationDetails: [{ name: 'Waterford, Portmore', address: '', openingHours: '' }],
  heroText: '',
  aboutText: '',
  testimonials: [],
  securityDeposit: 15_000,
  currency: DEFAULT_CURRENCY,
  minDriverAge: 23,
  minLicenceYears: 2,
  gctPercent: 15,
  trn: '',
  returnTime: '18:00',
  gracePeriodMinutes: 60,
  extraKmRate: 40,
  fuelEighthPrice: 1_500,
  damageExcess: 150_000,
  waiverExcess: 25_000,
  pickupReminder: true,
  returnReminder: true,
  holdEndingReminder: true,
  staffDailySummary: true,
  // The shipped holidays are computed (bankDays.ts): DEFAULT_COMPANY has them; no public page reads them.
  bankHolidays: [],
  depositBankDays: 2,
  refundBankDays: 5,
  maintenanceSoonKm: 500,
  maintenanceSoonDays: 14,
  weekHours: DEFAULT_WEEK_HOURS,
  onlineCheckInHours: DEFAULT_ONLINE_CHECK_IN_HOURS,
};
