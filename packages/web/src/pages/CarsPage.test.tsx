import { DEFAULT_COMPANY, depositNotice } from '@rental/contract/company';
import { formatMoney } from '@rental/contract/format';
import { MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCar, createBooking, ownerApi, ownerToken, registerCustomer, testApi, uniqueWord } from '../test/api';
import { renderApp } from '../test/renderApp';

const search = () => screen.getByRole('searchbox', { name: 'Search vehicles' });
const count = () => screen.getByText(/^Showing \d+ Cars$/);
const cardTitles = () => screen.queryAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

/** Types in the search box and waits for the list of that search (asked of the server once typing settles). */
async function showSearch(text: string) {
  fireEvent.change(search(), { target: { value: text } });
  const searched = () => new URLSearchParams(screen.getByTestId('location').textContent?.split('?')[1] ?? '').get('search') ?? '';
  await waitFor(() => expect(searched()).toBe(text.trim()));
  await waitFor(() => expect(screen.getByRole('region', { name: 'Vehicles' })).not.toHaveAttribute('aria-busy', 'true'));
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
    await waitFor(() => expect(cardTitles()).toEqual([`${brand} RAV4`]));
    expect(screen.getByTestId('location')).toHaveTextContent(`/cars?search=${brand}&category=SUV`);

    await user.click(screen.getByRole('button', { name: 'Cabriolet' }));
    await waitFor(() => expect(count()).toHaveTextContent('Showing 0 Cars'));

    await user.click(screen.getByRole('button', { name: 'All vehicles' }));
    await waitFor(() => expect(count()).toHaveTextContent('Showing 3 Cars'));

    const { cars } = await testApi().call('cars');
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

describe('vehicle list in pages', () => {
  it('shows twelve cars a page with the count of all, and the address keeps the page', async () => {
    const user = userEvent.setup();
    const brand = uniqueWord('Paged');
    for (let i = 1; i <= 14; i += 1) await addCar({ brand, model: `Model ${String(i).padStart(2, '0')}` });
    renderApp(`/cars?search=${brand}`);
    await waitFor(() => expect(count()).toHaveTextContent('Showing 14 Cars'));
    expect(cardTitles()).toHaveLength(12);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    const firstPage = cardTitles();

    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/cars?search=${brand}&page=2`);
    await waitFor(() => expect(cardTitles()).toHaveLength(2));
    expect(count()).toHaveTextContent('Showing 14 Cars');
    expect([...firstPage, ...cardTitles()].sort()).toEqual(Array.from({ length: 14 }, (_, i) => `${brand} Model ${String(i + 1).padStart(2, '0')}`));
    expect(screen.getByRole('link', { name: 'Page 2 of 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('link', { name: 'Page 1 of 2' }));
    await waitFor(() => expect(cardTitles()).toEqual(firstPage));
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/cars\\?search=${brand}$`));

    // A vehicle group starts again at its first page.
    await user.click(screen.getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Sedan' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(12));
    expect(screen.getByTestId('location')).not.toHaveTextContent('page=');
  });
});

/** What booking the car alone for these days costs: the server's quote, the one price of the site. */
async function quotedTotal(car: string, pickupDate: string, returnDate: string): Promise<string> {
  const { quote } = await testApi().call('quote', { body: { car, pickupDate, returnDate } });
  return formatMoney(quote.total, quote.currency);
}

