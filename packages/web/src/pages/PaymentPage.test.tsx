import { DEFAULT_COMPANY, depositNotice } from '@rental/contract/company';
import { MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Car } from '@rental/contract/schemas';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PaymentDetails } from '../features/payment/PaymentMethods';
import { setApiBaseUrl } from '../api/client';
import { TEST_PASSWORD, addCar, createBooking, registerCustomer, serverUrl, setBankDetails, uniqueWord } from '../test/api';
import { renderApp } from '../test/renderApp';
import { confirmDisabled } from './PaymentPage';

const BANK = {
  bankName: 'National Commercial Bank',
  accountHolderName: 'Waterford Car Rental Ltd',
  branch: 'Portmore Pines',
  accountNumber: '404-123-456',
  accountType: 'Chequing',
} as const;

const confirmButton = () => screen.getByRole('button', { name: /Confirm Booking|Confirming/ });
const location = () => screen.getByTestId('location');
// A port nothing listens on: the server cannot be reached.
const UNREACHABLE = 'http://127.0.0.1:9';

describe('Confirm Booking is disabled', () => {
  it('until a method is chosen, while submitting, and for a cash deposit without bank details', () => {
    expect(confirmDisabled(null, false, BANK)).toBe(true);
    expect(confirmDisabled('upfront', false, null)).toBe(false);
    expect(confirmDisabled('upfront', true, BANK)).toBe(true);
    expect(confirmDisabled('cash_deposit', false, null)).toBe(true);
    expect(confirmDisabled('cash_deposit', false, undefined)).toBe(true);
    expect(confirmDisabled('cash_deposit', false, BANK)).toBe(false);
  });

  it('explains that cash deposit is not possible while the company has no bank details', () => {
    render(<PaymentDetails method="cash_deposit" total={1000} bankDetails={null} bankDetailsLoading={false} officeAddress={DEFAULT_COMPANY.address} />);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.bankDetailsMissing);
  });
});

