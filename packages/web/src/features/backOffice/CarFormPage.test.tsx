import { latestCarYear } from '@rental/contract/rentalDates';
import { MESSAGES } from '@rental/contract/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCar, ownerApi, ownerToken, testApi, uniqueWord } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { pictureFile, useNodeFormData } from './staffTestKit';

const SLOW = { timeout: 10_000 };

async function fleetWithBrand(brand: string) {
  const { cars } = await ownerApi().call('ownerCars');
  return cars.filter((car) => car.brand === brand);
}

// Typing through user-event is slow on a small machine; the server answers in milliseconds.
describe('the car form', { timeout: 30_000 }, () => {
  let restoreFormData: () => void = () => {};
  beforeAll(async () => {
    await import('./StaffRoutes');
    restoreFormData = await useNodeFormData();
  });
  afterAll(() => restoreFormData());

  it('names every missing required field and sends nothing', async () => {
    renderApp('/owner/add-car', { token: ownerToken() });
    const submit = await screen.findByRole('button', { name: 'Add car' }, SLOW);
    await waitFor(() => expect(document.title).toMatch(/^Add car \|/), { timeout: 10_000 });
    const menu = screen.getByRole('navigation', { name: 'Owner menu' });
    expect(within(menu).getByRole('link', { name: 'Add car' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Manage Cars' })).not.toHaveAttribute('aria-current');
    // The first picture input of the page is the car's (the side menu's photo input only exists while its editor is open).
    expect(document.querySelector('input[type="file"]')).toBe(screen.getByLabelText('Car image'));
    await userEvent.click(submit);

    for (const message of [
      MESSAGES.imageRequired,
      'Brand is required.',
      'Model is required.',
      'Year is required.',
      'Price per day is required.',
      'Seating capacity is required.',
      'Description is required.',
      'Please choose a category.',
      'Please choose a transmission.',
      'Please choose a fuel type.',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Brand')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Brand')).toHaveAccessibleDescription('Brand is required.');
    // The only location is chosen already.
    expect(screen.getByLabelText('Location')).toHaveValue('Waterford, Portmore');
    expect(screen.getByLabelText('Car image')).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/owner/add-car');

    await userEvent.type(screen.getByLabelText('Year'), '1890');
    expect(screen.getByText('Year must be at least 1950.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Year'));
    await userEvent.type(screen.getByLabelText('Year'), String(latestCarYear() + 1));
    expect(screen.getByText(`Year must be at most ${latestCarYear()}.`)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Brand'), 'Toyota');
    expect(screen.queryByText('Brand is required.')).not.toBeInTheDocument();
  });

  it('labels the price in the company’s currency and says inline that a price below zero must be more than 0', async () => {
    const { company } = await testApi().call('company');
    expect(company.currency).toBe('JMD');
    renderApp('/owner/add-car', { token: ownerToken() });
    const price = await screen.findByLabelText('Price per day (JMD)', {}, SLOW);
    await userEvent.type(price, '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Add car' }));
    // The form's own sentence under the box (no browser bubble: the form is checked by the page).
    expect(price).toHaveAccessibleDescription('Price per day must be more than 0.');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Price per day must be a whole number.')).not.toBeInTheDocument();
    await userEvent.clear(price);
    await userEvent.type(price, '0');
    expect(price).toHaveAccessibleDescription('Price per day must be more than 0.');
    await userEvent.clear(price);
    await userEvent.type(price, '8500');
    expect(price).not.toHaveAttribute('aria-invalid');
  });

  it('offers every category, transmission and fuel type of the fleet', async () => {
    renderApp('/owner/add-car', { token: ownerToken() });
    const category = await screen.findByLabelText('Category', {}, SLOW);
    const options = (select: HTMLElement) => Array.from(select.querySelectorAll('option:not([disabled])'), (o) => o.textContent);
    expect(options(category)).toEqual(['Sedan', 'SUV', 'Van', 'Hatchback', 'Cabriolet', 'Pickup', 'Minivan']);
    expect(options(screen.getByLabelText('Transmission'))).toEqual(['Automatic', 'Manual', 'Semi-Automatic']);
    expect(options(screen.getByLabelText('Fuel type'))).toEqual(['Gas', 'Diesel', 'Petrol', 'Electric', 'Hybrid']);
    expect(options(screen.getByLabelText('Location'))).toEqual(['Waterford, Portmore']);
  });

  it('adds the car once however often the form is sent, then shows the fleet', async () => {
    const brand = uniqueWord('Brand');
    renderApp('/owner/add-car', { token: ownerToken() });
    const image = await screen.findByLabelText('Car image', {}, SLOW);
    await userEvent.upload(image, await pictureFile());
    expect(await screen.findByRole('img', { name: 'Preview of the new car' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    await userEvent.type(screen.getByLabelText('Brand'), brand);
    await userEvent.type(screen.getByLabelText('Model'), 'Vitara');
    await userEvent.type(screen.getByLabelText('Year'), '2022');
    await userEvent.type(screen.getByLabelText('Price per day (JMD)'), '11000');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'SUV');
    await userEvent.selectOptions(screen.getByLabelText('Transmission'), 'Automatic');
    await userEvent.selectOptions(screen.getByLabelText('Fuel type'), 'Gas');
    await userEvent.type(screen.getByLabelText('Seating capacity'), '5');
    await userEvent.type(screen.getByLabelText('Description'), 'Compact SUV for country roads.');

    const form = screen.getByRole('form', { name: 'Add car' });
    // Two submissions in the same instant, before React can disable the button.
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/owner\/manage-cars$/), SLOW);
    expect(screen.getAllByText(MESSAGES.carAdded)).toHaveLength(1);
    const saved = await fleetWithBrand(brand);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ model: 'Vitara', year: 2022, pricePerDay: 11000, category: 'SUV', seating_capacity: 5 });
    // The new car is in the table the page now shows.
    expect(await screen.findByRole('link', { name: `${brand} Vitara` })).toBeInTheDocument();
  });

  it('fills the edit form with the car, and saves a change without a new picture', async () => {
    const brand = uniqueWord('Edit');
    const car = await addCar({
      brand,
      model: 'Hilux',
      category: 'Pickup',
      transmission: 'Manual',
      fuel_type: 'Diesel',
      year: 2021,
      pricePerDay: 15000,
      seating_capacity: 5,
    });
    renderApp(`/owner/add-car/${car._id}`, { token: ownerToken() });

    expect(await screen.findByLabelText('Brand', {}, SLOW)).toHaveValue(brand);
    // The title names the company once its settings have arrived.
    await waitFor(() => expect(document.title).toMatch(/^Edit car \|/));
    // Editing a car is part of Manage Cars, not of Add car.
    const menu = screen.getByRole('navigation', { name: 'Owner menu' });
    expect(within(menu).getByRole('link', { name: 'Manage Cars' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Add car' })).not.toHaveAttribute('aria-current');
    expect(screen.getByLabelText('Model')).toHaveValue('Hilux');
    expect(screen.getByLabelText('Year')).toHaveValue(2021);
    expect(screen.getByLabelText('Price per day (JMD)')).toHaveValue(15000);
    expect(screen.getByLabelText('Category')).toHaveValue('Pickup');
    expect(screen.getByLabelText('Transmission')).toHaveValue('Manual');
    expect(screen.getByLabelText('Fuel type')).toHaveValue('Diesel');
    expect(screen.getByLabelText('Seating capacity')).toHaveValue(5);
    expect(screen.getByLabelText('Description')).toHaveValue(car.description);
    expect(screen.getByRole('img', { name: `Picture of the ${brand} Hilux` })).toHaveAttribute('src', car.image);

    const price = screen.getByLabelText('Price per day (JMD)');
    await userEvent.clear(price);
    await userEvent.type(price, '14000');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/owner\/manage-cars$/), SLOW);
    expect(screen.getByText(MESSAGES.carUpdated)).toBeInTheDocument();
    const [saved] = await fleetWithBrand(brand);
    expect(saved).toMatchObject({ pricePerDay: 14000, image: car.image });
  });

  it('shows the usual doors and distance of a car that has none, and saves what the owner sets', async () => {
    const brand = uniqueWord('Doors');
    const car = await addCar({ brand, model: 'MX-5' });
    renderApp(`/owner/add-car/${car._id}`, { token: ownerToken() });
    const doors = await screen.findByLabelText('Doors', {}, SLOW);
    const distance = screen.getByLabelText('Daily distance allowance (km)');
    expect(doors).toHaveValue(4);
    expect(distance).toHaveValue(500);

    await userEvent.clear(doors);
    await userEvent.type(doors, '7');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Doors must be at most 6.')).toBeInTheDocument();
    expect(doors).toHaveFocus();

    await userEvent.clear(doors);
    await userEvent.type(doors, '2');
    await userEvent.clear(distance);
    await userEvent.type(distance, '250');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/owner\/manage-cars$/), SLOW);
    const [saved] = await fleetWithBrand(brand);
    expect(saved).toMatchObject({ doors: 2, distancePerDay: 250 });
  });

  it('adds a picture, makes it the cover and removes the old one after asking', async () => {
    const brand = uniqueWord('Pictures');
    const car = await addCar({ brand, model: 'Noah' });
    renderApp(`/owner/add-car/${car._id}`, { token: ownerToken() });
    const pictures = await screen.findByRole('region', { name: 'Pictures' }, SLOW);
    const items = () => within(pictures).getAllByRole('listitem');
    expect(items()).toHaveLength(1);
    expect(within(pictures).getByRole('button', { name: 'Remove picture 1' })).toBeDisabled();

    await userEvent.upload(within(pictures).getByLabelText('Add a picture'), await pictureFile('side.png'));
    await waitFor(() => expect(items()).toHaveLength(2), SLOW);
    expect(screen.getByText(MESSAGES.carPictureAdded)).toBeInTheDocument();
    const [withTwo] = await fleetWithBrand(brand);
    expect(withTwo!.pictures).toHaveLength(2);
    expect(withTwo!.image).toBe(car.image);

    await waitFor(() => expect(within(pictures).getByRole('button', { name: 'Make cover: picture 2' })).toBeEnabled(), SLOW);
    await userEvent.click(within(pictures).getByRole('button', { name: 'Make cover: picture 2' }));
    await waitFor(async () => expect((await fleetWithBrand(brand))[0]!.image).toBe(withTwo!.pictures[1]), SLOW);
    // The page shows it once it has read the car back, which may come after the server has it.
    await waitFor(() => {
      expect(within(items()[0]!).getByText('Cover')).toBeInTheDocument();
      // The form's own picture is the cover too.
      expect(screen.getByRole('img', { name: `Picture of the ${brand} Noah` })).toHaveAttribute('src', withTwo!.pictures[1]);
    }, SLOW);

    // The buttons wait while the new order is saved and read back: a click before that does nothing.
    await waitFor(() => expect(within(pictures).getByRole('button', { name: 'Remove picture 2' })).toBeEnabled(), SLOW);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await userEvent.click(within(pictures).getByRole('button', { name: 'Remove picture 2' }));
    expect(items()).toHaveLength(2);
    await userEvent.click(within(pictures).getByRole('button', { name: 'Remove picture 2' }));
    await waitFor(() => expect(items()).toHaveLength(1), SLOW);
    expect(confirm).toHaveBeenCalledWith(`Remove picture 2 of the ${brand} Noah? Customers will no longer see it.`);
    confirm.mockRestore();
    const [after] = await fleetWithBrand(brand);
    expect(after!.pictures).toEqual([withTwo!.pictures[1]]);
  });

  it('saves a plate in capitals as typed and the odometer, and refuses a plate another car has in plain words', async () => {
    const brand = uniqueWord('Plate');
    const plate = `W${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 100)}`.toUpperCase();
    const other = await addCar({ brand: uniqueWord('Taken'), model: 'Axio' });
    const car = await addCar({ brand, model: 'Fielder' });
    const first = renderApp(`/owner/add-car/${car._id}`, { token: ownerToken() });
    const plateBox = await screen.findByLabelText('Plate number', {}, SLOW);
    expect(plateBox).toHaveValue('');
    expect(plateBox).not.toBeRequired();
    const odometer = screen.getByLabelText('Odometer (km)');

    await userEvent.type(plateBox, plate.toLowerCase());
    expect(plateBox).toHaveValue(plate);
    await userEvent.clear(odometer);
    await userEvent.type(odometer, '42310');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/owner\/manage-cars$/), SLOW);
    const [saved] = await fleetWithBrand(brand);
    expect(saved).toMatchObject({ plate, odometerKm: 42310 });
    first.unmount();

    // Another car given the same plate is refused with the server's sentence, and keeps its own.
    renderApp(`/owner/add-car/${other._id}`, { token: ownerToken() });
    await userEvent.type(await screen.findByLabelText('Plate number', {}, SLOW), plate);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Another car of the fleet already has this plate number. Please check it.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/owner/add-car/${other._id}`);
    const [otherSaved] = (await ownerApi().call('ownerCars')).cars.filter((c) => c._id === other._id);
    expect(otherSaved?.plate ?? null).toBeNull();
  });

  it('keeps an odometer from going backwards, unless the owner corrects it saying why', async () => {
    const brand = uniqueWord('Odo');
    const car = await addCar({ brand, model: 'Fielder', odometerKm: 50_000 });
    renderApp(`/owner/add-car/${car._id}`, { token: ownerToken() });
    const odometer = await screen.findByLabelText('Odometer (km)', {}, SLOW);
    expect(odometer).toHaveValue(50_000);
    await userEvent.clear(odometer);
    await userEvent.type(odometer, '5012');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please say why the reading is lower than the last one.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Why the reading is lower (kept in the history)'), 'Typed 50,120 for 5,012');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/owner\/manage-cars$/), SLOW);
    const [saved] = await fleetWithBrand(brand);
    expect(saved).toMatchObject({ odometerKm: 5012 });
  });
});
