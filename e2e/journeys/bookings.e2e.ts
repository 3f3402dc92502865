/**
 * A customer and one booking: choosing days on the calendar on a phone and with the keyboard, the
 * booking page (price, deposit, where and by when to pay, history, chat, calendar file), cancelling.
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_COMPANY } from '@rental/contract/company';
import { MESSAGES } from '@rental/contract/messages';
import { BANK_PAYMENT_WAYS } from '@rental/contract/paymentWords';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { apiClient, typedApi } from '../support/api';
import { answerConfirmation } from '../support/confirm';
import { describe, expect, PHONE, test } from '../support/fixtures';
import { calendarDay, calendarDayName, chooseDatesOnCalendar, daysDetail, expectPath, expectQuoteAmount, formatMoney, see, seeToast } from '../support/ui';

const today = companyToday();

/** A customer of this journey only (the pending-bookings limit is per customer). */
async function newCustomer(baseUrl: string, runId: string, name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${runId}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const token = await apiClient(baseUrl).register(name, email, 'Booking-pass-2024', '876 555 0150');
  return { email, token };
}

describe('bookings', () => {
  test('on a 390 x 844 phone the calendar takes two taps, refuses taken and past days, and fits the screen', async ({ openPage, seed }) => {
    const { token } = await newCustomer(seed.baseUrl, seed.runId, 'Phone Booker');
    const car = seed.cars[seed.reservation.carKey];
    const page = await openPage({ viewport: PHONE, mobile: true, token });
    await page.goto(`/car-details/${car._id}`);
    const form = page.getByRole('form', { name: 'Book this car' });
    const grid = await see(form.getByRole('grid'));

    // The whole month is on the screen, no wider than the phone.
    const box = await grid.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Past days and the previous month cannot be chosen; today can.
    expect(await (await calendarDay(page, today)).isEnabled()).toBe(true);
    const yesterday = form.getByRole('button', { name: calendarDayName(addDays(today, -1)) });
    if ((await yesterday.count()) > 0) expect(await yesterday.isDisabled()).toBe(true);
    expect(await form.getByRole('button', { name: 'Previous month' }).getAttribute('aria-disabled')).toBe('true');

    // The reserved days are taken, and say so.
    const taken = await calendarDay(page, addDays(seed.reservation.pickupDate, 1));
    expect(await taken.isDisabled()).toBe(true);
    expect(await taken.getAttribute('aria-label')).toMatch(/already taken$/);

    const pickupDate = addDays(seed.reservation.returnDate, 3);
    const returnDate = addDays(seed.reservation.returnDate, 6);
    await (await calendarDay(page, pickupDate)).tap();
    await see(form.getByText(/Now choose your return day/));
    await (await calendarDay(page, returnDate)).tap();
    // The days line, and the server's total for them (GCT included).
    const quote = await apiClient(seed.baseUrl).quote({ car: car._id, pickupDate, returnDate });
    await see(form.getByText(daysDetail(3, car.pricePerDay)));
    await expectQuoteAmount(form, 'Total', quote.total);
    await see(form.getByText(/3 days of rental/));
    await form.getByRole('button', { name: 'Book Now' }).tap();
    await expectPath(page, `/payment/${car._id}/${pickupDate}/${returnDate}`);
    await see(page.getByText(daysDetail(3, car.pricePerDay)));
    await expectQuoteAmount(page, 'Total', quote.total);
  });

  test('the calendar works with the keyboard alone', async ({ page, seed }) => {
    const car = seed.cars.noah;
    await page.goto(`/car-details/${car._id}`);
    const form = page.getByRole('form', { name: 'Book this car' });
    await see(form.getByRole('grid'));
    // Far ahead, where no other journey books: arrows move from day to day (and month to month), Enter chooses.
    const start = addDays(today, 200);
    await (await calendarDay(page, start)).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toMatch(calendarDayName(addDays(start, 7)));
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await see(form.getByText(/2 days of rental/));
    await expect
      .poll(() => form.getByText('Pickup', { exact: true }).locator('xpath=following-sibling::dd').textContent())
      .toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
  });

  test('the booking page shows the price, the deposit, where and by when to pay, the history, a chat link and a calendar file', async ({ openPage, seed }) => {
    const { token } = await newCustomer(seed.baseUrl, seed.runId, 'Page Reader');
    const car = seed.cars.civic;
    const booking = await apiClient(seed.baseUrl).createBooking(token, {
      car: car._id,
      pickupDate: addDays(today, 120),
      returnDate: addDays(today, 123),
      paymentMethod: 'cash_deposit',
    });
    const page = await openPage({ token });
    await page.goto('/my-bookings');
    await page.getByRole('link', { name: `Booking ${booking.reference}`, exact: true }).click();
    await expectPath(page, `/my-bookings/${booking.reference}`);
    await see(page.getByRole('heading', { level: 1, name: `Booking ${booking.reference}` }));

    const price = page.getByRole('region', { name: 'Price' });
    // The lines the booking was quoted, and its price as the API answers it (GCT included).
    await see(price.getByText(daysDetail(3, car.pricePerDay)));
    await expectQuoteAmount(price, 'Total', booking.price);
    await see(price.getByText(/refundable security deposit of \$15,000 JMD is not part of the rental price/));

    const pay = page.getByRole('region', { name: 'How to pay: Cash deposit' });
    // As saved now (the owner's journey may have changed the seed's account).
    const bank = await apiClient(seed.baseUrl).publicBankDetails();
    await see(pay.getByText(bank!.accountNumber));
    await see(pay.getByText(`To pay: ${formatMoney(booking.price)}`));
    await see(pay.getByText(new RegExp(`into the account below: ${BANK_PAYMENT_WAYS}`)));
    await see(pay.getByText(/By .* \(Jamaica time\), when the hold on the car ends/));
    await see(pay.getByText(booking.reference));

    const status = page.getByRole('region', { name: 'Status' });
    await see(status.getByText('Booked: waiting for the company to confirm'));
    await see(status.getByText(/We hold the car for you until/));
    await see(page.getByRole('region', { name: 'Your car and dates' }).getByText(DEFAULT_COMPANY.openingHours));

    const chat = page.getByRole('link', { name: /WhatsApp/ });
    const href = new URL((await chat.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe(DEFAULT_COMPANY.chatUrl);
    expect(href.searchParams.get('text')).toContain(booking.reference);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Add to calendar' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${booking.reference}.ics`);
    const ics = readFileSync((await file.path())!, 'utf8').replace(/\r\n /g, '');
    expect(ics).toContain(`DTSTART;VALUE=DATE:${addDays(today, 120).replace(/-/g, '')}`);
    expect(ics).toContain(`DTEND;VALUE=DATE:${addDays(today, 124).replace(/-/g, '')}`);
    expect(ics).toContain(`SUMMARY:Car rental: ${car.brand} ${car.model} (${booking.reference})`);
    expect(ics).toContain('LOCATION:Waterford\\, Portmore');
  });

  test('cancels a paid booking after a question in the page that says what comes back; the refund shows; its days are free again', async ({
    openPage,
    seed,
  }) => {
    const { token } = await newCustomer(seed.baseUrl, seed.runId, 'Canceller');
    const car = seed.cars.xtrail;
    const dates = { pickupDate: addDays(today, 130), returnDate: addDays(today, 131) };
    const booking = await apiClient(seed.baseUrl).createBooking(token, { car: car._id, ...dates, paymentMethod: 'upfront' });
    await typedApi(seed.baseUrl, seed.owner.token).call('recordPayment', { params: { id: booking._id }, body: { method: 'bank_transfer', amount: 4000 } });
    const page = await openPage({ token });
    // The site asks in the page: a browser confirm() would fail the journey.
    page.on('dialog', () => {
      throw new Error('The cancel asked with a browser confirm()');
    });
    await page.goto(`/my-bookings/${booking.reference}`);
    const cancel = await see(page.getByRole('button', { name: 'Cancel this booking' }));
    const refundWords = `${formatMoney(4000)}: we send it by bank transfer to your account`;

    // Answering no keeps it.
    const question = await answerConfirmation(page, cancel, false);
    expect(question).toContain(booking.reference);
    expect(question).toContain(`If you cancel, you are owed a refund of ${refundWords}`);
    await see(page.getByRole('region', { name: 'Status' }).getByText('Booked: waiting for the company to confirm'));

    await answerConfirmation(page, cancel, true);
    await seeToast(page, MESSAGES.bookingCancelled);
    await see(page.getByRole('region', { name: 'Status' }).getByText('Cancelled by you'));
    await see(page.getByRole('region', { name: 'Your refund' }).getByText(`You are owed a refund of ${refundWords}`, { exact: false }));
    expect(await page.getByRole('button', { name: 'Cancel this booking' }).count()).toBe(0);
    expect((await apiClient(seed.baseUrl).userBooking(token, booking.reference)).status).toBe('cancelled');

    await page.goto('/my-bookings');
    await see(page.getByRole('article').filter({ hasText: booking.reference }).getByText('Cancelled by you'));
    await page.goto(`/car-details/${car._id}`);
    expect(await (await calendarDay(page, dates.pickupDate)).isEnabled(), 'the cancelled days are free').toBe(true);
    await chooseDatesOnCalendar(page, dates.pickupDate, dates.returnDate);
    await see(page.getByRole('form', { name: 'Book this car' }).getByText(/1 day of rental/));
  });
});
