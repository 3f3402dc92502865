import { DEFAULT_COMPANY } from '@rental/contract/company';
import { formatMoney } from '@rental/contract/format';
import { MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Car } from '@rental/contract/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCalendarDate } from '../lib/dates';
import { addCar, createBooking, registerCustomer, uniqueWord } from '../test/api';
import { apiQuote, quoteDetail, quoteRow } from '../test/prices';
import { chooseDates, dayButtonName, findDay } from '../test/calendar';
import { renderApp } from '../test/renderApp';

const form = () => within(screen.getByRole('form', { name: 'Book this car' }));
const location = () => screen.getByTestId('location');
const jmd = (amount: number) => formatMoney(amount, DEFAULT_COMPANY.currency);

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

  it('shows the car, its price per day in the currency and the specification grid', async () => {
    renderApp(`/car-details/${car._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: `${car.brand} Tucson` })).toBeInTheDocument();
    expect(form().getByText('$6,500 JMD')).toBeInTheDocument();
    // Before any days: the usual rate, said as such (GCT comes on top where the company charges it).
    expect(form().getByText(/^per day(, | before GCT, )usual rate$/)).toBeInTheDocument();
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

  it('warns about the reserved dates, listing them the Jamaican way', async () => {
    renderApp(`/car-details/${car._id}`);
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('This car is already reserved on these dates:');
    expect(note).toHaveTextContent(`${formatCalendarDate(reserved.pickupDate)} – ${formatCalendarDate(reserved.returnDate)}`);
    expect(note.textContent).toMatch(/[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4}/);
    expect(note.textContent).not.toMatch(/\d+\/\d+\/\d{4}/);
  });

  it('shows the refundable security deposit apart from the price', async () => {
    renderApp(`/car-details/${car._id}`);
    await screen.findByRole('heading', { level: 1 });
    expect(form().getByText(/A deposit of JMD 15,000 is required/)).toBeInTheDocument();
    expect(form().getByText(/refundable security deposit of/)).toHaveTextContent(`${jmd(DEFAULT_COMPANY.securityDeposit)} is not part of the rental price`);
  });

  it('asks for both dates', async () => {
    renderApp(`/car-details/${car._id}`);
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(form().getByRole('button', { name: 'Book Now' }));
    expect(form().getByRole('alert')).toHaveTextContent(MESSAGES.selectBothDates);
    expect(location()).toHaveTextContent(`/car-details/${car._id}`);
  });

  it('lets nobody choose a past day or a taken day on the calendar', async () => {
    const user = userEvent.setup();
    renderApp(`/car-details/${car._id}`);
    await screen.findByRole('grid');
    expect(screen.getByRole('button', { name: dayButtonName(today) })).toBeEnabled();
    if (addDays(today, -1).slice(0, 7) === today.slice(0, 7)) {
      expect(screen.getByRole('button', { name: dayButtonName(addDays(today, -1)) })).toBeDisabled();
    }
    expect(screen.getByRole('button', { name: 'Previous month' })).toHaveAttribute('aria-disabled', 'true');
    const taken = await findDay(user, addDays(reserved.pickupDate, 1));
    expect(taken).toBeDisabled();
    expect(taken).toHaveAccessibleName(/already taken$/);
    expect(screen.getByRole('button', { name: dayButtonName(addDays(reserved.returnDate, 1)) })).toBeEnabled();
  });

  it('starts again from the later day when the chosen days would hold a taken one', async () => {
    const user = userEvent.setup();
    renderApp(`/car-details/${car._id}`);
    const before = addDays(reserved.pickupDate, -2);
    const after = addDays(reserved.returnDate, 2);
    await chooseDates(user, before, after);
    expect(screen.getByText(/are already taken, so/)).toHaveTextContent(`${formatCalendarDate(after)} is now your pickup day`);
    const pickup = form().getByText('Pickup').nextElementSibling;
    expect(pickup).toHaveTextContent(formatCalendarDate(after));
    expect(form().getByText('Return').nextElementSibling).toHaveTextContent('Not chosen yet');
  });

  it('shows the server’s quote for the chosen days: the days × rate, subtotal, GCT, total and the deposit apart, then goes to the payment page', async () => {
    const user = userEvent.setup();
    renderApp(`/car-details/${car._id}`);
    const pickup = addDays(today, 2);
    const ret = addDays(today, 5);
    await chooseDates(user, pickup, ret);
    expect(await findDay(user, pickup)).toHaveAccessibleName(/your pickup day$/);
    expect(form().getByText(`${formatCalendarDate(pickup)}`, { selector: 'dd' })).toBeInTheDocument();
    expect(form().getByText(/3 days of rental/)).toBeInTheDocument();
    const quote = await apiQuote({ car: car._id, pickupDate: pickup, returnDate: ret });
    const box = screen.getByRole('form', { name: 'Book this car' });
    await waitFor(() => expect(quoteRow(box, 'Total')).toBe(jmd(quote.total)));
    expect(quoteRow(box, `${car.brand} Tucson`)).toBe('$19,500 JMD');
    expect(quoteDetail(box, `${car.brand} Tucson`)).toBe('3 days × $6,500 JMD');
    expect(quoteRow(box, 'Subtotal')).toBe('$19,500 JMD');
    expect(quoteRow(box, `GCT (${quote.gctPercent}%)`)).toBe(jmd(quote.gct));
    expect(quote.total).toBe(19_500 + quote.gct);
    expect(quoteRow(box, 'Security deposit (taken at pickup, given back at return)')).toBe(jmd(quote.securityDeposit));
    await user.click(form().getByRole('button', { name: 'Book Now' }));
    expect(location()).toHaveTextContent(`/payment/${car._id}/${pickup}/${ret}`);
  });

  it('clears the chosen dates', async () => {
    const user = userEvent.setup();
    renderApp(`/car-details/${car._id}`);
    await chooseDates(user, addDays(today, 3), addDays(today, 4));
    await user.click(form().getByRole('button', { name: 'Clear dates' }));
    expect(form().getByText('Pickup').nextElementSibling).toHaveTextContent('Not chosen yet');
    expect(form().getByText('Choose your pickup day on the calendar.')).toBeInTheDocument();
  });

  it('is used with the keyboard: arrows move between days, Enter chooses', async () => {
    const user = userEvent.setup();
    renderApp(`/car-details/${car._id}`);
    const first = await findDay(user, today);
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName(dayButtonName(addDays(today, 1)));
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    await waitFor(() => expect(form().getByText('Return').nextElementSibling).toHaveTextContent(formatCalendarDate(addDays(today, 3))));
    expect(form().getByText('Pickup').nextElementSibling).toHaveTextContent(formatCalendarDate(addDays(today, 1)));
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
