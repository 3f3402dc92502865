import { DEFAULT_COMPANY } from '@rental/contract/company';
import { PAYMENT_STATUS_WORDS } from '@rental/contract/constants';
import { formatMoney } from '@rental/contract/format';
import { MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { BankDetails, Car } from '@rental/contract/schemas';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatCalendarDate, formatInstantWithTime } from '../../lib/dates';
import { TEST_PASSWORD, addCar, createBooking, ensureBankDetails, ownerApi, registerCustomer, setBookingStatus, testApi, uniqueWord } from '../../test/api';
import { quoteDetail, quoteRow } from '../../test/prices';
import { renderApp } from '../../test/renderApp';

/** The cancel button once it may be pressed: it waits for the folio, so the question can name the refund. */
async function cancelButton(): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name: 'Cancel this booking' });
  await waitFor(() => expect(button).toBeEnabled(), { timeout: 10_000 });
  return button;
}

const section = (name: string) => within(screen.getByRole('region', { name }));
const jmd = (amount: number) => formatMoney(amount, DEFAULT_COMPANY.currency);

describe('the booking page', () => {
  let car: Car;
  let bank: BankDetails;
  const today = companyToday();
  let offset = 150;
  const nextDays = (length: number) => {
    offset += length + 2;
    return { pickup: addDays(today, offset), ret: addDays(today, offset + length) };
  };

  beforeAll(async () => {
    bank = await ensureBankDetails();
    car = await addCar({ brand: uniqueWord('Page'), model: 'Yaris', pricePerDay: 4000 });
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows a cash-deposit booking in full: its quote’s lines and total, deposit, where and by when to pay, history, hours, chat and calendar', async () => {
    const { token } = await registerCustomer('Page Reader');
    const { pickup, ret } = nextDays(3);
    const booking = await createBooking(token, car._id, pickup, ret, 'cash_deposit');
    renderApp(`/my-bookings/${booking.reference}`, { token });

    expect(await screen.findByRole('heading', { level: 1, name: `Booking ${booking.reference}` })).toBeInTheDocument();
    expect(document.title).toContain(booking.reference);
    const main = within(screen.getByRole('main'));
    expect(main.getAllByText('Waiting for confirmation').length).toBeGreaterThan(0);

    const status = section('Status');
    expect(status.getByText(/We hold the car for you until/)).toHaveTextContent(formatInstantWithTime(booking.holdExpiresAt!));
    expect(status.getByText('Booked: waiting for the company to confirm')).toBeInTheDocument();

    const dates = section('Your car and dates');
    expect(dates.getByText('Pickup').nextElementSibling).toHaveTextContent(formatCalendarDate(pickup));
    expect(dates.getByText('Return').nextElementSibling).toHaveTextContent(formatCalendarDate(ret));
    // The company's hours as they are now (other files' tests may change the settings).
    const { company } = await testApi().call('company');
    expect(dates.getByText(company.openingHours)).toBeInTheDocument();

    // The lines the booking stored when it was made: the total is the booking's price.
    const quote = booking.quote!;
    expect(booking.price).toBe(quote.total);
    const priceBox = screen.getByRole('region', { name: 'Price' });
    const price = within(priceBox);
    await waitFor(() => expect(quoteRow(priceBox, 'Total')).toBe(jmd(quote.total)));
    expect(quoteDetail(priceBox, `${car.brand} Yaris`)).toBe('3 days × $4,000 JMD');
    expect(quoteRow(priceBox, `${car.brand} Yaris`)).toBe('$12,000 JMD');
    expect(quoteRow(priceBox, `GCT (${quote.gctPercent}%)`)).toBe(jmd(quote.gct));
    expect(price.getByText(/refundable security deposit of/)).toHaveTextContent('$15,000 JMD is not part of the rental price');

    const pay = section('How to pay: Cash deposit');
    expect(await pay.findByText(bank.accountNumber)).toBeInTheDocument();
    expect(pay.getByText('What').nextElementSibling).toHaveTextContent(`To pay: ${jmd(quote.total)}`);
    expect(pay.getByText('When').nextElementSibling).toHaveTextContent(formatInstantWithTime(booking.holdExpiresAt!));
    expect(pay.getByText('Where').nextElementSibling).toHaveTextContent(
      `or from your online banking. Write ${booking.reference} on the slip, or as the transfer’s reference`,
    );
    // The account number and the reference are copied with a tap, for the bank's app.
    const user = userEvent.setup();
    await user.click(pay.getByRole('button', { name: 'Copy account number' }));
    expect(await navigator.clipboard.readText()).toBe(bank.accountNumber);
    expect(await screen.findByText('Account number copied.')).toBeInTheDocument();
    await user.click(pay.getByRole('button', { name: 'Copy reference' }));
    expect(await navigator.clipboard.readText()).toBe(booking.reference);

    const chat = section('Questions or changes').getByRole('link', { name: /WhatsApp/ });
    const chatUrl = new URL(chat.getAttribute('href')!);
    expect(chatUrl.origin + chatUrl.pathname).toBe((await testApi().call('company')).company.chatUrl);
    expect(chatUrl.searchParams.get('text')).toContain(booking.reference);
    expect(chat).toHaveAttribute('target', '_blank');

    const calendar = await dates.findByRole('link', { name: 'Add to calendar' });
    expect(calendar).toHaveAttribute('download', `${booking.reference}.ics`);
    const ics = decodeURIComponent(calendar.getAttribute('href')!.replace(/^data:text\/calendar;charset=utf-8,/, ''));
    expect(ics).toContain(`DTSTART;VALUE=DATE:${pickup.replace(/-/g, '')}`);
    expect(ics).toContain(`DTEND;VALUE=DATE:${addDays(ret, 1).replace(/-/g, '')}`);
    expect(ics.replace(/\r\n /g, '')).toContain(`SUMMARY:Car rental: ${car.brand} Yaris (${booking.reference})`);
  });

  it('shows the folio: the charges, what staff recorded as paid, and what is still to pay, then what we owe back', async () => {
    const { token } = await registerCustomer('Folio Reader');
    const { pickup, ret } = nextDays(2);
    const booking = await createBooking(token, car._id, pickup, ret);
    await setBookingStatus(booking._id, 'confirmed');
    const owner = ownerApi();
    await owner.call('recordPayment', { params: { id: booking._id }, body: { method: 'cash', amount: 3000, reference: 'Till 12' } });
    renderApp(`/my-bookings/${booking.reference}`, { token });
    await screen.findByRole('heading', { level: 1, name: `Booking ${booking.reference}` }, { timeout: 10_000 });

    const folio = section('Charges and payments');
    expect(await folio.findByText('Payment by cash', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(folio.getByText(/Ref\. Till 12/)).toBeInTheDocument();
    const charges = within(folio.getByRole('list', { name: 'Charges' })).getAllByRole('listitem');
    expect(charges.length).toBeGreaterThan(0);
    expect(folio.getByText('Still to pay').nextElementSibling).toHaveTextContent(jmd(booking.price - 3000));
    expect(folio.getByText('Charged').nextElementSibling).toHaveTextContent(jmd(booking.price));
    expect(section('Price').getByText(/^Payment:/)).toHaveTextContent(`Payment: ${PAYMENT_STATUS_WORDS.part_paid}`);
    expect(section('How to pay: Pay upfront').getByText('Part of it is paid: what is still to pay is under Charges and payments.')).toBeInTheDocument();

    // A discount larger than what is left: the company owes the customer the difference.
    await owner.call('addCharge', {
      params: { id: booking._id },
      body: { kind: 'discount', label: 'Loyal customer', amount: booking.price, gctApplies: false },
    });
    const { folio: now } = await owner.call('folio', { params: { id: booking._id } });
    expect(now.totals.balance).toBeLessThan(0);
    cleanup();
    renderApp(`/my-bookings/${booking.reference}`, { token });
    await screen.findByRole('heading', { level: 1, name: `Booking ${booking.reference}` }, { timeout: 10_000 });
    const after = section('Charges and payments');
    expect(await after.findByText('We owe you', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(after.getByText('We owe you').nextElementSibling).toHaveTextContent(jmd(-now.totals.balance));
    expect(after.getByText(/Loyal customer/)).toBeInTheDocument();
    // Owed money back, the customer is not asked to pay.
    expect(section('How to pay: Pay upfront').getByText('Nothing to pay: what we owe you, or gave back, is under Charges and payments.')).toBeInTheDocument();
  });

  it('cancels a pending booking after asking in the page, says so with the server’s message, and frees its days', async () => {
    const user = userEvent.setup();
    const browserConfirm = vi.spyOn(window, 'confirm');
    const { token } = await registerCustomer('Canceller');
    const { pickup, ret } = nextDays(2);
    const booking = await createBooking(token, car._id, pickup, ret);
    renderApp(`/my-bookings/${booking.reference}`, { token });

    await user.click(await cancelButton());
    const dialog = within(await screen.findByRole('alertdialog', { name: `Cancel booking ${booking.reference}?` }));
    expect(dialog.getByText(/The car's days are freed for other customers, and this cannot be undone/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Yes, cancel the booking' }));
    expect(browserConfirm).not.toHaveBeenCalled();
    expect(await screen.findByText(MESSAGES.bookingCancelled)).toBeInTheDocument();
    await waitFor(() => expect(section('Status').getByText('Cancelled by you')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Cancel this booking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /How to pay/ })).not.toBeInTheDocument();
    // Nothing was paid: no refund to speak of.
    expect(screen.queryByRole('region', { name: 'Your refund' })).not.toBeInTheDocument();
    // Someone else can book those days now.
    const other = await registerCustomer();
    await expect(createBooking(other.token, car._id, pickup, ret)).resolves.toMatchObject({ status: 'pending' });
  });

  it('says before and after cancelling a paid booking what comes back, how and within how many bank days', async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer('Paid Canceller');
    const { pickup, ret } = nextDays(2);
    const booking = await createBooking(token, car._id, pickup, ret);
    await ownerApi().call('recordPayment', { params: { id: booking._id }, body: { method: 'card', amount: 5000 } });
    const { company } = await testApi().call('company');
    renderApp(`/my-bookings/${booking.reference}`, { token });

    const cancel = within(await screen.findByRole('region', { name: 'Cancel' }, { timeout: 10_000 }));
    const before = `If you cancel, you are owed a refund of ${jmd(5000)}: we send it back to the card you paid with, within ${company.refundBankDays} bank days of the cancellation.`;
    expect(await cancel.findByText((text) => text.startsWith(before), {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(cancel.getByRole('button', { name: 'Cancel this booking' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText(/If you cancel, you are owed a refund/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Yes, cancel the booking' }));

    const refund = within(await screen.findByRole('region', { name: 'Your refund' }, { timeout: 10_000 }));
    expect(
      await refund.findByText(
        `You are owed a refund of ${jmd(5000)}: we send it back to the card you paid with, within ${company.refundBankDays} bank days of the cancellation.`,
      ),
    ).toBeInTheDocument();
  });

  it('keeps the booking when the customer answers no', async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer();
    const { pickup, ret } = nextDays(1);
    const booking = await createBooking(token, car._id, pickup, ret);
    renderApp(`/my-bookings/${booking.reference}`, { token });
    await user.click(await cancelButton());
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'No, keep it' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel this booking' })).toBeEnabled();
    expect(screen.queryByText(MESSAGES.bookingCancelled)).not.toBeInTheDocument();
  });

  it('toasts the server’s refusal when the booking was cancelled meanwhile, and shows it as it is now', async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer();
    const { pickup, ret } = nextDays(1);
    const booking = await createBooking(token, car._id, pickup, ret);
    renderApp(`/my-bookings/${booking.reference}`, { token });
    const button = await cancelButton();
    await setBookingStatus(booking._id, 'cancelled');
    await user.click(button);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel the booking' }));
    expect(await screen.findByText(MESSAGES.alreadyCancelled)).toBeInTheDocument();
    await waitFor(() => expect(section('Status').getByText('Cancelled by the company')).toBeInTheDocument());
  });

  it('offers no Cancel once a confirmed booking’s pickup day has come, and says to call', async () => {
    const { token } = await registerCustomer();
    const booking = await createBooking(token, car._id, today, today);
    await setBookingStatus(booking._id, 'confirmed');
    renderApp(`/my-bookings/${booking.reference}`, { token });
    expect(await screen.findByText(/can no longer be cancelled online/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel this booking' })).not.toBeInTheDocument();
    expect(section('Status').getByText('Confirmed')).toBeInTheDocument();
    expect(section('How to pay: Pay upfront').getByText('When').nextElementSibling).toHaveTextContent('When you collect the car');
  });

  it('finds no booking of someone else, and says so plainly', async () => {
    const owner = await registerCustomer();
    const stranger = await registerCustomer();
    const { pickup, ret } = nextDays(1);
    const booking = await createBooking(owner.token, car._id, pickup, ret);
    renderApp(`/my-bookings/${booking.reference}`, { token: stranger.token });
    expect(await screen.findByText(`We cannot find booking ${booking.reference} among your bookings.`)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'My Bookings' })).toHaveAttribute('href', '/my-bookings');
  });

  it('asks a logged-out visitor to log in, then shows the booking on the same page', async () => {
    const user = userEvent.setup();
    const { token, email } = await registerCustomer();
    const { pickup, ret } = nextDays(1);
    const booking = await createBooking(token, car._id, pickup, ret);
    renderApp(`/my-bookings/${booking.reference}`);
    expect(screen.getByText('Please log in to see this booking.')).toBeInTheDocument();
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email'), email);
    await user.type(within(dialog).getByLabelText('Password'), TEST_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { level: 1, name: `Booking ${booking.reference}` })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/my-bookings/${booking.reference}`);
  });
});
