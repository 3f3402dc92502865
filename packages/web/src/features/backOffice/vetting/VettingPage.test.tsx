import { DRIVER_MESSAGES } from '@rental/contract/driverRules';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCar, createBooking, ownerApi, ownerToken, registerCustomer, testApi, uniqueWord } from '../../../test/api';
import { renderApp } from '../../../test/renderApp';
import { pictureFile, useNodeFormData } from '../staffTestKit';

const SLOW = { timeout: 10_000 };
const PICKUP = addDays(companyToday(), 30);
const RETURN = addDays(PICKUP, 2);
const DRIVER = {
  licenceNumber: 'JM 4471 220',
  licenceCountry: 'Jamaica',
  licenceIssued: '2015-06-01',
  licenceExpires: '2034-06-01',
  dateOfBirth: '1990-05-03',
};

/** A customer who gave their driver details, sent a passport photo and booked a car: the waiting list's case. */
async function waitingCustomer(word: string) {
  const name = `${uniqueWord(word)} Lee`;
  const { token } = await registerCustomer(name, { phone: '876 555 0199' });
  await testApi(token).call('saveDriver', { body: DRIVER });
  const form = await new Response(new URLSearchParams({ kind: 'passport' })).formData();
  form.append('file', await pictureFile('passport.png'));
  await testApi(token).call('uploadDocument', { form: form as FormData });
  const car = await addCar({ brand: uniqueWord('Vet'), model: 'Yaris' });
  const booking = await createBooking(token, car._id, PICKUP, RETURN);
  const { user } = await testApi(token).call('userData');
  return { name, token, id: user._id, booking };
}

/** Where the server says the customer stands. */
async function storedVetting(id: string, list: 'waiting' | 'approved' | 'rejected' | 'do_not_rent') {
  const { customers } = await ownerApi().call('vetting', { query: { status: list } });
  return customers.find((c) => c._id === id);
}

const card = (name: string) => screen.findByRole('article', { name }, SLOW);

