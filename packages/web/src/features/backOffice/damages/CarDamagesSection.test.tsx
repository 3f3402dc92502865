import { DAMAGE_PIN_REFUSALS } from '@rental/contract/damagePins';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownerApi, ownerToken } from '../../../test/api';
import { renderApp } from '../../../test/renderApp';
import { checkIn, pickedUp } from './counterTestKit';

const SLOW = { timeout: 10_000 };

describe('a car’s damages on its staff page', { timeout: 60_000 }, () => {
  beforeAll(() => import('../StaffRoutes'));

  it('pins the open damages on the drawing, keeps the history with the check that found each, and marks one repaired with its day and cost', async () => {
    const { booking, car } = await pickedUp('Pinned', { damages: [{ view: 'left', x: 0.4, y: 0.5, description: 'Scratch on the rear door' }] });
    await checkIn(booking._id, { odometerKm: 20_100, fuelEighths: 6, damages: [{ view: 'interior', description: 'Torn seat', amount: 9_000 }] });
    renderApp(`/owner/add-car/${car._id}`, { token: ownerToken() });

    const section = await screen.findByRole('region', { name: 'Damages' }, SLOW);
    const history = await within(section).findAllByRole('listitem', {}, SLOW);
    const scratch = history.find((item) => item.getAttribute('aria-label') === '1. Left side: Scratch on the rear door')!;
    expect(scratch).toHaveTextContent(`at booking ${booking.reference}, at check-out`);
    expect(history.find((item) => item.getAttribute('aria-label') === '2. Inside: Torn seat')).toHaveTextContent('at check-in');

    // The pin on the left side; a tap on it brings its history item.
    await userEvent.click(within(section).getByRole('button', { name: 'Left side, 1 damage' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Damage 1, already noted: Scratch on the rear door (left side)' }));
    expect(scratch).toHaveFocus();

    await userEvent.click(within(scratch).getByRole('button', { name: 'Mark repaired: Left side: Scratch on the rear door' }));
    const form = within(scratch).getByRole('form', { name: 'Mark repaired: Left side: Scratch on the rear door' });
    fireEvent.change(within(form).getByLabelText('Repaired on'), { target: { value: addDays(companyToday(), 1) } });
    await userEvent.type(within(form).getByLabelText('Repair cost'), '5000');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the repair' }));
    expect(within(form).getByText(DAMAGE_PIN_REFUSALS.repair_in_future)).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText('Repaired on'), { target: { value: companyToday() } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save the repair' }));
    await waitFor(async () => {
      const stored = (await ownerApi().call('carDamages', { params: { id: car._id } })).damages.find((d) => d.description === 'Scratch on the rear door');
      expect(stored).toMatchObject({ repairCost: 5_000 });
    }, SLOW);
    // Repaired: off the drawing, still in the history with its cost.
    await waitFor(() => expect(within(section).queryByRole('button', { name: /Scratch on the rear door \(left side\)/ })).not.toBeInTheDocument(), SLOW);
    const repaired = within(section)
      .getAllByRole('listitem')
      .find((item) => item.getAttribute('aria-label')?.endsWith('Scratch on the rear door'))!;
    expect(repaired).toHaveTextContent(/Repaired .+, for \$5,000 JMD/);
  });
});
