import { VETTING_STATUS_WORDS } from '@rental/contract/constants';
import { DRIVER_MESSAGES } from '@rental/contract/driverRules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ownerToken, registerCustomer, testApi } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { goodDriver } from '../drivers/driverTestData';

const driverForm = () => within(screen.getByRole('form', { name: 'Driver details' }));

describe('driver details on my account', () => {
  it('says beside each field what is missing, with the focus on the first, then saves the details and shows the check as waiting', async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer('Driver Details');
    renderApp('/account', { token });
    await screen.findByRole('form', { name: 'Driver details' });
    expect(await screen.findByText(VETTING_STATUS_WORDS.not_submitted)).toBeInTheDocument();

    await user.click(driverForm().getByRole('button', { name: 'Save driver details' }));
    const number = driverForm().getByLabelText('Licence number');
    await waitFor(() => expect(number).toHaveAccessibleDescription('Licence number is required.'));
    expect(number).toHaveFocus();
    expect(driverForm().getByLabelText('Date of birth')).toHaveAccessibleDescription('Please choose the date of birth.');
    expect(driverForm().getByLabelText('Licence expiry date')).toHaveAttribute('type', 'date');

    const good = goodDriver();
    await user.type(number, good.licenceNumber);
    await user.type(driverForm().getByLabelText('Issuing country'), good.licenceCountry);
    fireEvent.change(driverForm().getByLabelText('Licence issue date'), { target: { value: good.licenceIssued } });
    // An expiry before the issue date: said on the expiry date, and nothing is sent.
    fireEvent.change(driverForm().getByLabelText('Licence expiry date'), { target: { value: good.licenceIssued } });
    fireEvent.change(driverForm().getByLabelText('Date of birth'), { target: { value: good.dateOfBirth } });
    expect(number).toHaveAccessibleDescription('As printed on the licence.');
    await user.click(driverForm().getByRole('button', { name: 'Save driver details' }));
    const expiry = driverForm().getByLabelText('Licence expiry date');
    expect(expiry).toHaveAccessibleDescription('The licence expiry date must be after its issue date.');
    expect(expiry).toHaveFocus();
    expect((await testApi(token).call('userData')).driver).toBeNull();

    fireEvent.change(expiry, { target: { value: good.licenceExpires } });
    await user.click(driverForm().getByRole('button', { name: 'Save driver details' }));
    expect(await screen.findByText(DRIVER_MESSAGES.driverSaved)).toBeInTheDocument();
    expect((await testApi(token).call('userData')).driver).toMatchObject(good);
    expect(await screen.findByText(VETTING_STATUS_WORDS.waiting)).toBeInTheDocument();
    // The saved details stay in the boxes.
    await waitFor(() => expect(driverForm().getByLabelText('Licence number')).toHaveValue(good.licenceNumber));
    expect(driverForm().getByLabelText('Date of birth')).toHaveValue(good.dateOfBirth);
  });

  it('shows a check that did not pass in red, with its reason', async () => {
    const { token } = await registerCustomer('Refused Driver');
    await testApi(token).call('saveDriver', { body: goodDriver() });
    const { user } = await testApi(token).call('userData');
    await testApi(ownerToken()).call('decideVetting', { body: { userId: user._id, decision: 'rejected', reason: 'The licence photo is unreadable.' } });
    renderApp('/account', { token });
    const state = await screen.findByText(VETTING_STATUS_WORDS.rejected);
    const box = state.closest('[role="status"]')!;
    expect(box).toHaveTextContent('Why: The licence photo is unreadable.');
    expect(box.className).toMatch(/bg-red-50/);
  });

  it('offers staff no driver details, documents or erasure', async () => {
    renderApp('/account', { token: ownerToken() });
    await screen.findByRole('form', { name: 'Your details' });
    expect(screen.queryByRole('form', { name: 'Driver details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Documents' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Delete my account' })).not.toBeInTheDocument();
  });
});
