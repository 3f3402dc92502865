/**
 * Fleet care as staff see it, on a 390 px phone and at 1280 px: a car whose insurance runs out the
 * day after tomorrow, booked from today for three days, is red on an agent's desk, in words
 * ("Insurance expires on …, before the return"); the Car papers page lists the booking that runs
 * past the expiry; the car's page shows its papers, its damages drawn on the car and its
 * maintenance. Nothing wider than the screen. Screens in /tmp/fleet-care-shots/.
 */
import { formatDay } from '@rental/contract/format';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { apiClient, typedApi } from '../support/api';
import { DESKTOP, describe, expect, PHONE, test } from '../support/fixtures';
import { staffMember } from '../support/invitations';
import { pngFile } from '../support/png';
import { fitsTheScreen, screenshots } from '../support/shots';
import { see, statusHue } from '../support/ui';

const shot = screenshots('/tmp/fleet-care-shots');

describe('fleet care', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`a car whose insurance ends before the return is red at the desk, and its papers say why (${size})`, async ({ openPage, seed }) => {
      const api = apiClient(seed.baseUrl);
      const owner = typedApi(seed.baseUrl, seed.owner.token);
      const today = companyToday();
      const tag = `${seed.runId}${size}`.slice(-8).toUpperCase();
      const car = await api.addCar(
        seed.owner.token,
        {
          brand: 'Nissan',
          model: 'Tiida',
          year: 2019,
          pricePerDay: 5200,
          category: 'Sedan',
          transmission: 'Automatic',
          fuel_type: 'Petrol',
          seating_capacity: 5,
          location: 'Waterford, Portmore',
          description: 'A car for the fleet care journey.',
          plate: `FC ${tag}`,
          odometerKm: 58_000,
        },
        pngFile('tiida.png', [90, 90, 120]),
      );
      const insuranceEnds = addDays(today, 2);
      await owner.call('saveCarPapers', {
        params: { id: car._id },
        body: {
          papers: [
            { kind: 'registration', expiresOn: addDays(today, 300), cost: 9_500, paidOn: today },
            { kind: 'fitness', expiresOn: addDays(today, 200) },
            { kind: 'insurance', expiresOn: insuranceEnds, insurer: 'GK General', policyNumber: `GK-${tag}`, cost: 96_000, paidOn: today },
          ],
        },
      });
      const email = `tiida.${seed.runId}.${Math.random().toString(36).slice(2, 7)}@example.com`;
      const token = await api.register('Shanice Walters', email, 'Fleet-care-2026', '876 555 0174');
      // Booked from tomorrow (a customer's earliest), confirmed, then brought to today by staff.
      const { booking } = await typedApi(seed.baseUrl, token).call('createBooking', {
        body: { car: car._id, pickupDate: addDays(today, 1), returnDate: addDays(today, 3), paymentMethod: 'upfront' },
      });
      await api.changeStatus(seed.owner.token, booking._id, 'confirmed');
      const quoted = await owner.call('bookingChangeQuote', { params: { id: booking._id }, body: { pickupDate: today, returnDate: addDays(today, 3) } });
      await owner.call('changeBooking', {
        params: { id: booking._id },
        body: { pickupDate: today, returnDate: addDays(today, 3), expectedTotal: quoted.change.after.total },
      });

      const agent = await staffMember(seed.baseUrl, seed.owner.token, seed.runId, 'agent', 'Kemar Agent');
      const desk = await openPage({ token: agent.token, viewport, mobile: size === 'phone' });
      await desk.goto('/owner/desk');
      const pickup = await see(desk.getByRole('region', { name: /^Pickups today/ }).getByRole('article', { name: booking.reference }), 20_000);
      const mark = await see(pickup.getByText(`Insurance expires on ${formatDay(insuranceEnds)}, before the return`));
      expect(await statusHue(mark), 'the paper that runs out is said in red').toBe('red');
      await mark.scrollIntoViewIfNeeded();
      await fitsTheScreen(desk);
      await shot(desk, `${size}-desk`);

      // The Car papers page: the booking that runs past the expiry, for staff to act on.
      await desk.goto('/owner/papers');
      await see(desk.getByText(booking.reference).first(), 20_000);
      await fitsTheScreen(desk);
      await shot(desk, `${size}-papers`);

      // The car's page (an owner's): its papers, its damages on the drawing, its maintenance.
      const office = await openPage({ token: seed.owner.token, viewport, mobile: size === 'phone' });
      await office.goto(`/owner/add-car/${car._id}`);
      await see(office.getByText(`GK-${tag}`).first(), 20_000);
      for (const section of ['Papers', 'Damages', 'Maintenance']) {
        const region = office.getByRole('region', { name: new RegExp(`^${section}`) }).first();
        await see(region, 20_000);
        await region.scrollIntoViewIfNeeded();
        await fitsTheScreen(office);
        await shot(office, `${size}-car-${section.toLowerCase()}`);
      }
    });
  }
});
