/**
 * The owner's first start and the readable outbox: the dashboard's checklist of what is left; a
 * customer's booking letter opened in the outbox (the e-mail in a frame that runs nothing, its links
 * with Copy, Send by WhatsApp for a customer with a phone), on a laptop and on a 390 px phone; the
 * reminders' switches in the company settings. Screens are saved under /tmp/outbox-shots/.
 */
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { apiClient } from '../support/api';
import { DESKTOP, describe, expect, PHONE, test } from '../support/fixtures';
import { fitsTheScreen, screenshots } from '../support/shots';
import { see } from '../support/ui';

const shot = screenshots('/tmp/outbox-shots');

describe('the outbox and a first start', () => {
  test('the checklist, a booking letter opened with its links and WhatsApp, on a laptop and a phone; the reminders in the settings', async ({
    openPage,
    seed,
  }) => {
    const api = apiClient(seed.baseUrl);
    // Not the customer journey's Shanice: each journey's people are its own.
    const email = `shanice.outbox.${seed.runId}.${Math.random().toString(36).slice(2, 7)}@example.com`;
    const token = await api.register('Shanice Walker', email, 'Shanice-pass-42', '876 555 0175');
    const today = companyToday();
    const { reference } = await api.createBooking(token, {
      car: seed.cars.mx5._id,
      pickupDate: addDays(today, 60),
      returnDate: addDays(today, 62),
      paymentMethod: 'upfront',
    });

    for (const viewport of [DESKTOP, PHONE]) {
      const page = await openPage({ token: seed.owner.token, viewport, mobile: viewport === PHONE });
      await page.goto('/owner');
      await see(page.getByRole('heading', { name: 'Getting the site ready' }), 20_000);
      await see(page.getByText('Turn on e-mail'));
      await fitsTheScreen(page);
      await shot(page, 'dashboard-checklist');

      await page.goto('/owner/outbox');
      const open = await see(page.getByRole('button', { name: `Open Your booking ${reference}`, exact: false }), 20_000);
      await open.click();
      await see(page.getByRole('heading', { name: new RegExp(`Your booking ${reference}`) }));
      const frame = page.locator('iframe[srcdoc]');
      expect(await frame.getAttribute('sandbox')).not.toContain('allow-scripts');
      await see(page.frameLocator('iframe[srcdoc]').getByText(/Thank you for booking/));
      await see(page.getByRole('button', { name: /Copy .*my-bookings/ }));
      const whatsApp = await see(page.getByRole('link', { name: 'Send by WhatsApp' }));
      const href = (await whatsApp.getAttribute('href'))!;
      expect(href.startsWith('https://wa.me/18765550175?text=')).toBe(true);
      expect(decodeURIComponent(href)).toContain(reference);
      await fitsTheScreen(page);
      await shot(page, 'message-open');
      await page.getByRole('button', { name: 'Back to the outbox' }).click();
      await see(page.getByRole('heading', { name: 'Outbox' }));
      await page.close();
    }

    const phone = await openPage({ token: seed.owner.token, viewport: PHONE, mobile: true });
    await phone.goto('/owner/settings');
    await see(phone.getByRole('group', { name: 'Reminders' }), 20_000);
    await see(phone.getByLabel('The day before pickup'));
    expect(await phone.getByLabel('The day before pickup').isChecked()).toBe(true);
    await phone.getByRole('group', { name: 'Reminders' }).scrollIntoViewIfNeeded();
    await fitsTheScreen(phone);
    await shot(phone, 'settings-reminders');
  });
});
