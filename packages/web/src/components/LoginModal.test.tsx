import { TOKEN_STORAGE_KEY } from '@rental/contract/constants';
import { MESSAGES } from '@rental/contract/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, registerCustomer, staffEmail, testApi, uniqueEmail } from '../test/api';
import { renderApp } from '../test/renderApp';

async function openModal() {
  const user = userEvent.setup();
  renderApp('/about-us');
  await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Login' }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe('login modal', () => {
  it('opens in login mode without a name field; sign-up mode adds a required name', async () => {
    const { user, dialog } = await openModal();
    expect(within(dialog).getByRole('heading', { level: 2 })).toHaveTextContent(/^Log in$/);
    expect(within(dialog).queryByLabelText('Name')).not.toBeInTheDocument();
    const email = within(dialog).getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(within(dialog).getByLabelText('Password')).toBeRequired();

    await user.click(within(dialog).getByRole('button', { name: 'Sign up here' }));
    expect(within(dialog).getByRole('heading')).toHaveTextContent(/^Create an account$/);
    expect(within(dialog).getByLabelText('Password again')).toBeRequired();
    expect(within(dialog).getByLabelText('Name')).toBeRequired();
    expect(within(dialog).getByRole('button', { name: 'Create Account' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Login here' }));
    expect(within(dialog).queryByLabelText('Name')).not.toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the Login button', async () => {
    const { user } = await openModal();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Login' })).toHaveFocus();
  });

  it('closes on a click on the backdrop, not on a click inside the dialog', async () => {
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('heading'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByTestId('login-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps keyboard focus inside while open', async () => {
    const { user, dialog } = await openModal();
    const email = within(dialog).getByLabelText('Email');
    expect(email).toHaveFocus();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const submit = within(dialog).getByRole('button', { name: 'Login' });
    // Walk forward past the last control: focus wraps to the first, never leaves the dialog.
    for (let i = 0; i < 8; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    submit.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(submit).toHaveFocus();
  });

  it('registers through the API, stores the token, closes and goes to /', async () => {
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Sign up here' }));
    await user.type(within(dialog).getByLabelText('Name'), 'New Customer');
    await user.type(within(dialog).getByLabelText('Email'), uniqueEmail('modal'));
    await user.type(within(dialog).getByLabelText('Password'), TEST_PASSWORD);
    await user.type(within(dialog).getByLabelText('Password again'), TEST_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText(MESSAGES.registered)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('asks for an optional phone number at sign-up and keeps it on the account', async () => {
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Sign up here' }));
    const phone = within(dialog).getByLabelText(/Phone number/);
    expect(phone).not.toBeRequired();
    expect(phone).toHaveAttribute('type', 'tel');
    await user.type(within(dialog).getByLabelText('Name'), 'Phone Customer');
    await user.type(within(dialog).getByLabelText('Email'), uniqueEmail('phone'));
    await user.type(phone, '+1 876 555 0199');
    await user.type(within(dialog).getByLabelText('Password'), TEST_PASSWORD);
    await user.type(within(dialog).getByLabelText('Password again'), TEST_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(MESSAGES.registered)).toBeInTheDocument();
    // The message shows as the server answers; the session is stored once the account is read (AuthForm's onDone).
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const { user: account } = await testApi(localStorage.getItem(TOKEN_STORAGE_KEY)!).call('userData');
    expect(account.phone).toBe('+1 876 555 0199');
  });

  it('creating an account: says under each field what is wrong, in words, moves to the first and sends nothing', async () => {
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Sign up here' }));
    const field = (label: string) => within(dialog).getByLabelText(label);
    expect(field('Email').closest('form')).toHaveAttribute('novalidate');
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(field('Name')).toHaveAccessibleDescription('Name is required.');
    expect(field('Email')).toHaveAccessibleDescription('E-mail address is required.');
    expect(field('Password')).toHaveAccessibleDescription('Password is required.');
    expect(field('Password again')).toHaveAccessibleDescription('Please type the password again.');
    expect(field('Name')).toHaveFocus();

    const email = uniqueEmail('mismatch');
    await user.type(field('Name'), 'Careful Typist');
    await user.type(field('Email'), email);
    await user.type(field('Password'), 'short');
    expect(field('Password')).toHaveAccessibleDescription('Password must be at least 8 characters long.');
    await user.type(field('Password'), ' but long now');
    await user.type(field('Password again'), 'short but long no');
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(field('Password again')).toHaveAccessibleDescription('The two passwords are not the same. Please type the password again.');
    expect(field('Password again')).toHaveFocus();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    await expect(testApi().call('login', { body: { email, password: 'short but long now' } })).rejects.toThrow(MESSAGES.invalidCredentials);
  });

  it("shows the server's message when the login is refused, and stays open", async () => {
    const { email } = await registerCustomer();
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByLabelText('Email'), email);
    await user.type(within(dialog).getByLabelText('Password'), 'not the password');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.invalidCredentials);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Login' })).toBeEnabled());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('"Forgot password?" asks for a link and shows the same answer for any address', async () => {
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Forgot your password?');
    await user.type(within(dialog).getByLabelText('Email'), uniqueEmail('forgot'));
    await user.click(within(dialog).getByRole('button', { name: 'Send me a link' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(MESSAGES.resetLinkSent);
    await user.click(within(dialog).getByRole('button', { name: 'Back to login' }));
    expect(within(dialog).getByRole('heading')).toHaveTextContent(/^Log in$/);
  });

  it('staff logging in from the navigation bar land on their work: a counter agent at the desk, a manager at the dashboard', async () => {
    for (const [role, landing, heading] of [
      ['agent', '/owner/desk', /desk/i],
      ['manager', '/owner', 'Dashboard'],
    ] as const) {
      localStorage.clear();
      const { user, dialog } = await openModal();
      await user.type(within(dialog).getByLabelText('Email'), staffEmail(role));
      await user.type(within(dialog).getByLabelText('Password'), TEST_PASSWORD);
      await user.click(within(dialog).getByRole('button', { name: 'Login' }));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${landing}$`)), { timeout: 15_000 });
      expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 15_000 })).toBeInTheDocument();
      cleanup();
    }
  });
});
