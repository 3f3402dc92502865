/**
 * Paying by card, as a customer does on a 390 px phone: staff offer a child seat with a stock; the
 * customer chooses days and one child seat on the car's page, reads the quote with the seat and GCT,
 * chooses "Pay by card now" on the payment step, pays on the provider's card page (the local WiPay
 * sandbox that e2e/run.mjs starts) and comes back to a paid booking. On a desktop a declined card
 * leaves the booking unpaid with the provider's words and a button to try again, which then pays.
 *
 * With E2E_SHOTS=<folder> the journeys also save what they show there (and the staff's prices and
 * card payments pages), to be looked at.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PAYMENT_STATUS_WORDS } from '@rental/contract/constants';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Page } from 'playwright-core';
import { apiClient, typedApi } from '../support/api';
import type { Car, PricesBodyInput, Quote } from '../support/contractTypes';
import { DESKTOP, describe, expect, type OpenPageOptions, PHONE, test } from '../support/fixtures';
import type { Seed } from '../support/seed';
import { chooseDatesOnCalendar, expectPath, expectQuoteAmount, formatMoney, see } from '../support/ui';

const APPROVED_CARD = '4111 1111 1111 1111';
const DECLINED_CARD = '4000 0000 0000 0002';
const CHILD_SEAT = 'Child seat';
const CARD_PAID = 'Your card payment went through: the booking is paid.';

/** The whole page in pieces one and a half screens high, so a tall phone page stays readable. */
async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const { width, height } = page.viewportSize()!;
  // From the top, or the sticky navigation bar is drawn where the page was scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  const piece = Math.round(height * 1.5);
  for (let y = 0, n = 1; y < pageHeight; y += piece, n++) {
    const clip = { x: 0, y, width, height: Math.min(piece, pageHeight - y) };
    await page.screenshot({ path: path.join(folder, `${name}-${width}-${n}.png`), fullPage: true, clip });
  }
}

type SavedPrices = { rules: Omit<PricesBodyInput, 'extras'>; extras: Required<NonNullable<PricesBodyInput['extras']>[number]>[] };

/** What staff had saved, as the body that saves it again. */
function asBody({ rules, extras }: SavedPrices): PricesBodyInput {
  return {
    ...rules,
    extras: extras.map(({ id, name, description, charge, price, maxPerBooking, stock }) => ({ id, name, description, charge, price, maxPerBooking, stock })),
  };
}

/**
 * Staff add a child seat (two in stock, one per booking at most two) through the prices call, the
 * journey runs, and the prices are put back as they were, so no other journey sees the seat.
 */
async function withChildSeat(seed: Seed, journey: (seatId: string) => Promise<void>): Promise<void> {
  const owner = typedApi(seed.baseUrl, seed.owner.token);
  const before = asBody(await owner.call('ownerPrices'));
  try {
    const saved = await owner.call('savePrices', {
      body: {
        ...before,
        extras: [
          ...(before.extras ?? []).filter((e) => e.name !== CHILD_SEAT),
          {
            name: CHILD_SEAT,
            description: 'For children up to four years old, fitted before pickup.',
            charge: 'per_day',
            price: 800,
            maxPerBooking: 2,
            stock: 2,
          },
        ],
      },
    });
    await journey(saved.extras.find((e) => e.name === CHILD_SEAT)!.id);
  } finally {
    await owner.call('savePrices', { body: before });
  }
}

/** The quote the server gives for the car, the days and one child seat: what every screen must show. */
async function quoteWithSeat(seed: Seed, car: Car, pickupDate: string, returnDate: string, seatId: string): Promise<Quote> {
  return apiClient(seed.baseUrl).quote({ car: car._id, pickupDate, returnDate, extras: [{ id: seatId, quantity: 1 }] });
}

