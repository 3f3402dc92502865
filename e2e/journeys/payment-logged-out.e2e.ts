/** A visitor who is not logged in reaches the payment step: asked to log in, then brought back. */
import { MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { apiClient } from '../support/api';
import { describe, expect, test } from '../support/fixtures';
import { chooseDatesOnCalendar, expectPath, giveThePhoneIfAsked, see, seeToast, statusHue } from '../support/ui';

describe('payment while logged out', () => {
  test('Confirm Booking asks to log in, /login logs in and leads back, and the booking is made', async ({ page, seed }) => {
    const car = seed.cars.swift;
    const pickupDate = addDays(companyToday(), 12);
    const returnDate = addDays(companyToday(), 14);
    const paymentPath = `/payment/${car._id}/${pickupDate}/${returnDate}`;

    await page.goto(`/car-details/${car._id}`);
    const form = page.getByRole('form', { name: 'Book this car' });
    await chooseDatesOnCalendar(page, pickupDate, returnDate);
    await form.getByRole('button', { name: /book/i }).click();
    await expectPath(page, paymentPath);

    const confirm = page.getByRole('button', { name: 'Confirm Booking' });
    await see(page.getByText(MESSAGES.selectPaymentMethod));
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByText('Pay upfront', { exact: true }).click();
    await page.getByRole('checkbox', { name: /I accept the rental terms/ }).check();
    await confirm.click();
    // The detour is not an error: the login page says calmly why it is asked, and nothing on the
    // way is drawn in an error's red (the toast's words, its icon and its bar).
    await expectPath(page, '/login');
    await see(page.getByRole('main').getByText('Log in to finish your booking.'));
    const toast = await see(page.getByRole('status').filter({ hasText: MESSAGES.loginToConfirm }));
    const bar = toast.locator('xpath=..');
    for (const part of [bar, ...(await bar.locator('*').all())]) expect(await statusHue(part)).not.toBe('red');
    expect(await page.getByRole('alert').count()).toBe(0);

    await page.getByLabel('Email').fill(seed.customer.email);
    await page.getByLabel('Password').fill(seed.customer.password);
    await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
    await expectPath(page, paymentPath);

    // Back with what was chosen: the method and the tick (the dates are in the address).
    await expect.poll(() => page.getByRole('radio', { name: /Pay upfront/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /I accept the rental terms/ }).isChecked()).toBe(true);
    await giveThePhoneIfAsked(page);
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await seeToast(page, MESSAGES.bookingCreated);
    await expectPath(page, '/my-bookings');
    await see(page.getByRole('article').filter({ hasText: `${car.brand} ${car.model}` }));
    const bookings = await apiClient(seed.baseUrl).userBookings(seed.customer.token);
    expect(bookings.filter((b) => b.car._id === car._id && b.pickupDate === pickupDate)).toHaveLength(1);
  });
});
