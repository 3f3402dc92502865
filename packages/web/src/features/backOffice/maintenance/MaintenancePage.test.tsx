import { MAINTENANCE_MESSAGES } from '@rental/contract/maintenance';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCar, ownerApi, ownerToken, staffEmail, TEST_PASSWORD, testApi, uniqueWord } from '../../../test/api';
import { renderApp } from '../../../test/renderApp';
import { useNodeFormData } from '../staffTestKit';

const SLOW = { timeout: 10_000 };

/**
 * Against the tests' real server: a car of a make of its own at 6,000 km whose plan's oil falls due
 * every 5,000 km, never serviced, so it is overdue; staff block it and log its service from the list.
 */
describe('the maintenance page', { timeout: 40_000 }, () => {
  let restoreFormData: () => void = () => {};
  beforeAll(async () => {
    await import('../StaffRoutes');
    restoreFormData = await useNodeFormData();
  });
  afterAll(() => restoreFormData());

  it('lists a car whose oil is overdue, blocks it for the service and logs the service, after which it leaves the list', async () => {
    const brand = uniqueWord('Nissan');
    const car = await addCar({ brand, model: 'Note', odometerKm: 6_000 });
    await ownerApi().call('saveMaintenancePlan', {
      params: { id: car._id },
      body: {
        scope: 'car',
        items: [
          { name: 'Oil and filter', everyKm: 5_000 },
          { name: 'Brakes', everyKm: 20_000 },
        ],
      },
    });

    renderApp('/owner', { token: ownerToken() });
    const menu = await screen.findByRole('navigation', { name: 'Owner menu' }, SLOW);
    await userEvent.click(within(menu).getByRole('link', { name: 'Maintenance' }));
    expect(await screen.findByRole('heading', { name: 'Maintenance', level: 1 }, SLOW)).toBeInTheDocument();
    const card = await screen.findByRole('listitem', { name: `${brand} Note` }, SLOW);
    expect(within(card).getAllByText('Overdue')).toHaveLength(2);
    expect(within(card).getByText('Oil and filter')).toBeInTheDocument();
    expect(within(card).queryByText('Brakes')).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Block for service' }));
    const blockForm = within(card).getByRole('form', { name: 'Block for the service' });
    expect(blockForm).toHaveTextContent('Service: Oil and filter');
    await userEvent.click(within(blockForm).getByRole('button', { name: 'Block the car' }));
    expect(await screen.findByText(MAINTENANCE_MESSAGES.blockAdded, {}, SLOW)).toBeInTheDocument();
    const { blocks } = await ownerApi().call('blocks', { query: { car: car._id } });
    expect(blocks).toMatchObject([{ pickupDate: addDays(companyToday(), 1), note: 'Service: Oil and filter' }]);

    await userEvent.click(within(card).getByRole('button', { name: 'Log a service' }));
    const form = await within(card).findByRole('form', { name: 'Log a service' }, SLOW);
    expect(within(form).getByRole('checkbox', { name: 'Oil and filter' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Brakes' })).not.toBeChecked();
    const odometer = within(form).getByLabelText('Odometer at the service (km)');
    expect(odometer).toHaveValue('6000');
    await userEvent.type(within(form).getByLabelText('Cost (JMD)'), '8,500.50');
    await userEvent.click(within(form).getByRole('button', { name: 'Log the service' }));
    expect(await screen.findByText(MAINTENANCE_MESSAGES.serviceLogged, {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: `${brand} Note` })).not.toBeInTheDocument(), SLOW);
    const { services } = await ownerApi().call('carServices', { params: { id: car._id } });
    expect(services).toMatchObject([{ odometerKm: 6_000, cost: 850_050, items: ['Oil and filter'] }]);
  });

  it('shows a counter agent the list without the buttons that change things', async () => {
    const { token } = await testApi().call('login', { body: { email: staffEmail('agent'), password: TEST_PASSWORD } });
    const brand = uniqueWord('Honda');
    const car = await addCar({ brand, model: 'Fit', odometerKm: 4_700 });
    await ownerApi().call('saveMaintenancePlan', { params: { id: car._id }, body: { scope: 'car', items: [{ name: 'Oil and filter', everyKm: 5_000 }] } });
    renderApp('/owner/maintenance', { token });
    const card = await screen.findByRole('listitem', { name: `${brand} Fit` }, SLOW);
    expect(within(card).getAllByText('Due soon')).toHaveLength(2);
    expect(within(card).queryByRole('button', { name: 'Log a service' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Block for service' })).not.toBeInTheDocument();
  });
});
