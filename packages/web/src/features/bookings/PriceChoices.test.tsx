/**
 * Extras, other drivers and delivery as a customer chooses them: on the car page below the dates,
 * carried to the payment step in its address, changed there, priced by the server's quote and
 * booked with it; and a season's price on the calendar. The company's prices are set through the
 * API as staff would, and put back afterwards.
 */
import { DEFAULT_COMPANY } from '@rental/contract/company';
import { formatMoney } from '@rental/contract/format';
import { DELIVERY_PLACE_WORDS, type Extra } from '@rental/contract/quote';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Car } from '@rental/contract/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCar, registerCustomer, testApi, uniqueWord } from '../../test/api';
import { dayButtonName, chooseDates, findDay } from '../../test/calendar';
import { apiQuote, changePrices, quoteDetail, quoteRow } from '../../test/prices';
import { renderApp } from '../../test/renderApp';
import { FLIGHT_NUMBER_NEEDED } from './priceChoices';

const jmd = (amount: number) => formatMoney(amount, DEFAULT_COMPANY.currency);
const location = () => screen.getByTestId('location');
const bookingForm = () => screen.getByRole('form', { name: 'Book this car' });
const confirmButton = () => screen.getByRole('button', { name: /Confirm Booking|Confirming/ });

describe('extras, other drivers and delivery', { timeout: 40_000 }, () => {
  const today = companyToday();
  let car: Car;
  let seasonCar: Car;
  let seat: Extra;
  let season: string;
  let restore: () => Promise<void>;

  beforeAll(async () => {
    [car, seasonCar] = await Promise.all([
      addCar({ brand: uniqueWord('Extras'), model: 'Noah', pricePerDay: 6000 }),
      addCar({ brand: uniqueWord('Season'), model: 'Vitz', pricePerDay: 5000 }),
    ]);
    season = uniqueWord('Carnival');
    const seatName = uniqueWord('Child seat ');
    const changed = await changePrices((before) => ({
      ...before.rules,
      additionalDriverPerDay: 1000,
      delivery: { airport: 4000, portmore: null, kingston: 2500 },
      // Only this file's car is priced by the season: other files' cars keep their prices.
      seasons: [
        ...before.rules.seasons,
        {
          name: season,
          startDate: addDays(today, 30),
          endDate: addDays(today, 40),
          priority: 1,
          minDays: 3,
          carRates: { [seasonCar._id]: 9000 },
          categoryPercents: {},
        },
      ],
      extras: [
        ...before.extras,
        { name: seatName, description: 'For a child up to four years old.', charge: 'per_day', price: 800, maxPerBooking: 2, stock: null },
      ],
    }));
    seat = changed.saved.extras.find((e) => e.name === seatName)!;
    restore = changed.restore;
  });

  afterAll(() => restore());

  it('on the car page: each extra with its description, price and charge up to its most, other drivers, the places delivered to, and the quote with them', async () => {
    const user = userEvent.setup();
    const pickup = addDays(today, 2);
    const ret = addDays(today, 5);
    renderApp(`/car-details/${car._id}`);
    await chooseDates(user, pickup, ret);
    const form = within(bookingForm());

    const extras = within(await form.findByRole('group', { name: 'Extras' }));
    expect(extras.getByText(seat.name)).toBeInTheDocument();
    expect(extras.getByText('For a child up to four years old.')).toBeInTheDocument();
    expect(extras.getByText(/\$800 JMD per day/)).toHaveTextContent('up to 2');
    const more = extras.getByRole('button', { name: `One more: ${seat.name}` });
    await user.click(more);
    await user.click(more);
    expect(more).toBeDisabled();
    expect(extras.getByRole('button', { name: `One less: ${seat.name}` })).toBeEnabled();

    expect(form.getByText('Other drivers')).toBeInTheDocument();
    expect(form.getByText(/\$1,000 JMD per driver per day/)).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'One more: Other drivers' }));

    const delivery = within(form.getByRole('group', { name: 'Delivery and collection' }));
    expect(delivery.getByRole('radio', { name: /I collect and return the car at your office/ })).toBeChecked();
    expect(delivery.getByRole('radio', { name: new RegExp(DELIVERY_PLACE_WORDS.airport) })).toBeInTheDocument();
    expect(delivery.getByRole('radio', { name: new RegExp(DELIVERY_PLACE_WORDS.kingston) })).toBeInTheDocument();
    // No fee set for Portmore: not offered.
    expect(delivery.queryByRole('radio', { name: new RegExp(DELIVERY_PLACE_WORDS.portmore) })).not.toBeInTheDocument();

    const quote = await apiQuote({ car: car._id, pickupDate: pickup, returnDate: ret, extras: [{ id: seat.id, quantity: 2 }], additionalDrivers: 1 });
    await waitFor(() => expect(quoteRow(bookingForm(), 'Total')).toBe(jmd(quote.total)));
    expect(quoteRow(bookingForm(), `${seat.name}, 2 × 3 days`)).toBe(jmd(4800));
    expect(quoteDetail(bookingForm(), `${seat.name}, 2 × 3 days`)).toBe('6 × $800 JMD');
    expect(quoteRow(bookingForm(), 'Other driver, 1 × 3 days')).toBe(jmd(3000));
    expect(quoteRow(bookingForm(), 'Subtotal')).toBe(jmd(18_000 + 4800 + 3000));

    // A delivery to the airport needs the flight number before going on.
    await user.click(delivery.getByRole('radio', { name: new RegExp(DELIVERY_PLACE_WORDS.airport) }));
    await user.click(form.getByRole('button', { name: 'Book Now' }));
    expect(form.getByRole('alert')).toHaveTextContent(FLIGHT_NUMBER_NEEDED);
    await user.type(form.getByLabelText('Flight number'), 'JM 123');
    await waitFor(() => expect(quoteRow(bookingForm(), `Delivery and collection: ${DELIVERY_PLACE_WORDS.airport}, flight JM 123`)).toBe(jmd(4000)));
    await user.click(form.getByRole('button', { name: 'Book Now' }));
    expect(location()).toHaveTextContent(`/payment/${car._id}/${pickup}/${ret}?extras=${seat.id}:2&drivers=1&delivery=airport&flight=JM+123`);
  });

  it('on the payment step: the choices carried in its address, changed there, and booked with the quote’s total', async () => {
    const user = userEvent.setup();
    const pickup = addDays(today, 8);
    const ret = addDays(today, 10);
    const { token } = await registerCustomer('Extras Booker', { phone: '876 555 0140' });
    renderApp(`/payment/${car._id}/${pickup}/${ret}?extras=${seat.id}:1&drivers=1&delivery=airport&flight=JM123`, { token });
    const summary = await screen.findByRole('region', { name: 'Booking summary' });
    await waitFor(() => expect(quoteRow(summary, `${seat.name}, 1 × 2 days`)).toBe(jmd(1600)));
    expect(quoteRow(summary, 'Other driver, 1 × 2 days')).toBe(jmd(2000));
    expect(quoteRow(summary, `Delivery and collection: ${DELIVERY_PLACE_WORDS.airport}, flight JM123`)).toBe(jmd(4000));

    const choices = within(screen.getByRole('region', { name: 'Extras, other drivers and delivery' }));
    await user.click(await choices.findByRole('button', { name: `One more: ${seat.name}` }));
    await waitFor(() => expect(location()).toHaveTextContent(`extras=${seat.id}:2`));
    const wanted = { extras: [{ id: seat.id, quantity: 2 }], additionalDrivers: 1, delivery: { place: 'airport' as const, flightNumber: 'JM123' } };
    const quote = await apiQuote({ car: car._id, pickupDate: pickup, returnDate: ret, ...wanted });
    await waitFor(() => expect(quoteRow(summary, 'Total')).toBe(jmd(quote.total)));

    await user.click(screen.getByRole('radio', { name: /Pay upfront/ }));
    await user.click(screen.getByRole('checkbox', { name: /I accept the rental terms/ }));
    expect((await screen.findByText('What', {}, { timeout: 10_000 })).nextElementSibling).toHaveTextContent(`To pay: ${jmd(quote.total)}`);
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    await user.click(confirmButton());
    await waitFor(() => expect(location()).toHaveTextContent(/^\/my-bookings$/));

    const { bookings } = await testApi(token).call('userBookings');
    expect(bookings).toHaveLength(1);
    expect(bookings[0]!.price).toBe(quote.total);
    expect(bookings[0]!.quote).toMatchObject({ total: quote.total, extras: wanted.extras, additionalDrivers: 1, delivery: wanted.delivery });
  });

  it('carries a delivery address to the payment step without putting it in the address bar', async () => {
    const user = userEvent.setup();
    const pickup = addDays(today, 12);
    const ret = addDays(today, 13);
    renderApp(`/car-details/${car._id}`);
    await chooseDates(user, pickup, ret);
    const form = within(bookingForm());
    const delivery = within(await form.findByRole('group', { name: 'Delivery and collection' }));
    await user.click(delivery.getByRole('radio', { name: new RegExp(DELIVERY_PLACE_WORDS.kingston) }));
    await user.type(form.getByLabelText('Address in Kingston'), '12 Hope Road');
    await waitFor(() => expect(quoteRow(bookingForm(), 'Delivery and collection: 12 Hope Road')).toBe(jmd(2500)));
    await user.click(form.getByRole('button', { name: 'Book Now' }));

    await waitFor(() => expect(location()).toHaveTextContent(/^\/payment\//));
    expect(location().textContent).toBe(`/payment/${car._id}/${pickup}/${ret}?delivery=kingston`);
    expect(await screen.findByLabelText('Address in Kingston')).toHaveValue('12 Hope Road');
    const summary = screen.getByRole('region', { name: 'Booking summary' });
    await waitFor(() => expect(quoteRow(summary, 'Delivery and collection: 12 Hope Road')).toBe(jmd(2500)));
  });

  it('draws the calendar with the season’s prices from the start, not a plain one that grows taller a moment later', async () => {
    renderApp(`/car-details/${seasonCar._id}`);
    const grid = await screen.findByRole('grid');
    expect(screen.getByText(/A price under a day is that day’s rate in JMD/)).toBeInTheDocument();
    expect(grid.closest('.rental-calendar')).toHaveClass('rental-calendar-priced');
  });

  it('shows a season’s day price on the calendar, and the season’s fewest days in plain words', async () => {
    const user = userEvent.setup();
    renderApp(`/car-details/${seasonCar._id}`);
    const inSeason = addDays(today, 31);
    // The price appears once the offer has arrived.
    await waitFor(async () => expect(await findDay(user, inSeason)).toHaveAccessibleName(new RegExp(`\\$9,000 JMD a day \\(${season}\\)$`)));
    expect(within(await findDay(user, inSeason)).getByText('9,000')).toBeInTheDocument();
    expect(screen.getByText(/A price under a day is that day’s rate in JMD/)).toHaveTextContent('the usual $5,000 JMD');
    const before = screen.queryByRole('button', { name: dayButtonName(addDays(today, 29)) });
    if (before) expect(before).not.toHaveAccessibleName(/a day \(/);

    await chooseDates(user, inSeason, addDays(inSeason, 1));
    const problem = `Rentals during ${season} are for at least 3 days. Please choose a later return date.`;
    expect(await within(bookingForm()).findByText(problem)).toBeInTheDocument();
    await user.click(within(bookingForm()).getByRole('button', { name: 'Book Now' }));
    expect(location()).toHaveTextContent(`/car-details/${seasonCar._id}`);

    await chooseDates(user, inSeason, addDays(inSeason, 3));
    const quote = await apiQuote({ car: seasonCar._id, pickupDate: inSeason, returnDate: addDays(inSeason, 3) });
    await waitFor(() => expect(quoteRow(bookingForm(), `${seasonCar.brand} Vitz, ${season}`)).toBe(jmd(27_000)));
    expect(quoteRow(bookingForm(), 'Total')).toBe(jmd(quote.total));
  });
});
