import { VETTING_STATUS_WORDS } from '@rental/contract/constants';
import { DRIVER_MESSAGES } from '@rental/contract/driverRules';
import { formatShortDate } from '@rental/contract/format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ownerToken, registerCustomer, testApi } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { goodDriver, yearsAgo } from '../drivers/driverTestData';

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
    // Days are typed day first, whatever the phone's language (a date picker shows mm/dd/yyyy on many).
    expect(driverForm().getByLabelText('Licence expiry date')).toHaveAttribute('placeholder', 'dd/mm/yyyy');

    const good = goodDriver();
    await user.type(number, good.licenceNumber);
    await user.type(driverForm().getByLabelText('Issuing country'), good.licenceCountry);
    await user.type(driverForm().getByLabelText('Licence issue date'), formatShortDate(good.licenceIssued));
    // An expiry before the issue date: said on the expiry date, and nothing is sent.
    await user.type(driverForm().getByLabelText('Licence expiry date'), formatShortDate(good.licenceIssued));
    await user.type(driverForm().getByLabelText('Date of birth'), formatShortDate(good.dateOfBirth));
    expect(number).toHaveAccessibleDescription('As printed on the licence.');
    await user.click(driverForm().getByRole('button', { name: 'Save driver details' }));
    const expiry = driverForm().getByLabelText('Licence expiry date');
    expect(expiry).toHaveAccessibleDescription('The licence expiry date must be after its issue date.');
    expect(expiry).toHaveFocus();
    expect((await testApi(token).call('userData')).driver).toBeNull();

    await user.clear(expiry);
    await user.type(expiry, formatShortDate(good.licenceExpires));
    await user.click(driverForm().getByRole('button', { name: 'Save driver details' }));
    expect(await screen.findByText(DRIVER_MESSAGES.driverSaved)).toBeInTheDocument();
    expect((await testApi(token).call('userData')).driver).toMatchObject(good);
    expect(await screen.findByText(VETTING_STATUS_WORDS.waiting)).toBeInTheDocument();
    // The saved details stay in the boxes.
    await waitFor(() => expect(driverForm().getByLabelText('Licence number')).toHaveValue(good.licenceNumber));
    expect(driverForm().getByLabelText('Date of birth')).toHaveValue(formatShortDate(good.dateOfBirth));
  });

  it('says a rule the details break before saving them, saves them only when asked again, and a date not real is said on its field', async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer('Young Driver');
    renderApp('/account', { token });
    await screen.findByRole('form', { name: 'Driver details' });
    const good = goodDriver();
    await user.type(driverForm().getByLabelText('Licence number'), good.licenceNumber);
    await user.type(driverForm().getByLabelText('Issuing country'), good.licenceCountry);
    await user.type(driverForm().getByLabelText('Licence issue date'), formatShortDate(yearsAgo(1)));
    await user.type(driverForm().getByLabelText('Licence expiry date'), formatShortDate(good.licenceExpires));
    const birth = driverForm().getByLabelText('Date of birth');
    await user.type(birth, '31/02/2004');
    await user.click(driverForm().getByRole('button', { name: 'Save driver details' }));
    expect(birth).toHaveAccessibleDescription('The date of birth is not a real date. Please choose it again.');
    await user.clear(birth);
    await user.type(birth, formatShortDate(yearsAgo(20)));

    await user.click(driverForm().getByRole('button', { name: 'Save driver details' }));
    const warning = await driverForm().findByRole('alert');
    expect(warning).toHaveTextContent('With these details we cannot take a booking from today:');
    expect(warning).toHaveTextContent('You must be 23 or older on the pickup day to rent a car.');
    expect(warning).toHaveTextContent('Your driving licence must have been held for at least 2 years on the pickup day.');
    await waitFor(() => expect(warning).toHaveFocus());
    expect(screen.queryByText(DRIVER_MESSAGES.driverSaved)).not.toBeInTheDocument();
    expect((await testApi(token).call('userData')).driver).toBeNull();

    // They are right: saved when asked again.
    await user.click(driverForm().getByRole('button', { name: 'Save them anyway' }));
    expect(await screen.findByText(DRIVER_MESSAGES.driverSaved)).toBeInTheDocument();
    expect((await testApi(token).call('userData')).driver).toMatchObject({ dateOfBirth: yearsAgo(20) });
  });

  it('sent from the payment step, offers the way back to the booking with its choices', async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer('Coming Back');
    const from = '/payment/00000000-0000-4000-8000-000000000000/2031-03-02/2031-03-05';
    renderApp('/account', { token, state: { from, fromState: { method: 'upfront' } } });
    await user.click(await screen.findByRole('link', { name: 'Back to your booking' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(from));
  });

  it('says which documents are required and that a passport or a work ID is enough, and what is still needed', async () => {
    const { token } = await registerCustomer('Visitor From Abroad');
    renderApp('/account', { token });
    const section = within((await screen.findByRole('heading', { name: 'Documents' })).closest('section')!);
    expect(
      await section.findByText('Still needed: Driving licence (front), Driving licence (back), Proof of address, Passport or work ID.'),
    ).toBeInTheDocument();
    const card = (name: string) => within(section.getByRole('heading', { name }).closest('li')!);
    expect(card('Driving licence (front)').getByText('Required')).toBeInTheDocument();
    expect(card('Proof of address').getByText('Required')).toBeInTheDocument();
    expect(card('Passport').getByText('Passport or work ID: one of the two is enough')).toBeInTheDocument();
    expect(card('Work ID').getByText('Passport or work ID: one of the two is enough')).toBeInTheDocument();
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
