/**
 * A customer's story, step by step: sign up in the login dialog, book one car paying upfront and
 * another by cash deposit, find both in My Bookings, be refused taken dates, be kept out of the
 * owner area, log out.
 */
import { DEFAULT_COMPANY, depositNotice } from '@rental/contract/company';
import { MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Page } from 'playwright-core';
import { apiClient } from '../support/api';
import type { Car } from '../support/contractTypes';
import { describe, expect, test } from '../support/fixtures';
import {
  calendarDay,
  chooseDatesOnCalendar,
  giveThePhoneIfAsked,
  dateRegExp,
  escapeRegExp,
  expectPath,
  expectQuoteAmount,
  formatMoney,
  openLoginDialog,
  see,
  seeToast,
} from '../support/ui';

const today = companyToday();
const upfront = { carKey: 'corolla', pickupDate: addDays(today, 3), returnDate: addDays(today, 5), days: 2 } as const;
const cash = { carKey: 'civic', pickupDate: addDays(today, 7), returnDate: addDays(today, 10), days: 3 } as const;

/** Set by the sign-up step; later steps sign up through the API if that step failed, to stay independent. */
let customer: { name: string; email: string; password: string; token?: string } | undefined;

async function customerToken(baseUrl: string, runId: string): Promise<string> {
  if (customer?.token) return customer.token;
  customer = { name: 'Devon Campbell', email: `devon.api.${runId}@example.com`, password: 'Devon-pass-2024' };
  customer.token = await apiClient(baseUrl).register(customer.name, customer.email, customer.password, '876 555 0122');
  return customer.token;
}

/** From the car's page, through the payment step, to My Bookings. */
async function bookThroughTheSite(page: Page, car: Car, pickupDate: string, returnDate: string, method: 'Pay upfront' | 'Cash deposit') {
  await page.goto(`/car-details/${car._id}`);
  const form = page.getByRole('form', { name: 'Book this car' });
  await chooseDatesOnCalendar(page, pickupDate, returnDate);
  await form.getByRole('button', { name: /book/i }).click();
  await expectPath(page, `/payment/${car._id}/${pickupDate}/${returnDate}`);
  await see(page.getByRole('heading', { name: `${car.brand} ${car.model}` }));
  await see(page.getByText(depositNotice(DEFAULT_COMPANY)));
  const confirm = page.getByRole('button', { name: 'Confirm Booking' });
  expect(await confirm.isDisabled(), 'Confirm Booking before a method is chosen').toBe(true);
  await see(page.getByText(MESSAGES.selectPaymentMethod));
  await page.getByText(method, { exact: true }).click();
  expect(await page.getByRole('radio', { name: new RegExp(method) }).isChecked()).toBe(true);
  expect(await confirm.isDisabled(), 'Confirm Booking before the terms are accepted').toBe(true);
  await page.getByRole('checkbox', { name: /I accept the rental terms/ }).check();
  await giveThePhoneIfAsked(page);
  return confirm;
}

