/**
 * Paying by card as a customer does: "Pay by card now" on the payment step while the company takes
 * cards, the booking made and the provider's card page opened; the booking page's button when that
 * page could not be opened; and what the booking page says on coming back paid or declined. Against a
 * second server taking cards through the local payment sandbox (cardServer.ts); the shared one takes none.
 */
import { DEFAULT_COMPANY } from '@rental/contract/company';
import { formatMoney } from '@rental/contract/format';
import { PAYMENT_METHOD_TEXT } from '@rental/contract/paymentWords';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Car } from '@rental/contract/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiBaseUrl } from '../../api/client';
import { addCar, registerCustomer, serverUrl, TEST_PASSWORD, testApi, uniqueEmail, uniqueWord } from '../../test/api';
import { APPROVED_CARD, type CardServer, cardServer, DECLINED_CARD, payOnCardPage } from '../../test/cardServer';
import { renderApp } from '../../test/renderApp';
import { CARD_PAGE_FAILED } from './cardPayment';
import { CARD_PAID } from './cardPaymentWords';

const jmd = (amount: number) => formatMoney(amount, DEFAULT_COMPANY.currency);
const location = () => screen.getByTestId('location');
const confirmButton = () => screen.getByRole('button', { name: /Confirm Booking|Confirming/ });
const section = (name: string | RegExp) => within(screen.getByRole('region', { name }));

