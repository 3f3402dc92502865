import { MESSAGES } from '@rental/contract/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../test/api';
import { renderApp } from '../test/renderApp';

describe('the owner setup page', () => {
  it('without the printed address, explains where to find it', async () => {
    renderApp('/setup');
    expect(await screen.findByRole('heading', { name: 'Set up the owner account' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('the setup address the server printed when it started');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('asks for labelled name, e-mail and password (twice), and shows the server’s answer', async () => {
    renderApp('/setup?token=not-a-printed-token');
    await userEvent.type(await screen.findByLabelText('Your name'), 'Maxine Brown');
    await userEvent.type(screen.getByLabelText('E-mail'), uniqueEmail('setup'));
    await userEvent.type(screen.getByLabelText('Password'), 'a-long-owner-password');
    await userEvent.type(screen.getByLabelText('Password again'), 'a-different-password');
    await userEvent.click(screen.getByRole('button', { name: 'Create the owner account' }));
    // Said under the second box, which gets the focus; nothing is sent.
    expect(screen.getByLabelText('Password again')).toHaveAccessibleDescription('The two passwords are not the same. Please type the password again.');
    expect(screen.getByLabelText('Password again')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Password again'));
    await userEvent.type(screen.getByLabelText('Password again'), 'a-long-owner-password');
    await userEvent.click(screen.getByRole('button', { name: 'Create the owner account' }));
    // The test server already has its owner, so the real API refuses every setup address.
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.ownerExists);
  });
});
