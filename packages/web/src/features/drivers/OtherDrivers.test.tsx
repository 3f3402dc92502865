import { MAX_ADDITIONAL_DRIVERS } from '@rental/contract/constants';
import { DRIVER_MESSAGES } from '@rental/contract/driverRules';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Car } from '@rental/contract/schemas';
import { formatShortDate } from '@rental/contract/format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCar, createBooking, registerCustomer, setBookingStatus, testApi, uniqueWord } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { goodDriver, yearsAgo } from './driverTestData';

const section = () => within(screen.getByRole('region', { name: 'Other drivers' }));
const driversForm = () => within(screen.getByRole('form', { name: 'Other drivers' }));

describe('other drivers on the booking page', () => {
  let car: Car;
  const today = companyToday();
  let offset = 40;
  const nextDates = () => {
    offset += 4;
    return { pickup: addDays(today, offset), ret: addDays(today, offset + 2) };
  };
  beforeAll(async () => {
    car = await addCar({ brand: uniqueWord('Oth'), model: 'Vitz', pricePerDay: 4200 });
  });

  async function booked(name: string) {
    const { token } = await registerCustomer(name);
    const { pickup, ret } = nextDates();
    const booking = await createBooking(token, car._id, pickup, ret);
    return { token, booking };
  }

  async function fill(legend: string, values: Record<string, string>) {
    const group = within(screen.getByRole('group', { name: legend }));
    const user = userEvent.setup();
    for (const [label, value] of Object.entries(values)) {
      const box = group.getByLabelText(label);
      await user.clear(box);
      // Days are typed as people write them, day first.
      await user.type(box, box.getAttribute('placeholder') === 'dd/mm/yyyy' ? formatShortDate(value) : value);
    }
  }

  const fields = (name: string, driver = goodDriver()) => ({
    'Driver name': name,
    'Licence number': driver.licenceNumber,
    'Issuing country': driver.licenceCountry,
    'Licence issue date': driver.licenceIssued,
    'Licence expiry date': driver.licenceExpires,
    'Date of birth': driver.dateOfBirth,
  });

  it('names another driver: the empty fields are said first, then the driver is saved and listed', async () => {
    const user = userEvent.setup();
    const { token, booking } = await booked('Books For Two');
    renderApp(`/my-bookings/${booking.reference}`, { token });
    await screen.findByRole('region', { name: 'Other drivers' });
    expect(await section().findByText(/No other drivers are named/)).toBeInTheDocument();
    await user.click(section().getByRole('button', { name: 'Add another driver' }));
    await user.click(driversForm().getByRole('button', { name: 'Save other drivers' }));
    const name = within(screen.getByRole('group', { name: 'Driver 1' })).getByLabelText('Driver name');
    await waitFor(() => expect(name).toHaveAccessibleDescription('Driver name is required.'));
    expect(name).toHaveFocus();

    await fill('Driver 1', fields('Jane Brown'));
    await user.click(driversForm().getByRole('button', { name: 'Save other drivers' }));
    expect(await screen.findByText(DRIVER_MESSAGES.driversSaved)).toBeInTheDocument();
    // The form closes on the saved list (its legend named the driver too).
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Other drivers' })).not.toBeInTheDocument());
    expect(section().getByText('Jane Brown')).toBeInTheDocument();
    expect(section().getByRole('button', { name: 'Change other drivers' })).toBeInTheDocument();
    const saved = (await testApi(token).call('userBooking', { params: { reference: booking.reference } })).booking;
    expect(saved.additionalDrivers).toEqual([expect.objectContaining({ name: 'Jane Brown', licenceNumber: goodDriver().licenceNumber })]);
  });

  it("says by name each rule a driver breaks on the booking's days, and sends nothing until it is mended", async () => {
    const user = userEvent.setup();
    const { token, booking } = await booked('Young Friend');
    renderApp(`/my-bookings/${booking.reference}`, { token });
    await screen.findByRole('region', { name: 'Other drivers' });
    await user.click(await section().findByRole('button', { name: 'Add another driver' }));
    await fill('Driver 1', fields('Omar Reid', { ...goodDriver(), dateOfBirth: yearsAgo(19), licenceIssued: yearsAgo(1) }));
    const save = driversForm().getByRole('button', { name: 'Save other drivers' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(/Omar Reid must be 23 or older on the pickup day to drive a car\./);
    expect(save).toHaveAccessibleDescription(/Omar Reid's driving licence must have been held for at least 2 years on the pickup day\./);
    expect((await testApi(token).call('userBooking', { params: { reference: booking.reference } })).booking.additionalDrivers).toEqual([]);

    await fill('Omar Reid', { 'Date of birth': yearsAgo(30), 'Licence issue date': yearsAgo(5) });
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText(DRIVER_MESSAGES.driversSaved)).toBeInTheDocument();
  });

  it(`changes and removes drivers, and adds no more than ${MAX_ADDITIONAL_DRIVERS}`, async () => {
    const user = userEvent.setup();
    const { token, booking } = await booked('Many Drivers');
    const named = ['Ann One', 'Ben Two', 'Cal Three'].map((name) => ({ name, ...goodDriver() }));
    await testApi(token).call('bookingDrivers', { params: { id: booking._id }, body: { drivers: named } });
    renderApp(`/my-bookings/${booking.reference}`, { token });
    await screen.findByRole('region', { name: 'Other drivers' });
    await user.click(await section().findByRole('button', { name: 'Change other drivers' }));
    expect(driversForm().queryByRole('button', { name: 'Add another driver' })).not.toBeInTheDocument();
    expect(driversForm().getByText(`A booking can name at most ${MAX_ADDITIONAL_DRIVERS} other drivers.`)).toBeInTheDocument();
    await user.click(driversForm().getByRole('button', { name: 'Remove Ben Two' }));
    await fill('Cal Three', { 'Driver name': 'Cal Thompson' });
    expect(driversForm().getByRole('button', { name: 'Add another driver' })).toBeInTheDocument();
    await user.click(driversForm().getByRole('button', { name: 'Save other drivers' }));
    expect(await screen.findByText(DRIVER_MESSAGES.driversSaved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Other drivers' })).not.toBeInTheDocument());
    expect(section().getByText('Cal Thompson')).toBeInTheDocument();
    expect(section().queryByText('Ben Two')).not.toBeInTheDocument();
    const saved = (await testApi(token).call('userBooking', { params: { reference: booking.reference } })).booking;
    expect(saved.additionalDrivers.map((d) => d.name)).toEqual(['Ann One', 'Cal Thompson']);
  });

  it('offers no change on a cancelled booking', async () => {
    const { token, booking } = await booked('Cancelled Trip');
    await setBookingStatus(booking._id, 'cancelled');
    renderApp(`/my-bookings/${booking.reference}`, { token });
    await screen.findByRole('region', { name: 'Other drivers' });
    expect(await section().findByText(/No other drivers are named/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add another driver' })).not.toBeInTheDocument();
    expect(screen.queryByText(DRIVER_MESSAGES.driversBookingClosed)).not.toBeInTheDocument();
  });
});