describe('paying by card', { timeout: 40_000 }, () => {
  const today = companyToday();
  let server: CardServer;
  let car: Car;
  let offset = 3;
  const nextDays = () => {
    offset += 3;
    return { pickup: addDays(today, offset), ret: addDays(today, offset + 2) };
  };
  const customer = async () => {
    const { token } = await server
      .api()
      .call('register', { body: { name: 'Card Customer', email: uniqueEmail('card'), password: TEST_PASSWORD, phone: '876 555 0150' } });
    return token;
  };
  const attemptsOf = async (reference: string) =>
    (await server.owner.call('paymentAttempts', { query: { state: 'all' } })).attempts.filter((a) => a.reference === reference);

  beforeAll(async () => {
    server = cardServer();
    car = await addCar({ brand: uniqueWord('Card'), model: 'Demio', pricePerDay: 5000 }, server.owner);
  });
  beforeEach(() => setApiBaseUrl(server.url));
  afterEach(() => setApiBaseUrl(serverUrl()));

  it('offers Pay by card now as a third way, makes the booking and opens the provider’s card page for its total', async () => {
    const user = userEvent.setup();
    const token = await customer();
    const { pickup, ret } = nextDays();
    renderApp(`/payment/${car._id}/${pickup}/${ret}`, { token });
    const card = await screen.findByRole('radio', { name: new RegExp(PAYMENT_METHOD_TEXT.card.name) });
    expect(screen.getAllByRole('radio', { name: /Pay upfront|Cash deposit|Pay by card now/ })).toHaveLength(3);
    await user.click(card);
    const quote = (await server.api().call('quote', { body: { car: car._id, pickupDate: pickup, returnDate: ret } })).quote;
    expect(await screen.findByText('When')).toBeInTheDocument();
    expect(screen.getByText('What').nextElementSibling).toHaveTextContent(`To pay: ${jmd(quote.total)}`);
    expect(screen.getByText('When').nextElementSibling).toHaveTextContent('Right after you confirm: we take you to our payment provider’s secure page');
    expect(screen.getByText(/We then take you to our payment provider’s secure page to pay/)).toHaveTextContent(jmd(quote.total));
    await user.click(screen.getByRole('checkbox', { name: /I accept the rental terms/ }));
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    await user.click(confirmButton());

    // The browser is on its way to the card page (jsdom does not follow it): the booking and its attempt are there.
    await waitFor(async () => expect((await server.api(token).call('userBookings')).bookings).toHaveLength(1));
    const [booking] = (await server.api(token).call('userBookings')).bookings;
    expect(booking).toMatchObject({ paymentMethod: 'card', paymentStatus: 'unpaid', price: quote.total });
    await waitFor(async () => expect(await attemptsOf(booking!.reference)).toEqual([expect.objectContaining({ amount: quote.total, status: 'sent' })]));
    expect(confirmButton()).toHaveTextContent('Confirming…');
    expect(location()).toHaveTextContent(/^\/payment\//);
  });

  it('when the card page cannot be opened after booking, says so on the booking page with a button to try again', async () => {
    const user = userEvent.setup();
    const token = await customer();
    const { pickup, ret } = nextDays();
    // The booking reaches the server; the call for the card page is lost on the way.
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      if (String(input).endsWith('/api/payments/start')) throw new TypeError('network connection lost');
      return realFetch(input, init);
    };
    try {
      renderApp(`/payment/${car._id}/${pickup}/${ret}`, { token });
      await user.click(await screen.findByRole('radio', { name: /Pay by card now/ }));
      await user.click(screen.getByRole('checkbox', { name: /I accept the rental terms/ }));
      await waitFor(() => expect(confirmButton()).toBeEnabled());
      await user.click(confirmButton());
      await waitFor(() => expect(location()).toHaveTextContent(/^\/my-bookings\/WR-/));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(CARD_PAGE_FAILED);
      expect(await within(alert).findByRole('button', { name: 'Pay by card now' })).toBeInTheDocument();
      // Offered once: not again beside how to pay.
      expect(screen.getAllByRole('button', { name: 'Pay by card now' })).toHaveLength(1);
    } finally {
      globalThis.fetch = realFetch;
    }
    const reference = location().textContent!.replace('/my-bookings/', '');
    expect(await attemptsOf(reference)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Pay by card now' }));
    await waitFor(async () => expect(await attemptsOf(reference)).toEqual([expect.objectContaining({ status: 'sent' })]));
    expect(screen.getByRole('button', { name: /Opening the card page/ })).toBeDisabled();
  });

  it('coming back paid: says the payment went through, the booking is paid, and offers no card again', async () => {
    const token = await customer();
    const { pickup, ret } = nextDays();
    const { booking } = await server.api(token).call('createBooking', { body: { car: car._id, pickupDate: pickup, returnDate: ret, paymentMethod: 'card' } });
    const { redirectUrl } = await server.api(token).call('startPayment', { body: { bookingId: booking._id } });
    const landed = await payOnCardPage(server, redirectUrl, APPROVED_CARD);
    expect(landed).toBe(`/my-bookings/${booking.reference}?payment=paid`);

    renderApp(landed, { token });
    const said = await screen.findByText(CARD_PAID);
    expect(said.closest('[role="status"]')).not.toBeNull();
    expect(section(/^How to pay/).getByText(/The rental price is paid/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay by card now' })).not.toBeInTheDocument();
  });

  it('coming back declined: the provider’s words, and Pay by card now to try again', async () => {
    const token = await customer();
    const { pickup, ret } = nextDays();
    const { booking } = await server
      .api(token)
      .call('createBooking', { body: { car: car._id, pickupDate: pickup, returnDate: ret, paymentMethod: 'upfront' } });
    const { redirectUrl } = await server.api(token).call('startPayment', { body: { bookingId: booking._id } });
    const landed = await payOnCardPage(server, redirectUrl, DECLINED_CARD);
    expect(landed).toBe(`/my-bookings/${booking.reference}?payment=failed`);

    renderApp(landed, { token });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was not charged: Card declined. You can try again or choose another way to pay.');
    expect(await within(alert).findByRole('button', { name: 'Pay by card now' })).toBeEnabled();
    // Still unpaid, and how to pay at the office still said.
    expect(section('How to pay: Pay upfront').getByText('What').nextElementSibling).toHaveTextContent(`To pay: ${jmd(booking.price)}`);
  });

  it('offers an unpaid booking Pay by card now beside how to pay, and says the server’s refusal there once it was cancelled meanwhile', async () => {
    const user = userEvent.setup();
    const token = await customer();
    const { pickup, ret } = nextDays();
    const { booking } = await server
      .api(token)
      .call('createBooking', { body: { car: car._id, pickupDate: pickup, returnDate: ret, paymentMethod: 'upfront' } });
    renderApp(`/my-bookings/${booking.reference}`, { token });
    const pay = within(await screen.findByRole('region', { name: 'How to pay: Pay upfront' }));
    expect(await pay.findByRole('button', { name: 'Pay by card now' })).toBeInTheDocument();
    expect(pay.getByText(/Or pay what is still owed now by card/)).toBeInTheDocument();
    await server.owner.call('changeStatus', { body: { bookingId: booking._id, status: 'cancelled' } });
    await user.click(pay.getByRole('button', { name: 'Pay by card now' }));
    // The server refuses a cancelled booking in its own words; the page says it where the button is.
    expect(await pay.findByRole('alert')).toHaveTextContent('This booking is cancelled, so it cannot be paid.');
  });
});

describe('while the company takes no cards', () => {
  it('the payment step offers the two other ways, and a booking page no card', async () => {
    const car = await addCar({ brand: uniqueWord('NoCard'), model: 'Tiida' });
    const { token } = await registerCustomer('No Card', { phone: '876 555 0151' });
    const pickup = addDays(companyToday(), 90);
    const step = renderApp(`/payment/${car._id}/${pickup}/${addDays(pickup, 1)}`, { token });
    expect(await screen.findByRole('radio', { name: /Pay upfront/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Cash deposit/ })).toBeInTheDocument();
    // The offer has arrived by the time the quote has, and says no cards.
    await screen.findByText('Total', { selector: 'dt > span' });
    expect(screen.queryByRole('radio', { name: /Pay by card now/ })).not.toBeInTheDocument();
    step.unmount();

    const { booking } = await testApi(token).call('createBooking', {
      body: { car: car._id, pickupDate: pickup, returnDate: addDays(pickup, 1), paymentMethod: 'upfront' },
    });
    renderApp(`/my-bookings/${booking.reference}?payment=failed`, { token });
    expect(await screen.findByRole('heading', { level: 1, name: `Booking ${booking.reference}` })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was not charged. You can try again or choose another way to pay.');
    expect(screen.queryByRole('button', { name: 'Pay by card now' })).not.toBeInTheDocument();
  });
});
