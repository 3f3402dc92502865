/** Every screen of the site, with how to tell it has finished loading: used by the phone and axe sweeps. */
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Page } from 'playwright-core';
import type { Seed } from './seed';
import { see } from './ui';

export type Session = 'visitor' | 'customer' | 'owner';

export type SitePage = {
  name: string;
  path: string;
  session: Session;
  /** Public pages carry the navigation bar; owner pages the side menu. */
  area: 'public' | 'owner';
  ready: (page: Page) => Promise<unknown>;
};

export function everyPage(seed: Seed): SitePage[] {
  const today = companyToday();
  const pickup = addDays(today, 40);
  const dropoff = addDays(today, 43);
  const corolla = seed.cars.corolla;
  const heading = (name: string | RegExp) => (page: Page) => see(page.getByRole('heading', { name }));
  return [
    { name: 'home', path: '/', session: 'visitor', area: 'public', ready: (p) => see(p.getByRole('button', { name: 'Book now' })) },
    { name: 'car list', path: '/cars', session: 'visitor', area: 'public', ready: (p) => see(p.getByText(/Showing\s+\d+\s+Cars?/)) },
    {
      name: 'car list for dates',
      path: `/cars?pickupLocation=${encodeURIComponent('Waterford, Portmore')}&pickupDate=${pickup}&returnDate=${dropoff}`,
      session: 'visitor',
      area: 'public',
      ready: (p) => see(p.getByText(/Showing\s+\d+\s+Cars?/)),
    },
    {
      name: 'car detail',
      path: `/car-details/${corolla._id}`,
      session: 'visitor',
      area: 'public',
      // The calendar arrives after the page has painted (decision 040).
      ready: (p) => see(p.getByRole('form', { name: 'Book this car' }).getByRole('grid')),
    },
    { name: 'about', path: '/about-us', session: 'visitor', area: 'public', ready: (p) => see(p.getByText(/towing|tow/i)) },
    { name: 'login', path: '/login', session: 'visitor', area: 'public', ready: (p) => see(p.getByLabel('Email')) },
    {
      name: 'my bookings, logged out',
      path: '/my-bookings',
      session: 'visitor',
      area: 'public',
      ready: (p) => see(p.getByRole('button', { name: /log ?in/i })),
    },
    { name: 'my bookings', path: '/my-bookings', session: 'customer', area: 'public', ready: (p) => see(p.getByText(/Mazda/)) },
    {
      name: 'payment',
      path: `/payment/${corolla._id}/${pickup}/${dropoff}`,
      session: 'customer',
      area: 'public',
      ready: (p) => see(p.getByRole('button', { name: 'Confirm Booking' })),
    },
    {
      name: 'booking page',
      path: `/my-bookings/${seed.reservation.reference}`,
      session: 'customer',
      area: 'public',
      ready: (p) => see(p.getByRole('link', { name: 'Add to calendar' })),
    },
    { name: 'my account', path: '/account', session: 'customer', area: 'public', ready: (p) => see(p.getByRole('form', { name: 'Driver details' })) },
    { name: 'rental terms', path: '/terms', session: 'visitor', area: 'public', ready: heading('Rental terms') },
    { name: 'privacy', path: '/privacy', session: 'visitor', area: 'public', ready: heading('Privacy') },
    { name: 'check an agreement', path: '/verify-agreement', session: 'visitor', area: 'public', ready: heading('Check a rental agreement') },
    { name: 'page not found', path: '/no-such-page', session: 'visitor', area: 'public', ready: (p) => see(p.getByRole('heading', { level: 1 })) },
    { name: 'owner dashboard', path: '/owner', session: 'owner', area: 'owner', ready: (p) => see(p.getByText('Total Cars', { exact: true })) },
    { name: 'add car', path: '/owner/add-car', session: 'owner', area: 'owner', ready: (p) => see(p.getByLabel(/brand/i)) },
    {
      name: 'edit car',
      path: `/owner/add-car/${corolla._id}`,
      session: 'owner',
      area: 'owner',
      ready: async (p) => {
        const brand = await see(p.getByLabel(/brand/i));
        await p.waitForFunction((el) => (el as HTMLInputElement).value !== '', await brand.elementHandle());
      },
    },
    { name: 'manage cars', path: '/owner/manage-cars', session: 'owner', area: 'owner', ready: (p) => see(p.getByText(/Corolla/)) },
    { name: 'manage bookings', path: '/owner/manage-bookings', session: 'owner', area: 'owner', ready: (p) => see(p.getByText('offline')) },
    { name: 'bank details', path: '/owner/bank-details', session: 'owner', area: 'owner', ready: (p) => see(p.getByLabel(/bank name/i)) },
    { name: 'driver checks', path: '/owner/vetting', session: 'owner', area: 'owner', ready: heading('Driver checks') },
    { name: 'timeline', path: '/owner/timeline', session: 'owner', area: 'owner', ready: heading(/pickups/i) },
    { name: 'company settings', path: '/owner/settings', session: 'owner', area: 'owner', ready: heading('Company settings') },
    { name: 'outbox', path: '/owner/outbox', session: 'owner', area: 'owner', ready: heading('Outbox') },
    { name: 'history', path: '/owner/activity', session: 'owner', area: 'owner', ready: heading('History') },
    {
      name: 'prices and extras',
      path: '/owner/prices',
      session: 'owner',
      area: 'owner',
      ready: (p) => see(p.getByRole('button', { name: 'Save prices and extras' })),
    },
    {
      name: 'card payments',
      path: '/owner/payments',
      session: 'owner',
      area: 'owner',
      // The list or its empty sentence, once the attempts have been read.
      ready: (p) => see(p.getByText(/^Every card payment came back|^Order number$/)),
    },
    // Today's whole desk, once its sums have been read.
    { name: 'cash-up', path: '/owner/cash-up', session: 'owner', area: 'owner', ready: (p) => see(p.getByRole('heading', { name: 'The cash drawer' })) },
    {
      name: 'bank statements',
      path: '/owner/statements',
      session: 'owner',
      area: 'owner',
      ready: (p) => see(p.getByRole('form', { name: 'Upload a statement' })),
    },
    { name: 'GCT and the books', path: '/owner/reports/gct', session: 'owner', area: 'owner', ready: heading('Journal for the accountant') },
  ];
}

export function tokenFor(seed: Seed, session: Session): string | undefined {
  if (session === 'owner') return seed.owner.token;
  if (session === 'customer') return seed.customer.token;
  return undefined;
}
