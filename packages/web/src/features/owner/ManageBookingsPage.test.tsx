import { API } from '@rental/contract/api';
import { MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { BookingCreatedResponse, OwnerBookingsResponse } from '@rental/contract/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCar, ownerToken, registerCustomer, uniqueWord } from '../../test/api';
import { formatCalendarDate } from '../../lib/dates';
import { renderApp } from '../../test/renderApp';
import { post, readAsOwner } from './ownerTestKit';

const SLOW = { timeout: 10_000 };
const GREEN = 'bg-emerald-50';
const RED = 'bg-red-50';

async function book(token: string, car: string, pickupDate: string, returnDate: string) {
  const { booking } = await post<BookingCreatedResponse>(API.createBooking, token, { car, pickupDate, returnDate, paymentMethod: 'upfront' });
  return booking;
}

const setStatus = (bookingId: string, status: string) => post(API.changeStatus, ownerToken(), { bookingId, status });

async function storedStatus(bookingId: string) {
  const { bookings } = await readAsOwner<OwnerBookingsResponse>(API.ownerBookings);
  return bookings.find((b) => b._id === bookingId)?.status;
}

describe('manage bookings', { timeout: 30_000 }, () => {
  const customerName = uniqueWord('Customer');
  const customerPhone = '876 555 0142';
  const pickup = addDays(companyToday(), 40);
  const returnDate = addDays(pickup, 3);
  const statusOf = (carName: string) =>
    screen.getByLabelText(`Status of ${customerName}’s booking of the ${carName} from ${formatCalendarDate(pickup)}`);
  let cars: { pending: string; confirmed: string; cancelled: string };
  let ids: { pending: string; confirmed: string; cancelled: string };
  let references: { pending: string; confirmed: string; cancelled: string };
  let customerEmail: string;

  afterEach(() => {
    vi.restoreAllMocks();
  });

  beforeAll(async () => {
    await import('./OwnerRoutes');
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
    ids = { pending: pendingBooking._id, confirmed: confirmedBooking._id, cancelled: cancelledBooking._id };
    references = { pending: pendingBooking.reference, confirmed: confirmedBooking.reference, cancelled: cancelledBooking.reference };
  });

  it('lists reference, car, customer with phone, dates, total and an offline payment; the status is green only when confirmed', async () => {
    renderApp('/owner/manage-bookings', { token: ownerToken() });
    const select = await screen.findByLabelText(
      `Status of ${customerName}’s booking of the ${cars.pending} from ${formatCalendarDate(pickup)}`,
      {},
      SLOW,
    );
    expect(document.title).toMatch(/^Manage Bookings \|/);
    const row = select.closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent(references.pending);
    expect(cells[1]).toHaveTextContent(cars.pending);
    expect(cells[2]).toHaveTextContent(customerName);
    expect(cells[2]).toHaveTextContent(customerEmail);
    expect(within(cells[2]!).getByRole('link', { name: customerPhone })).toHaveAttribute('href', 'tel:8765550142');
    expect(cells[3]).toHaveTextContent(formatCalendarDate(pickup));
    expect(cells[3]).toHaveTextContent(formatCalendarDate(returnDate));
    expect(cells[4]).toHaveTextContent(/^\$[\d,]+ JMD$/);
    expect(cells[5]).toHaveTextContent(/^offline$/);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Booking', 'Car', 'Customer', 'Dates', 'Total', 'Payment', 'Status']);

    expect(select).toHaveValue('pending');
    expect(select).toHaveClass(RED);
    expect(Array.from(select.querySelectorAll('option'), (o) => o.value)).toEqual(['pending', 'confirmed', 'cancelled']);
    expect(statusOf(cars.confirmed)).toHaveValue('confirmed');
    expect(statusOf(cars.confirmed)).toHaveClass(GREEN);
    expect(statusOf(cars.cancelled)).toHaveValue('cancelled');
    expect(statusOf(cars.cancelled)).toHaveClass(RED);
  });

  it('saves a new status and turns the select green for confirmed', async () => {
    renderApp('/owner/manage-bookings', { token: ownerToken() });
    const select = await screen.findByLabelText(
      `Status of ${customerName}’s booking of the ${cars.pending} from ${formatCalendarDate(pickup)}`,
      {},
      SLOW,
    );
    await userEvent.selectOptions(select, 'confirmed');
    expect(await screen.findByText(MESSAGES.statusUpdated)).toBeInTheDocument();
    await waitFor(() => expect(statusOf(cars.pending)).toBeEnabled());
    expect(statusOf(cars.pending)).toHaveValue('confirmed');
    expect(statusOf(cars.pending)).toHaveClass(GREEN);
    expect(await storedStatus(ids.pending)).toBe('confirmed');
  });

  it('toasts the server’s refusal and puts the select back to the stored status', async () => {
    renderApp('/owner/manage-bookings', { token: ownerToken() });
    const select = await screen.findByLabelText(
      `Status of ${customerName}’s booking of the ${cars.cancelled} from ${formatCalendarDate(pickup)}`,
      {},
      SLOW,
    );
    await userEvent.selectOptions(select, 'pending');
    expect(await screen.findByText(MESSAGES.reactivateConflict)).toBeInTheDocument();
    await waitFor(() => expect(statusOf(cars.cancelled)).toHaveValue('cancelled'));
    expect(statusOf(cars.cancelled)).toHaveClass(RED);
    expect(await storedStatus(ids.cancelled)).toBe('cancelled');
  });

  it('shows a card per booking on a narrow screen, each with everything the table row has', async () => {
    const real = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...real(query), matches: query.includes('max-width') }));
    renderApp('/owner/manage-bookings', { token: ownerToken() });
    const select = await screen.findByLabelText(
      `Status of ${customerName}’s booking of the ${cars.confirmed} from ${formatCalendarDate(pickup)}`,
      {},
      SLOW,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = select.closest('li')!;
    for (const text of [references.confirmed, cars.confirmed, customerName, customerEmail, customerPhone, formatCalendarDate(pickup), formatCalendarDate(returnDate), 'offline']) {
      expect(card).toHaveTextContent(text);
    }
    expect(card).toHaveTextContent(/\$[\d,]+ JMD/);
    expect(select).toHaveValue('confirmed');
    expect(select).toHaveClass(GREEN);
    expect(statusOf(cars.cancelled)).toHaveClass(RED);
  });

  it('finds a booking by its reference however it is typed, by the customer’s name or e-mail', async () => {
    const user = userEvent.setup();
    renderApp('/owner/manage-bookings', { token: ownerToken() });
    await screen.findByLabelText(`Status of ${customerName}’s booking of the ${cars.pending} from ${formatCalendarDate(pickup)}`, {}, SLOW);
    const search = screen.getByRole('searchbox', { name: 'Find a booking' });
    const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

    await user.type(search, references.confirmed.toLowerCase().replace('-', ' '));
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent(references.confirmed);

    for (const query of [customerName.toUpperCase(), customerEmail]) {
      await user.clear(search);
      await user.type(search, query);
      expect(rows()).toHaveLength(3);
      for (const row of rows()) expect(row).toHaveTextContent(customerName);
    }

    await user.clear(search);
    await user.type(search, 'nobody-has-this-name');
    expect(screen.getByText(/No booking matches “nobody-has-this-name”/)).toBeInTheDocument();
  });
});
