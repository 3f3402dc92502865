import { TOKEN_STORAGE_KEY } from '@rental/contract/constants';
import { MESSAGES } from '@rental/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ownerToken, registerCustomer } from '../test/api';
import { renderApp } from '../test/renderApp';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('session', () => {
  it('starts logged out without a stored token, and offers Login but no Dashboard', async () => {
    renderApp('/');
    expect(within(mainNav()).getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('reads the token from local storage and fetches the user: a customer sees Logout, never Dashboard', async () => {
    const { token } = await registerCustomer('Maria Customer');
    renderApp('/', { token });
    expect(within(mainNav()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    // Once the user is loaded the mobile menu names them; still no Dashboard for a customer.
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(await screen.findByText('Signed in as Maria Customer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('shows the Dashboard button only when the user role is owner, and it leads to /owner', async () => {
    renderApp('/', { token: ownerToken() });
    const [dashboard] = await screen.findAllByRole('button', { name: 'Dashboard' });
    await userEvent.click(dashboard!);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/owner$/));
  });

  it('logs out: removes the stored token, offers Login again and toasts the message', async () => {
    const { token } = await registerCustomer();
    renderApp('/about-us', { token });
    await userEvent.click(within(mainNav()).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText(MESSAGES.loggedOut)).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(within(mainNav()).getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('forgets a session the server no longer knows (401) and goes to / quietly, with no error toast', async () => {
    renderApp('/about-us', { token: 'not-a-real-token' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(await within(mainNav()).findByRole('button', { name: 'Login' })).toBeInTheDocument();
    // The home page has painted (its hero form is there) and no toast tells of the old session.
    expect(await screen.findByRole('button', { name: /Book now/i })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.notAuthorized)).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.sessionExpired)).not.toBeInTheDocument();
  });
});
