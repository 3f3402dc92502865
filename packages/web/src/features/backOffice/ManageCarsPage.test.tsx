import { MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCar, createBooking, ownerApi, ownerToken, registerCustomer, uniqueWord } from '../../test/api';
import { renderApp } from '../../test/renderApp';

const SLOW = { timeout: 10_000 };

/** A screen narrower than the table needs: every media query of the width kind matches. */
function narrowScreen() {
  const real = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...real(query), matches: query.includes('max-width') }));
}

async function fleetCar(id: string) {
  const { cars } = await ownerApi().call('ownerCars');
  return cars.find((car) => car._id === id);
}

describe('manage cars', { timeout: 30_000 }, () => {
  beforeAll(() => import('./StaffRoutes'));
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the fleet as a table, and a row opens the car’s edit page', async () => {
    const car = await addCar({ brand: uniqueWord('Row'), model: 'Swift', category: 'Hatchback', pricePerDay: 6500 });
    renderApp('/owner/manage-cars', { token: ownerToken() });
    const link = await screen.findByRole('link', { name: `${car.brand} Swift` }, SLOW);
    // The company's name joins the title once its settings arrive, which may be after the fleet.
    await waitFor(() => expect(document.title).toMatch(/^Manage Cars \|/), SLOW);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Image', 'Name', 'Category', 'Price per day', 'Status', 'Actions']);
    const row = link.closest('tr')!;
    expect(row).toHaveTextContent('Hatchback');
    expect(row).toHaveTextContent('$6,500 JMD');
    expect(row).toHaveTextContent('Available');
    expect(within(row).getByRole('img', { name: `${car.brand} Swift` })).toBeInTheDocument();

    await userEvent.click(within(row).getByText('Hatchback'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/owner/add-car/${car._id}`));
    expect(await screen.findByLabelText('Brand')).toHaveValue(car.brand);
  });

  it('says each action in words on screen and names its car for a screen reader', async () => {
    const car = await addCar({ brand: uniqueWord('Named'), model: 'Corolla' });
    renderApp('/owner/manage-cars', { token: ownerToken() });
    const row = (await screen.findByRole('link', { name: `${car.brand} Corolla` }, SLOW)).closest('tr')!;
    const edit = within(row).getByRole('link', { name: `Edit ${car.brand} Corolla` });
    const toggle = within(row).getByRole('button', { name: `Make unavailable: ${car.brand} Corolla` });
    const remove = within(row).getByRole('button', { name: `Delete ${car.brand} Corolla` });
    // The words a sighted person reads are the start of each name (a voice command finds them).
    for (const [control, words] of [
      [edit, 'Edit'],
      [toggle, 'Make unavailable'],
      [remove, 'Delete'],
    ] as const) {
      expect(control.textContent).toMatch(new RegExp(`^${words}`));
      expect(control).not.toHaveAttribute('title');
    }
    await userEvent.click(edit);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/owner/add-car/${car._id}`));
  });

  it('toggles a car between Available and Unavailable', async () => {
    const car = await addCar({ brand: uniqueWord('Toggle'), model: 'Fit' });
    renderApp('/owner/manage-cars', { token: ownerToken() });
    await userEvent.click(await screen.findByRole('button', { name: `Make unavailable: ${car.brand} Fit` }, SLOW));
    expect(await screen.findByText(MESSAGES.carAvailabilityToggled)).toBeInTheDocument();
    const row = (await screen.findByRole('button', { name: `Make available: ${car.brand} Fit` })).closest('tr')!;
    expect(row).toHaveTextContent('Unavailable');
    expect((await fleetCar(car._id))?.isAvaliable).toBe(false);
    // The button did not also open the edit page.
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/owner\/manage-cars$/);
  });

  it('deletes a car only after the owner confirms', async () => {
    const car = await addCar({ brand: uniqueWord('Delete'), model: 'Note' });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderApp('/owner/manage-cars', { token: ownerToken() });
    const remove = await screen.findByRole('button', { name: `Delete ${car.brand} Note` }, SLOW);

    await userEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this car?');
    expect(await fleetCar(car._id)).toBeDefined();

    await userEvent.click(remove);
    expect(await screen.findByText(MESSAGES.carDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: `${car.brand} Note` })).not.toBeInTheDocument());
    expect(await fleetCar(car._id)).toBeUndefined();
  });

  it('toasts the server’s refusal to delete a car with upcoming bookings', async () => {
    const car = await addCar({ brand: uniqueWord('Booked'), model: 'Noah' });
    const customer = await registerCustomer();
    const pickup = addDays(companyToday(), 20);
    await createBooking(customer.token, car._id, pickup, addDays(pickup, 2));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/owner/manage-cars', { token: ownerToken() });
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${car.brand} Noah` }, SLOW));
    expect(await screen.findByText(MESSAGES.carHasUpcomingBookings)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `${car.brand} Noah` })).toBeInTheDocument();
  });

  it('shows a card per car on a narrow screen: its buttons work, and a tap elsewhere opens the edit page', async () => {
    const car = await addCar({ brand: uniqueWord('Card'), model: 'Vitz', category: 'Hatchback', pricePerDay: 5500 });
    narrowScreen();
    renderApp('/owner/manage-cars', { token: ownerToken() });
    const link = await screen.findByRole('link', { name: `${car.brand} Vitz` }, SLOW);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = link.closest('li')!;
    expect(card).toHaveTextContent('Hatchback');
    expect(card).toHaveTextContent('$5,500 JMD / day');
    expect(card).toHaveTextContent('Available');
    expect(within(card).getByRole('img', { name: `${car.brand} Vitz` })).toBeInTheDocument();

    expect(within(card).getByRole('link', { name: `Edit ${car.brand} Vitz` })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: `Delete ${car.brand} Vitz` })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: `Make unavailable: ${car.brand} Vitz` }));
    expect(await screen.findByText(MESSAGES.carAvailabilityToggled)).toBeInTheDocument();
    expect(await within(card).findByRole('button', { name: `Make available: ${car.brand} Vitz` })).toBeInTheDocument();
    expect(card).toHaveTextContent('Unavailable');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/owner\/manage-cars$/);

    await userEvent.click(within(card).getByText('Hatchback', { exact: false }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/owner/add-car/${car._id}`));
  });
});