async function customer(seed: Seed, who: string): Promise<string> {
  const email = `${who.toLowerCase()}.${seed.runId}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  return apiClient(seed.baseUrl).register(`${who} Card`, email, 'Card-pass-2024', '876 555 0177');
}

/** The car's page: days chosen on the calendar, one child seat, the quote read; then on to the payment step. */
async function chooseOnCarPage(page: Page, car: Car, pickupDate: string, returnDate: string, quote: Quote): Promise<void> {
  await page.goto(`/car-details/${car._id}`);
  const form = page.getByRole('form', { name: 'Book this car' });
  await chooseDatesOnCalendar(page, pickupDate, returnDate);
  await (await see(form.getByRole('button', { name: `One more: ${CHILD_SEAT}` }))).click();
  await see(form.getByLabel(`${CHILD_SEAT}: 1`));
  const seatLine = quote.lines.find((l) => l.kind === 'extra')!;
  // The quote once it has the seat: its line, GCT with its percent and the server's total.
  await see(form.getByRole('term').filter({ hasText: seatLine.label }));
  expect(quote.gct, 'GCT is added by default').toBeGreaterThan(0);
  await expectQuoteAmount(form, `GCT (${quote.gctPercent}%)`, quote.gct);
  await expectQuoteAmount(form, 'Total', quote.total);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing wider than the screen').toBeLessThanOrEqual(page.viewportSize()!.width);
  await shot(page, 'car-page-with-extras');
  await form.getByRole('button', { name: 'Book Now' }).click();
  await expectPath(page, `/payment/${car._id}/${pickupDate}/${returnDate}`);
}

/** The payment step: the seat carried over in the quote, Pay by card now chosen with its total, the terms, Confirm. */
async function confirmByCard(page: Page, quote: Quote): Promise<void> {
  const seatLine = quote.lines.find((l) => l.kind === 'extra')!;
  const summary = page.getByRole('region', { name: 'Booking summary' });
  await see(summary.getByRole('term').filter({ hasText: seatLine.label }));
  await expectQuoteAmount(summary, 'Total', quote.total);
  // Three ways to pay while the company takes cards.
  await see(page.getByRole('radio', { name: /Pay by card now/ }));
  expect(await page.getByRole('radio', { name: /Pay upfront|Cash deposit|Pay by card now/ }).count()).toBe(3);
  await page.getByText('Pay by card now', { exact: true }).click();
  expect(await page.getByRole('radio', { name: /Pay by card now/ }).isChecked()).toBe(true);
  await see(page.getByText(/We then take you to our payment provider’s secure page to pay/).filter({ hasText: formatMoney(quote.total) }));
  await page.getByRole('checkbox', { name: /I accept the rental terms/ }).check();
  await expect.poll(() => page.getByRole('button', { name: 'Confirm Booking' }).isEnabled()).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing wider than the screen').toBeLessThanOrEqual(page.viewportSize()!.width);
  await shot(page, 'payment-step-card');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
}

/** The provider's card page (another site): the amount to pay, a card, Pay. Answers the booking page's path it sends the browser back to. */
async function payOnCardPage(page: Page, seed: Seed, quote: Quote, card: string, name: string): Promise<string> {
  await page.waitForURL((url) => url.origin !== seed.baseUrl, { timeout: 15_000 });
  await see(page.getByRole('heading', { name: `Pay ${quote.currency} ${quote.total.toFixed(2)}` }));
  await shot(page, name);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on the card').fill('Card Customer');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  // Back on the site, where the session is: the provider's return goes through PUBLIC_URL. (A card
  // page whose Content-Security-Policy form-action allows only itself stops this redirect in a browser.)
  await page
    .waitForURL((url) => url.origin === seed.baseUrl && url.pathname.startsWith('/my-bookings/'), { timeout: 15_000 })
    .catch((error: Error) => {
      throw new Error(`After Pay, the card page did not send the browser back to the site's booking page (still at ${page.url()}).`, { cause: error });
    });
  return pathOfUrl(page.url());
}