describe('customer', () => {
  test('signs up in the login dialog and is logged in', async ({ page, seed }) => {
    await page.goto('/');
    // The dialog closes on Escape and on a click beside it.
    let dialog = await openLoginDialog(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    dialog = await openLoginDialog(page);
    await page.mouse.click(5, 400);
    await dialog.waitFor({ state: 'hidden' });

    dialog = await openLoginDialog(page);
    // Keyboard focus stays inside the open dialog.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))), `focus after ${i + 1} tabs`).toBe(true);
    }
    expect(await dialog.getByLabel('Name').count(), 'no name field when logging in').toBe(0);
    expect(await dialog.getByLabel('Email').getAttribute('type')).toBe('email');
    await dialog.getByRole('button', { name: /sign up/i }).click();
    const signingUp = { name: 'Shanice Williams', email: `shanice.${seed.runId}@example.com`, password: 'Shanice-pass-2024' };
    await dialog.getByLabel('Name').fill(signingUp.name);
    await dialog.getByLabel('Email').fill(signingUp.email);
    await dialog.getByLabel('Password', { exact: true }).fill(signingUp.password);
    await dialog.getByLabel('Password again', { exact: true }).fill(signingUp.password);
    await dialog.getByRole('button', { name: 'Create Account' }).click();

    await dialog.waitFor({ state: 'hidden' });
    await expectPath(page, '/');
    await see(page.getByRole('button', { name: 'Logout' }));
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    customer = { ...signingUp, token: token! };
    // A customer has no dashboard.
    expect(await page.getByRole('button', { name: 'Dashboard' }).count()).toBe(0);
  });

  test('books a car paying upfront', async ({ openPage, seed }) => {
    const token = await customerToken(seed.baseUrl, seed.runId);
    const page = await openPage({ token });
    const car = seed.cars[upfront.carKey];
    const confirm = await bookThroughTheSite(page, car, upfront.pickupDate, upfront.returnDate, 'Pay upfront');
    // The server's total for the days, GCT included, as the quote shows it.
    const quote = await apiClient(seed.baseUrl).quote({ car: car._id, pickupDate: upfront.pickupDate, returnDate: upfront.returnDate });
    await expectQuoteAmount(page, 'Total', quote.total);
    await confirm.click();
    await seeToast(page, MESSAGES.bookingCreated);
    await expectPath(page, '/my-bookings');
  });

  test("books another car by cash deposit and sees the company's bank details", async ({ openPage, seed }) => {
    const token = await customerToken(seed.baseUrl, seed.runId);
    const page = await openPage({ token });
    const car = seed.cars[cash.carKey];
    const confirm = await bookThroughTheSite(page, car, cash.pickupDate, cash.returnDate, 'Cash deposit');
    const bank = await apiClient(seed.baseUrl).publicBankDetails();
    expect(bank, 'bank details are set before this journey').not.toBeNull();
    for (const value of [bank!.bankName, bank!.accountHolderName, bank!.branch, bank!.accountNumber, bank!.accountType]) {
      await see(page.getByText(value, { exact: true }));
    }
    const quote = await apiClient(seed.baseUrl).quote({ car: car._id, pickupDate: cash.pickupDate, returnDate: cash.returnDate });
    await see(page.getByText(new RegExp(`Pay ${escapeRegExp(formatMoney(quote.total))} into the account below`)));
    // The refundable security deposit stands apart from the rental price.
    await see(page.getByText(/refundable security deposit of \$15,000 JMD is not part of the rental price/));
    await confirm.click();
    await seeToast(page, MESSAGES.bookingCreated);
    await expectPath(page, '/my-bookings');
  });

  test('finds both bookings in My Bookings with the right totals', async ({ openPage, seed }) => {
    const token = await customerToken(seed.baseUrl, seed.runId);
    const api = apiClient(seed.baseUrl);
    // Arranged through the API only if an earlier step could not make them.
    const existing = await api.userBookings(token);
    for (const b of [upfront, cash]) {
      if (!existing.some((e) => e.car._id === seed.cars[b.carKey]._id)) {
        await api.createBooking(token, {
          car: seed.cars[b.carKey]._id,
          pickupDate: b.pickupDate,
          returnDate: b.returnDate,
          paymentMethod: b === upfront ? 'upfront' : 'cash_deposit',
        });
      }
    }
    const page = await openPage({ token });
    await page.goto('/my-bookings');
    const booked = await api.userBookings(token);
    for (const b of [upfront, cash]) {
      const car = seed.cars[b.carKey];
      const card = page.getByRole('article').filter({ hasText: `${car.brand} ${car.model}` });
      await see(card);
      const text = (await card.textContent()) ?? '';
      // Each booking's total as the API answers it (its quote, GCT included).
      const price = booked.find((e) => e.car._id === car._id)!.price;
      expect(text).toContain(formatMoney(price));
      expect(text).toMatch(dateRegExp(b.pickupDate));
      expect(text).toMatch(dateRegExp(b.returnDate));
      expect(text).toContain(String(car.year));
      expect(text).toContain(car.category);
      expect(text).toContain(car.location);
      expect(text).toMatch(/Waiting for confirmation/);
      expect(text).toMatch(/Booking WR-[2-9A-HJ-NP-Z]{6}/);
      expect(await card.getByRole('img').count()).toBeGreaterThan(0);
    }
    expect(await page.getByRole('article').count()).toBe(2);
    // Named by reference, never by position in the list.
    const all = (await page.getByRole('main').textContent()) ?? '';
    expect(all).not.toMatch(/#\s?\d/);
    const references = (await api.userBookings(token)).map((b) => b.reference);
    for (const reference of references) await see(page.getByRole('link', { name: `Booking ${reference}` }));
  });

  test('is refused dates that are already taken', async ({ openPage, seed }) => {
    const token = await customerToken(seed.baseUrl, seed.runId);
    const page = await openPage({ token });
    const car = seed.cars[seed.reservation.carKey];
    const overlapping = { pickupDate: addDays(seed.reservation.pickupDate, -1), returnDate: seed.reservation.pickupDate };

    await page.goto(`/car-details/${car._id}`);
    const form = page.getByRole('form', { name: 'Book this car' });
    // The calendar offers no taken day at all; a range over one starts again from the later day.
    expect(await (await calendarDay(page, seed.reservation.pickupDate)).isDisabled(), 'a taken day').toBe(true);
    await chooseDatesOnCalendar(page, overlapping.pickupDate, addDays(seed.reservation.returnDate, 1));
    expect(await (await calendarDay(page, addDays(seed.reservation.returnDate, 1))).getAttribute('aria-label')).toMatch(/your pickup day$/);
    await see(form.getByText(/are already taken, so/));
    await form.getByRole('button', { name: /book/i }).click();
    await see(page.getByText(MESSAGES.selectBothDates).first());
    expect(new URL(page.url()).pathname).toBe(`/car-details/${car._id}`);

    // Even straight at the payment step (an old link), the page says so at once and offers no Confirm
    // (the server's own refusal of days taken meanwhile is in the API suite and ConfirmBooking's tests).
    await page.goto(`/payment/${car._id}/${overlapping.pickupDate}/${overlapping.returnDate}`);
    await see(page.getByRole('alert').filter({ hasText: 'Some of these days are already booked for this car.' }));
    await page.getByText('Pay upfront', { exact: true }).click();
    await page.getByRole('checkbox', { name: /I accept the rental terms/ }).check();
    expect(await page.getByRole('button', { name: 'Confirm Booking' }).isDisabled()).toBe(true);
    expect(new URL(page.url()).pathname).toMatch(/^\/payment\//);
    const mine = await apiClient(seed.baseUrl).userBookings(token);
    expect(mine.filter((b) => b.car._id === car._id)).toHaveLength(0);
  });

  test('is sent from /owner back to /', async ({ openPage, seed }) => {
    const page = await openPage({ token: await customerToken(seed.baseUrl, seed.runId) });
    await page.goto('/owner');
    await expectPath(page, '/');
    await see(page.getByRole('button', { name: 'Book now' }));
  });

  test('logs out and sees the toast', async ({ openPage, seed }) => {
    const page = await openPage({ token: await customerToken(seed.baseUrl, seed.runId) });
    await page.goto('/my-bookings');
    await page.getByRole('button', { name: 'Logout' }).click();
    await seeToast(page, MESSAGES.loggedOut);
    await see(page.getByRole('button', { name: 'Login', exact: true }));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.reload();
    await see(page.getByRole('button', { name: 'Login', exact: true }));
    expect(await page.getByRole('article').count(), 'no bookings shown after logging out').toBe(0);
  });
});
