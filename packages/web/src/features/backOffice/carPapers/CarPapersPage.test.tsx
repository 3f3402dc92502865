import { addDays, companyToday } from '@rental/contract/rentalDates';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCar, ownerApi, ownerToken, uniqueWord } from '../../../test/api';
import { renderApp } from '../../../test/renderApp';

const SLOW = { timeout: 10_000 };

/** Against the tests' real server, shared with other files: each test's car has a name of its own. */
describe('car papers', () => {
  const brand = uniqueWord('Papers');
  let carId = '';
  beforeAll(async () => {
    await import('../StaffRoutes');
    const car = await addCar({ brand, model: 'Axio' });
    carId = car._id;
    await ownerApi().call('saveCarPapers', {
      params: { id: carId },
      body: { papers: [{ kind: 'insurance', expiresOn: addDays(companyToday(), 10), insurer: 'Advantage General', policyNumber: 'AG-4410' }] },
    });
  });

  it('the car’s page shows its papers, says a past expiry before sending, and saves a renewal keeping the paper before', async () => {
    const car = { _id: carId };

    renderApp(`/owner/add-car/${car._id}`, { token: ownerToken() });
    const section = await screen.findByRole('region', { name: 'Papers' }, SLOW);
    const insurance = await within(section).findByRole('listitem', { name: 'Insurance' }, SLOW);
    expect(within(insurance).getByText('Expires soon')).toBeInTheDocument();
    expect(within(insurance).getByText('AG-4410')).toBeInTheDocument();
    expect(within(section).getByRole('listitem', { name: 'Registration' })).toHaveTextContent('Not recorded yet.');

    // A date already past is said before anything is sent.
    const form = within(section).getByRole('form', { name: 'Save a new paper' });
    await userEvent.selectOptions(within(form).getByLabelText('Paper'), 'Insurance');
    await userEvent.type(within(form).getByLabelText('Insurer'), 'Guardian General');
    await userEvent.type(within(form).getByLabelText('Policy number'), 'GG-9001');
    fireEvent.change(within(form).getByLabelText('Expires on'), { target: { value: companyToday() } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save the paper' }));
    expect(within(form).getByLabelText('Expires on')).toHaveAccessibleDescription(
      'The expiry date of a new paper must be after today. Please check the date on the paper.',
    );

    fireEvent.change(within(form).getByLabelText('Expires on'), { target: { value: addDays(companyToday(), 365) } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save the paper' }));
    expect(await within(section).findByText('GG-9001', {}, SLOW)).toBeInTheDocument();
    expect(within(section).getByText('Papers before (1)')).toBeInTheDocument();
  });

  it('the Car papers page, from the menu, lists every paper by expiry', async () => {
    const model = uniqueWord('Fit');
    const car = await addCar({ brand, model });
    await ownerApi().call('saveCarPapers', { params: { id: car._id }, body: { papers: [{ kind: 'fitness', expiresOn: addDays(companyToday(), 5) }] } });
    renderApp('/owner', { token: ownerToken() });
    const menu = await screen.findByRole('navigation', { name: 'Owner menu' }, SLOW);
    await userEvent.click(within(menu).getByRole('link', { name: 'Car papers' }));
    expect(await screen.findByRole('heading', { name: 'Car papers', level: 1 }, SLOW)).toBeInTheDocument();
    const byExpiry = await screen.findByRole('region', { name: 'Papers by expiry' }, SLOW);
    const row = (await within(byExpiry).findByText(`${brand} ${model}`, {}, SLOW)).closest('li')!;
    expect(row).toHaveTextContent('Certificate of fitness');
    expect(row).toHaveTextContent('Expires soon');
    expect(
      within(screen.getByRole('region', { name: 'Papers not recorded' }))
        .getByText(`${brand} ${model}`)
        .closest('li'),
    ).toHaveTextContent('registration, insurance');
  });
});
