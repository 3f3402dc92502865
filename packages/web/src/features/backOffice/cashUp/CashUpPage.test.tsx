import { addDays, companyToday } from '@rental/contract/rentalDates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownerToken, staffEmail, TEST_PASSWORD, testApi } from '../../../test/api';
import { renderApp } from '../../../test/renderApp';

const SLOW = { timeout: 10_000 };

/**
 * Against the tests' real server, shared with other files: the owner's own day of yesterday holds
 * no money of any test (they all record today), so its figures are known.
 */
describe('the day’s cash-up page', () => {
  beforeAll(() => import('../StaffRoutes'));

  it('shows a day’s money and drawer, the difference as the count is typed, asks for a note, closes the day, and lets the owner reopen it', async () => {
    renderApp('/owner', { token: ownerToken() });
    const menu = await screen.findByRole('navigation', { name: 'Owner menu' }, SLOW);
    await userEvent.click(within(menu).getByRole('link', { name: 'Cash-up' }));
    expect(await screen.findByRole('heading', { name: 'Cash-up', level: 1 }, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Cash-up \|/), { timeout: 10_000 });

    // Today and the whole desk first; then yesterday, the owner's own.
    const day = screen.getByLabelText('Day');
    expect(day).toHaveValue(companyToday());
    const whose = screen.getByLabelText('Whose money');
    expect(whose).toHaveDisplayValue('The whole desk');
    fireEvent.change(day, { target: { value: addDays(companyToday(), -1) } });
    await userEvent.selectOptions(whose, await screen.findByRole('option', { name: 'Test Owner' }, SLOW));

    const cash = await screen.findByRole('listitem', { name: 'Cash' }, SLOW);
    expect(within(cash).getByText('Received').nextSibling).toHaveTextContent('$0 JMD');
    const drawer = screen.getByRole('region', { name: 'The cash drawer' });
    expect(within(drawer).getByText('The drawer should hold').nextSibling).toHaveTextContent('$0 JMD');

    const counted = within(drawer).getByLabelText('Cash counted in the drawer');
    await userEvent.type(counted, '1500');
    expect(within(drawer).getByText('Difference: $1,500 JMD more than the drawer should hold')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close the day' }));
    const note = within(drawer).getByLabelText('Why the count differs');
    expect(note).toHaveAccessibleDescription('Please write why the count differs.');
    await userEvent.type(note, 'The morning float was left in');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close the day' }));

    const closed = await within(drawer).findByRole('status', {}, SLOW);
    expect(closed).toHaveTextContent('Closed by Test Owner on');
    expect(closed).toHaveTextContent('Note: The morning float was left in');
    expect(within(closed).getByText('Difference').nextSibling).toHaveTextContent('$1,500 JMD more than the drawer should hold');

    await userEvent.click(within(closed).getByRole('button', { name: 'Reopen' }));
    const dialog = screen.getByRole('dialog', { name: /^Reopen / });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Counted the float by mistake');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen the day' }));
    expect(await within(drawer).findByRole('button', { name: 'Close the day' }, SLOW)).toBeInTheDocument();
    expect(await screen.findAllByText(/reopened by Test Owner on .*: Counted the float by mistake/, {}, SLOW)).not.toHaveLength(0);
  });

  it('shows a counter agent their own day only', async () => {
    const { token } = await testApi().call('login', { body: { email: staffEmail('agent'), password: TEST_PASSWORD } });
    renderApp('/owner/cash-up', { token });
    const whose = await screen.findByLabelText('Whose money', {}, SLOW);
    await waitFor(() => expect(whose).toHaveDisplayValue('Test Agent'), SLOW);
    expect(whose).toBeDisabled();
    expect(within(whose).queryByRole('option', { name: 'The whole desk' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'The cash drawer' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument();
  });
});
