import { MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Car } from '@rental/contract/schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCalendarDate } from '../lib/dates';
import { addCar, createBooking, registerCustomer, uniqueWord } from '../test/api';
import { renderApp } from '../test/renderApp';

const form = () => within(screen.getByRole('form', { name: 'Book this car' }));
const location = () => screen.getByTestId('location');

describe('car detail', () => {
  let car: Car;
  const today = companyToday();
  const reserved = { pickupDate: addDays(today, 20), returnDate: addDays(today, 23) };

  beforeAll(async () => {
    car = await addCar({
      brand: uniqueWord('Detail'),
      model: 'Tucson',
      category: 'SUV',
      transmission: 'Manual',
      fuel_type: 'Diesel',
      seating_capacity: 7,
      pricePerDay: 6500,
    });
    const { token } = await registerCustomer();
    await createBooking(token, car._id, reserved.pickupDate, reserved.returnDate);
  });

  it('shows the car, its price per day and the specification grid', async () => {
    renderApp(`/car-details/${car._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: `${car.brand} Tucson` })).toBeInTheDocument();
    expect(form().getByText('$6,500')).toBeInTheDocument();
    expect(form().getByText('per day')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: `${car.brand} Tucson` })).toHaveAttribute('width');
    const spec = within(screen.getByRole('region', { name: 'Specifications' }));
    const value = (label: string) => spec.getByText(label).nextElementSibling?.textContent;
    expect(value('Gear box')).toBe('Manual');
    expect(value('Fuel')).toBe('Diesel');
    expect(value('Doors')).toBe('4');
    expect(value('Air conditioner')).toBe('Yes');
    expect(value('Seats')).toBe('7');
    expect(value('Distance')).toBe('500 km');
    expect(document.title).toContain(`${car.brand} Tucson`);
  });

  it('warns about the reserved dates, listing them', async () => {
    renderApp(`/car-details/${car._id}`);
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('This car is already reserved on these dates:');
    expect(note).toHaveTextContent(`${formatCalendarDate(reserved.pickupDate)} – ${formatCalendarDate(reserved.returnDate)}`);
  });

  it('asks for both dates', async () => {
    renderApp(`/car-details/${car._id}`);
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(form().getByRole('button', { name: 'Book Now' }));
    expect(form().getByRole('alert')).toHaveTextContent(MESSAGES.selectBothDates);
    expect(location()).toHaveTextContent(`/car-details/${car._id}`);
  });

  it('limits the return date to the pickup date or today', async () => {
    renderApp(`/car-details/${car._id}`);
    await screen.findByRole('heading', { level: 1 });
    expect(form().getByLabelText('Pickup date')).toHaveAttribute('min', today);
    expect(form().getByLabelText('Return date')).toHaveAttribute('min', today);
    fireEvent.change(form().getByLabelText('Pickup date'), { target: { value: addDays(today, 4) } });
    expect(form().getByLabelText('Return date')).toHaveAttribute('min', addDays(today, 4));
  });

  it('refuses dates that overlap a reservation', async () => {
    renderApp(`/car-details/${car._id}`);
    await screen.findByRole('heading', { level: 1 });
    fireEvent.change(form().getByLabelText('Pickup date'), { target: { value: addDays(reserved.pickupDate, -2) } });
    fireEvent.change(form().getByLabelText('Return date'), { target: { value: reserved.pickupDate } });
    await userEvent.click(form().getByRole('button', { name: 'Book Now' }));
    expect(form().getByRole('alert')).toHaveTextContent(MESSAGES.datesTaken);
  });

  it('shows the price for the chosen days, then goes to the payment page', async () => {
    renderApp(`/car-details/${car._id}`);
    await screen.findByRole('heading', { level: 1 });
    const pickup = addDays(today, 2);
    const ret = addDays(today, 5);
    fireEvent.change(form().getByLabelText('Pickup date'), { target: { value: pickup } });
    fireEvent.change(form().getByLabelText('Return date'), { target: { value: ret } });
    expect(form().getByText('$6,500 × 3 days')).toBeInTheDocument();
    expect(form().getByText('$19,500')).toBeInTheDocument();
    await userEvent.click(form().getByRole('button', { name: 'Book Now' }));
    expect(location()).toHaveTextContent(`/payment/${car._id}/${pickup}/${ret}`);
  });

  it('shows up to three other cars', async () => {
    await Promise.all([addCar({ brand: uniqueWord('Other') }), addCar({ brand: uniqueWord('Other') }), addCar({ brand: uniqueWord('Other') })]);
    renderApp(`/car-details/${car._id}`);
    const others = await screen.findByRole('region', { name: 'Other cars you may like' });
    const cards = within(others).getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).not.toContain(`${car.brand} Tucson`);
  });

  it("goes back to the list with the server's message when the car cannot be loaded", async () => {
    renderApp('/car-details/00000000-0000-4000-8000-000000000000');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/cars$/));
    expect(await screen.findByText(MESSAGES.carNotFound)).toBeInTheDocument();
  });
});
