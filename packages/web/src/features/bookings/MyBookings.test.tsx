import { DEFAULT_COMPANY } from '@rental/contract/company';
import { formatMoney } from '@rental/contract/format';
import { MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from '../../lib/dates';
import { TEST_PASSWORD, addCar, createBooking, ensureBankDetails, registerCustomer, setBookingStatus, uniqueWord } from '../../test/api';
import { renderApp } from '../../test/renderApp';

describe('my bookings', () => {
  it('asks a logged-out visitor to log in, and after the login shows their bookings right there', async () => {
    const user = userEvent.setup();
    const { email } = await registerCustomer('Comes Back');
    renderApp('/my-bookings');
    expect(screen.getByText('Please log in to see your bookings.')).toBeInTheDocument();
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email'), email);
    await user.type(within(dialog).getByLabelText('Password'), TEST_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MESSAGES.loggedIn)).toBeInTheDocument();
    expect(await screen.findByText('You have no bookings yet.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/my-bookings$/);
  });

  it('invites a customer without bookings to browse the cars', async () => {
    const { token } = await registerCustomer();
    renderApp('/my-bookings', { token });
    expect(await screen.findByText('You have no bookings yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse cars' })).toHaveAttribute('href', '/cars');
  });

  it('lists only the customer’s own bookings by reference, each leading to its page, with the status in plain words', async () => {
    await ensureBankDetails();
    const brand = uniqueWord('Mine');
    const car = await addCar({ brand, model: 'Fit', category: 'Hatchback', year: 2020, pricePerDay: 4000 });
    const { token } = await registerCustomer();
    const stranger = await registerCustomer();
    const today = companyToday();
    const first = await createBooking(token, car._id, addDays(today, 60), addDays(today, 63));
    const second = await createBooking(token, car._id, addDays(today, 70), addDays(today, 70), 'cash_deposit');
    const third = await createBooking(token, car._id, addDays(today, 75), addDays(today, 76));
    await setBookingStatus(third._id, 'confirmed');
    await createBooking(stranger.token, car._id, addDays(today, 80), addDays(today, 81));

    renderApp('/my-bookings', { token });
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    const card = (reference: string) => cards.find((c) => c.textContent?.includes(reference))!;
    for (const booking of [first, second, third]) {
      const link = within(card(booking.reference)).getByRole('link', { name: `Booking ${booking.reference}` });
      expect(link).toHaveAttribute('href', `/my-bookings/${booking.reference}`);
      expect(card(booking.reference)).toHaveTextContent(`${brand} Fit`);
      expect(card(booking.reference)).toHaveTextContent('2020 · Hatchback · Waterford, Portmore');
      expect(card(booking.reference)).toHaveTextContent(/Booked on [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4}/);
    }
    expect(card(first.reference)).toHaveTextContent('Waiting for confirmation');
    expect(card(first.reference)).toHaveTextContent(`${formatCalendarDate(addDays(today, 60))} to ${formatCalendarDate(addDays(today, 63))}`);
    // The total each booking was quoted (GCT included), as the server stored it.
    expect(first.price).toBe(first.quote!.total);
    expect(card(first.reference)).toHaveTextContent(formatMoney(first.price, DEFAULT_COMPANY.currency));
    expect(card(first.reference)).toHaveTextContent('Pay upfront');
    expect(card(second.reference)).toHaveTextContent(formatMoney(second.price, DEFAULT_COMPANY.currency));
    expect(card(second.reference)).toHaveTextContent('Cash deposit');
    // A cash deposit waiting for confirmation says by when to pay.
    expect(card(second.reference)).toHaveTextContent(/Pay by\s*[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm)/);
    expect(card(third.reference)).toHaveTextContent('Confirmed');
    expect(screen.getByRole('main')).not.toHaveTextContent(formatCalendarDate(addDays(today, 80)));
    expect(screen.getByRole('main')).not.toHaveTextContent(/#\d/);

    await userEvent.click(within(card(second.reference)).getByRole('link', { name: `Details and payment of booking ${second.reference}` }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/my-bookings/${second.reference}`));
  });
});
