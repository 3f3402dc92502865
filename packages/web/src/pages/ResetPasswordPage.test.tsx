import { MESSAGES } from '@rental/contract/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/renderApp';

describe('the new-password page of a reset link', () => {
  it('asks for the new password twice, says under the boxes what is wrong, then shows the server’s answer in the form', async () => {
    const user = userEvent.setup();
    renderApp('/reset-password?token=not-a-sent-token');
    const password = await screen.findByLabelText('New password');
    const again = screen.getByLabelText('New password again');
    expect(password.closest('form')).toHaveAttribute('novalidate');
    expect(password).toHaveAccessibleDescription('At least 8 characters.');

    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(password).toHaveAccessibleDescription('New password must be at least 8 characters long.');
    expect(again).toHaveAccessibleDescription('Please type the new password again.');
    expect(password).toHaveFocus();

    await user.type(password, ' no more');
    await user.type(again, 'short no more!');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(again).toHaveAccessibleDescription('The two passwords are not the same. Please type the new password again.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.clear(again);
    await user.type(again, 'short no more');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    // The link was never sent: the real server refuses it.
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.resetLinkInvalid);
    expect(screen.getByRole('button', { name: 'Save the new password' })).toBeEnabled();
  });
});