function pathOfUrl(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

/** The booking page's price section: the seat's line and the payment's state. */
async function seePrice(page: Page, quote: Quote, paymentWords: string): Promise<void> {
  const price = page.getByRole('region', { name: 'Price' });
  await see(price.getByRole('term').filter({ hasText: quote.lines.find((l) => l.kind === 'extra')!.label }));
  await expectQuoteAmount(price, 'Total', quote.total);
  await see(price.getByText(`Payment: ${paymentWords}`));
}

/** Staff's card payments list names the booking's attempts; the prices page offers the seat. Within the screen. */
async function staffSeeTheAttempts(
  openPage: (options: OpenPageOptions) => Promise<Page>,
  seed: Seed,
  viewport: { width: number; height: number },
  reference: string,
  statuses: RegExp[],
): Promise<void> {
  const page = await openPage({ viewport, mobile: viewport.width < 600, token: seed.owner.token });
  await page.goto('/owner/payments?state=all');
  const attempts = page.getByRole('article').filter({ hasText: reference });
  // Each attempt's status in staff's words (PAYMENT_ATTEMPT_WORDS): "Paid", "Not paid".
  for (const status of statuses) await see(attempts.filter({ hasText: status }));
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing wider than the screen').toBeLessThanOrEqual(viewport.width);
  await shot(page, 'owner-payments');
  await page.goto('/owner/prices');
  await see(page.getByRole('button', { name: 'Save prices and extras' }));
  await expect
    .poll(() => page.getByRole('textbox').evaluateAll((inputs, name) => inputs.some((i) => (i as HTMLInputElement).value === name), CHILD_SEAT))
    .toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing wider than the screen').toBeLessThanOrEqual(viewport.width);
  await shot(page, 'owner-prices');
}

describe('paying by card', () => {
  test('on a 390 px phone: one child seat, GCT in the quote, Pay by card now, the approved card, a paid booking with the seat', async ({ openPage, seed }) => {
    await withChildSeat(seed, async (seatId) => {
      const car = seed.cars.civic;
      const today = companyToday();
      const pickupDate = addDays(today, 150);
      const returnDate = addDays(today, 152);
      const quote = await quoteWithSeat(seed, car, pickupDate, returnDate, seatId);
      const token = await customer(seed, 'Keisha');
      const page = await openPage({ viewport: PHONE, mobile: true, token });

      await chooseOnCarPage(page, car, pickupDate, returnDate, quote);
      await confirmByCard(page, quote);
      const landed = await payOnCardPage(page, seed, quote, APPROVED_CARD, 'sandbox-card-page');
      const [booking] = await apiClient(seed.baseUrl).userBookings(token);
      expect(landed).toBe(`/my-bookings/${booking!.reference}?payment=paid`);

      await see(page.getByRole('status').filter({ hasText: CARD_PAID }));
      await seePrice(page, quote, PAYMENT_STATUS_WORDS.paid);
      await see(page.getByText(/The rental price is paid/));
      expect(await page.getByRole('button', { name: 'Pay by card now' }).count(), 'no card offered for a paid booking').toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing wider than the screen').toBeLessThanOrEqual(PHONE.width);
      await shot(page, 'booking-paid');
      expect(booking).toMatchObject({ paymentMethod: 'card', paymentStatus: 'paid', price: quote.total });
      await staffSeeTheAttempts(openPage, seed, PHONE, booking!.reference, [/Paid/]);
    });
  });

  test('on a desktop: a declined card leaves the booking unpaid with the provider’s words and a button to try again, which then pays', async ({
    openPage,
    seed,
  }) => {
    await withChildSeat(seed, async (seatId) => {
      const car = seed.cars.civic;
      const today = companyToday();
      const pickupDate = addDays(today, 156);
      const returnDate = addDays(today, 159);
      const quote = await quoteWithSeat(seed, car, pickupDate, returnDate, seatId);
      const token = await customer(seed, 'Andre');
      const page = await openPage({ viewport: DESKTOP, token });

      await chooseOnCarPage(page, car, pickupDate, returnDate, quote);
      await confirmByCard(page, quote);
      const landed = await payOnCardPage(page, seed, quote, DECLINED_CARD, 'sandbox-card-page');
      const [booking] = await apiClient(seed.baseUrl).userBookings(token);
      expect(landed).toBe(`/my-bookings/${booking!.reference}?payment=failed`);

      const alert = await see(page.getByRole('alert').filter({ hasText: 'Your card was not charged' }));
      expect(await alert.textContent()).toContain('Card declined');
      await seePrice(page, quote, PAYMENT_STATUS_WORDS.unpaid);
      expect(booking).toMatchObject({ paymentMethod: 'card', paymentStatus: 'unpaid', price: quote.total });
      await shot(page, 'booking-declined');

      // Trying again: the provider's page once more, the approved card, a paid booking.
      await alert.getByRole('button', { name: 'Pay by card now' }).click();
      const again = await payOnCardPage(page, seed, quote, APPROVED_CARD, 'sandbox-card-page-again');
      expect(again).toBe(`/my-bookings/${booking!.reference}?payment=paid`);
      await see(page.getByRole('status').filter({ hasText: CARD_PAID }));
      await seePrice(page, quote, PAYMENT_STATUS_WORDS.paid);
      await shot(page, 'booking-paid');
      expect((await apiClient(seed.baseUrl).userBooking(token, booking!.reference)).paymentStatus).toBe('paid');
      await staffSeeTheAttempts(openPage, seed, DESKTOP, booking!.reference, [/Paid/, /Not paid/]);
    });
  });
});