describe('vehicle list with dates', () => {
  it('shows only the cars free on those dates', async () => {
    const brand = uniqueWord('Avail');
    const busy = await addCar({ brand, model: 'Busy' });
    const free = await addCar({ brand, model: 'Free' });
    const pickup = addDays(companyToday(), 40);
    const ret = addDays(companyToday(), 42);
    const { token } = await registerCustomer();
    await createBooking(token, busy._id, addDays(companyToday(), 41), addDays(companyToday(), 45));

    renderApp(`/cars?pickupLocation=Waterford%2C+Portmore&pickupDate=${pickup}&returnDate=${ret}`);
    await screen.findByText(/^Showing \d+ Cars$/);
    await showSearch(brand);
    expect(cardTitles()).toEqual([`${brand} Free`]);
    // The card says what the trip costs, as booking it would: the quote of two days (return minus pickup), GCT in.
    const card = screen.getByRole('article');
    expect(within(card).getByText('2 days')).toBeInTheDocument();
    expect(within(card).getByText(await quotedTotal(free._id, pickup, ret))).toBeInTheDocument();
    // The days are in the form, to change them.
    expect(screen.getByLabelText('Pickup date')).toHaveValue(pickup);
    expect(screen.getByLabelText('Return date')).toHaveValue(ret);
  });

  it('takes days chosen in its form into the link and shows the free cars with their totals', async () => {
    const user = userEvent.setup();
    const brand = uniqueWord('Pick');
    const busy = await addCar({ brand, model: 'Busy' });
    const free = await addCar({ brand, model: 'Free', pricePerDay: 5000 });
    const pickup = addDays(companyToday(), 50);
    const ret = addDays(companyToday(), 52);
    const { token } = await registerCustomer();
    await createBooking(token, busy._id, pickup, pickup);

    renderApp('/cars');
    await screen.findByText(/^Showing \d+ Cars$/);
    await showSearch(brand);
    expect(cardTitles()).toHaveLength(2);
    expect(screen.queryByText('2 days')).not.toBeInTheDocument();

    // A return day before the pickup day is said under its field, and nothing changes.
    fireEvent.change(screen.getByLabelText('Pickup date'), { target: { value: ret } });
    fireEvent.change(screen.getByLabelText('Return date'), { target: { value: pickup } });
    const searched = screen.getByTestId('location').textContent;
    await user.click(screen.getByRole('button', { name: 'Show free cars' }));
    expect(screen.getByLabelText('Return date')).toHaveAccessibleDescription(expect.stringContaining('The return date cannot be before the pickup date.'));
    expect(screen.getByTestId('location')).toHaveTextContent(searched!);

    fireEvent.change(screen.getByLabelText('Pickup date'), { target: { value: pickup } });
    fireEvent.change(screen.getByLabelText('Return date'), { target: { value: ret } });
    await user.click(screen.getByRole('button', { name: 'Show free cars' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`pickupDate=${pickup}&returnDate=${ret}`);
    await waitFor(() => expect(cardTitles()).toEqual([`${brand} Free`]));
    expect(within(screen.getByRole('article')).getByText('2 days')).toBeInTheDocument();
    expect(within(screen.getByRole('article')).getByText(await quotedTotal(free._id, pickup, ret))).toBeInTheDocument();
  });

  it.each([
    ['past', (today: string) => [addDays(today, -3), addDays(today, -1)], 'the pickup date cannot be in the past'],
    ['reversed', (today: string) => [addDays(today, 9), addDays(today, 5)], 'the return date cannot be before the pickup date'],
    ['malformed', () => ['2026-02-30', 'soon'], 'the pickup date is not a real date'],
  ])('drops %s dates in a link with a gentle note and shows every car', async (_kind, dates, reason) => {
    const brand = uniqueWord('Link');
    await addCar({ brand, model: 'Shown' });
    const [pickup, ret] = dates(companyToday());
    renderApp(`/cars?pickupDate=${pickup}&returnDate=${ret}`);
    await screen.findByText(/^Showing \d+ Cars$/);
    expect(await screen.findByText(`The dates in the link could not be used (${reason}), so every car is shown.`, { exact: false })).toHaveAttribute(
      'role',
      'status',
    );
    await showSearch(brand);
    expect(cardTitles()).toEqual([`${brand} Shown`]);
    expect(screen.queryByText('No cars are free for these dates.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Pickup date')).toHaveValue('');
  });

  it('says a season’s fewest days once, above the list, and prices no card for days that cannot be booked', async () => {
    const brand = uniqueWord('Season');
    await addCar({ brand, model: 'Short' });
    const start = addDays(companyToday(), 200);
    const before = await ownerApi().call('ownerPrices');
    const season = { name: 'Carnival', startDate: start, endDate: addDays(start, 10), priority: 9, minDays: 4, carRates: {}, categoryPercents: { Sedan: 10 } };
    await ownerApi().call('savePrices', { body: { ...before.rules, seasons: [...before.rules.seasons, season] } });
    try {
      renderApp(`/cars?pickupDate=${addDays(start, 1)}&returnDate=${addDays(start, 3)}`);
      const note = 'Rentals during Carnival are for at least 4 days. Please choose a later return date.';
      expect(await screen.findByText(note)).toHaveAttribute('role', 'status');
      await showSearch(brand);
      expect(cardTitles()).toEqual([`${brand} Short`]);
      expect(screen.getAllByText(note)).toHaveLength(1);
      expect(within(screen.getByRole('article')).queryByText('2 days')).not.toBeInTheDocument();
    } finally {
      await ownerApi().call('savePrices', { body: before.rules });
    }
  });

  it("toasts 'No cars available' when nothing is free", async () => {
    // A day far ahead on which every car of the fleet gets booked (by staff: a customer may hold only 3 pending bookings).
    const day = addDays(companyToday(), 300);
    const token = ownerToken();
    const { cars } = await testApi().call('cars');
    for (const car of cars.filter((c) => c.isAvaliable)) await createBooking(token, car._id, day, day);

    renderApp(`/cars?pickupLocation=Waterford%2C+Portmore&pickupDate=${day}&returnDate=${day}`);
    expect(await screen.findByText(MESSAGES.noCarsAvailable)).toBeInTheDocument();
    await waitFor(() => expect(count()).toHaveTextContent('Showing 0 Cars'));
    expect(screen.getByText('No cars are free for these dates.')).toBeInTheDocument();
  });
});
