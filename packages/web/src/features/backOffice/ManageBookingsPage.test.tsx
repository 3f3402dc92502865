import { MESSAGES } from '@rental/contract/messages';
import { REFUSAL_CODES } from '@rental/contract/refusalCodes';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCar, createBooking, ownerApi, ownerToken, registerCustomer, setBookingStatus, uniqueWord } from '../../test/api';
import { formatCalendarDate } from '../../lib/dates';
import { renderApp } from '../../test/renderApp';

const SLOW = { timeout: 10_000 };
const GREEN = 'bg-emerald-50';
const AMBER = 'bg-amber-50';
const RED = 'bg-red-50';

const book = createBooking;

const setStatus = setBookingStatus;

/** The booking as the server holds it (looked up by its reference, one page). */
async function stored(reference: string) {
  const { bookings } = await ownerApi().call('ownerBookings', { query: { limit: 5, q: reference } });
  return bookings.find((b) => b.reference === reference);
}
const storedStatus = async (reference: string) => (await stored(reference))?.status;

/** The subjects of the e-mails the site has written to this address (the newest page of the outbox). */
async function subjectsTo(email: string) {
  const { messages } = await ownerApi().call('ownerOutbox');
  return messages.filter((m) => m.recipient === email).map((m) => m.subject);
}

