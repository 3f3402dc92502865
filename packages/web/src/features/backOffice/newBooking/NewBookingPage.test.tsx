/**
 * The New booking page against the real server: staff find a customer as they type, choose a car
 * and days, see the server's price, book, and land on Manage Bookings searched for the booking.
 */
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCar, ownerApi, ownerToken, registerCustomer, uniqueWord } from '../../../test/api';
import { renderApp } from '../../../test/renderApp';

const SLOW = { timeout: 15_000 };

describe('the New booking page', { timeout: 60_000 }, () => {
  beforeAll(() => import('../StaffRoutes'));

  it('says what is missing before sending anything', async () => {
    renderApp('/owner/bookings/new', { token: ownerToken() });
    await screen.findByRole('heading', { name: 'New booking', level: 1 }, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Book the car' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please find the customer, or add a new one.');
  });

  it('books a customer found by their name: the price first, then Manage Bookings shows the booking', async () => {
    const name = `${uniqueWord('Walkin')} Campbell`;
    await registerCustomer(name, { phone: '876 555 0177' });
    const car = await addCar({ brand: uniqueWord('Desk'), model: 'Yaris' });
    const pickup = addDays(companyToday(), 70);
    renderApp('/owner/bookings/new', { token: ownerToken() });
    await screen.findByRole('heading', { name: 'New booking', level: 1 }, SLOW);

    await userEvent.type(screen.getByLabelText('Find the customer'), name.toLowerCase());
    const found = await screen.findByRole('list', { name: 'Customers found' }, SLOW);
    await userEvent.click(within(found).getByRole('button', { name: new RegExp(name) }));
    expect(screen.getByText(/876 555 0177/)).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Car'), car._id);
    fireEvent.change(screen.getByLabelText('Pickup day'), { target: { value: pickup } });
    fireEvent.change(screen.getByLabelText('Return day'), { target: { value: addDays(pickup, 1) } });
    const price = screen.getByRole('region', { name: 'Price' });
    expect(await within(price).findByText('Total', undefined, SLOW)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Book the car' }));
    expect(await screen.findByRole('heading', { name: 'Manage Bookings', level: 1 }, SLOW)).toBeInTheDocument();
    const reference = (screen.getByRole('searchbox') as HTMLInputElement).value;
    expect(reference).toMatch(/^WR-/);
    const { bookings } = await ownerApi().call('ownerBookings', { query: { q: reference } });
    expect(bookings[0]).toMatchObject({ status: 'confirmed', pickupDate: pickup, user: { name }, car: { _id: car._id } });
  });
});
