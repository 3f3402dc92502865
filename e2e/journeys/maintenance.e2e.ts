/**
 * Services that fall due, on a 390 px phone and at 1280 px: a car of a make of its own at 6,000 km
 * whose plan's oil falls due every 5,000 km is overdue on the Maintenance page (in words and red); a
 * manager logs its service from the due list and it leaves the list; the car's page shows the plan
 * with the oil reset and the service. Nothing wider than the screen. Screens in /tmp/maintenance-shots/.
 */
import { apiClient, typedApi } from '../support/api';
import { DESKTOP, describe, PHONE, test } from '../support/fixtures';
import { staffMember } from '../support/invitations';
import { pngFile } from '../support/png';
import { fitsTheScreen, screenshots } from '../support/shots';
import { notSee, see, seeToast } from '../support/ui';

const shot = screenshots('/tmp/maintenance-shots');

describe('services that fall due', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`a manager logs an overdue oil service from the due list (${size})`, async ({ openPage, seed }) => {
      const brand = `Mazda${seed.runId}${size}`.slice(0, 30);
      const car = await apiClient(seed.baseUrl).addCar(
        seed.owner.token,
        {
          brand,
          model: 'Demio',
          year: 2020,
          pricePerDay: 5500,
          category: 'Hatchback',
          transmission: 'Automatic',
          fuel_type: 'Petrol',
          seating_capacity: 5,
          location: 'Waterford, Portmore',
          description: 'A small car for town.',
          odometerKm: 6000,
        },
        pngFile('demio.png', [40, 90, 160]),
      );
      await typedApi(seed.baseUrl, seed.owner.token).call('saveMaintenancePlan', {
        params: { id: car._id },
        body: {
          scope: 'car',
          items: [
            { name: 'Oil and filter', everyKm: 5000, everyMonths: 6 },
            { name: 'Brakes', everyKm: 20000 },
          ],
        },
      });
      const manager = await staffMember(seed.baseUrl, seed.owner.token, seed.runId, 'manager', 'Andrea Manager');
      const page = await openPage({ token: manager.token, viewport, mobile: size === 'phone' });
      await page.goto(`${seed.baseUrl}/owner/maintenance`);
      const card = await see(page.getByRole('listitem', { name: `${brand} Demio` }), 20_000);
      await see(card.getByText('Overdue').first());
      await fitsTheScreen(page);
      await shot(page, `${size}-due-list`);

      await card.getByRole('button', { name: 'Log a service' }).click();
      const form = await see(card.getByRole('form', { name: 'Log a service' }), 20_000);
      await form.getByLabel('Cost (JMD)').fill('8,500');
      await form.getByLabel('Garage').fill('Portmore Auto');
      await fitsTheScreen(page);
      await shot(page, `${size}-log-service`);
      await form.getByRole('button', { name: 'Log the service' }).click();
      await seeToast(page, 'The service is logged; the items it did start counting again.');
      await notSee(page.getByRole('listitem', { name: `${brand} Demio` }), 20_000);

      await page.goto(`${seed.baseUrl}/owner/add-car/${car._id}`);
      const section = await see(page.getByRole('region', { name: 'Maintenance' }), 20_000);
      await see(section.getByText('Not due yet').first());
      await see(section.getByText('$8,500 JMD'));
      await section.scrollIntoViewIfNeeded();
      await fitsTheScreen(page);
      await shot(page, `${size}-car-maintenance`);
    });
  }
});
