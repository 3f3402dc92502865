/**
 * Issue 32 item 10: the customer's "Change dates" uses the car page's calendar, with the days other
 * bookings hold crossed out, and the new price says why the total moved: the old and new total and
 * the lines that changed.
 */
import { DEFAULT_COMPANY } from '@rental/contract/company';
import { formatMoney } from '@rental/contract/format';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addCar, createBooking, registerCustomer, testApi, uniqueWord } from '../../test/api';
import { findDay } from '../../test/calendar';
import { renderApp } from '../../test/renderApp';

const jmd = (amount: number) => formatMoney(amount, DEFAULT_COMPANY.currency);

describe("the customer's Change dates", () => {
  it('chooses new days on the calendar, taken days crossed out, and shows which lines moved the total', async () => {
    const user = userEvent.setup();
    const car = await addCar({ brand: uniqueWord('Move'), model: 'Yaris', pricePerDay: 4000 });
    const pickup = addDays(companyToday(), 230);
    const { token } = await registerCustomer('Date Mover');
    const booking = await createBooking(token, car._id, pickup, addDays(pickup, 2));
    const other = await registerCustomer();
    await createBooking(other.token, car._id, addDays(pickup, 5), addDays(pickup, 6));
    const { company } = await testApi().call('company');

    renderApp(`/my-bookings/${booking.reference}`, { token });
    await user.click(await screen.findByRole('button', { name: 'Change dates' }, { timeout: 10_000 }));
    const form = within(await screen.findByRole('form', { name: `Change booking ${booking.reference}` }));
    // Another booking's day cannot be chosen; this booking's own days can.
    expect(await findDay(user, addDays(pickup, 5))).toBeDisabled();
    expect(await findDay(user, pickup)).toBeEnabled();
    expect(form.getByRole('button', { name: 'See the new price' })).toBeDisabled();

    await user.click(await findDay(user, pickup));
    await user.click(await findDay(user, addDays(pickup, 3)));
    expect(form.getByText(/: 3 days of rental\.$/)).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'See the new price' }));

    const moved = within(await form.findByRole('table', { name: 'Why the total moved' }, { timeout: 10_000 }));
    const carRow = within(moved.getByRole('row', { name: new RegExp(`^${car.brand} Yaris`) }));
    expect(carRow.getByText(jmd(8000))).toBeInTheDocument();
    expect(carRow.getByText(jmd(12000))).toBeInTheDocument();
    const gct = company.gctPercent;
    if (gct > 0) expect(moved.getByRole('row', { name: new RegExp(`^GCT \\(${gct}%\\)`) })).toBeInTheDocument();
    const summary = within(screen.getByTestId('change-summary'));
    expect(summary.getByText('Now').parentElement).toHaveTextContent(jmd(booking.price));
    expect(summary.getByText(/^Difference:/)).toHaveTextContent(/more$/);
  });
});
