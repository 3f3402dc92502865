/** A customer's account page, and logging in from a page that asked for it: back on that page. */
import { MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Page } from 'playwright-core';
import { apiClient } from '../support/api';
import { DESKTOP, describe, expect, PHONE, test } from '../support/fixtures';
import { fitsTheScreen, screenshots } from '../support/shots';
import { expectPath, see, seeToast } from '../support/ui';

const shot = screenshots('/tmp/phones-shots');

async function newCustomer(baseUrl: string, runId: string, name: string, password = 'Account-pass-2024') {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${runId}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  // With a phone: a customer's own booking needs one (code phone_needed).
  const token = await apiClient(baseUrl).register(name, email, password, '876 555 0151');
  return { email, password, token };
}

/** The page asked for a login: its own Login button opens the dialog. */
async function logInFromThePage(page: Page, email: string, password: string) {
  await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = await see(page.getByRole('dialog'));
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('account', () => {
  test('My Account changes the name and phone, and the password: this tab stays logged in, other sessions end', async ({ openPage, seed }) => {
    const api = apiClient(seed.baseUrl);
    const customer = await newCustomer(seed.baseUrl, seed.runId, 'Kemar Account');
    const otherDevice = await api.login(customer.email, customer.password);
    const page = await openPage({ viewport: PHONE, mobile: true, token: customer.token });
    await page.goto('/');
    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('banner').getByRole('link', { name: 'My Account' }).filter({ visible: true }).click();
    await expectPath(page, '/account');

    const details = page.getByRole('form', { name: 'Your details' });
    await expect.poll(() => details.getByLabel('Name').inputValue()).toBe('Kemar Account');
    await details.getByLabel('Name').fill('Kemar Account-Brown');
    await details.getByLabel('Phone number').fill('876-555-0188');
    await details.getByRole('button', { name: 'Save details' }).click();
    await seeToast(page, MESSAGES.profileSaved);
    expect(await api.userData(customer.token)).toMatchObject({ name: 'Kemar Account-Brown', phone: '876-555-0188' });

    const password = page.getByRole('form', { name: 'Change password' });
    await password.getByLabel('Current password').fill(customer.password);
    await password.getByLabel('New password', { exact: true }).fill('A-better-pass-2025');
    await password.getByLabel('New password again', { exact: true }).fill('A-better-pass-2025');
    await password.getByRole('button', { name: 'Change password' }).click();
    await seeToast(page, MESSAGES.passwordChanged);

    // This tab carries on, after a reload too; the other device and the old session are out.
    const fresh = await page.evaluate(() => localStorage.getItem('token'));
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(customer.token);
    await page.reload();
    await expect.poll(() => details.getByLabel('Name').inputValue()).toBe('Kemar Account-Brown');
    expect(await api.sessionStatus(fresh!)).toBe(200);
    expect(await api.sessionStatus(customer.token)).toBe(401);
    expect(await api.sessionStatus(otherDevice)).toBe(401);
    await expect(api.login(customer.email, customer.password)).rejects.toThrow();
    expect(await api.login(customer.email, 'A-better-pass-2025')).toBeTruthy();
  });

  test('How we reach you: WhatsApp chosen on My Account for the phone as read, and the payment step offers the same tick', async ({ openPage, seed }) => {
    const api = apiClient(seed.baseUrl);
    const customer = await newCustomer(seed.baseUrl, seed.runId, 'Shanice Reach');
    for (const [viewport, mobile] of [
      [PHONE, true],
      [DESKTOP, false],
    ] as const) {
      const page = await openPage({ viewport, mobile, token: customer.token });
      await page.goto('/account');
      const details = page.getByRole('form', { name: 'Your details' });
      // As registered on the first pass, as saved on the second.
      await expect.poll(() => details.getByLabel('Phone number').inputValue()).toMatch(/^(876 555 0151|555-0152)$/);
      // Seven digits are read as Jamaican (876), and the page says so.
      await details.getByLabel('Phone number').fill('555-0152');
      await see(details.getByText('We read it as +1 876 555 0152.', { exact: false }));
      const reach = details.getByRole('group', { name: 'How we reach you' });
      await see(reach.getByText('WhatsApp and text messages go to +1 876 555 0152.', { exact: false }));
      const whatsapp = reach.getByRole('checkbox', { name: 'WhatsApp' });
      if (!(await whatsapp.isChecked())) await whatsapp.check();
      await fitsTheScreen(page);
      await shot(page, 'account-how-we-reach-you');
      await details.getByRole('button', { name: 'Save details' }).click();
      await seeToast(page, MESSAGES.profileSaved);
      expect(await api.userData(customer.token)).toMatchObject({ phone: '555-0152', phoneE164: '+18765550152', messages: { whatsapp: { on: true } } });

      await page.goto(`/payment/${seed.cars.swift._id}/${addDays(companyToday(), 150)}/${addDays(companyToday(), 151)}`);
      const tick = await see(page.getByRole('checkbox', { name: 'Send me WhatsApp messages about this booking' }));
      expect(await tick.isChecked()).toBe(true);
      await see(page.getByText('To +1 876 555 0152; saved on your account', { exact: false }));
      await fitsTheScreen(page);
      await shot(page, 'payment-whatsapp-tick');
    }
  });

  test('a page that asked for the login is where the person is after it: My Bookings, a booking, My Account', async ({ openPage, seed }) => {
    const customer = await newCustomer(seed.baseUrl, seed.runId, 'Returning Visitor');
    const booking = await apiClient(seed.baseUrl).createBooking(customer.token, {
      car: seed.cars.swift._id,
      pickupDate: addDays(companyToday(), 140),
      returnDate: addDays(companyToday(), 141),
      paymentMethod: 'upfront',
    });

    for (const [path, ready] of [
      ['/my-bookings', (p: Page) => see(p.getByRole('link', { name: `Booking ${booking.reference}` }))],
      [`/my-bookings/${booking.reference}`, (p: Page) => see(p.getByRole('heading', { level: 1, name: `Booking ${booking.reference}` }))],
      ['/account', (p: Page) => see(p.getByRole('form', { name: 'Your details' }))],
    ] as const) {
      const page = await openPage();
      await page.goto(path);
      await see(page.getByText(/Please log in to see/));
      await logInFromThePage(page, customer.email, customer.password);
      await seeToast(page, MESSAGES.loggedIn);
      await ready(page);
      await expectPath(page, path);
    }

    // The navigation bar's Login still leads home (as SPEC.md has it).
    const page = await openPage();
    await page.goto('/about-us');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login', exact: true }).click();
    const dialog = await see(page.getByRole('dialog'));
    await dialog.getByLabel('Email').fill(customer.email);
    await dialog.getByLabel('Password').fill(customer.password);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expectPath(page, '/');
  });

  test("from the payment step, /login says calmly to log in to finish the booking and says what is missing under the fields, not in the browser's bubbles (390 and 1280 px)", async ({
    openPage,
    seed,
  }) => {
    for (const [index, viewport] of [PHONE, DESKTOP].entries()) {
      const car = seed.cars.swift;
      const paymentPath = `/payment/${car._id}/${addDays(companyToday(), 160 + index * 4)}/${addDays(companyToday(), 162 + index * 4)}`;
      const page = await openPage({ viewport, mobile: viewport === PHONE });
      await page.goto(paymentPath);
      await page.getByText('Pay upfront', { exact: true }).click();
      await page.getByRole('checkbox', { name: /I accept the rental terms/ }).check();
      await page.getByRole('button', { name: 'Confirm Booking' }).click();
      await expectPath(page, '/login');

      const main = page.getByRole('main');
      await see(main.getByText('Log in to finish your booking.'));
      await see(main.getByRole('heading', { level: 1, name: 'Log in', exact: true }));

      // Sent empty: the page's own sentences under the fields, the focus on the first; a browser
      // bubble would have stopped the form before any of this.
      const email = main.getByLabel('Email', { exact: true });
      await main.getByRole('button', { name: 'Login', exact: true }).click();
      await expect.poll(() => email.evaluate((element) => element === document.activeElement)).toBe(true);
      const describedBy = async (field: typeof email) => {
        const id = await field.getAttribute('aria-describedby');
        return id ? page.locator(`[id="${id}"]`).innerText() : '';
      };
      expect(await describedBy(email)).toBe('E-mail address is required.');
      expect(await describedBy(main.getByLabel('Password', { exact: true }))).toBe('Password is required.');

      await email.fill(seed.customer.email);
      await main.getByLabel('Password', { exact: true }).fill(seed.customer.password);
      await main.getByRole('button', { name: 'Login', exact: true }).click();
      await expectPath(page, paymentPath);
    }
  });
});
