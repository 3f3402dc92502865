import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@rental/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerToken, registerCustomer } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { pictureFile, useNodeFormData } from './staffTestKit';

const location = () => screen.getByTestId('location');
// The staff area is a lazily loaded chunk: the first render waits for it.
const SLOW = { timeout: 10_000 };

describe('the staff area', () => {
  // Loaded up front, so the lazy route renders at once and the session check is what the tests see.
  beforeAll(() => import('./StaffRoutes'));

  it('sends an anonymous visitor to the home page', async () => {
    renderApp('/owner/manage-cars');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/), SLOW);
    expect(screen.queryByRole('navigation', { name: 'Owner menu' })).not.toBeInTheDocument();
  });

  it('sends a logged-in customer to the home page once their account is loaded', async () => {
    const { token } = await registerCustomer('Carla Customer');
    renderApp('/owner', { token });
    // While the account loads nothing of the staff area shows, and nobody is thrown out yet.
    expect(await screen.findByText('Checking your account…', {}, SLOW)).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/owner$/);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/), SLOW);
    expect(screen.queryByRole('navigation', { name: 'Owner menu' })).not.toBeInTheDocument();
  });

  it('lets an owner in: own header with the welcome line, side menu, no public navbar or footer', async () => {
    renderApp('/owner', { token: ownerToken() });
    expect(await screen.findByText('Test Owner', { selector: 'header span' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Welcome, Test Owner');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();

    const menu = screen.getByRole('navigation', { name: 'Owner menu' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dashboard', '/owner'],
      ['Desk', '/owner/desk'],
      ['Add car', '/owner/add-car'],
      ['Manage Cars', '/owner/manage-cars'],
      ['Manage Bookings', '/owner/manage-bookings'],
      ['Driver checks', '/owner/vetting'],
      ['Timeline', '/owner/timeline'],
      ['Car papers', '/owner/papers'],
      ['Maintenance', '/owner/maintenance'],
      ['Card payments', '/owner/payments'],
      ['Cash-up', '/owner/cash-up'],
      ['GCT and the books', '/owner/reports/gct'],
      ['What each car earns', '/owner/fleet-report'],
      ['Bank statements', '/owner/statements'],
      ['Prices and extras', '/owner/prices'],
      ['Bank Details', '/owner/bank-details'],
      ['Staff', '/owner/staff'],
      ['Company Settings', '/owner/settings'],
      ['Outbox', '/owner/outbox'],
      ['History', '/owner/activity'],
    ]);

    for (const tile of ['Total Cars', 'Total Bookings', 'Pending', 'Confirmed']) {
      expect(screen.getByText(tile)).toBeInTheDocument();
    }
    // Other test files share this server, so the figure itself varies; it must be shown as money.
    // The dashboard draws its answer at once, in place of its placeholder: the sections come with it.
    const revenue = await screen.findByRole('region', { name: 'Monthly revenue' });
    expect(await within(revenue).findByText(/^\$[\d,]+ JMD$/)).toBeInTheDocument();
    // Occupancy as a percentage, and the chart's 12 months (its table, once the lazy chart has loaded).
    expect(screen.getByTestId('occupancy')).toHaveTextContent(/^\d+(\.\d)?%.* of [\d,]+ car-days$/);
    const months = await within(screen.getByRole('region', { name: 'Revenue by month' })).findByRole(
      'table',
      { name: 'Revenue by month, the last 12 months' },
      { timeout: 10_000 },
    );
    expect(within(months).getAllByRole('row')).toHaveLength(12);
    await waitFor(() => expect(document.title).toMatch(/^Dashboard \|/), { timeout: 10_000 });

    await userEvent.click(within(menu).getByRole('link', { name: 'Bank Details' }));
    expect(await screen.findByRole('heading', { name: 'Bank Details' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/owner/bank-details');
    await waitFor(() => expect(document.title).toMatch(/^Bank Details \|/), { timeout: 10_000 });
  });

  describe('profile image', () => {
    let restoreFormData: () => void = () => {};
    beforeAll(async () => {
      restoreFormData = await useNodeFormData();
    });
    afterAll(() => restoreFormData());

    it('previews the chosen picture, saves it, and shows the stored one after the user is refreshed', async () => {
      renderApp('/owner', { token: ownerToken() });
      const open = await screen.findByRole('button', { name: 'Change profile picture' }, SLOW);
      // No picture input until the editor is opened: a page's own picture input comes first.
      expect(document.querySelector('#owner-menu input[type="file"]')).toBeNull();
      expect(open).toHaveAttribute('aria-expanded', 'false');
      await userEvent.click(open);
      const input = screen.getByLabelText('Profile picture');
      expect(input).toHaveFocus();
      const avatar = () => document.querySelector('#owner-menu img');

      // A file that is not a picture is named under the box and changes nothing.
      await userEvent.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(document.querySelector('#owner-menu img[src^="blob:"]')).toBeNull();

      await userEvent.upload(input, await pictureFile('me.png'));
      await waitFor(() => expect(avatar()).toHaveAttribute('src', expect.stringMatching(/^blob:/)));
      expect(input).not.toHaveAttribute('aria-invalid');

      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(MESSAGES.imageUpdated)).toBeInTheDocument();
      await waitFor(() => expect(avatar()).toHaveAttribute('src', expect.stringMatching(/^\/api\/images\//)));
      expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Profile picture')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Change profile picture' })).toHaveFocus();
    });

    it('closes the editor on Cancel without changing the picture', async () => {
      renderApp('/owner', { token: ownerToken() });
      await userEvent.click(await screen.findByRole('button', { name: 'Change profile picture' }, SLOW));
      await userEvent.upload(screen.getByLabelText('Profile picture'), await pictureFile('other.png'));
      await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByLabelText('Profile picture')).not.toBeInTheDocument();
      expect(document.querySelector('#owner-menu img[src^="blob:"]')).toBeNull();
    });
  });
});
