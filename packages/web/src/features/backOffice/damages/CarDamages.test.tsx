import { COUNTER_MESSAGES } from '@rental/contract/counter';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatInstant } from '../../../lib/dates';
import { addCar, ownerApi, ownerToken, uniqueWord } from '../../../test/api';
import { renderApp } from '../../../test/renderApp';
import { checkIn, pickedUp } from './counterTestKit';

const SLOW = { timeout: 10_000 };

/** A screen narrower than the table needs: every media query of the width kind matches. */
function narrowScreen() {
  const real = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...real(query), matches: query.includes('max-width') }));
}

/** jsdom makes no object URLs: the photos the page read are kept to look at. */
const realObjectUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
function watchObjectUrls() {
  const files: Blob[] = [];
  URL.createObjectURL = (blob: Blob) => {
    files.push(blob);
    return `blob:photo-${files.length}`;
  };
  URL.revokeObjectURL = () => {};
  return files;
}

async function storedDamages(carId: string) {
  return (await ownerApi().call('carDamages', { params: { id: carId } })).damages;
}

describe('a car’s plate, odometer and damages on Manage Cars', { timeout: 60_000 }, () => {
  beforeAll(() => import('../StaffRoutes'));
  afterEach(() => {
    vi.restoreAllMocks();
    URL.createObjectURL = realObjectUrl.create;
    URL.revokeObjectURL = realObjectUrl.revoke;
  });

  it('shows the plate and odometer of each car, or that it has no plate yet', async () => {
    const plate = `M${Date.now().toString(36).slice(-6)}`.toUpperCase();
    const withPlate = await addCar({ brand: uniqueWord('Plated'), model: 'Axio', plate, odometerKm: 31_500 });
    const without = await addCar({ brand: uniqueWord('Bare'), model: 'Axio' });
    renderApp('/owner/manage-cars', { token: ownerToken() });
    const row = (await screen.findByRole('link', { name: `${withPlate.brand} Axio` }, SLOW)).closest('tr')!;
    expect(row).toHaveTextContent(`${plate} · 31,500 km`);
    expect(screen.getByRole('link', { name: `${without.brand} Axio` }).closest('tr')).toHaveTextContent('No plate yet · 0 km');
  });

  it('lists a car’s damages on request, open first, with photo, booking and amount, and marks one repaired after asking', async () => {
    const { booking, car } = await pickedUp('Damaged', { damages: [{ zone: 'left', description: 'Scratch on the rear door', photo: 0 }] }, true);
    await checkIn(booking._id, { odometerKm: 20_100, fuelEighths: 6, damages: [{ zone: 'front', description: 'Cracked headlight', amount: 9_000 }] });
    const [scratch, headlight] = await storedDamages(car._id);
    expect(scratch).toMatchObject({ description: 'Scratch on the rear door', foundAtReference: booking.reference });
    expect(headlight).toMatchObject({ description: 'Cracked headlight', amount: 9_000 });
    const photos = watchObjectUrls();
    renderApp('/owner/manage-cars', { token: ownerToken() });
    const name = `${car.brand} ${car.model}`;

    const toggle = await screen.findByRole('button', { name: `Damages: ${name}` }, SLOW);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: `Damages of the ${name}` })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Opening the list is not opening the car.
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/owner\/manage-cars$/);
    const panel = screen.getByRole('region', { name: `Damages of the ${name}` });
    const items = async () => within(panel).findAllByRole('listitem', {}, SLOW);
    const [first, second] = await items();
    expect(first).toHaveTextContent('Left side: Scratch on the rear door');
    expect(first).toHaveTextContent(`Found ${formatInstant(scratch!.foundAt)} at booking ${booking.reference}`);
    expect(first).toHaveTextContent('No amount charged');
    expect(await within(first!).findByRole('img', { name: 'Left side: Scratch on the rear door' }, SLOW)).toHaveAttribute('src', 'blob:photo-1');
    expect(photos[0]!.type).toMatch(/^image\//);
    expect(second).toHaveTextContent('Front: Cracked headlight');
    expect(second).toHaveTextContent('Charged $9,000 JMD');
    expect(within(second!).queryByRole('img')).not.toBeInTheDocument();

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await userEvent.click(within(first!).getByRole('button', { name: 'Mark repaired: Left side: Scratch on the rear door' }));
    expect(confirm).toHaveBeenLastCalledWith('Mark this damage repaired? Left side: Scratch on the rear door. It will no longer show at check-out.');
    expect((await storedDamages(car._id)).every((d) => d.repairedAt === null)).toBe(true);

    await userEvent.click(within(first!).getByRole('button', { name: 'Mark repaired: Left side: Scratch on the rear door' }));
    expect(await screen.findByText(COUNTER_MESSAGES.damageRepaired, {}, SLOW)).toBeInTheDocument();
    // The repaired one goes below the open one, greyed, with its day and no button.
    await waitFor(async () => expect((await items())[0]).toHaveTextContent('Front: Cracked headlight'), SLOW);
    const repaired = (await items())[1]!;
    const stored = (await storedDamages(car._id)).find((d) => d._id === scratch!._id)!;
    expect(stored.repairedAt).not.toBeNull();
    expect(repaired).toHaveTextContent(`Repaired ${formatInstant(stored.repairedAt!)}`);
    expect(within(repaired).queryByRole('button', { name: /^Mark repaired/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/owner\/manage-cars$/);
  });

  it('says a car has no damages, on a phone’s card too, and the card stays where it is', async () => {
    const car = await addCar({ brand: uniqueWord('Clean'), model: 'Vitz' });
    narrowScreen();
    renderApp('/owner/manage-cars', { token: ownerToken() });
    const card = (await screen.findByRole('link', { name: `${car.brand} Vitz` }, SLOW)).closest('li')!;
    expect(card).toHaveTextContent('No plate yet · 0 km');
    await userEvent.click(within(card).getByRole('button', { name: `Damages: ${car.brand} Vitz` }));
    expect(await within(card).findByText('No damages noted on this car.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/owner\/manage-cars$/);
  });
});
