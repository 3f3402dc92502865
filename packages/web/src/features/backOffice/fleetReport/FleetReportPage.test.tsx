import { FLEET_REPORT_REFUSALS, utilisationWords } from '@rental/contract/fleetReport';
import { formatMoney } from '@rental/contract/format';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addCar, createBooking, ownerApi, ownerToken, registerCustomer, uniqueWord } from '../../../test/api';
import { renderApp } from '../../../test/renderApp';

const SLOW = { timeout: 10_000 };

/** jsdom makes no object URLs: the files the page hands the browser are kept to read. */
const realObjectUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
function watchDownloads() {
  const files: Blob[] = [];
  URL.createObjectURL = (blob: Blob) => {
    files.push(blob);
    return `blob:download-${files.length}`;
  };
  URL.revokeObjectURL = () => {};
  return files;
}

/** Against the tests' real server, shared with other files: figures are read from the API, never assumed. */
describe('what each car earns', () => {
  beforeAll(() => import('../StaffRoutes'));
  afterEach(() => {
    URL.createObjectURL = realObjectUrl.create;
    URL.revokeObjectURL = realObjectUrl.revoke;
  });

  const brand = uniqueWord('Fleetcar');
  const name = `${brand} Axio 2022`;
  const [from, to] = [addDays(companyToday(), 20), addDays(companyToday(), 60)];
  let carId = '';
  beforeAll(async () => {
    carId = (await addCar({ brand, model: 'Axio', pricePerDay: 7000 }))._id;
    const { token } = await registerCustomer('Fleet Report Renter');
    await createBooking(token, carId, addDays(companyToday(), 30), addDays(companyToday(), 33));
  });

  /** The page for the range of the booked days, once its rows are in. */
  async function openForTheRange(path = '/owner/fleet-report') {
    if (path === '/owner') {
      renderApp('/owner', { token: ownerToken() });
      const menu = await screen.findByRole('navigation', { name: 'Owner menu' }, SLOW);
      await userEvent.click(within(menu).getByRole('link', { name: 'What each car earns' }));
    } else {
      renderApp(path, { token: ownerToken() });
    }
    expect(await screen.findByRole('heading', { name: 'What each car earns', level: 1 }, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('Last day')).toHaveValue(companyToday());
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: from } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: to } });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    const row = (await screen.findByRole('button', { name: `${name}: show its months` }, SLOW)).closest('tr')!;
    return { row, table: screen.getByRole('table', { name: 'What each car earns' }) };
  }

  it('is in the side menu and shows a booked car’s days and money, and the totals, as the server sums them', async () => {
    const { row, table } = await openForTheRange('/owner');
    expect(document.title).toMatch(/^What each car earns \|/);
    const { report } = await ownerApi().call('fleetReport', { query: { from, to } });
    const ours = report.cars.find((c) => c.carId === carId)!;
    expect(ours.rentedDays).toBe(4);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '4',
      utilisationWords(ours.utilisation),
      formatMoney(ours.revenue, report.currency),
      formatMoney(ours.costs.total, report.currency),
      formatMoney(ours.difference, report.currency),
    ]);
    const totals = within(table)
      .getByRole('rowheader', { name: `All ${report.cars.length} cars` })
      .closest('tr')!;
    expect(within(totals).getAllByRole('cell')[2]).toHaveTextContent(formatMoney(report.totals.revenue, report.currency));
  });

  it('sorts by a column as the server does, charts one car’s months, and saves the rows in that order as a file', async () => {
    const files = watchDownloads();
    const { row, table } = await openForTheRange();
    await userEvent.click(within(table).getByRole('button', { name: /^Revenue/ }));
    expect(within(table).getByRole('columnheader', { name: /^Revenue/ })).toHaveAttribute('aria-sort', 'descending');
    const { report } = await ownerApi().call('fleetReport', { query: { from, to, sort: 'revenue', order: 'desc' } });
    expect(within(within(table).getAllByRole('row')[1]!).getByRole('rowheader')).toHaveTextContent(report.cars[0]!.name);

    await userEvent.click(within(row).getByRole('button', { name: `${name}: show its months` }));
    expect(await screen.findByRole('table', { name: `${name} by month` }, SLOW)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Download (CSV)' }));
    await waitFor(() => expect(files).toHaveLength(1), SLOW);
    const text = await files[0]!.text();
    expect(text).toContain('"Revenue before GCT"');
    expect(text).toContain(`"All ${report.cars.length} cars, ${from} to ${to} (${report.currency})"`);
    expect(text.split('\r\n')[1]).toContain(`"${report.cars[0]!.name}"`);
  });

  it('says what is wrong with the days before asking', async () => {
    renderApp('/owner/fleet-report', { token: ownerToken() });
    const form = await screen.findByRole('form', { name: 'Days of the report' }, SLOW);
    fireEvent.change(within(form).getByLabelText('First day'), { target: { value: '2026-05-01' } });
    fireEvent.change(within(form).getByLabelText('Last day'), { target: { value: '2026-04-01' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Show' }));
    expect(within(form).getByLabelText('Last day')).toHaveAccessibleDescription(FLEET_REPORT_REFUSALS.fleet_range_backwards);
    fireEvent.change(within(form).getByLabelText('First day'), { target: { value: '2020-01-01' } });
    fireEvent.change(within(form).getByLabelText('Last day'), { target: { value: '2026-04-01' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Show' }));
    expect(within(form).getByLabelText('Last day')).toHaveAccessibleDescription(FLEET_REPORT_REFUSALS.fleet_range_too_long);
  });
});
