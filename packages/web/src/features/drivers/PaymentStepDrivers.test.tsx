import { DRIVER_MESSAGES } from '@rental/contract/driverRules';
import { formatShortDate } from '@rental/contract/format';
import { MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Car } from '@rental/contract/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { addCar, createBooking, registerCustomer, testApi, uniqueWord } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { goodDriver, yearsAgo } from './driverTestData';

const confirmButton = () => screen.getByRole('button', { name: /Confirm Booking|Confirming/ });

describe('the payment step and the driver details', () => {
  let car: Car;
  const today = companyToday();
  let offset = 20;
  const nextDates = () => {
    offset += 4;
    return { pickup: addDays(today, offset), ret: addDays(today, offset + 2) };
  };
  beforeAll(async () => {
    car = await addCar({ brand: uniqueWord('Drv'), model: 'Fit', pricePerDay: 4500 });
  });

  async function chooseAndAccept(user: ReturnType<typeof userEvent.setup>) {
    await screen.findByRole('heading', { name: `${car.brand} Fit` });
    await user.click(screen.getByRole('radio', { name: /Pay upfront/ }));
    await user.click(screen.getByRole('checkbox', { name: /I accept the rental terms/ }));
  }

  it('asks for the driver details without requiring them: they can be added there, and the booking is made either way', async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer('No Licence Yet', { phone: '876 555 0199' });
    const { pickup, ret } = nextDates();
    renderApp(`/payment/${car._id}/${pickup}/${ret}`, { token });
    await chooseAndAccept(user);
    expect(await screen.findByText(DRIVER_MESSAGES.driverMissing)).toBeInTheDocument();
    expect(confirmButton()).toBeEnabled();
    expect(screen.queryByRole('form', { name: 'Your driver details' })).not.toBeInTheDocument();

    const add = screen.getByRole('button', { name: 'Add my driver details' });
    expect(add).toHaveAttribute('aria-expanded', 'false');
    await user.click(add);
    expect(add).toHaveAttribute('aria-expanded', 'true');
    const form = within(await screen.findByRole('form', { name: 'Your driver details' }));
    const good = goodDriver();
    await user.type(form.getByLabelText('Licence number'), good.licenceNumber);
    await user.type(form.getByLabelText('Issuing country'), good.licenceCountry);
    await user.type(form.getByLabelText('Licence issue date'), formatShortDate(good.licenceIssued));
    await user.type(form.getByLabelText('Licence expiry date'), formatShortDate(good.licenceExpires));
    await user.type(form.getByLabelText('Date of birth'), formatShortDate(good.dateOfBirth));
    await user.click(form.getByRole('button', { name: 'Save driver details' }));
    expect(await screen.findByText(DRIVER_MESSAGES.driverSaved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(DRIVER_MESSAGES.driverMissing)).not.toBeInTheDocument());
    expect((await testApi(token).call('userData')).driver).toMatchObject(good);
    // Still the same choices, and Confirm books.
    expect(confirmButton()).toBeEnabled();
    await user.click(confirmButton());
    expect(await screen.findByText(MESSAGES.bookingCreated)).toBeInTheDocument();
  });

  it("says beside a disabled Confirm each company rule the customer's details break on these days, as the server refuses them", async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer('Too Young', { phone: '876 555 0198' });
    // 20 years old, a licence of 3 years expiring before the return day.
    const { pickup, ret } = nextDates();
    await testApi(token).call('saveDriver', {
      body: { ...goodDriver(), dateOfBirth: yearsAgo(20), licenceIssued: yearsAgo(3), licenceExpires: addDays(pickup, 1) },
    });
    renderApp(`/payment/${car._id}/${pickup}/${ret}`, { token });
    await chooseAndAccept(user);
    await waitFor(() => expect(confirmButton()).toHaveAccessibleDescription(/You must be 23 or older on the pickup day to rent a car\./));
    expect(confirmButton()).toHaveAccessibleDescription(/Your driving licence expires before the return day\./);
    expect(confirmButton()).toBeDisabled();
    expect(screen.queryByText(DRIVER_MESSAGES.driverMissing)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check my driver details' })).toHaveAttribute('href', '/account');
    // The way there keeps the way back: /account then offers "Back to your booking" (DriverDetails.test.tsx).
    await user.click(screen.getByRole('link', { name: 'Check my driver details' }));
    await user.click(await screen.findByRole('link', { name: 'Back to your booking' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/payment/${car._id}/${pickup}/${ret}`));
    await screen.findByRole('heading', { name: `${car.brand} Fit` });
    expect(screen.getByRole('radio', { name: /Pay upfront/ })).toBeChecked();
    const refused = await createBooking(token, car._id, pickup, ret).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(422);
  });

  it('lets a customer whose details keep the rules confirm', async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer('Good Driver', { phone: '876 555 0197' });
    await testApi(token).call('saveDriver', { body: goodDriver() });
    const { pickup, ret } = nextDates();
    renderApp(`/payment/${car._id}/${pickup}/${ret}`, { token });
    await chooseAndAccept(user);
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    expect(screen.queryByText(DRIVER_MESSAGES.driverMissing)).not.toBeInTheDocument();
    expect(screen.queryByText(/on the pickup day/)).not.toBeInTheDocument();
  });
});
