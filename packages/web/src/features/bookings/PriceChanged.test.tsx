/**
 * The customer books and names drivers at the total they have seen: a price saved between the quote
 * and Confirm shows the new total and books nothing until Confirm is pressed again; other drivers
 * that cost money show the new total before anything is saved. Prices are set through the API as
 * staff would, and put back afterwards.
 */
import { BOOKING_CHANGE_MESSAGES } from '@rental/contract/bookingChanges';
import { DEFAULT_COMPANY } from '@rental/contract/company';
import { formatMoney, formatShortDate } from '@rental/contract/format';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Car } from '@rental/contract/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addCar, createBooking, registerCustomer, setBookingStatus, testApi, uniqueWord } from '../../test/api';
import { apiQuote, changePrices, quoteRow } from '../../test/prices';
import { findDay } from '../../test/calendar';
import { renderApp } from '../../test/renderApp';
import { goodDriver } from '../drivers/driverTestData';

const jmd = (amount: number) => formatMoney(amount, DEFAULT_COMPANY.currency);
const literally = (words: string) => new RegExp(words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
const confirmButton = () => screen.getByRole('button', { name: /Confirm Booking|Confirming/ });

describe('the total the customer saw', { timeout: 40_000 }, () => {
  const today = companyToday();
  let car: Car;
  let restore: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    car = await addCar({ brand: uniqueWord('Seen'), model: 'Axio', pricePerDay: 5000 });
  });
  afterEach(async () => {
    await restore?.();
    restore = undefined;
  });

  it('on the payment step: a season saved before Confirm shows the new total and books nothing; Confirm again books at it', async () => {
    const user = userEvent.setup();
    const pickup = addDays(today, 12);
    const ret = addDays(today, 15);
    const { token } = await registerCustomer('Price Watcher', { phone: '876 555 0150' });
    renderApp(`/payment/${car._id}/${pickup}/${ret}`, { token });
    const summary = await screen.findByRole('region', { name: 'Booking summary' });
    const seen = await apiQuote({ car: car._id, pickupDate: pickup, returnDate: ret });
    await waitFor(() => expect(quoteRow(summary, 'Total')).toBe(jmd(seen.total)));
    await user.click(screen.getByRole('radio', { name: /Pay upfront/ }));
    await user.click(screen.getByRole('checkbox', { name: /I accept the rental terms/ }));
    await waitFor(() => expect(confirmButton()).toBeEnabled());

    // Staff save a season for this car while the customer reads the page.
    ({ restore } = await changePrices((before) => ({
      ...before.rules,
      seasons: [
        ...before.rules.seasons,
        { name: uniqueWord('Festival'), startDate: pickup, endDate: ret, priority: 1, minDays: null, carRates: { [car._id]: 7000 }, categoryPercents: {} },
      ],
      extras: before.extras,
    })));
    const now = await apiQuote({ car: car._id, pickupDate: pickup, returnDate: ret });
    expect(now.total).toBeGreaterThan(seen.total);

    await user.click(confirmButton());
    expect(await screen.findByText(literally(`The new total is ${jmd(now.total)}.`))).toBeInTheDocument();
    await waitFor(() => expect(quoteRow(summary, 'Total')).toBe(jmd(now.total)));
    expect((await testApi(token).call('userBookings')).bookings).toHaveLength(0);

    await waitFor(() => expect(confirmButton()).toBeEnabled());
    await user.click(confirmButton());
    await waitFor(async () => expect((await testApi(token).call('userBookings')).bookings).toHaveLength(1));
    expect((await testApi(token).call('userBookings')).bookings[0]!.price).toBe(now.total);
  });

  it('on the booking page: a confirmed booking made longer says before saving that it waits for staff again, and is pending once saved', async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer('Longer Stay');
    const pickup = addDays(today, 30);
    const booking = await createBooking(token, car._id, pickup, addDays(pickup, 2));
    await setBookingStatus(booking._id, 'confirmed');
    renderApp(`/my-bookings/${booking.reference}`, { token });
    await user.click(await screen.findByRole('button', { name: 'Change dates' }));
    const form = within(screen.getByRole('form', { name: `Change booking ${booking.reference}` }));
    // The change's calendar: the same first day, a return four days later.
    await user.click(await findDay(user, pickup));
    await user.click(await findDay(user, addDays(pickup, 6)));
    await user.click(form.getByRole('button', { name: 'See the new price' }));
    expect(await form.findByText('After this change the booking waits for our staff to confirm it again.')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Save the change' }));
    expect(await screen.findByText(BOOKING_CHANGE_MESSAGES.changedToConfirm, { selector: 'p' })).toBeInTheDocument();
    const saved = (await testApi(token).call('userBooking', { params: { reference: booking.reference } })).booking;
    expect(saved).toMatchObject({ status: 'pending', returnDate: addDays(pickup, 6) });
  });

  it('on the booking page: another driver who costs money shows the new total first, and is saved once Save is pressed again', async () => {
    ({ restore } = await changePrices((before) => ({ ...before.rules, additionalDriverPerDay: 1000, extras: before.extras })));
    const user = userEvent.setup();
    const { token } = await registerCustomer('Two Drivers');
    const pickup = addDays(today, 20);
    const ret = addDays(today, 23);
    const booking = await createBooking(token, car._id, pickup, ret);
    const withDriver = await apiQuote({ car: car._id, pickupDate: pickup, returnDate: ret, additionalDrivers: 1 });
    expect(withDriver.total).toBeGreaterThan(booking.price);

    renderApp(`/my-bookings/${booking.reference}`, { token });
    const section = within(await screen.findByRole('region', { name: 'Other drivers' }));
    await user.click(await section.findByRole('button', { name: 'Add another driver' }));
    const group = within(screen.getByRole('group', { name: 'Driver 1' }));
    const driver = goodDriver();
    await user.type(group.getByLabelText('Driver name'), 'Jane Brown');
    await user.type(group.getByLabelText('Licence number'), driver.licenceNumber);
    await user.type(group.getByLabelText('Issuing country'), driver.licenceCountry);
    for (const [label, value] of [
      ['Licence issue date', driver.licenceIssued],
      ['Licence expiry date', driver.licenceExpires],
      ['Date of birth', driver.dateOfBirth],
    ] as const) {
      await user.type(group.getByLabelText(label), formatShortDate(value));
    }
    const save = screen.getByRole('button', { name: 'Save other drivers' });
    await user.click(save);
    expect(
      await screen.findByText(
        `With 1 other driver the total is ${jmd(withDriver.total)} (${jmd(withDriver.total - booking.price)} more than now). Press “Save other drivers” again to accept it.`,
      ),
    ).toBeInTheDocument();
    expect((await testApi(token).call('userBooking', { params: { reference: booking.reference } })).booking.additionalDrivers).toEqual([]);

    await user.click(save);
    expect(await screen.findByText(/The total is now/)).toBeInTheDocument();
    const saved = (await testApi(token).call('userBooking', { params: { reference: booking.reference } })).booking;
    expect(saved).toMatchObject({ price: withDriver.total, additionalDrivers: [expect.objectContaining({ name: 'Jane Brown' })] });
  });
});
