/**
 * The desk against the real server: a booking confirmed for today is under today's pickups with
 * its plate and a Check out link; marked a no-show, it leaves the list. Other test files share the
 * server, so a card is found by its booking's reference.
 */
import { COUNTER_MESSAGES } from '@rental/contract/counter';
import { MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { TOKEN_STORAGE_KEY } from '@rental/contract/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCar, createBooking, ownerApi, ownerToken, registerCustomer, setBookingStatus, uniqueWord } from '../../../../test/api';
import { renderApp } from '../../../../test/renderApp';
import { DeskPage } from './DeskPage';

const SLOW = { timeout: 15_000 };
const TODAY = companyToday();

/** A plate no other test's car has: 2 to 12 capitals, digits, spaces. */
const uniquePlate = () => `T ${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

async function pickupToday(options: { confirmed?: boolean } = {}) {
  const name = `${uniqueWord('Desk')} Brown`;
  const { token } = await registerCustomer(name, { phone: '876 555 0142' });
  const plate = uniquePlate();
  const car = await addCar({ brand: uniqueWord('Desk'), model: 'Corolla', plate });
  const booking = await createBooking(token, car._id, TODAY, addDays(TODAY, 2));
  if (options.confirmed !== false) await setBookingStatus(booking._id, 'confirmed');
  return { name, plate, booking, car };
}

const pickups = () => screen.findByRole('region', { name: /^Pickups today/ }, SLOW);

describe('the desk', { timeout: 60_000 }, () => {
  beforeAll(() => import('../../StaffRoutes'));

  it('is in the side menu near the top, and lists a booking confirmed for today under pickups with its plate, phone and a Check out link', async () => {
    const { name, plate, booking, car } = await pickupToday();
    renderApp('/owner', { token: ownerToken() });
    const menu = await screen.findByRole('navigation', { name: 'Owner menu' }, SLOW);
    await userEvent.click(within(menu).getByRole('link', { name: 'Desk' }));
    expect(await screen.findByRole('heading', { name: 'The desk', level: 1 }, SLOW)).toBeInTheDocument();
    expect(document.title).toMatch(/^The desk \|/);

    const card = within(await within(await pickups()).findByRole('article', { name: booking.reference }, SLOW));
    expect(card.getByText(name)).toBeInTheDocument();
    expect(card.getByText(`${car.brand} Corolla · ${plate}`)).toBeInTheDocument();
    expect(card.getByRole('link', { name: '876 555 0142' })).toHaveAttribute('href', expect.stringMatching(/^tel:/));
    expect(card.getByText('Not paid yet')).toBeInTheDocument();
    // No driver details given: amber, not the green of an approved driver.
    expect(card.getByText('Driver details not given yet')).toHaveClass('bg-amber-50');
    expect(card.getByRole('link', { name: 'Check out' })).toHaveAttribute('href', `/owner/desk/${booking._id}/check-out`);
    expect(card.queryByRole('link', { name: 'Check in' })).not.toBeInTheDocument();

    // Lists that hold nothing say so in words (other files may have cars coming back today).
    const returns = screen.getByRole('region', { name: /^Returns today/ });
    expect(within(returns).queryByText('No returns today.') ?? within(returns).getByRole('list', { name: 'Returns today' })).toBeInTheDocument();
  });

  it('marks a no-show after asking: the server’s words show and the booking leaves the pickups', async () => {
    const { booking } = await pickupToday();
    renderApp('/owner/desk', { token: ownerToken() });
    const card = within(await within(await pickups()).findByRole('article', { name: booking.reference }, SLOW));

    await userEvent.click(card.getByRole('button', { name: 'No-show' }));
    const question = screen.getByRole('alertdialog', { name: `Mark ${booking.reference} a no-show?` });
    // "No" leaves it as it was.
    await userEvent.click(within(question).getByRole('button', { name: 'Keep the booking' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const { bookings } = await ownerApi().call('ownerBookings', { query: { q: booking.reference } });
    expect(bookings.find((b) => b._id === booking._id)?.status).toBe('confirmed');

    await userEvent.click(card.getByRole('button', { name: 'No-show' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Mark as no-show' }));
    expect(await screen.findByText(`${booking.reference}: ${MESSAGES.statusUpdated}`, { selector: '[role="status"]' }, SLOW)).toBeInTheDocument();
    await waitFor(async () => expect(within(await pickups()).queryByRole('article', { name: booking.reference })).not.toBeInTheDocument(), SLOW);
    const after = await ownerApi().call('ownerBookings', { query: { q: booking.reference } });
    expect(after.bookings.find((b) => b._id === booking._id)?.status).toBe('no_show');
  });

  it('shows the server’s words by the card when a no-show is refused', async () => {
    const { booking } = await pickupToday();
    renderApp('/owner/desk', { token: ownerToken() });
    const card = within(await within(await pickups()).findByRole('article', { name: booking.reference }, SLOW));
    // Meanwhile someone else put it back to waiting: only a confirmed booking can be a no-show.
    await setBookingStatus(booking._id, 'pending');
    await userEvent.click(card.getByRole('button', { name: 'No-show' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Mark as no-show' }));
    expect(await card.findByRole('alert', {}, SLOW)).toHaveTextContent(COUNTER_MESSAGES.noShowNotConfirmed);
  });

  it('says once, with Try again, when the desk cannot be read', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'not-a-session');
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <DeskPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Try again' }, SLOW)).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: /^Pickups today/ })).not.toBeInTheDocument();
  });
});
