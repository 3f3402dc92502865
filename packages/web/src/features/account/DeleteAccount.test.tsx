import { ApiError } from '@rental/contract/client';
import { TOKEN_STORAGE_KEY } from '@rental/contract/constants';
import { DRIVER_MESSAGES } from '@rental/contract/driverRules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, registerCustomer, testApi } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { DELETE_QUESTION } from './DeleteAccount';

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: unknown) => (error instanceof ApiError ? error.status : Promise.reject(error)),
  );

describe('deleting my account', () => {
  it('says what is erased and what is kept, refuses a wrong password in words, and keeps the account when the answer is no', async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer('Not Yet Leaving');
    renderApp('/account', { token });
    const form = within(await screen.findByRole('form', { name: 'Delete my account' }));
    expect(form.getByText(/We erase your name, e-mail address, phone number, password, driver details and documents/)).toBeInTheDocument();
    expect(form.getByText(/past bookings, rental agreements and receipts stay in the company's books/)).toHaveTextContent('"Deleted customer"');
    expect(form.getByText(/We erase your name/)).toHaveTextContent('your delivery addresses and your signature');

    await user.click(form.getByRole('button', { name: 'Delete my account' }));
    expect(form.getByLabelText('Your password')).toHaveAccessibleDescription('Password is required.');
    expect(form.getByLabelText('Your password')).toHaveFocus();
    expect(screen.queryByText(DELETE_QUESTION)).not.toBeInTheDocument();

    await user.type(form.getByLabelText('Your password'), 'not my password');
    await user.click(form.getByRole('button', { name: 'Delete my account' }));
    const question = form.getByRole('alertdialog', { name: DELETE_QUESTION });
    expect(within(question).getByRole('button', { name: 'Keep my account' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Keep my account' }));
    expect(form.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(form.getByLabelText('Your password')).toHaveFocus();

    await user.click(form.getByRole('button', { name: 'Delete my account' }));
    await user.click(form.getByRole('button', { name: 'Yes, erase my account' }));
    expect(await form.findByRole('alert')).toHaveTextContent(DRIVER_MESSAGES.wrongPassword);
    await waitFor(() => expect(form.getByLabelText('Your password')).toHaveFocus());
    expect(form.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await statusOf(testApi(token).call('userData'))).toBe(200);
  });

  it('erases the account with the password after asking, logs out and goes home with the message', async () => {
    const user = userEvent.setup();
    const { token, email } = await registerCustomer('Leaving Customer');
    renderApp('/account', { token });
    const form = within(await screen.findByRole('form', { name: 'Delete my account' }));
    await user.type(form.getByLabelText('Your password'), TEST_PASSWORD);
    await user.click(form.getByRole('button', { name: 'Delete my account' }));
    await user.click(form.getByRole('button', { name: 'Yes, erase my account' }));
    expect(await screen.findByText(DRIVER_MESSAGES.accountDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(await statusOf(testApi(token).call('userData'))).toBe(401);
    expect(await statusOf(testApi().call('login', { body: { email, password: TEST_PASSWORD } }))).not.toBe(200);
  });
});
