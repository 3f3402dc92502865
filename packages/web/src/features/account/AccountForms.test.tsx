import { ApiError } from '@rental/contract/client';
import { TOKEN_STORAGE_KEY } from '@rental/contract/constants';
import { MESSAGES } from '@rental/contract/messages';
import { REFUSAL_CODES } from '@rental/contract/refusalCodes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, registerCustomer, testApi } from '../../test/api';
import { renderApp } from '../../test/renderApp';

const form = (name: string) => within(screen.getByRole('form', { name }));
const me = async (token: string) => (await testApi(token).call('userData')).user;
/** What the server answers a session: 200 while it lives, 401 once it has ended. */
const sessionStatus = (token: string) =>
  testApi(token)
    .call('userData')
    .then(
      () => 200,
      (error: unknown) => (error instanceof ApiError ? error.status : Promise.reject(error)),
    );

describe('my account', () => {
  it('is linked from the navigation bar once logged in', async () => {
    const { token } = await registerCustomer();
    renderApp('/', { token });
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account');
  });

  it('changes the name and the phone number', async () => {
    const user = userEvent.setup();
    const { token, email } = await registerCustomer('Keisha Lewis', { phone: null });
    renderApp('/account', { token });
    const details = await screen.findByRole('form', { name: 'Your details' });
    expect(within(details).getByText(email)).toBeInTheDocument();
    const name = within(details).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveValue('Keisha Lewis'));
    await user.clear(name);
    await user.type(name, 'Keisha Lewis-Brown');
    await user.type(within(details).getByLabelText('Phone number'), '876-555-0123');
    await user.click(within(details).getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(MESSAGES.profileSaved)).toBeInTheDocument();
    expect(await me(token)).toMatchObject({ name: 'Keisha Lewis-Brown', phone: '876-555-0123' });
  });

  it('says under the phone number what it may hold, with the focus there, keeps what was typed and saves nothing', async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer('Test Customer', { phone: null });
    renderApp('/account', { token });
    const phone = await screen.findByLabelText('Phone number');
    expect(phone.closest('form')).toHaveAttribute('novalidate');
    await user.type(phone, 'call me');
    await user.click(form('Your details').getByRole('button', { name: 'Save details' }));
    expect(phone).toHaveAccessibleDescription('Phone number may hold only digits, spaces, +, - and brackets, at least 7 digits long.');
    expect(phone).toHaveFocus();
    expect(screen.queryByText(MESSAGES.profileSaved)).not.toBeInTheDocument();
    expect(phone).toHaveValue('call me');
    expect((await me(token)).phone).toBe('');

    // Mended, the message goes as it is typed, and the details are saved.
    await user.clear(phone);
    await user.type(phone, '876 555 0123');
    expect(phone).toHaveAccessibleDescription('We read it as +1 876 555 0123. We call or message you on it about your bookings.');
    await user.click(form('Your details').getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(MESSAGES.profileSaved)).toBeInTheDocument();
    expect((await me(token)).phone).toBe('876 555 0123');
  });

  it('chooses WhatsApp and SMS beside e-mail, with the phone as we read it', async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer('Marcia Reach', { phone: '555-0142' });
    renderApp('/account', { token });
    const phone = await screen.findByLabelText('Phone number');
    await waitFor(() => expect(phone).toHaveValue('555-0142'));
    const details = form('Your details');
    // Seven digits are a Jamaican number: shown with its 876, so a wrong guess is seen.
    expect(phone).toHaveAccessibleDescription('We read it as +1 876 555 0142. We call or message you on it about your bookings.');
    const reach = within(screen.getByRole('group', { name: 'How we reach you' }));
    expect(reach.getByText('E-mail, always, to the address above')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'How we reach you' })).toHaveAccessibleDescription(
      'WhatsApp and text messages go to +1 876 555 0142. Answer STOP to any of them to end them.',
    );
    const whatsapp = reach.getByRole('checkbox', { name: 'WhatsApp' });
    expect(whatsapp).not.toBeChecked();
    await user.click(whatsapp);
    await user.click(details.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(MESSAGES.profileSaved)).toBeInTheDocument();
    expect(await me(token)).toMatchObject({ phoneE164: '+18765550142', messages: { whatsapp: { on: true }, sms: { on: false } } });
  });

  it('does not turn back on a channel stopped elsewhere after the page opened, when only the name is saved', async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer('Paula Elsewhere', { phone: '876 555 0144' });
    await testApi(token).call('updateProfile', { body: { name: 'Paula Elsewhere', phone: '876 555 0144', whatsapp: true } });
    renderApp('/account', { token });
    const whatsapp = await screen.findByRole('checkbox', { name: 'WhatsApp' });
    await waitFor(() => expect(whatsapp).toBeChecked());
    // Stopped meanwhile (another tab here; a STOP answered on the phone is the same).
    await testApi(token).call('updateProfile', { body: { name: 'Paula Elsewhere', phone: '876 555 0144', whatsapp: false } });
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Paula Elsewhere-Grant');
    await user.click(form('Your details').getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(MESSAGES.profileSaved)).toBeInTheDocument();
    expect(await me(token)).toMatchObject({ name: 'Paula Elsewhere-Grant', messages: { whatsapp: { on: false } } });
  });

  it('refuses WhatsApp without a phone we can read, says why at the choices, and saves nothing', async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer('Owen Abroad', { phone: null });
    renderApp('/account', { token });
    const phone = await screen.findByLabelText('Phone number');
    await user.type(phone, '0207 946 0018');
    expect(phone).toHaveAccessibleDescription(expect.stringContaining('We cannot tell which country this number is in'));
    const whatsapp = screen.getByRole('checkbox', { name: 'WhatsApp' });
    await user.click(whatsapp);
    await user.click(form('Your details').getByRole('button', { name: 'Save details' }));
    expect(whatsapp).toHaveFocus();
    expect(screen.getByRole('group', { name: 'How we reach you' })).toHaveAccessibleDescription(
      expect.stringContaining(REFUSAL_CODES.channel_phone_not_understood),
    );
    expect(screen.queryByText(MESSAGES.profileSaved)).not.toBeInTheDocument();
    expect(await me(token)).toMatchObject({ phone: '', messages: { whatsapp: { on: false } } });

    // With its + and country code, it is read and the choice is saved.
    await user.clear(phone);
    await user.type(phone, '+44 20 7946 0018');
    await user.click(form('Your details').getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(MESSAGES.profileSaved)).toBeInTheDocument();
    expect(await me(token)).toMatchObject({ phone: '+44 20 7946 0018', phoneE164: '+442079460018', messages: { whatsapp: { on: true } } });
  });

  it('asks for the new password twice, and changes nothing when the two differ', async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer();
    renderApp('/account', { token });
    const password = await screen.findByRole('form', { name: 'Change password' });
    await user.type(within(password).getByLabelText('Current password'), TEST_PASSWORD);
    await user.type(within(password).getByLabelText('New password'), 'a much better one');
    await user.type(within(password).getByLabelText('New password again'), 'a much better onе');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    const again = within(password).getByLabelText('New password again');
    expect(again).toHaveAccessibleDescription('The two passwords are not the same. Please type the new password again.');
    expect(again).toHaveFocus();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(await sessionStatus(token)).toBe(200);
  });

  it('changes the password and this tab stays logged in with the fresh session; the old one ends', async () => {
    const user = userEvent.setup();
    const { token, email } = await registerCustomer();
    renderApp('/account', { token });
    const password = await screen.findByRole('form', { name: 'Change password' });
    await user.type(within(password).getByLabelText('Current password'), TEST_PASSWORD);
    await user.type(within(password).getByLabelText('New password'), 'a much better one');
    await user.type(within(password).getByLabelText('New password again'), 'a much better one');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MESSAGES.passwordChanged)).toBeInTheDocument();
    // The boxes are empty for the next change.
    const after = within(await screen.findByRole('form', { name: 'Change password' }));
    expect(after.getByLabelText('Current password')).toHaveValue('');
    expect(after.getByLabelText('New password again')).toHaveValue('');

    const fresh = localStorage.getItem(TOKEN_STORAGE_KEY);
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(token);
    expect(await sessionStatus(fresh!)).toBe(200);
    expect(await sessionStatus(token)).toBe(401);
    await expect(testApi().call('login', { body: { email, password: 'a much better one' } })).resolves.toMatchObject({ token: expect.any(String) });
    // Still logged in, on the same page.
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Your details' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/account$/);
  });

  it("says so when the current password is wrong, with the server's message", async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer();
    renderApp('/account', { token });
    const password = await screen.findByRole('form', { name: 'Change password' });
    await user.type(within(password).getByLabelText('Current password'), 'not my password');
    await user.type(within(password).getByLabelText('New password'), 'a much better one');
    await user.type(within(password).getByLabelText('New password again'), 'a much better one');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    // In the form, where the person looks, and kept there until the next try.
    expect(await within(password).findByRole('alert')).toHaveTextContent(MESSAGES.wrongCurrentPassword);
    expect(within(password).getByRole('button', { name: 'Change password' })).toBeEnabled();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
  });

  it('asks a logged-out visitor to log in, and stays on the account page afterwards', async () => {
    const user = userEvent.setup();
    const { email } = await registerCustomer('Account Visitor');
    renderApp('/account');
    expect(screen.getByText('Please log in to see your account.')).toBeInTheDocument();
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email'), email);
    await user.type(within(dialog).getByLabelText('Password'), TEST_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('form', { name: 'Your details' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/account$/);
  });
});
