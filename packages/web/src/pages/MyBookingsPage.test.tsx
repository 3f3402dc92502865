import { addDays, companyToday } from '@rental/contract/rentalDates';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from '../lib/dates';
import { addCar, createBooking, registerCustomer, uniqueWord } from '../test/api';
import { renderApp } from '../test/renderApp';

describe('my bookings', () => {
  it('asks a logged-out visitor to log in', async () => {
    renderApp('/my-bookings');
    expect(screen.getByText('Please log in to see your bookings.')).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('invites a customer without bookings to browse the cars', async () => {
    const { token } = await registerCustomer();
    renderApp('/my-bookings', { token });
    expect(await screen.findByText('You have no bookings yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse cars' })).toHaveAttribute('href', '/cars');
  });

  it('lists only the customer’s own bookings, numbered by position, with their details', async () => {
    const brand = uniqueWord('Mine');
    const car = await addCar({ brand, model: 'Fit', category: 'Hatchback', year: 2020, pricePerDay: 4000 });
    const { token } = await registerCustomer();
    const stranger = await registerCustomer();
    const today = companyToday();
    await createBooking(token, car._id, addDays(today, 60), addDays(today, 63));
    await createBooking(token, car._id, addDays(today, 70), addDays(today, 70));
    await createBooking(stranger.token, car._id, addDays(today, 80), addDays(today, 81));

    renderApp('/my-bookings', { token });
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const texts = cards.map((c) => c.textContent ?? '');
    expect(texts[0]).toContain('Booking #1');
    expect(texts[1]).toContain('Booking #2');
    for (const text of texts) {
      expect(text).toContain(`${brand} Fit`);
      expect(text).toContain('2020 · Hatchback · Waterford, Portmore');
      expect(text).toContain('pending');
      expect(text).toContain('Pick-up location');
      expect(text).toMatch(/Booked on \w{3} \d{1,2}, \d{4}/);
    }
    const all = texts.join('\n');
    expect(all).toContain(`${formatCalendarDate(addDays(today, 60))} to ${formatCalendarDate(addDays(today, 63))}`);
    expect(all).toContain('$12,000');
    expect(all).toContain('$4,000');
    expect(all).not.toContain(formatCalendarDate(addDays(today, 80)));
  });
});
