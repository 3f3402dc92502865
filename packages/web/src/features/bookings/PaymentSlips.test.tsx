import { SLIP_MESSAGES } from '@rental/contract/paymentSlips';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { BankDetails, Car } from '@rental/contract/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCar, createBooking, ensureBankDetails, ownerApi, ownerToken, registerCustomer, testApi, uniqueWord } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { pictureFile, useNodeFormData } from '../backOffice/staffTestKit';
import { HowToPay } from './HowToPay';

const slipGroup = () => within(screen.getByRole('group', { name: 'Your deposit slip' }));

describe('the deposit slip on the booking page', () => {
  let car: Car;
  let restoreFormData: () => void = () => {};
  const today = companyToday();
  let offset = 260;
  const nextDays = () => {
    offset += 4;
    return { pickup: addDays(today, offset), ret: addDays(today, offset + 1) };
  };

  beforeAll(async () => {
    restoreFormData = await useNodeFormData();
    await ensureBankDetails();
    car = await addCar({ brand: uniqueWord('Slip'), model: 'Axio', pricePerDay: 5000 });
  });
  afterAll(() => restoreFormData());

  it('sends a photo of the slip, lists it, and removes it only once the question in the page is answered yes', async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer('Slip Sender');
    const { pickup, ret } = nextDays();
    const booking = await createBooking(token, car._id, pickup, ret, 'cash_deposit');
    renderApp(`/my-bookings/${booking.reference}`, { token });

    const chooser = await screen.findByLabelText('Send the slip or screenshot', {}, { timeout: 10_000 });
    expect(chooser).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,application/pdf');
    await user.upload(chooser, await pictureFile('slip.png'));
    expect(await screen.findByText(SLIP_MESSAGES.sent)).toBeInTheDocument();
    expect(await slipGroup().findByText(/^Sent /)).toBeInTheDocument();
    expect(slipGroup().getByText(/^Photo, \d+ KB$/)).toBeInTheDocument();
    // Staff see it on the booking, and the booking is still unpaid: a slip marks nothing paid.
    const { slips } = await ownerApi().call('paymentSlips', { params: { id: booking._id } });
    expect(slips).toHaveLength(1);
    expect((await testApi(token).call('userBooking', { params: { reference: booking.reference } })).booking.paymentStatus).toBe('unpaid');

    await user.click(slipGroup().getByRole('button', { name: /^Remove the slip sent / }));
    await user.click(await screen.findByRole('button', { name: 'Keep it' }));
    expect((await testApi(token).call('paymentSlips', { params: { id: booking._id } })).slips).toHaveLength(1);
    await user.click(slipGroup().getByRole('button', { name: /^Remove the slip sent / }));
    await user.click(await screen.findByRole('button', { name: 'Remove the slip' }));
    expect(await screen.findByText(SLIP_MESSAGES.removed)).toBeInTheDocument();
    await waitFor(() => expect(slipGroup().queryByText(/^Sent /)).not.toBeInTheDocument());
    expect((await testApi(token).call('paymentSlips', { params: { id: booking._id } })).slips).toEqual([]);
  });

  it('keeps a slip once staff recorded the payment, and offers no more', async () => {
    const { token } = await registerCustomer('Slip Paid');
    const { pickup, ret } = nextDays();
    const booking = await createBooking(token, car._id, pickup, ret, 'cash_deposit');
    const form = new FormData();
    form.append('file', await pictureFile('slip.png'), 'slip.png');
    await testApi(token).call('sendPaymentSlip', { params: { id: booking._id }, form });
    await ownerApi().call('recordPayment', { params: { id: booking._id }, body: { method: 'bank_deposit', amount: booking.price } });
    renderApp(`/my-bookings/${booking.reference}`, { token });

    await screen.findByRole('group', { name: 'Your deposit slip' }, { timeout: 10_000 });
    expect(await slipGroup().findByText(/^Sent /)).toBeInTheDocument();
    expect(slipGroup().getByRole('button', { name: /^Open the slip sent / })).toBeInTheDocument();
    expect(slipGroup().queryByRole('button', { name: /^Remove the slip/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Send another')).not.toBeInTheDocument();
  });

  it('is shown to staff beside the money on the booking’s page, to check the bank before recording the payment', async () => {
    const { token } = await registerCustomer('Slip Checked');
    const { pickup, ret } = nextDays();
    const booking = await createBooking(token, car._id, pickup, ret, 'cash_deposit');
    const form = new FormData();
    form.append('file', await pictureFile('slip.png'), 'slip.png');
    await testApi(token).call('sendPaymentSlip', { params: { id: booking._id }, form });
    renderApp(`/owner/bookings/${booking._id}`, { token: ownerToken() });
    const slips = within(await screen.findByRole('region', { name: 'Deposit slips' }, { timeout: 10_000 }));
    expect(await slips.findByRole('button', { name: /^Open the slip sent / })).toBeInTheDocument();
    expect(slips.getByText(/the slip itself marks nothing paid/)).toBeInTheDocument();
    expect(slips.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    const listed = await ownerApi().call('ownerBookings', { query: { q: booking.reference } });
    expect(listed.bookings[0]?.slipsSent).toBe(1);
  });

  it('is not offered on a booking paid at the office', async () => {
    const { token } = await registerCustomer('Slip Upfront');
    const { pickup, ret } = nextDays();
    const booking = await createBooking(token, car._id, pickup, ret, 'upfront');
    renderApp(`/my-bookings/${booking.reference}`, { token });
    expect(await screen.findByRole('heading', { level: 1, name: `Booking ${booking.reference}` }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Your deposit slip' })).not.toBeInTheDocument();
  });
});

describe('how to pay into several accounts', () => {
  const BANK: BankDetails = {
    bankName: 'NCB',
    accountHolderName: 'Waterford Car Rental Ltd',
    branch: 'Portmore Pines',
    accountNumber: '404-123-456',
    accountType: 'Chequing',
    otherAccounts: [
      {
        bankName: 'Scotiabank',
        accountHolderName: 'Waterford Car Rental Ltd',
        branch: 'Half Way Tree',
        accountNumber: '0071 556 9012',
        accountType: 'Savings',
        currency: 'USD',
      },
    ],
  };
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;

  it('shows the main account, then the other, each number with its copy button, and either bank as the place to pay', () => {
    render(<HowToPay method="cash_deposit" total={1000} bankDetails={BANK} bankDetailsLoading={false} reference="WR-7K3M9Q" />, { wrapper });
    const main = within(screen.getByRole('region', { name: 'Main account' }));
    expect(main.getByText('404-123-456')).toBeInTheDocument();
    expect(main.getByRole('button', { name: 'Copy main account number' })).toBeInTheDocument();
    const other = within(screen.getByRole('region', { name: 'Other account 1' }));
    expect(other.getByText('0071 556 9012')).toBeInTheDocument();
    expect(other.getByText('USD')).toBeInTheDocument();
    expect(other.getByRole('button', { name: 'Copy other account 1 number' })).toBeInTheDocument();
    expect(screen.getByText(/At any branch of NCB or Scotiabank/)).toBeInTheDocument();
    expect(screen.getByText(/into one of the accounts below/)).toBeInTheDocument();
  });

  it('shows one account as before when the company keeps one', () => {
    render(<HowToPay method="cash_deposit" total={1000} bankDetails={{ ...BANK, otherAccounts: [] }} bankDetailsLoading={false} />, { wrapper });
    expect(screen.queryByRole('region', { name: 'Main account' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy account number' })).toBeInTheDocument();
    expect(screen.getByText(/into the account below/)).toBeInTheDocument();
  });
});
