/**
 * A walk-in at the counter, on a counter agent's 390 px phone: the agent (invited by the owner,
 * joined through the e-mailed link) opens "New booking" from the desk, searches for the customer
 * and finds nobody, adds them with a name and a phone number only, chooses a car and its days,
 * sees the server's price, books it confirmed and lands on Manage Bookings showing the booking.
 * Screens are saved under /tmp/walkin-shots/ to be looked at.
 */
import { companyToday } from '@rental/contract/rentalDates';
import { apiClient, typedApi } from '../support/api';
import { describeViolations, seriousViolations } from '../support/axe';
import { describe, expect, PHONE, test } from '../support/fixtures';
import { counterAgent } from '../support/invitations';
import { solidPng } from '../support/png';
import { fitsTheScreen, screenshots } from '../support/shots';
import { expectPath, see } from '../support/ui';

const shot = screenshots('/tmp/walkin-shots');

/** A day `n` days after today in Jamaica, as the date inputs take it. */
function dayAfter(n: number): string {
  const date = new Date(`${companyToday()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

describe('a walk-in booked at the counter', () => {
  test('on a 390 px phone: a counter agent adds a walk-in with a phone number, sees the price and lands on the booking', async ({ openPage, seed }) => {
    const agent = await counterAgent(seed.baseUrl, seed.owner.token, seed.runId);
    const tag = seed.runId.slice(-5).toUpperCase();
    const walkIn = { name: `Desmond Walkin ${tag}`, phone: '876 555 0199' };
    const pickupDate = dayAfter(50);
    const returnDate = dayAfter(52);
    // A car of the journey's own: other journeys make the seeded ones unavailable or take their days.
    const car = await apiClient(seed.baseUrl).addCar(
      seed.owner.token,
      {
        location: 'Waterford, Portmore',
        brand: 'Nissan',
        model: 'Urvan',
        year: 2020,
        pricePerDay: 12_000,
        category: 'Van',
        transmission: 'Manual',
        fuel_type: 'Diesel',
        seating_capacity: 12,
        description: 'A van for the walk-in journey.',
        plate: `WK ${tag}`,
      },
      { name: 'urvan.png', mimeType: 'image/png', buffer: solidPng(480, 300, [200, 200, 210]) },
    );

    const page = await openPage({ viewport: PHONE, mobile: true, token: agent.token, bypassCSP: true });
    await page.goto('/owner/desk');
    await see(page.getByRole('heading', { name: 'The desk', level: 1 }), 15_000);
    await page.getByRole('link', { name: 'New booking' }).click();
    await expectPath(page, '/owner/bookings/new');
    await see(page.getByRole('heading', { name: 'New booking', level: 1 }));
    await shot(page, 'new-booking');

    // Nobody of that name yet: the agent adds them, the typed name carried over.
    await page.getByLabel('Find the customer').fill(walkIn.name);
    await see(page.getByText('No customer matches. Check the spelling, or add them as a new customer.'));
    await shot(page, 'nobody-found');
    await page.getByRole('button', { name: 'New customer' }).click();
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe(walkIn.name);
    await page.getByLabel('Phone number').fill(walkIn.phone);

    // The car and the days: the server's price shows before anything is saved.
    await page.getByLabel('Car', { exact: true }).selectOption(car._id);
    await page.getByLabel('Pickup day').fill(pickupDate);
    await page.getByLabel('Return day').fill(returnDate);
    const price = page.getByRole('region', { name: 'Price' });
    await see(price.getByText(/Total/), 15_000);
    await page.getByRole('radio', { name: /^Pays at the counter/ }).check();
    await page.getByRole('radio', { name: /^Confirmed/ }).check();
    await fitsTheScreen(page);
    const violations = await seriousViolations(page);
    expect(violations, `the New booking page: axe-core found\n${describeViolations(violations)}`).toEqual([]);
    await shot(page, 'quoted');

    await page.getByRole('button', { name: 'Book the car' }).click();
    await expectPath(page, '/owner/manage-bookings');
    const reference = new URL(page.url()).searchParams.get('q');
    expect(reference).toMatch(/^WR-/);
    await see(page.getByText(walkIn.name).first(), 15_000);
    await see(page.getByText(reference!).first());
    await fitsTheScreen(page);
    await shot(page, 'booked');

    // The booking is the walk-in's, confirmed, and the history names the agent (read as the owner).
    const owner = typedApi(seed.baseUrl, seed.owner.token);
    const { bookings } = await owner.call('ownerBookings', { query: { q: reference!, limit: 5 } });
    expect(bookings[0]).toMatchObject({ reference, status: 'confirmed', user: { name: walkIn.name, email: '', phone: walkIn.phone } });
    const { entries } = await owner.call('ownerActivity', { query: { kind: 'booking' } });
    const made = entries.find((e) => e.subjectName === reference && e.action === 'added');
    expect(made).toMatchObject({ actor: { name: 'Kemar Counter' }, after: { customer: walkIn.name, new_customer: true } });
  });
});
