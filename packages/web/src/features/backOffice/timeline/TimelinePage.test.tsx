import { addDays, companyToday } from '@rental/contract/rentalDates';
import { BLOCK_MESSAGES } from '@rental/contract/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCar, createBooking, ownerToken, registerCustomer, uniqueWord } from '../../../test/api';
import { formatCalendarDate } from '../../../lib/dates';
import { renderApp } from '../../../test/renderApp';

const SLOW = { timeout: 10_000 };
const today = companyToday();

describe('the fleet timeline', { timeout: 30_000 }, () => {
  const customerName = uniqueWord('Timeline');
  let brand: string;
  let carName: string;
  let reference: string;

  beforeAll(async () => {
    await import('../StaffRoutes');
    const car = await addCar({ brand: uniqueWord('Timeline'), model: 'Axio' });
    brand = car.brand;
    carName = `${car.brand} Axio`;
    const customer = await registerCustomer(customerName, { phone: '876 555 0199' });
    reference = (await createBooking(customer.token, car._id, addDays(today, 3), addDays(today, 5))).reference;
  });

  it('shows each booking as a bar named by its reference and customer; a click opens its details, Escape closes them', async () => {
    const user = userEvent.setup();
    renderApp('/owner/timeline', { token: ownerToken() });
    // The shared fleet may be more than a page: the car is found by its make, and the address keeps the search.
    await user.type(await screen.findByLabelText('Find a car', {}, SLOW), brand.toLowerCase());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/owner/timeline?search=${brand.toLowerCase()}`), SLOW);
    expect(await within(screen.getByRole('navigation', { name: 'Cars shown' })).findByText('Car 1 of 1', {}, SLOW)).toBeInTheDocument();
    const bar = await screen.findByRole('button', { name: new RegExp(`^Pending booking ${reference}, ${customerName}, ${carName}`) }, SLOW);
    expect(bar).toHaveTextContent(reference);
    await waitFor(() => expect(document.title).toMatch(/^Timeline \|/), { timeout: 10_000 });
    expect(screen.getByRole('region', { name: 'Pickups today' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Returns today' })).toBeInTheDocument();

    await user.click(bar);
    const details = await screen.findByRole('dialog', { name: `Pending booking ${reference}` });
    expect(details).toHaveTextContent(customerName);
    expect(details).toHaveTextContent(formatCalendarDate(addDays(today, 3)));
    expect(within(details).getByRole('link', { name: '876 555 0199' })).toHaveAttribute('href', 'tel:8765550199');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus goes back on the next frame, once the panel is gone.
    await waitFor(() => expect(bar).toHaveFocus());
  });

  it('adds a block from the form (a refused one says why in plain words) and removes it from its details', async () => {
    const user = userEvent.setup();
    renderApp(`/owner/timeline?search=${brand}`, { token: ownerToken() });
    await screen.findByRole('button', { name: new RegExp(`^Pending booking ${reference}`) }, SLOW);
    expect(screen.getByLabelText('Find a car')).toHaveValue(brand);

    await user.click(screen.getByRole('button', { name: 'Block a car' }));
    const form = screen.getByRole('form', { name: 'Block a car' });
    await user.selectOptions(within(form).getByLabelText('Car'), carName);
    // Over the customer's booking: refused, and the form says so.
    fireEvent.change(within(form).getByLabelText('First day'), { target: { value: addDays(today, 5) } });
    fireEvent.change(within(form).getByLabelText('Last day'), { target: { value: addDays(today, 6) } });
    await user.type(within(form).getByLabelText('Note'), 'New tyres');
    await user.click(within(form).getByRole('button', { name: 'Block these days' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(BLOCK_MESSAGES.blockDaysTaken);

    fireEvent.change(within(form).getByLabelText('First day'), { target: { value: addDays(today, 6) } });
    await user.click(within(form).getByRole('button', { name: 'Block these days' }));
    const blockBar = await screen.findByRole('button', { name: `Service block, New tyres, ${carName}, ${formatCalendarDate(addDays(today, 6))}` }, SLOW);
    // The form closes once the saved block is shown (the timeline is fetched again first).
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Block a car' })).not.toBeInTheDocument(), SLOW);

    await user.click(blockBar);
    const details = await screen.findByRole('dialog', { name: 'Service block' });
    expect(details).toHaveTextContent('New tyres');
    await user.click(within(details).getByRole('button', { name: 'Remove block' }));
    expect(await screen.findByText(BLOCK_MESSAGES.blockRemoved, {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: new RegExp(`^Service block, New tyres, ${carName}`) })).not.toBeInTheDocument(), SLOW);
    // Focus stays on the timeline (the range shown), not lost with the panel.
    await waitFor(() => expect(screen.getByText(/ to /, { selector: 'nav p' })).toHaveFocus());
  });

  it('moves to later and earlier weeks', async () => {
    const user = userEvent.setup();
    renderApp('/owner/timeline', { token: ownerToken() });
    const range = await screen.findByText(/ to /, { selector: 'nav p' }, SLOW);
    const before = range.textContent;
    await user.click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(range.textContent).not.toBe(before));
    await user.click(screen.getByRole('button', { name: 'Earlier' }));
    await waitFor(() => expect(range.textContent).toBe(before));
    expect(screen.getByRole('button', { name: 'This week' })).toBeDisabled();
  });

  it('shows the fleet a page of 50 cars at a time, Next and Previous moving through it, the address keeping the page', async () => {
    const fleetBrand = uniqueWord('Pages');
    const models = Array.from({ length: 51 }, (_, i) => `M${String(i + 1).padStart(2, '0')}`);
    for (let i = 0; i < models.length; i += 10) await Promise.all(models.slice(i, i + 10).map((model) => addCar({ brand: fleetBrand, model })));
    const user = userEvent.setup();
    renderApp(`/owner/timeline?search=${fleetBrand}`, { token: ownerToken() });
    const carsOf = () => within(screen.getByRole('list', { name: 'Cars' })).getAllByRole('listitem');
    const top = await screen.findByRole('navigation', { name: 'Cars shown' }, SLOW);
    await within(top).findByText('Cars 1–50 of 51', {}, SLOW);
    await waitFor(() => expect(carsOf()).toHaveLength(50));
    expect(carsOf()[0]).toHaveTextContent(`${fleetBrand} M01`);
    expect(screen.queryByText(`${fleetBrand} M51`)).not.toBeInTheDocument();
    expect(within(top).getByRole('button', { name: 'Previous cars' })).toBeDisabled();
    // Any car of the fleet can be blocked from any page: the form lists the car of page 2 too.
    await user.click(screen.getByRole('button', { name: 'Block a car' }));
    const form = screen.getByRole('form', { name: 'Block a car' });
    expect(await within(form).findByRole('option', { name: `${fleetBrand} M51` }, SLOW)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));

    await user.click(within(top).getByRole('button', { name: 'Next cars' }));
    await within(top).findByText('Car 51 of 51', {}, SLOW);
    expect(screen.getByTestId('location')).toHaveTextContent(`/owner/timeline?search=${fleetBrand}&page=2`);
    await waitFor(() => expect(carsOf().map((row) => row.textContent)).toEqual([expect.stringContaining(`${fleetBrand} M51`)]));
    expect(within(top).getByRole('button', { name: 'Next cars' })).toBeDisabled();

    await user.click(within(top).getByRole('button', { name: 'Previous cars' }));
    await within(top).findByText('Cars 1–50 of 51', {}, SLOW);
    expect(screen.getByTestId('location')).toHaveTextContent(`/owner/timeline?search=${fleetBrand}`);
  });

  it('an address past the last page shows the last page; a search matching no car says so', async () => {
    renderApp(`/owner/timeline?search=${brand}&page=9`, { token: ownerToken() });
    expect(await within(await screen.findByRole('navigation', { name: 'Cars shown' }, SLOW)).findByText('Car 1 of 1', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/owner/timeline?search=${brand}`);
    expect(screen.getByRole('button', { name: new RegExp(`^Pending booking ${reference}`) })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Find a car'));
    await user.type(screen.getByLabelText('Find a car'), `${brand} Tercel`);
    expect(await screen.findByText('No cars match your search.', {}, SLOW)).toBeInTheDocument();
  });
});
