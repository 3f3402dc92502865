/**
 * Manage Bookings with more bookings than one page: staff search (by customer and by reference),
 * filter, load more, record a balance as paid (the folio then holds the payment, the booking's page
 * and the customer see it), export the list as CSV; on a phone, the same page in cards, nothing
 * wider than the screen.
 */
import { readFile } from 'node:fs/promises';
import { PAYMENT_STATUS_WORDS } from '@rental/contract/constants';
import { MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Booking } from '@rental/contract/schemas';
import type { Page } from 'playwright-core';
import { apiClient, typedApi } from '../support/api';
import { describe, expect, PHONE, test } from '../support/fixtures';
import { notSee, see, seeToast } from '../support/ui';

/** One more than a page (50), so Load more has something to load. */
const BOOKINGS = 52;

describe('manage bookings', () => {
  let made: Promise<{ name: string; email: string; token: string; bookings: Booking[] }> | undefined;

  /** A customer of this journey with BOOKINGS confirmed bookings of the Noah, far ahead (made once). */
  function customerWithManyBookings(baseUrl: string, runId: string, ownerToken: string, carId: string) {
    made ??= (async () => {
      const api = apiClient(baseUrl);
      const name = `Pagination Tester ${runId.slice(-6)}`;
      const email = `pages.${runId}.${Math.random().toString(36).slice(2, 7)}@example.com`;
      const token = await api.register(name, email, 'Booking-pass-2024', '876 555 0177');
      const bookings: Booking[] = [];
      const today = companyToday();
      for (let i = 0; i < BOOKINGS; i++) {
        const pickupDate = addDays(today, 250 + i * 2);
        const booking = await api.createBooking(token, { car: carId, pickupDate, returnDate: pickupDate, paymentMethod: i === 0 ? 'cash_deposit' : 'upfront' });
        // Confirmed at once: a customer may hold only 3 bookings waiting for confirmation.
        await api.changeStatus(ownerToken, booking._id, 'confirmed');
        bookings.push(booking);
      }
      return { name, email, token, bookings };
    })();
    return made;
  }

  const rows = (page: Page) =>
    page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.getByRole('cell') });
  const references = async (page: Page) => (await rows(page).locator('td:first-child a.font-mono').allTextContents()).map((t) => t.trim());
  /** The list draws its rows in steps (a few tasks, longer on a busy machine): the references once all `count` are drawn. */
  const allReferences = async (page: Page, count: number) => {
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(count);
    return references(page);
  };
  const search = (page: Page) => page.getByRole('searchbox', { name: 'Find a booking' });

  test('search, load more, filter, a balance recorded as paid, and the CSV of what is shown', { timeout: 180_000 }, async ({ openPage, seed }) => {
    const customer = await customerWithManyBookings(seed.baseUrl, seed.runId, seed.owner.token, seed.cars.noah._id);
    const page = await openPage({ token: seed.owner.token });
    await page.goto('/owner/manage-bookings');

    // The customer's name: one page of 50, newest first, then Load more brings the last 2.
    // The unsearched list reads the same at first (these are the newest bookings), so wait for the
    // search's own answer: a Load more clicked before it would be replaced by the search's first page.
    const searched = page.waitForResponse((res) => res.url().includes('/api/bookings/owner?') && new URL(res.url()).searchParams.get('q') === customer.name);
    await search(page).fill(customer.name);
    await searched;
    await see(page.getByText('Showing 50 bookings, newest first; Load more shows older ones.'));
    const firstPage = await allReferences(page, 50);
    expect(firstPage).toHaveLength(50);
    expect(firstPage[0]).toBe(customer.bookings.at(-1)!.reference);
    await page.getByRole('button', { name: 'Load more' }).click();
    await see(page.getByText(`Showing ${BOOKINGS} bookings, newest first.`));
    const all = await allReferences(page, BOOKINGS);
    expect(new Set(all).size).toBe(BOOKINGS);
    expect(all.slice(0, 50)).toEqual(firstPage);
    expect(new Set(all)).toEqual(new Set(customer.bookings.map((b) => b.reference)));
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    // The reference, typed the way people read it out.
    const oldest = customer.bookings[0]!;
    await search(page).fill(oldest.reference.toLowerCase().replace('-', ' '));
    await see(page.getByText('Showing 1 booking, newest first.'));
    expect(await references(page)).toEqual([oldest.reference]);

    // Record its balance as paid: what is paid is the folio's, shown as a badge, never chosen.
    const row = rows(page).filter({ hasText: oldest.reference });
    // SPEC's offline chip, said in words beside it, and how the customer pays.
    expect(await row.textContent()).toContain('offline paid outside the site');
    expect(await row.textContent()).toContain('Cash deposit');
    // The badge reads its words after a line for screen readers ("Payment for …: ").
    await see(row.getByText(new RegExp(`: ${PAYMENT_STATUS_WORDS.unpaid}$`)));
    // A cash deposit comes in as a bank deposit unless staff say otherwise.
    await row.getByRole('button', { name: /^Record balance as paid for/ }).click();
    const method = row.getByRole('combobox', { name: /^Way the balance of/ });
    expect(await method.inputValue()).toBe('bank_deposit');
    await row.getByRole('button', { name: /^Record the balance of .* as paid$/ }).click();
    await seeToast(page, MESSAGES.paymentStatusUpdated);
    await see(row.getByText(new RegExp(`: ${PAYMENT_STATUS_WORDS.paid}$`)));
    expect(await row.getByRole('button', { name: /^Record balance as paid for/ }).count()).toBe(0);

    // The payment filter finds it among the customer's bookings, and only it.
    await search(page).fill(customer.email);
    await see(page.getByText('Showing 50 bookings, newest first; Load more shows older ones.'));
    await page.getByLabel('Payment', { exact: true }).selectOption('paid');
    await see(page.getByText('Showing 1 booking, newest first.'));
    expect(await references(page)).toEqual([oldest.reference]);
    await page.getByLabel('Payment', { exact: true }).selectOption('');
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Waiting for confirmation' });
    await see(page.getByText(/^No booking matches “.+” with these filters\./));

    // The days: the last two bookings' days, From and To inclusive.
    await page.getByLabel('Status', { exact: true }).selectOption('');
    await page.getByLabel('From', { exact: true }).fill(customer.bookings.at(-2)!.pickupDate);
    await page.getByLabel('To', { exact: true }).fill(customer.bookings.at(-1)!.pickupDate);
    await see(page.getByText('Showing 2 bookings, newest first.'));

    // Export CSV: the same two, as a spreadsheet file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^bookings-\d{4}-\d\d-\d\d\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    // The quote's columns come last, so sheets built on the older columns keep working.
    expect(lines[0]).toBe(
      '"Reference","Created","Customer","E-mail","Phone","Car","Pickup","Return","Days","Total","Method","Status","Payment status","Subtotal","GCT","Price lines"',
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([`"${customer.bookings.at(-1)!.reference}"`, `"${customer.bookings.at(-2)!.reference}"`]);

    // The reference opens the booking's own page: its folio holds the payment, nothing owing.
    await page.getByLabel('From', { exact: true }).fill('');
    await page.getByLabel('To', { exact: true }).fill('');
    await search(page).fill(oldest.reference);
    await see(page.getByText('Showing 1 booking, newest first.'));
    await rows(page).getByRole('link', { name: oldest.reference }).click();
    await see(page.getByRole('heading', { name: `Booking ${oldest.reference}` }));
    const folio = page.getByRole('region', { name: 'Charges and payments' });
    await see(folio.getByText('Payment by bank deposit'));
    await see(folio.getByText('Settled: nothing owing'));

    // The customer's booking page says what has been received, and that nothing is left to pay.
    const customerPage = await openPage({ token: customer.token });
    await customerPage.goto(`/my-bookings/${oldest.reference}`);
    await see(customerPage.getByText(`Payment: ${PAYMENT_STATUS_WORDS.paid}`));
    const statement = customerPage.getByRole('region', { name: 'Charges and payments' });
    await see(statement.getByText('Payment by bank deposit'));
    await see(statement.getByText('Nothing to pay'));

    // And the list the SPEC's client reads (every booking, no parameters) carries it too.
    const { bookings } = await typedApi(seed.baseUrl, seed.owner.token).call('ownerBookings');
    expect(bookings.find((b) => b.reference === oldest.reference)?.paymentStatus).toBe('paid');
  });

  test('on a 390 px phone: cards, filters and Load more within the screen', { timeout: 180_000 }, async ({ openPage, seed }) => {
    const customer = await customerWithManyBookings(seed.baseUrl, seed.runId, seed.owner.token, seed.cars.noah._id);
    const page = await openPage({ token: seed.owner.token, viewport: PHONE, mobile: true });
    await page.goto('/owner/manage-bookings');
    // The unsearched list reads the same at first (these are the newest bookings), so wait for the
    // search's own answer: a Load more clicked before it would be replaced by the search's first page.
    const searched = page.waitForResponse((res) => res.url().includes('/api/bookings/owner?') && new URL(res.url()).searchParams.get('q') === customer.name);
    await search(page).fill(customer.name);
    await searched;
    await see(page.getByText('Showing 50 bookings, newest first; Load more shows older ones.'));
    expect(await page.getByRole('table').count()).toBe(0);
    const cards = page.getByRole('list', { name: 'Bookings, newest first' }).getByRole('listitem');
    // The list draws its rows in steps (a few tasks), so the count grows to the page's 50.
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(50);
    await page.getByRole('button', { name: 'Load more' }).tap();
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(BOOKINGS);
    for (const label of ['Status', 'Payment', 'From', 'To']) await see(page.getByLabel(label, { exact: true }));
    await see(page.getByRole('button', { name: 'Export CSV' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // A cancellation e-mails the customer: the question and both its answers fit the phone, and
    // leaving it changes nothing.
    const status = cards.first().getByRole('combobox', { name: /^Status of/ });
    expect(await status.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]!.textContent)).toBe('Confirmed');
    await status.selectOption('cancelled');
    const question = await see(page.getByRole('alertdialog'));
    await see(question.getByText(`${customer.name} will get an e-mail`, { exact: false }));
    for (const answer of ['Cancel it and e-mail the customer', 'Leave it confirmed']) {
      const box = await question.getByRole('button', { name: answer }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width && box.y + box.height <= PHONE.height, `${answer} is on the screen`).toBe(true);
    }
    await question.getByRole('button', { name: 'Leave it confirmed' }).tap();
    await notSee(question);
    expect(await status.inputValue()).toBe('confirmed');
  });
});
