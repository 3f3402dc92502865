import { DEFAULT_COMPANY, depositNotice } from '@rental/contract/company';
import { FAR_AHEAD_DAYS, TOKEN_STORAGE_KEY } from '@rental/contract/constants';
import { formatMoney } from '@rental/contract/format';
import { MESSAGES } from '@rental/contract/messages';
import { BANK_PAYMENT_WAYS } from '@rental/contract/paymentWords';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Car } from '@rental/contract/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setApiBaseUrl } from '../../api/client';
import { TEST_PASSWORD, addCar, createBooking, registerCustomer, serverUrl, setBankDetails, testApi, uniqueWord } from '../../test/api';
import { formatCalendarDate } from '../../lib/dates';
import { apiQuote, quoteDetail, quoteRow } from '../../test/prices';
import { renderApp } from '../../test/renderApp';
import { ACCEPT_TERMS, confirmDisabled, DAYS_CANNOT_BE_BOOKED, DAYS_TAKEN, PHONE_NEEDED } from './ConfirmBooking';
import { HowToPay } from './HowToPay';

const BANK = {
  bankName: 'National Commercial Bank',
  accountHolderName: 'Waterford Car Rental Ltd',
  branch: 'Portmore Pines',
  accountNumber: '404-123-456',
  accountType: 'Chequing',
} as const;

const confirmButton = () => screen.getByRole('button', { name: /Confirm Booking|Confirming/ });
const acceptTerms = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('checkbox', { name: /I accept the rental terms/ }));

function QueryWrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}
const location = () => screen.getByTestId('location');
const jmd = (amount: number) => formatMoney(amount, DEFAULT_COMPANY.currency);
// A port nothing listens on: the server cannot be reached.
const UNREACHABLE = 'http://127.0.0.1:9';

describe('Confirm Booking is disabled', () => {
  it('until a method is chosen, while submitting, for a cash deposit without bank details, and until the terms are accepted', () => {
    expect(confirmDisabled('upfront', false, BANK, false)).toBe(true);
    expect(confirmDisabled('upfront', false, BANK, true)).toBe(false);
    expect(confirmDisabled(null, false, BANK)).toBe(true);
    expect(confirmDisabled('upfront', false, null)).toBe(false);
    expect(confirmDisabled('upfront', true, BANK)).toBe(true);
    expect(confirmDisabled('cash_deposit', false, null)).toBe(true);
    expect(confirmDisabled('cash_deposit', false, undefined)).toBe(true);
    expect(confirmDisabled('cash_deposit', false, BANK)).toBe(false);
  });

  it('explains that cash deposit is not possible while the company has no bank details', () => {
    render(<HowToPay method="cash_deposit" total={1000} bankDetails={null} bankDetailsLoading={false} />, { wrapper: QueryWrapper });
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.bankDetailsMissing);
  });
});

