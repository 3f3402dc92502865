/**
 * The car page when the calendar's code cannot be fetched (a dropped connection after the page
 * came): the two plain date fields take its place, and the days typed there are booked as chosen.
 */
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Car } from '@rental/contract/schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCar, uniqueWord } from '../../test/api';
import { renderApp } from '../../test/renderApp';

describe('the car page without its calendar', () => {
  let car: Car;
  beforeAll(async () => {
    car = await addCar({ brand: uniqueWord('Offline'), model: 'Fit', pricePerDay: 4000 });
    // The page's next download of the calendar's code fails, as it would with the connection gone.
    vi.doMock('./DateRangeCalendar', () => {
      throw new Error('The connection dropped.');
    });
  });
  afterAll(() => {
    vi.doUnmock('./DateRangeCalendar');
  });

  it('offers the pickup and return dates as plain fields', async () => {
    const user = userEvent.setup();
    renderApp(`/car-details/${car._id}`);
    const form = within(await screen.findByRole('form', { name: 'Book this car' }));
    const pickup = await form.findByLabelText('Pickup date');
    expect(form.queryByText('Loading the calendar…')).not.toBeInTheDocument();
    expect(form.queryByRole('grid')).not.toBeInTheDocument();
    const today = companyToday();
    await user.type(pickup, addDays(today, 5));
    await user.type(form.getByLabelText('Return date'), addDays(today, 7));
    await user.click(form.getByRole('button', { name: 'Book Now' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/payment/${car._id}/${addDays(today, 5)}/${addDays(today, 7)}`);
  });
});