describe('manage bookings', { timeout: 30_000 }, () => {
  const customerName = uniqueWord('Customer');
  const customerPhone = '876 555 0142';
  const pickup = addDays(companyToday(), 40);
  const returnDate = addDays(pickup, 3);
  const statusOf = (carName: string) => screen.getByLabelText(`Status of ${customerName}’s booking of the ${carName} from ${formatCalendarDate(pickup)}`);
  let cars: { pending: string; confirmed: string; cancelled: string };
  let references: { pending: string; confirmed: string; cancelled: string };
  let customerEmail: string;

  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Manage Bookings searched for this file's customer: other tests' bookings (one shared server) stay out. */
  async function openForCustomer() {
    renderApp('/owner/manage-bookings', { token: ownerToken() });
    const search = await screen.findByRole('searchbox', { name: 'Find a booking' }, SLOW);
    await userEvent.type(search, customerName);
    // The list answered for the search (typing pauses before the server is asked).
    await screen.findByText('Showing 3 bookings, newest first.', {}, SLOW);
  }
  /** The payment badge of a booking: what is paid, as its folio says. */
  const paymentOf = (carName: string) =>
    screen.getByText(`Payment for ${customerName}’s booking of the ${carName} from ${formatCalendarDate(pickup)}:`).parentElement!;
  const recordPaidOf = (carName: string) =>
    screen.queryByRole('button', { name: `Record balance as paid for ${customerName}’s booking of the ${carName} from ${formatCalendarDate(pickup)}` });

  beforeAll(async () => {
    await import('./StaffRoutes');
    const customer = await registerCustomer(customerName, { phone: customerPhone });
    customerEmail = customer.email;
    const [pending, confirmed, cancelled] = await Promise.all(
      ['Pending', 'Confirmed', 'Cancelled'].map((word) => addCar({ brand: uniqueWord(word), model: 'Axio' })),
    );
    cars = { pending: `${pending!.brand} Axio`, confirmed: `${confirmed!.brand} Axio`, cancelled: `${cancelled!.brand} Axio` };
    const pendingBooking = await book(customer.token, pending!._id, pickup, returnDate);
    const confirmedBooking = await book(customer.token, confirmed!._id, pickup, returnDate);
    await setStatus(confirmedBooking._id, 'confirmed');
    // A cancelled booking whose days someone else has taken since: it cannot come back.
    const cancelledBooking = await book(customer.token, cancelled!._id, pickup, returnDate);
    await setStatus(cancelledBooking._id, 'cancelled');
    const other = await registerCustomer(uniqueWord('Other'));
    await book(other.token, cancelled!._id, pickup, returnDate);
    references = { pending: pendingBooking.reference, confirmed: confirmedBooking.reference, cancelled: cancelledBooking.reference };
  });

  it('lists reference, car, customer with phone, dates, total, an offline payment explained, its method and state; the status in words, green when confirmed, amber while waiting, red when cancelled', async () => {
    await openForCustomer();
    const select = await screen.findByLabelText(`Status of ${customerName}’s booking of the ${cars.pending} from ${formatCalendarDate(pickup)}`, {}, SLOW);
    await waitFor(() => expect(document.title).toMatch(/^Manage Bookings \|/), { timeout: 10_000 });
    const row = select.closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent(references.pending);
    expect(cells[1]).toHaveTextContent(cars.pending);
    expect(cells[2]).toHaveTextContent(customerName);
    expect(cells[2]).toHaveTextContent(customerEmail);
    expect(within(cells[2]!).getByRole('link', { name: customerPhone })).toHaveAttribute('href', 'tel:8765550142');
    expect(cells[3]).toHaveTextContent(formatCalendarDate(pickup));
    expect(cells[3]).toHaveTextContent(formatCalendarDate(returnDate));
    // The total heads the payment: SPEC's chip, what it means in words on the screen (not only in a tooltip), the method.
    expect(cells[4]).toHaveTextContent(/^\$[\d,]+ JMD\s*offline paid outside the site\s*Pay upfront/);
    expect(within(cells[4]!).getByText('offline')).toBeVisible();
    // What is paid is the folio's, shown, not chosen; the balance can be recorded as paid while it is owing.
    expect(paymentOf(cars.pending)).toHaveTextContent(/: Not paid yet$/);
    expect(recordPaidOf(cars.pending)).toBeInTheDocument();
    expect(within(cells[0]!).getByRole('link', { name: references.pending })).toHaveAttribute('href', expect.stringMatching(/^\/owner\/bookings\/[\w-]+$/));
    // A cancelled booking's charges are voided: nothing to record.
    expect(recordPaidOf(cars.cancelled)).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Booking', 'Car', 'Customer', 'Dates', 'Total and payment', 'Status']);

    expect(select).toHaveValue('pending');
    expect(select).toHaveDisplayValue('Waiting for confirmation');
    // Waiting is amber: alive, never the red of a cancelled booking.
    expect(select).toHaveClass(AMBER);
    expect(select).not.toHaveClass(RED);
    expect(Array.from(select.querySelectorAll('option'), (o) => o.value)).toEqual(['pending', 'confirmed', 'cancelled']);
    expect(Array.from(select.querySelectorAll('option'), (o) => o.textContent)).toEqual(['Waiting for confirmation', 'Confirmed', 'Cancelled']);
    expect(statusOf(cars.confirmed)).toHaveValue('confirmed');
    expect(statusOf(cars.confirmed)).toHaveClass(GREEN);
    expect(statusOf(cars.cancelled)).toHaveValue('cancelled');
    expect(statusOf(cars.cancelled)).toHaveClass(RED);
  });

  it('asks before a confirmation, which e-mails the customer: "leave it" changes nothing', async () => {
    await openForCustomer();
    const select = await screen.findByLabelText(`Status of ${customerName}’s booking of the ${cars.pending} from ${formatCalendarDate(pickup)}`, {}, SLOW);
    const lettersBefore = await subjectsTo(customerEmail);
    await userEvent.selectOptions(select, 'confirmed');
    const question = await screen.findByRole('alertdialog', { name: `Confirm booking ${references.pending}?` });
    expect(question).toHaveAccessibleDescription(
      `${customerName} will get an e-mail at ${customerEmail} saying that the booking of the ${cars.pending} from ${formatCalendarDate(pickup)} is confirmed.`,
    );
    // The safe answer has the focus.
    expect(within(question).getByRole('button', { name: 'Leave it waiting for confirmation' })).toHaveFocus();
    await userEvent.click(within(question).getByRole('button', { name: 'Leave it waiting for confirmation' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(statusOf(cars.pending)).toHaveValue('pending');
    expect(statusOf(cars.pending)).toHaveFocus();
    expect(await storedStatus(references.pending)).toBe('pending');
    expect(await subjectsTo(customerEmail)).toEqual(lettersBefore);

    // Escape is a no as well.
    await userEvent.selectOptions(statusOf(cars.pending), 'cancelled');
    expect(await screen.findByRole('alertdialog', { name: `Cancel booking ${references.pending}?` })).toHaveTextContent(
      "The car's days become free for other customers.",
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(statusOf(cars.pending)).toHaveValue('pending');
    expect(await storedStatus(references.pending)).toBe('pending');
  });

  it('confirms after the question: saved, the customer is e-mailed, the select turns green', async () => {
    await openForCustomer();
    const select = await screen.findByLabelText(`Status of ${customerName}’s booking of the ${cars.pending} from ${formatCalendarDate(pickup)}`, {}, SLOW);
    await userEvent.selectOptions(select, 'confirmed');
    const question = await screen.findByRole('alertdialog', { name: `Confirm booking ${references.pending}?` });
    await userEvent.click(within(question).getByRole('button', { name: 'Confirm and e-mail the customer' }));
    expect(await screen.findByText(MESSAGES.statusUpdated)).toBeInTheDocument();
    await waitFor(() => expect(statusOf(cars.pending)).not.toHaveAttribute('aria-disabled'));
    expect(statusOf(cars.pending)).toHaveValue('confirmed');
    expect(statusOf(cars.pending)).toHaveClass(GREEN);
    expect(statusOf(cars.pending)).toHaveFocus();
    expect(await storedStatus(references.pending)).toBe('confirmed');
    expect(await subjectsTo(customerEmail)).toContain(`Booking ${references.pending} is confirmed`);
  });

  it('asks before cancelling a confirmed booking, naming the e-mail and the freed days', async () => {
    await openForCustomer();
    const select = await screen.findByLabelText(`Status of ${customerName}’s booking of the ${cars.confirmed} from ${formatCalendarDate(pickup)}`, {}, SLOW);
    await userEvent.selectOptions(select, 'cancelled');
    const question = await screen.findByRole('alertdialog', { name: `Cancel booking ${references.confirmed}?` });
    expect(question).toHaveAccessibleDescription(
      `${customerName} will get an e-mail at ${customerEmail} saying that the booking of the ${cars.confirmed} from ${formatCalendarDate(pickup)} is cancelled. The car's days become free for other customers.`,
    );
    // While asked, the select shows the choice in its colour.
    expect(statusOf(cars.confirmed)).toHaveValue('cancelled');
    expect(within(question).getByRole('button', { name: 'Cancel it and e-mail the customer' })).toBeInTheDocument();
    await userEvent.click(within(question).getByRole('button', { name: 'Leave it confirmed' }));
    expect(statusOf(cars.confirmed)).toHaveValue('confirmed');
    expect(statusOf(cars.confirmed)).toHaveClass(GREEN);
    expect(await storedStatus(references.confirmed)).toBe('confirmed');
  });

  it('toasts the server’s refusal and puts the select back to the stored status', async () => {
    await openForCustomer();
    const select = await screen.findByLabelText(`Status of ${customerName}’s booking of the ${cars.cancelled} from ${formatCalendarDate(pickup)}`, {}, SLOW);
    // Back to waiting e-mails nobody, so it is not asked about.
    await userEvent.selectOptions(select, 'pending');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.reactivateConflict)).toBeInTheDocument();
    await waitFor(() => expect(statusOf(cars.cancelled)).toHaveValue('cancelled'));
    expect(statusOf(cars.cancelled)).toHaveClass(RED);
    expect(await storedStatus(references.cancelled)).toBe('cancelled');
  });

  it('shows a card per booking on a narrow screen, each with everything the table row has', async () => {
    const real = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...real(query), matches: query.includes('max-width') }));
    await openForCustomer();
    const select = await screen.findByLabelText(`Status of ${customerName}’s booking of the ${cars.confirmed} from ${formatCalendarDate(pickup)}`, {}, SLOW);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = select.closest('li')!;
    for (const text of [
      references.confirmed,
      cars.confirmed,
      customerName,
      customerEmail,
      customerPhone,
      formatCalendarDate(pickup),
      formatCalendarDate(returnDate),
      'offline paid outside the site',
      'Pay upfront',
    ]) {
      expect(card).toHaveTextContent(text);
    }
    expect(card).toHaveTextContent(/\$[\d,]+ JMD/);
    expect(select).toHaveValue('confirmed');
    expect(select).toHaveClass(GREEN);
    expect(statusOf(cars.cancelled)).toHaveClass(RED);
    expect(within(card).getByText(/^Payment for/).parentElement).toHaveTextContent(/: Not paid yet$/);
    expect(within(card).getByRole('button', { name: /^Record balance as paid for/ })).toBeInTheDocument();
  });

  it('asks the server for what is typed: the reference however it is written, the customer’s name, e-mail or phone', async () => {
    const user = userEvent.setup();
    renderApp('/owner/manage-bookings', { token: ownerToken() });
    const search = await screen.findByRole('searchbox', { name: 'Find a booking' }, SLOW);
    const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

    await user.type(search, references.confirmed.toLowerCase().replace('-', ' '));
    await waitFor(() => expect(rows()).toHaveLength(1), SLOW);
    expect(rows()[0]).toHaveTextContent(references.confirmed);

    for (const query of [customerName.toUpperCase(), customerEmail, customerPhone.replace(/ /g, '-')]) {
      await user.clear(search);
      await user.type(search, query);
      await waitFor(() => expect(rows()).toHaveLength(3), SLOW);
      for (const row of rows()) expect(row).toHaveTextContent(customerName);
    }
    expect(screen.getByText('Showing 3 bookings, newest first.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'nobody-has-this-name');
    expect(await screen.findByText(/No booking matches “nobody-has-this-name”/, {}, SLOW)).toBeInTheDocument();
  });

  it('filters by status, by what has been paid and by days; days the wrong way round are said at once', async () => {
    const user = userEvent.setup();
    await openForCustomer();
    await screen.findByLabelText(`Status of ${customerName}’s booking of the ${cars.pending} from ${formatCalendarDate(pickup)}`, {}, SLOW);
    const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

    expect(Array.from(screen.getByLabelText('Status').querySelectorAll('option'), (o) => o.textContent)).toEqual([
      'All',
      'Waiting for confirmation',
      'Confirmed',
      'Cancelled',
      'Picked up',
      'Returned',
      'No-show',
    ]);
    await user.selectOptions(screen.getByLabelText('Status'), 'cancelled');
    await waitFor(() => expect(rows()).toHaveLength(1), SLOW);
    expect(rows()[0]).toHaveTextContent(references.cancelled);

    await user.selectOptions(screen.getByLabelText('Status'), '');
    // The five states the folio leaves a booking in.
    expect(Array.from(screen.getByLabelText('Payment').querySelectorAll('option'), (o) => o.textContent)).toEqual([
      'All',
      'Not paid yet',
      'Part paid',
      'Paid',
      'Refund due',
      'Refunded',
    ]);
    await user.selectOptions(screen.getByLabelText('Payment'), 'paid');
    expect(await screen.findByText(/No booking matches “.*” with these filters/, {}, SLOW)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Payment'), '');
    await user.type(screen.getByLabelText('From'), addDays(pickup, 5));
    await user.type(screen.getByLabelText('To'), addDays(pickup, 1));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.bookingDatesReversed);
    // The return day touches the rental: all three are listed; the day after it, none.
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), addDays(returnDate, 9));
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), returnDate);
    await waitFor(() => expect(rows()).toHaveLength(3), SLOW);
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), addDays(returnDate, 1));
    expect(
      await screen.findByText(
        'No booking matches “' + customerName + '” with these filters. Try the reference (WR-…), the customer’s name, e-mail or phone.',
        {},
        SLOW,
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('searchbox', { name: 'Find a booking' })).toHaveValue('');
  });

  it('records the balance as paid by the way it came in: the badge reads Paid, the folio holds the payment, the action goes', async () => {
    await openForCustomer();
    await screen.findByText(`Payment for ${customerName}’s booking of the ${cars.confirmed} from ${formatCalendarDate(pickup)}:`, {}, SLOW);
    await userEvent.click(recordPaidOf(cars.confirmed)!);
    const method = screen.getByLabelText(`Way the balance of ${customerName}’s booking of the ${cars.confirmed} from ${formatCalendarDate(pickup)} was paid`);
    // Paid upfront: cash at the office, unless staff say otherwise.
    expect(method).toHaveDisplayValue('By cash');
    await userEvent.selectOptions(method, 'bank_transfer');
    await userEvent.click(
      screen.getByRole('button', {
        name: `Record the balance of ${customerName}’s booking of the ${cars.confirmed} from ${formatCalendarDate(pickup)} as paid`,
      }),
    );
    expect(await screen.findByText(MESSAGES.paymentStatusUpdated)).toBeInTheDocument();
    await waitFor(() => expect(paymentOf(cars.confirmed)).toHaveTextContent(/: Paid$/), SLOW);
    expect(recordPaidOf(cars.confirmed)).not.toBeInTheDocument();
    const booking = (await stored(references.confirmed))!;
    expect(booking.paymentStatus).toBe('paid');
    const { folio } = await ownerApi().call('folio', { params: { id: booking._id } });
    expect(folio.totals.balance).toBe(0);
    expect(folio.payments.map((p) => [p.kind, p.method, p.amount])).toEqual([['payment', 'bank_transfer', booking.price]]);
  });

  it('says nothing is owing, by its code, when the balance was recorded meanwhile, and shows it paid', async () => {
    await openForCustomer();
    await screen.findByText(`Payment for ${customerName}’s booking of the ${cars.pending} from ${formatCalendarDate(pickup)}:`, {}, SLOW);
    await userEvent.click(recordPaidOf(cars.pending)!);
    // Someone at the counter takes the whole balance first.
    const booking = (await stored(references.pending))!;
    const { folio } = await ownerApi().call('folio', { params: { id: booking._id } });
    await ownerApi().call('recordPayment', { params: { id: booking._id }, body: { method: 'cash', amount: folio.totals.balance } });
    await userEvent.click(
      screen.getByRole('button', { name: `Record the balance of ${customerName}’s booking of the ${cars.pending} from ${formatCalendarDate(pickup)} as paid` }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(REFUSAL_CODES.nothing_owing);
    await waitFor(() => expect(paymentOf(cars.pending)).toHaveTextContent(/: Paid$/), SLOW);
    // Recorded once: the counter's payment alone.
    expect((await ownerApi().call('folio', { params: { id: booking._id } })).folio.payments).toHaveLength(1);
  });
});