describe('payment page', () => {
  let car: Car;
  const today = companyToday();
  let offset = 5;
  /** Fresh dates for each booking, so tests never collide on this car. */
  const nextDates = () => {
    offset += 4;
    return { pickup: addDays(today, offset), ret: addDays(today, offset + 2) };
  };

  beforeAll(async () => {
    car = await addCar({ brand: uniqueWord('Pay'), model: 'Axio', pricePerDay: 5000, year: 2021 });
    await setBankDetails(BANK);
  });

  afterEach(() => setApiBaseUrl(serverUrl()));

  it('summarises the car and dates, the server’s quote (days × rate, subtotal, GCT, total) in the currency, and the deposit notice apart', async () => {
    const { pickup, ret } = nextDates();
    renderApp(`/payment/${car._id}/${pickup}/${ret}`);
    expect(await screen.findByRole('heading', { name: `${car.brand} Axio` })).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Booking summary' });
    const summary = within(region);
    const value = (label: string) => summary.getByText(label).nextElementSibling?.textContent;
    expect(value('Pickup date')).toBe(formatCalendarDate(pickup));
    expect(value('Return date')).toBe(formatCalendarDate(ret));
    const quote = await apiQuote({ car: car._id, pickupDate: pickup, returnDate: ret });
    await waitFor(() => expect(quoteRow(region, 'Total')).toBe(jmd(quote.total)));
    expect(quoteDetail(region, `${car.brand} Axio`)).toBe('2 days × $5,000 JMD');
    expect(quoteRow(region, `${car.brand} Axio`)).toBe('$10,000 JMD');
    expect(quoteRow(region, 'Subtotal')).toBe('$10,000 JMD');
    expect(quoteRow(region, `GCT (${quote.gctPercent}%)`)).toBe(jmd(quote.gct));
    expect(quote.total).toBe(10_000 + quote.gct);
    expect(summary.queryByText(depositNotice(DEFAULT_COMPANY))).not.toBeInTheDocument();
    expect(screen.getByText(depositNotice(DEFAULT_COMPANY))).toBeInTheDocument();
    expect(screen.getByText(/refundable security deposit of/)).toHaveTextContent('$15,000 JMD is not part of the rental price');
  });

  it('keeps Confirm disabled until a method is chosen and the terms accepted, and explains each method: what, when, where', async () => {
    const user = userEvent.setup();
    const { pickup, ret } = nextDates();
    renderApp(`/payment/${car._id}/${pickup}/${ret}`);
    await screen.findByRole('heading', { name: `${car.brand} Axio` });
    const total = jmd((await apiQuote({ car: car._id, pickupDate: pickup, returnDate: ret })).total);
    expect(confirmButton()).toBeDisabled();
    expect(screen.getByText(MESSAGES.selectPaymentMethod)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Cash deposit/ }));
    expect(await screen.findByText(BANK.accountNumber)).toBeInTheDocument();
    expect(screen.getAllByText(BANK.bankName).length).toBeGreaterThan(0);
    const what = () => screen.getByText('What').nextElementSibling;
    expect(what()).toHaveTextContent(`To pay: ${total}`);
    // The bank payment told as everywhere else: cash at the bank or a transfer from online banking.
    expect(screen.getByText(new RegExp(`^Pay \\${total} into the account below`))).toHaveTextContent(BANK_PAYMENT_WAYS);
    expect(screen.getByText('When').nextElementSibling).toHaveTextContent(/by the end of the second bank day after the day you book/);
    expect(confirmButton()).toBeDisabled();
    expect(screen.getByText(ACCEPT_TERMS)).toBeInTheDocument();
    const terms = screen.getByRole('link', { name: /rental terms/ });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    await acceptTerms(user);
    expect(confirmButton()).toBeEnabled();

    await user.click(screen.getByRole('radio', { name: /Pay upfront/ }));
    expect(screen.queryByText(BANK.accountNumber)).not.toBeInTheDocument();
    expect(what()).toHaveTextContent(`To pay: ${total}`);
    expect(screen.getByText('When').nextElementSibling).toHaveTextContent('When you collect the car, before you drive off');
    expect(screen.getByText('Where').nextElementSibling).toHaveTextContent(DEFAULT_COMPANY.address);
    expect(screen.getByText('Where').nextElementSibling).toHaveTextContent(DEFAULT_COMPANY.openingHours);
    expect(confirmButton()).toBeEnabled();
  });

  it('asks a logged-out visitor to log in, then brings them back with the method still chosen, and on to My Bookings', async () => {
    const user = userEvent.setup();
    const { email } = await registerCustomer('Returning Customer', { phone: '876 555 0101' });
    const { pickup, ret } = nextDates();
    const paymentPath = `/payment/${car._id}/${pickup}/${ret}`;
    const total = jmd((await apiQuote({ car: car._id, pickupDate: pickup, returnDate: ret })).total);
    renderApp(paymentPath);
    await screen.findByRole('heading', { name: `${car.brand} Axio` });
    await user.click(screen.getByRole('radio', { name: /Cash deposit/ }));
    await acceptTerms(user);
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    await user.click(confirmButton());
    expect(await screen.findByText(MESSAGES.loginToConfirm)).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/login$/);

    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), TEST_PASSWORD);
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(location()).toHaveTextContent(paymentPath));

    await screen.findByRole('heading', { name: `${car.brand} Axio` });
    // What they had chosen is still chosen.
    expect(screen.getByRole('radio', { name: /Cash deposit/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /I accept the rental terms/ })).toBeChecked();
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    await user.click(confirmButton());
    expect(await screen.findByText(MESSAGES.bookingCreated)).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/my-bookings$/));

    const card = await screen.findByRole('article');
    const reference = within(card).getAllByRole('link')[0]!.textContent!.replace('Booking ', '');
    expect(reference).toMatch(/^WR-[2-9A-HJ-NP-Z]{6}$/);
    expect(screen.getByText(`Your booking ${reference} is made.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See how and where to pay' })).toHaveAttribute('href', `/my-bookings/${reference}`);
    expect(card).toHaveTextContent('Waiting for confirmation');
    expect(card).toHaveTextContent(`${car.brand} Axio`);
    expect(card).toHaveTextContent(total);
    expect(card).toHaveTextContent('Cash deposit');
    expect(card).toHaveTextContent('Waterford, Portmore');
  });

  it('asks for a phone number when the account has none, and saves it on the account before booking', async () => {
    const user = userEvent.setup();
    const { pickup, ret } = nextDates();
    const { token } = await registerCustomer('No Phone Yet', { phone: null });
    renderApp(`/payment/${car._id}/${pickup}/${ret}`, { token });
    await screen.findByRole('heading', { name: `${car.brand} Axio` });
    const phone = await screen.findByLabelText('Your phone number');
    await user.click(screen.getByRole('radio', { name: /Pay upfront/ }));
    await acceptTerms(user);
    await user.click(confirmButton());
    expect(await screen.findByText(PHONE_NEEDED)).toBeInTheDocument();
    expect(phone).toHaveFocus();
    expect(location()).toHaveTextContent(/^\/payment\//);

    await user.type(phone, '876-555-0177');
    await user.click(confirmButton());
    expect(await screen.findByText(MESSAGES.bookingCreated)).toBeInTheDocument();
    const { user: saved } = await testApi(localStorage.getItem(TOKEN_STORAGE_KEY) ?? token).call('userData');
    expect(saved.phone).toBe('876-555-0177');
  });

  it('offers the WhatsApp tick for the phone as we read it, and saves it to the account with the booking', async () => {
    const user = userEvent.setup();
    const { pickup, ret } = nextDates();
    const { token } = await registerCustomer('Tick WhatsApp', { phone: '876 555 0188' });
    renderApp(`/payment/${car._id}/${pickup}/${ret}`, { token });
    await screen.findByRole('heading', { name: `${car.brand} Axio` });
    const tick = await screen.findByRole('checkbox', { name: 'Send me WhatsApp messages about this booking' });
    expect(tick).not.toBeChecked();
    expect(tick).toHaveAccessibleDescription('To +1 876 555 0188; saved on your account, where you can change it. Answer STOP to end them.');
    await user.click(tick);
    await user.click(screen.getByRole('radio', { name: /Pay upfront/ }));
    await acceptTerms(user);
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    await user.click(confirmButton());
    expect(await screen.findByText(MESSAGES.bookingCreated)).toBeInTheDocument();
    const { user: saved } = await testApi(token).call('userData');
    expect(saved.messages?.whatsapp.on).toBe(true);
  });

  it('offers no WhatsApp tick without a phone it can go to, until one is typed', async () => {
    const user = userEvent.setup();
    const { pickup, ret } = nextDates();
    const { token } = await registerCustomer('No Tick Yet', { phone: null });
    renderApp(`/payment/${car._id}/${pickup}/${ret}`, { token });
    const phone = await screen.findByLabelText('Your phone number');
    expect(screen.queryByRole('checkbox', { name: /WhatsApp/ })).not.toBeInTheDocument();
    await user.type(phone, '020 7946 0018');
    expect(screen.queryByRole('checkbox', { name: /WhatsApp/ })).not.toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '555-0189');
    expect(screen.getByRole('checkbox', { name: 'Send me WhatsApp messages about this booking' })).toHaveAccessibleDescription(/^To \+1 876 555 0189;/);
  });

  it('says at once, before any login, that some of the days are taken, and offers no Confirm', async () => {
    const { pickup, ret } = nextDates();
    const { token } = await registerCustomer('Got There First');
    await createBooking(token, car._id, ret, ret);
    renderApp(`/payment/${car._id}/${pickup}/${ret}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(DAYS_TAKEN);
    for (const link of screen.getAllByRole('link', { name: 'Choose other dates' })) expect(link).toHaveAttribute('href', `/car-details/${car._id}`);
    expect(confirmButton()).toBeDisabled();
    // Beside Confirm too, the days are what keeps it off: choosing a way to pay would not help.
    expect(confirmButton()).toHaveAccessibleDescription(`${DAYS_CANNOT_BE_BOOKED} Choose other dates`);
    expect(screen.queryByText(MESSAGES.selectPaymentMethod)).not.toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/payment\//);
  });

  it('says a pickup more than 60 days ahead is held to the next bank day, a nearer one to the second (bank days, not hours)', async () => {
    const user = userEvent.setup();
    for (const [ahead, words] of [
      [
        FAR_AHEAD_DAYS + 5,
        'by the end of the next bank day after the day you book (weekends and Jamaica’s public holidays are not bank days), since the pickup is more than 60 days ahead.',
      ],
      [FAR_AHEAD_DAYS - 5, 'by the end of the second bank day after the day you book (weekends and Jamaica’s public holidays are not bank days).'],
    ] as const) {
      const view = renderApp(`/payment/${car._id}/${addDays(today, ahead)}/${addDays(today, ahead + 1)}`);
      await screen.findByRole('heading', { name: `${car.brand} Axio` });
      await user.click(screen.getByRole('radio', { name: /Cash deposit/ }));
      expect(await screen.findByText('When')).toBeInTheDocument();
      expect(screen.getByText('When').nextElementSibling).toHaveTextContent(words);
      view.unmount();
    }
  });

  it('does not ask for a phone number the account already has', async () => {
    const { pickup, ret } = nextDates();
    const { token } = await registerCustomer('Has Phone', { phone: '876 555 0199' });
    renderApp(`/payment/${car._id}/${pickup}/${ret}`, { token });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: `${car.brand} Axio` });
    await user.click(screen.getByRole('radio', { name: /Pay upfront/ }));
    await acceptTerms(user);
    // Enabled once the account is loaded: by then the page knows whether to ask.
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    expect(screen.queryByLabelText('Your phone number')).not.toBeInTheDocument();
  });

  it('asks for the phone when the server refuses for want of one (it was removed meanwhile, in another tab), then books', async () => {
    const user = userEvent.setup();
    const { pickup, ret } = nextDates();
    const { token } = await registerCustomer('Phone Gone', { phone: '876 555 0105' });
    renderApp(`/payment/${car._id}/${pickup}/${ret}`, { token });
    await screen.findByRole('heading', { name: `${car.brand} Axio` });
    await user.click(screen.getByRole('radio', { name: /Pay upfront/ }));
    await acceptTerms(user);
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    expect(screen.queryByLabelText('Your phone number')).not.toBeInTheDocument();
    await testApi(token).call('updateProfile', { body: { name: 'Phone Gone', phone: '' } });

    await user.click(confirmButton());
    const phone = await screen.findByLabelText('Your phone number');
    expect(await screen.findByText(PHONE_NEEDED)).toBeInTheDocument();
    await waitFor(() => expect(phone).toHaveFocus());
    expect(location()).toHaveTextContent(/^\/payment\//);
    await user.type(phone, '876 555 0106');
    await user.click(confirmButton());
    expect(await screen.findByText(MESSAGES.bookingCreated)).toBeInTheDocument();
    expect((await testApi(token).call('userData')).user.phone).toBe('876 555 0106');
  });

  it('makes one booking when Confirm is pressed again after the answer was lost', async () => {
    const user = userEvent.setup();
    const { pickup, ret } = nextDates();
    const { token } = await registerCustomer('Lost Answer', { phone: '876 555 0102' });
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
      await acceptTerms(user);
      await user.click(confirmButton());
      await waitFor(() => expect(confirmButton()).toBeEnabled());
      await user.click(confirmButton());
      await waitFor(() => expect(location()).toHaveTextContent(/^\/my-bookings$/));
    } finally {
      globalThis.fetch = realFetch;
    }
    const { bookings } = await testApi(token).call('userBookings');
    expect(bookings.map((b) => b.pickupDate)).toEqual([pickup]);
  });

  it("shows the server's message when the days were taken meanwhile", async () => {
    const user = userEvent.setup();
    const { pickup, ret } = nextDates();
    const other = await registerCustomer();
    const { token } = await registerCustomer('Too Late', { phone: '876 555 0103' });
    renderApp(`/payment/${car._id}/${pickup}/${ret}`, { token });
    await screen.findByRole('heading', { name: `${car.brand} Axio` });
    // Someone else books the days while this page is open.
    await createBooking(other.token, car._id, pickup, ret);
    await user.click(screen.getByRole('radio', { name: /Pay upfront/ }));
    await acceptTerms(user);
    await user.click(confirmButton());
    expect(await screen.findByText(MESSAGES.datesTaken)).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/payment\//);
    expect(confirmButton()).toBeEnabled();
  });

  it("says 'Error during booking process.' when the server cannot be reached", async () => {
    const user = userEvent.setup();
    const { pickup, ret } = nextDates();
    const { token } = await registerCustomer('Offline', { phone: '876 555 0104' });
    renderApp(`/payment/${car._id}/${pickup}/${ret}`, { token });
    await screen.findByRole('heading', { name: `${car.brand} Axio` });
    await user.click(screen.getByRole('radio', { name: /Pay upfront/ }));
    await acceptTerms(user);
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
