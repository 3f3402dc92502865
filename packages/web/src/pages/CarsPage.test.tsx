import { DEFAULT_COMPANY, depositNotice } from '@rental/contract/company';
import { API } from '@rental/contract/api';
import { MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { CarsResponse } from '@rental/contract/schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCar, createBooking, ownerToken, registerCustomer, serverUrl, uniqueWord } from '../test/api';
import { renderApp } from '../test/renderApp';

const search = () => screen.getByRole('searchbox', { name: 'Search vehicles' });
const count = () => screen.getByText(/^Showing \d+ Cars$/);
const cardTitles = () => screen.queryAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

async function showSearch(text: string) {
  fireEvent.change(search(), { target: { value: text } });
}

describe('vehicle list', () => {
  let brand: string;

  beforeAll(async () => {
    brand = uniqueWord('Brand');
    await addCar({ brand, model: 'Corolla', category: 'Sedan', transmission: 'Automatic' });
    await addCar({ brand, model: 'RAV4', category: 'SUV', transmission: 'Manual' });
    await addCar({ brand, model: 'Sienna', category: 'Minivan', transmission: 'Semi-Automatic' });
  });

  it('shows the title, the deposit notice and the filter buttons of the spec in order', async () => {
    renderApp('/cars');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Select a vehicle group');
    expect(screen.getByText(depositNotice(DEFAULT_COMPANY))).toBeInTheDocument();
    await screen.findByText(/^Showing \d+ Cars$/);
    const buttons = within(screen.getByRole('group', { name: 'Vehicle group' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons.slice(0, 6)).toEqual(['All vehicles', 'Sedan', 'Cabriolet', 'Pickup', 'SUV', 'Minivan']);
    expect(screen.getByRole('button', { name: 'All vehicles' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('searches brand, model, category and transmission, ignoring case', async () => {
    renderApp('/cars');
    await screen.findByText(/^Showing \d+ Cars$/);
    await showSearch(brand.toUpperCase());
    expect(count()).toHaveTextContent('Showing 3 Cars');
    await showSearch(`${brand} rav4`);
    expect(cardTitles()).toEqual([`${brand} RAV4`]);
    await showSearch(`${brand.toLowerCase()} MINIVAN`);
    expect(cardTitles()).toEqual([`${brand} Sienna`]);
    await showSearch(`${brand} manual`);
    expect(cardTitles()).toEqual([`${brand} RAV4`]);
    await showSearch(`${brand} nothing-like-this`);
    expect(count()).toHaveTextContent('Showing 0 Cars');
    expect(screen.getByText('No cars match your search.')).toBeInTheDocument();
  });

  it('filters by vehicle group, and each card links to its details', async () => {
    const user = userEvent.setup();
    renderApp('/cars');
    await screen.findByText(/^Showing \d+ Cars$/);
    await showSearch(brand);
    await user.click(screen.getByRole('button', { name: 'SUV' }));
    expect(screen.getByRole('button', { name: 'SUV' })).toHaveAttribute('aria-pressed', 'true');
    expect(cardTitles()).toEqual([`${brand} RAV4`]);
    expect(screen.getByTestId('location')).toHaveTextContent('/cars?category=SUV');

    await user.click(screen.getByRole('button', { name: 'Cabriolet' }));
    expect(count()).toHaveTextContent('Showing 0 Cars');

    await user.click(screen.getByRole('button', { name: 'All vehicles' }));
    expect(count()).toHaveTextContent('Showing 3 Cars');

    const { cars } = (await (await fetch(serverUrl() + API.cars)).json()) as CarsResponse;
    const rav4 = cars.find((c) => c.brand === brand && c.model === 'RAV4')!;
    await user.click(screen.getByRole('link', { name: `View Details of the ${brand} RAV4` }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/car-details/${rav4._id}`);
  });

  it('adds a button for any other category the fleet has, and preselects the category from the query', async () => {
    const vanBrand = uniqueWord('Van');
    await addCar({ brand: vanBrand, model: 'Hiace', category: 'Van' });
    renderApp('/cars?category=Van');
    await screen.findByText(/^Showing \d+ Cars$/);
    expect(screen.getByRole('button', { name: 'Van' })).toHaveAttribute('aria-pressed', 'true');
    await showSearch(vanBrand);
    expect(cardTitles()).toEqual([`${vanBrand} Hiace`]);
  });
});

describe('vehicle list with dates', () => {
  it('shows only the cars free on those dates', async () => {
    const brand = uniqueWord('Avail');
    const busy = await addCar({ brand, model: 'Busy' });
    await addCar({ brand, model: 'Free' });
    const pickup = addDays(companyToday(), 40);
    const ret = addDays(companyToday(), 42);
    const { token } = await registerCustomer();
    await createBooking(token, busy._id, addDays(companyToday(), 41), addDays(companyToday(), 45));

    renderApp(`/cars?pickupLocation=Waterford%2C+Portmore&pickupDate=${pickup}&returnDate=${ret}`);
    await screen.findByText(/^Showing \d+ Cars$/);
    await showSearch(brand);
    expect(cardTitles()).toEqual([`${brand} Free`]);
  });

  it("toasts 'No cars available' when nothing is free", async () => {
    // A day far ahead on which every car of the fleet gets booked (by staff: a customer may hold only 3 pending bookings).
    const day = addDays(companyToday(), 300);
    const token = ownerToken();
    const { cars } = (await (await fetch(serverUrl() + API.cars)).json()) as CarsResponse;
    for (const car of cars.filter((c) => c.isAvaliable)) await createBooking(token, car._id, day, day);

    renderApp(`/cars?pickupLocation=Waterford%2C+Portmore&pickupDate=${day}&returnDate=${day}`);
    expect(await screen.findByText(MESSAGES.noCarsAvailable)).toBeInTheDocument();
    await waitFor(() => expect(count()).toHaveTextContent('Showing 0 Cars'));
    expect(screen.getByText('No cars are free for these dates.')).toBeInTheDocument();
  });
});
