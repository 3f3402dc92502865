import { MESSAGES } from '@rental/contract/messages';
import type { Extra, PriceRules } from '@rental/contract/quote';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCar, ownerApi, ownerToken, uniqueWord } from '../../../test/api';
import { renderApp } from '../../../test/renderApp';

const SLOW = { timeout: 10_000 };

type Stored = { rules: PriceRules; extras: Extra[] };

async function storedPrices(): Promise<Stored> {
  const { rules, extras } = await ownerApi().call('ownerPrices');
  return { rules, extras };
}

/**
 * Other files' booking and car pages read the prices from the same server: each test puts them
 * back. An extra this test archived comes back as a new one (an archived id cannot be saved again).
 */
async function restorePrices(before: Stored): Promise<void> {
  const live = new Set((await storedPrices()).extras.map((e) => e.id));
  const extras = before.extras.map(({ id, ...rest }) => (live.has(id) ? { id, ...rest } : rest));
  await ownerApi().call('savePrices', { body: { ...before.rules, extras } });
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save prices and extras' }));
const section = (name: string) => screen.getByRole('region', { name });
const group = (name: string) => screen.getByRole('group', { name });

describe('prices and extras', { timeout: 40_000 }, () => {
  beforeAll(() => import('../StaffRoutes'));

  it('is in the side menu, says prices are before GCT and bookings made keep theirs, and shows what the server holds', async () => {
    const before = await storedPrices();
    renderApp('/owner', { token: ownerToken() });
    const menu = await screen.findByRole('navigation', { name: 'Owner menu' }, SLOW);
    await userEvent.click(within(menu).getByRole('link', { name: 'Prices and extras' }));
    expect(await screen.findByRole('heading', { name: 'Prices and extras', level: 1 }, SLOW)).toBeInTheDocument();
    expect(document.title).toMatch(/^Prices and extras \|/);
    const form = await screen.findByRole('form', { name: 'Prices and extras' }, SLOW);
    expect(form).toHaveTextContent(/Every price here is before GCT: customers are quoted it with GCT at [\d.]+% added/);
    expect(form).toHaveTextContent('bookings already made keep their price');
    expect(screen.getByLabelText('Weekly rate, % off')).toHaveValue(String(before.rules.weeklyPercentOff));
    expect(screen.getByLabelText('Norman Manley International, KIN')).toHaveValue(
      before.rules.delivery.airport === null ? '' : String(before.rules.delivery.airport),
    );
  });

  it('names each problem under its box, moves the focus to the first, and saves nothing', async () => {
    const before = await storedPrices();
    renderApp('/owner/prices', { token: ownerToken() });
    const monthly = await screen.findByLabelText('Monthly rate, % off', {}, SLOW);
    await userEvent.clear(monthly);
    await userEvent.type(monthly, '95');
    await userEvent.click(screen.getByRole('button', { name: 'Add a season' }));
    // The new season's name takes the focus, ready to type.
    expect(within(section('Seasons')).getByLabelText('Season name')).toHaveFocus();
    await save();

    expect(monthly).toHaveAccessibleDescription('Monthly rate (percent off) must be at most 90.');
    expect(monthly).toHaveFocus();
    const added = group(`Season ${before.rules.seasons.length + 1}`);
    expect(within(added).getByLabelText('Season name')).toHaveAccessibleDescription('Season name is required.');
    expect(within(added).getByLabelText('First day')).toHaveAccessibleDescription('Please choose the first day of the season.');

    // Fixed, the problem goes as it is typed.
    await userEvent.clear(monthly);
    await userEvent.type(monthly, '20');
    expect(monthly).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(MESSAGES.pricesSaved)).not.toBeInTheDocument();
    expect(await storedPrices()).toEqual(before);
  });

  it('saves rates, a season with a car’s own rate and a category’s percentage, and a suggested extra; a second save keeps the extra once', async () => {
    const before = await storedPrices();
    const car = await addCar({ brand: uniqueWord('Price'), model: 'Yaris', category: 'Sedan' });
    const seasonName = uniqueWord('Carnival');
    try {
      // The usual extras are offered on an empty list.
      await ownerApi().call('savePrices', { body: { ...before.rules, extras: [] } });
      renderApp('/owner/prices', { token: ownerToken() });
      const weekly = await screen.findByLabelText('Weekly rate, % off', {}, SLOW);
      await userEvent.clear(weekly);
      await userEvent.type(weekly, '12');
      const airport = screen.getByLabelText('Norman Manley International, KIN');
      await userEvent.clear(airport);
      await userEvent.type(airport, '3500');

      await userEvent.click(screen.getByRole('button', { name: 'Add a season' }));
      const added = group(`Season ${before.rules.seasons.length + 1}`);
      await userEvent.type(within(added).getByLabelText('Season name'), seasonName);
      const carnival = group(seasonName);
      fireEvent.change(within(carnival).getByLabelText('First day'), { target: { value: '2027-04-20' } });
      fireEvent.change(within(carnival).getByLabelText('Last day'), { target: { value: '2027-04-25' } });
      await userEvent.type(within(carnival).getByLabelText('Fewest days (optional)'), '3');
      await userEvent.click(within(carnival).getByRole('button', { name: 'Add a car’s rate' }));
      await userEvent.selectOptions(await within(carnival).findByLabelText('Car'), car._id);
      await userEvent.type(within(carnival).getByLabelText('Daily rate'), '9900');
      await userEvent.type(within(carnival).getByLabelText('SUV'), '-10');

      const extras = section('Extras');
      await userEvent.click(within(extras).getByRole('button', { name: 'Add child seat' }));
      const seat = group('Child seat');
      // Everything but the price comes with the suggestion; the price takes the focus.
      expect(within(seat).getByLabelText('Stock (optional)')).toHaveValue('4');
      expect(within(seat).getByLabelText('Price')).toHaveFocus();
      await userEvent.type(within(seat).getByLabelText('Price'), '800');

      await save();
      expect(await screen.findByText(MESSAGES.pricesSaved, {}, SLOW)).toBeInTheDocument();
      const saved = await storedPrices();
      expect(saved.rules).toMatchObject({ weeklyPercentOff: 12, delivery: { airport: 3500 } });
      expect(saved.rules.seasons.find((s) => s.name === seasonName)).toEqual({
        name: seasonName,
        startDate: '2027-04-20',
        endDate: '2027-04-25',
        priority: 1,
        minDays: 3,
        carRates: { [car._id]: 9900 },
        categoryPercents: { SUV: -10 },
      });
      expect(saved.extras).toEqual([expect.objectContaining({ name: 'Child seat', charge: 'per_day', price: 800, maxPerBooking: 2, stock: 4 })]);

      // The form now holds the saved extra: saving again changes it, and adds no second one.
      await userEvent.clear(within(group('Child seat')).getByLabelText('Price'));
      await userEvent.type(within(group('Child seat')).getByLabelText('Price'), '850');
      await save();
      await waitFor(async () => expect((await storedPrices()).extras).toEqual([expect.objectContaining({ id: saved.extras[0]?.id, price: 850 })]), SLOW);
    } finally {
      await restorePrices(before);
    }
  });

  it('shows the server’s refusal in the form: an extra someone else removed meanwhile', async () => {
    const before = await storedPrices();
    const name = uniqueWord('Cooler');
    try {
      const body = {
        ...before.rules,
        extras: [...before.extras, { name, description: '', charge: 'per_rental' as const, price: 1500, maxPerBooking: 1, stock: null }],
      };
      await ownerApi().call('savePrices', { body });
      renderApp('/owner/prices', { token: ownerToken() });
      expect(await screen.findByRole('group', { name }, SLOW)).toBeInTheDocument();
      // Removed by someone else while the page is open.
      await ownerApi().call('savePrices', { body: { ...before.rules, extras: before.extras } });

      await save();
      expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent(/no longer on the list/);
      expect(screen.getByRole('button', { name: 'Save prices and extras' })).toBeEnabled();
    } finally {
      await restorePrices(before);
    }
  });
});