describe('payment page', () => {
  let car: Car;
  const today = companyToday();
  let offset = 100;
  /** Fresh dates for each booking, so tests never collide on this car. */
  const nextDates = () => {
    offset += 5;
    return { pickup: addDays(today, offset), ret: addDays(today, offset + 2) };
  };

  beforeAll(async () => {
    car = await addCar({ brand: uniqueWord('Pay'), model: 'Axio', pricePerDay: 5000, year: 2021 });
    await setBankDetails(BANK);
  });

  afterEach(() => setApiBaseUrl(serverUrl()));

  it('summarises the car, dates, rental days and total, with the deposit notice', async () => {
    const { pickup, ret } = nextDates();
    renderApp(`/payment/${car._id}/${pickup}/${ret}`);
    expect(await screen.findByRole('heading', { name: `${car.brand} Axio` })).toBeInTheDocument();
    const summary = within(screen.getByRole('region', { name: 'Booking summary' }));
    const value = (label: string) => summary.getByText(label).nextElementSibling?.textContent;
    expect(value('Rental days')).toBe('2');
    expect(value('Price per day')).toBe('$5,000');
    expect(value('Total')).toBe('$10,000');
    expect(screen.getByText(depositNotice(DEFAULT_COMPANY))).toBeInTheDocument();
  });

  it('keeps Confirm disabled until a method is chosen, and shows the bank details for a cash deposit', async () => {
    const user = userEvent.setup();
    const { pickup, ret } = nextDates();
    renderApp(`/payment/${car._id}/${pickup}/${ret}`);
    await screen.findByRole('heading', { name: `${car.brand} Axio` });
    expect(confirmButton()).toBeDisabled();
    expect(screen.getByText(MESSAGES.selectPaymentMethod)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Cash deposit/ }));
    expect(await screen.findByText(BANK.accountNumber)).toBeInTheDocument();
    expect(screen.getByText(BANK.bankName)).toBeInTheDocument();
    expect(confirmButton()).toBeEnabled();

    await user.click(screen.getByRole('radio', { name: /Pay upfront/ }));
    expect(screen.queryByText(BANK.accountNumber)).not.toBeInTheDocument();
    expect(screen.getByText(/You pay the full \$10,000/)).toBeInTheDocument();
    expect(confirmButton()).toBeEnabled();
  });

  it('asks a logged-out visitor to log in, then brings them back to book, and on to My Bookings', async () => {
    const user = userEvent.setup();
    const { email } = await registerCustomer('Returning Customer');
    const { pickup, ret } = nextDates();
    const paymentPath = `/payment/${car._id}/${pickup}/${ret}`;
    renderApp(paymentPath);
    await screen.findByRole('heading', { name: `${car.brand} Axio` });
    await user.click(screen.getByRole('radio', { name: /Pay upfront/ }));
    await user.click(confirmButton());
    expect(await screen.findByText(MESSAGES.loginToConfirm)).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/login$/);

    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), TEST_PASSWORD);
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(location()).toHaveTextContent(paymentPath));

    await screen.findByRole('heading', { name: `${car.brand} Axio` });
    await user.click(screen.getByRole('radio', { name: /Pay upfront/ }));
    await user.click(confirmButton());
    expect(await screen.findByText(MESSAGES.bookingCreated)).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/my-bookings$/));

    const card = await screen.findByRole('article');
    expect(card).toHaveTextContent('Booking #1');
    expect(card).toHaveTextContent('pending');
    expect(card).toHaveTextContent(`${car.brand} Axio`);
    expect(card).toHaveTextContent('$10,000');
    expect(card).toHaveTextContent('Waterford, Portmore');
  });

  it('makes one booking when Confirm is pressed again after the answer was lost', async () => {
    const user = userEvent.setup();
    const { pickup, ret } = nextDates();
    const { token } = await registerCustomer();
    // The first booking request reaches the real server, but its answer is lost on the way back.
    const realFetch = globalThis.fetch;
    let lost = false;
    globalThis.fetch = async (input, init) => {
      const response = await realFetch(input, init);
      if (!lost && String(input).endsWith('/api/bookings/create')) {
        lost = true;
        throw new TypeError('network connection lost');
      }
      return response;
    };
    try {
      renderApp(`/payment/${car._id}/${pickup}/${ret}`, { token });
      await screen.findByRole('heading', { name: `${car.brand} Axio` });
      await user.click(screen.getByRole('radio', { name: /Pay upfront/ }));
      await user.click(confirmButton());
      await waitFor(() => expect(confirmButton()).toBeEnabled());
      await user.click(confirmButton());
      await waitFor(() => expect(location()).toHaveTextContent(/^\/my-bookings$/));
    } finally {
      globalThis.fetch = realFetch;
    }
    const answer = await realFetch(`${serverUrl()}/api/bookings/user`, { headers: { Authorization: token } });
    const { bookings } = (await answer.json()) as { bookings: { pickupDate: string }[] };
    expect(bookings.map((b) => b.pickupDate)).toEqual([pickup]);
  });

  it("shows the server's message when the days were taken meanwhile", async () => {
    const user = userEvent.setup();
    const { pickup, ret } = nextDates();
    const other = await registerCustomer();
    await createBooking(other.token, car._id, pickup, ret);
    const { token } = await registerCustomer();
    renderApp(`/payment/${car._id}/${pickup}/${ret}`, { token });
    await screen.findByRole('heading', { name: `${car.brand} Axio` });
    await user.click(screen.getByRole('radio', { name: /Pay upfront/ }));
    await user.click(confirmButton());
    expect(await screen.findByText(MESSAGES.datesTaken)).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/payment\//);
    expect(confirmButton()).toBeEnabled();
  });

  it("says 'Error during booking process.' when the server cannot be reached", async () => {
    const user = userEvent.setup();
    const { pickup, ret } = nextDates();
    const { token } = await registerCustomer();
    renderApp(`/payment/${car._id}/${pickup}/${ret}`, { token });
    await screen.findByRole('heading', { name: `${car.brand} Axio` });
    await user.click(screen.getByRole('radio', { name: /Pay upfront/ }));
    setApiBaseUrl(UNREACHABLE);
    await user.click(confirmButton());
    expect(await screen.findByText(MESSAGES.errorDuringBooking)).toBeInTheDocument();
  });

  it("says 'Error fetching public bank details.' and 'Error fetching car details.' when the server cannot be reached", async () => {
    setApiBaseUrl(UNREACHABLE);
    const { pickup, ret } = nextDates();
    renderApp(`/payment/${car._id}/${pickup}/${ret}`);
    expect(await screen.findByText(MESSAGES.errorFetchingBankDetails)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.errorFetchingCar)).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/cars$/));
  });
});
