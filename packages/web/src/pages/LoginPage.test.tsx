import { MESSAGES } from '@rental/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, registerCustomer, staffEmail } from '../test/api';
import { renderApp } from '../test/renderApp';

const PAYMENT = '/payment/00000000-0000-4000-8000-000000000000/2031-03-02/2031-03-05';
const main = () => within(screen.getByRole('main'));

describe('the /login page', () => {
  it('reached from the payment step, says calmly to log in to finish the booking: no alert, no toast, nothing red', async () => {
    renderApp('/login', { state: { from: PAYMENT } });
    const notice = await main().findByText('Log in to finish your booking.');
    expect(notice.closest('p')).toHaveTextContent('Log in to finish your booking. Your car, days and choices are kept.');
    expect(notice.closest('p')?.className).not.toMatch(/red/);
    expect(main().getByRole('heading', { level: 1 })).toHaveTextContent(/^Log in$/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // A toast is a status message; the test's address probe is one too.
    expect(screen.queryAllByRole('status').filter((element) => element.dataset.testid !== 'location')).toEqual([]);
  });

  it('brings the customer back to the payment step after the login', async () => {
    const user = userEvent.setup();
    const { email } = await registerCustomer('Checkout Visitor');
    renderApp('/login', { state: { from: PAYMENT, fromState: { method: 'upfront' } } });
    await user.type(main().getByLabelText('Email'), email);
    await user.type(main().getByLabelText('Password'), TEST_PASSWORD);
    await user.click(main().getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MESSAGES.loggedIn)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(PAYMENT));
  });

  it('reached from another page that needs a login, says it continues there; opened directly, says nothing more', async () => {
    const { unmount } = renderApp('/login', { state: { from: '/my-bookings' } });
    expect(await main().findByText('Log in to continue where you left off.')).toBeInTheDocument();
    expect(main().queryByText(/finish your booking/)).not.toBeInTheDocument();
    unmount();

    const user = userEvent.setup();
    renderApp('/login');
    expect(await main().findByRole('heading', { level: 1 })).toHaveTextContent(/^Log in$/);
    expect(main().queryByText(/where you left off|finish your booking/)).not.toBeInTheDocument();
    await user.click(main().getByRole('button', { name: 'Sign up here' }));
    expect(main().getByRole('heading', { level: 1 })).toHaveTextContent(/^Create an account$/);
  });

  it("says what is missing under the fields instead of the browser's bubbles, and the focus goes to the first", async () => {
    const user = userEvent.setup();
    renderApp('/login', { state: { from: PAYMENT } });
    const email = await main().findByLabelText('Email');
    expect(email.closest('form')).toHaveAttribute('novalidate');
    await user.click(main().getByRole('button', { name: 'Login' }));
    expect(email).toHaveAccessibleDescription('E-mail address is required.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(main().getByLabelText('Password')).toHaveAccessibleDescription('Password is required.');
    expect(email).toHaveFocus();

    await user.type(email, 'ann@example');
    expect(email).toHaveAccessibleDescription('Please enter a valid e-mail address, such as name@example.com.');
    await user.type(email, '.com');
    expect(email).not.toHaveAccessibleDescription();
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.click(main().getByRole('button', { name: 'Login' }));
    expect(main().getByLabelText('Password')).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it('opened directly, lands a counter agent at the desk; sent from a page, brings staff back to it', async () => {
    const user = userEvent.setup();
    const { unmount } = renderApp('/login');
    await user.type(await main().findByLabelText('Email'), staffEmail('agent'));
    await user.type(main().getByLabelText('Password'), TEST_PASSWORD);
    await user.click(main().getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/owner\/desk$/), { timeout: 15_000 });
    unmount();
    localStorage.clear();

    renderApp('/login', { state: { from: '/about-us' } });
    await user.type(await main().findByLabelText('Email'), staffEmail('manager'));
    await user.type(main().getByLabelText('Password'), TEST_PASSWORD);
    await user.click(main().getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/about-us$/), { timeout: 15_000 });
  });
});