describe('driver checks', { timeout: 30_000 }, () => {
  beforeAll(() => import('../StaffRoutes'));

  it('is in the side menu after Manage Bookings, and shows the waiting list first', async () => {
    renderApp('/owner', { token: ownerToken() });
    const menu = await screen.findByRole('navigation', { name: 'Owner menu' }, SLOW);
    const labels = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels.indexOf('Driver checks')).toBe(labels.indexOf('Manage Bookings') + 1);
    await userEvent.click(within(menu).getByRole('link', { name: 'Driver checks' }));
    expect(await screen.findByRole('heading', { name: 'Driver checks', level: 1 }, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Driver checks \|/), { timeout: 10_000 });
    // Waiting is the list shown first.
    expect(within(screen.getByRole('navigation', { name: 'Which customers' })).getByRole('link', { name: 'Waiting' })).toHaveAttribute('aria-current', 'page');
  });

  describe('a customer waiting for a check', () => {
    let restoreFormData: () => void = () => {};
    let customer: Awaited<ReturnType<typeof waitingCustomer>>;
    beforeAll(async () => {
      restoreFormData = await useNodeFormData();
      customer = await waitingCustomer('Brian');
    });
    afterAll(() => restoreFormData());

    it('shows their details, documents, the rules on their booking and the booking; Approve moves them to Approved', async () => {
      renderApp('/owner/vetting', { token: ownerToken() });
      const article = await card(customer.name);
      const inCard = within(article);
      expect(inCard.getByText('Waiting for a check')).toHaveClass('bg-amber-50');
      expect(inCard.getByRole('link', { name: '876 555 0199' })).toHaveAttribute('href', 'tel:8765550199');
      expect(inCard.getByText(/^Thu 3 May 1990 \(\d+ years old\)$/)).toBeInTheDocument();
      expect(inCard.getByText('JM 4471 220')).toBeInTheDocument();
      expect(inCard.getByText(/^Mon 1 Jun 2015 \(\d+ years ago\)$/)).toBeInTheDocument();
      expect(inCard.getByText('Thu 1 Jun 2034')).toBeInTheDocument();
      // The rules, checked on the coming booking; and the booking itself.
      expect(inCard.getByText(new RegExp(`^${customer.booking.reference}: `))).toBeInTheDocument();
      expect(inCard.getByText('Meets the rules')).toBeInTheDocument();
      expect(inCard.getAllByText(customer.booking.reference, { exact: false }).length).toBeGreaterThanOrEqual(2);

      // The passport is read with the staff member's session and shown inline.
      await userEvent.click(inCard.getByRole('button', { name: 'Show Passport' }));
      const photo = await inCard.findByRole('img', { name: `Passport of ${customer.name}` }, SLOW);
      expect(photo.getAttribute('src')).toMatch(/^blob:/);
      expect(inCard.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('href', photo.getAttribute('src'));

      await userEvent.click(inCard.getByRole('button', { name: 'Approve' }));
      expect(await screen.findByText(DRIVER_MESSAGES.vettingApproved, {}, SLOW)).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('article', { name: customer.name })).not.toBeInTheDocument(), SLOW);
      expect((await storedVetting(customer.id, 'approved'))?.vetting.status).toBe('approved');

      await userEvent.click(screen.getByRole('link', { name: 'Approved' }));
      expect(within(await card(customer.name)).getByText('Approved')).toHaveClass('bg-emerald-50');
    });
  });

  it('asks the reason before not approving, says the customer is told it, and shows it on their card', async () => {
    const customer = await (async () => {
      const restore = await useNodeFormData();
      try {
        return await waitingCustomer('Nora');
      } finally {
        restore();
      }
    })();
    renderApp('/owner/vetting', { token: ownerToken() });
    await userEvent.click(within(await card(customer.name)).getByRole('button', { name: 'Not approve' }));
    const dialog = screen.getByRole('dialog', { name: `Not approve ${customer.name}?` });
    expect(dialog).toHaveAccessibleDescription(/is told this reason by e-mail/);
    const reason = within(dialog).getByLabelText('Reason (told to the customer)');
    expect(reason).toHaveFocus();

    // No reason: said in the box's words, nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not approve' }));
    expect(reason).toHaveAccessibleDescription('Please give the reason the customer is not approved: they are told it.');
    expect((await storedVetting(customer.id, 'waiting'))?.vetting.status).toBe('waiting');

    await userEvent.type(reason, 'The passport photo cannot be read');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not approve' }));
    expect(await screen.findByText(DRIVER_MESSAGES.vettingRejected, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect((await storedVetting(customer.id, 'rejected'))?.vetting).toEqual({ status: 'rejected', reason: 'The passport photo cannot be read' });

    await userEvent.click(screen.getByRole('link', { name: 'Not approved' }));
    const inCard = within(await card(customer.name));
    expect(inCard.getByText('Not approved')).toHaveClass('bg-red-50');
    expect(inCard.getByText('Reason told to the customer: The passport photo cannot be read')).toBeInTheDocument();
    // Their booking waiting for confirmation was cancelled.
    expect(inCard.getByText('Cancelled')).toBeInTheDocument();
  });

  it('marks a customer do not rent with a private reason, and removes the mark', async () => {
    const customer = await (async () => {
      const restore = await useNodeFormData();
      try {
        return await waitingCustomer('Dale');
      } finally {
        restore();
      }
    })();
    renderApp('/owner/vetting', { token: ownerToken() });
    await userEvent.click(within(await card(customer.name)).getByRole('button', { name: 'Mark do not rent' }));
    const dialog = screen.getByRole('dialog', { name: `Mark ${customer.name} do not rent?` });
    expect(dialog).toHaveAccessibleDescription(/only staff read it, the customer is not told/);
    // Escape changes nothing.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await storedVetting(customer.id, 'do_not_rent')).toBeUndefined();

    await userEvent.click(within(await card(customer.name)).getByRole('button', { name: 'Mark do not rent' }));
    await userEvent.type(screen.getByLabelText('Reason (only staff read it)'), 'Returned a car with a cracked windscreen');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark do not rent' }));
    expect(await screen.findByText(DRIVER_MESSAGES.doNotRentSet, {}, SLOW)).toBeInTheDocument();
    expect((await storedVetting(customer.id, 'do_not_rent'))?.doNotRent).toBe('Returned a car with a cracked windscreen');

    await userEvent.click(screen.getByRole('link', { name: 'Do not rent' }));
    const article = await card(customer.name);
    expect(within(article).getByText('Do not rent (only staff read this): Returned a car with a cracked windscreen')).toBeInTheDocument();
    await userEvent.click(within(article).getByRole('button', { name: 'Remove do not rent' }));
    expect(await screen.findByText(DRIVER_MESSAGES.doNotRentCleared, {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: customer.name })).not.toBeInTheDocument(), SLOW);
    expect(await storedVetting(customer.id, 'do_not_rent')).toBeUndefined();
  });

  it('Manage Bookings and the dashboard show each customer’s check, a red Do not rent, and the other drivers; the check leads to the customer’s card', async () => {
    const word = uniqueWord('Chips');
    const restore = await useNodeFormData();
    let checked: Awaited<ReturnType<typeof waitingCustomer>>;
    try {
      checked = await waitingCustomer(word);
    } finally {
      restore();
    }
    await testApi(checked.token).call('bookingDrivers', {
      params: { id: checked.booking._id },
      body: { drivers: [{ name: 'Jane Brown', ...DRIVER, licenceNumber: 'AB 123456' }] },
    });
    await ownerApi().call('markDoNotRent', { params: { id: checked.id }, body: { reason: 'Unpaid damage' } });
    // A customer who booked without giving their driver details.
    const unchecked = await registerCustomer(`${word} Ben`);
    const car = await addCar({ brand: uniqueWord('Vet'), model: 'Axio' });
    await createBooking(unchecked.token, car._id, PICKUP, RETURN);

    // The dashboard's newest bookings say it too.
    const dashboard = renderApp('/owner', { token: ownerToken() });
    const recent = within((await screen.findByText(`${word} Ben`, {}, SLOW)).closest('li')!);
    expect(recent.getByText('No driver details')).toBeInTheDocument();
    dashboard.unmount();

    renderApp('/owner/manage-bookings', { token: ownerToken() });
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Find a booking' }, SLOW), word);
    await screen.findByText('Showing 2 bookings, newest first.', {}, SLOW);

    const missing = within(screen.getByText(`${word} Ben`).closest('tr')!);
    expect(missing.getByText('No driver details')).toBeInTheDocument();
    expect(missing.queryByRole('link', { name: /Driver check/ })).not.toBeInTheDocument();
    expect(missing.queryByText('Do not rent')).not.toBeInTheDocument();

    const row = within(screen.getByText(checked.name).closest('tr')!);
    expect(row.getByText('Do not rent')).toHaveClass('bg-red-600');
    expect(row.getByText('Waiting for a check')).toHaveClass('bg-amber-50');
    expect(row.getByText('Other drivers')).toBeInTheDocument();
    expect(row.getByText('Jane Brown, licence AB 123456')).toBeInTheDocument();

    await userEvent.click(row.getByRole('link', { name: `Driver check: Waiting for a check. Open ${checked.name}’s driver check` }));
    expect(screen.getByTestId('location')).toHaveTextContent('/owner/vetting?status=do_not_rent');
    await waitFor(() => expect(screen.getByRole('article', { name: checked.name })).toHaveFocus(), SLOW);
  });
});
