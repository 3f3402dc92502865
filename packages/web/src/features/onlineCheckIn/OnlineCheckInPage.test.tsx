/**
 * Online check-in with the session of a booking's one-time sign-in link (docs/decisions/123, 124):
 * a walk-in booked by staff, with no password, opens the link; the looked-up booking offers "Check
 * in online", and the check-in page reads the booking and its steps with that session. Where a step
 * leads to an account's page it says in words what to do; payment gives the bank's instructions.
 * A logged-in customer's check-in is as before.
 */
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { addCar, createBooking, ensureBankDetails, ownerApi, registerCustomer, setBookingStatus, testApi, uniqueEmail } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { forgetBookingSession, keepBookingSession } from '../bookingLookup/bookingSession';
import { DETAILS_WITHOUT_ACCOUNT } from './DriversStep';

afterEach(() => forgetBookingSession());

/** A walk-in staff booked for tomorrow, confirmed: a name, a phone and an e-mail, no password, no documents. */
async function walkInBooking(name: string) {
  const email = uniqueEmail('walkin');
  const car = await addCar({ brand: 'Kia', model: 'Picanto' });
  const tomorrow = addDays(companyToday(), 1);
  const { booking } = await ownerApi().call('staffBooking', {
    body: {
      customer: { name, phone: '876 555 0177', email },
      car: car._id,
      pickupDate: tomorrow,
      returnDate: addDays(tomorrow, 1),
      paymentMethod: 'upfront',
      status: 'confirmed',
    },
  });
  return { booking, email };
}

/** The look-up, the link from the outbox (as staff would copy it, mail being off here), and the session it opens, kept as /booking/sign-in keeps it. */
async function signInThroughTheLink(reference: string, lastName: string, email: string) {
  await testApi().call('bookingLookup', { body: { reference, lastNameOrEmail: lastName } });
  const owner = ownerApi();
  const letter = (await owner.call('ownerOutbox')).messages.find((m) => m.recipient === email && m.subject.includes('sign-in link'));
  expect(letter, 'the sign-in link letter is in the outbox').toBeDefined();
  const { link } = await owner.call('outboxLink', { params: { id: letter!._id } });
  const token = new URL(link).searchParams.get('token')!;
  const session = await testApi().call('bookingLookupSignIn', { body: { token } });
  keepBookingSession(session);
}

describe('online check-in through a booking’s sign-in link', () => {
  it('the looked-up booking offers "Check in online"; the page reads the steps with the link’s session and says in words what the account pages would do', async () => {
    const user = userEvent.setup();
    await ensureBankDetails();
    const { booking, email } = await walkInBooking('Dorrett Chambers');
    await signInThroughTheLink(booking.reference, 'chambers', email);

    renderApp(`/booking/${booking.reference}`);
    const call = await screen.findByRole('region', { name: 'Check in online' });
    const open = within(call).getByRole('link', { name: 'Check in online' });
    expect(open).toHaveAttribute('href', `/my-bookings/${booking.reference}/check-in`);
    await user.click(open);

    expect(await screen.findByRole('heading', { name: 'Check in online', level: 1 })).toBeInTheDocument();
    const drivers = await screen.findByRole('region', { name: '1. Drivers' });
    // The walk-in gave no licence or documents: told how, not sent to an account page they cannot open.
    expect(within(drivers).getByText('Dorrett Chambers')).toBeInTheDocument();
    expect(within(drivers).getByText(DETAILS_WITHOUT_ACCOUNT)).toBeInTheDocument();
    expect(within(drivers).queryByRole('link', { name: 'Give your licence and documents' })).toBeNull();
    expect(within(drivers).queryByRole('link', { name: 'Add another driver on the booking page' })).toBeNull();
    // Back goes to the looked-up booking, which this session opens (the booking page needs a login).
    expect(screen.getByRole('link', { name: `Booking ${booking.reference}` })).toHaveAttribute('href', `/booking/${booking.reference}`);

    await user.click(screen.getByRole('button', { name: 'Step 4: Payment' }));
    const payment = await screen.findByRole('region', { name: '4. Payment' });
    expect(await within(payment).findByText('Pay it into our bank account with your booking reference, or at the counter.')).toBeInTheDocument();
    // The bank's instructions, with the reference to put on the deposit.
    expect((await within(payment).findAllByText(new RegExp(booking.reference))).length).toBeGreaterThan(0);
    expect(within(payment).queryByRole('button', { name: /Pay by card/ })).toBeNull();
  });

  it('without the link’s session nor a login, the page asks to log in and shows where to find the booking', async () => {
    const { booking } = await walkInBooking('Lascelles Gordon');
    renderApp(`/my-bookings/${booking.reference}/check-in`);
    expect(await screen.findByText('Please log in to check in.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find your booking' })).toHaveAttribute('href', `/booking/${booking.reference}`);
  });

  it('a session ended (its two hours, or a password change) says so and leads back to the look-up', async () => {
    const { booking, email } = await walkInBooking('Tameka Bailey');
    await signInThroughTheLink(booking.reference, 'bailey', email);
    // The link's booking, then a password set: the session version moves on, as a real password change does.
    await testApi().call('forgotPassword', { body: { email } });
    const reset = (await ownerApi().call('ownerOutbox')).messages.find((m) => m.recipient === email && m.subject.startsWith('Choose a new password'));
    const { link } = await ownerApi().call('outboxLink', { params: { id: reset!._id } });
    await testApi().call('resetPassword', { body: { token: new URL(link).searchParams.get('token')!, password: 'tameka chose this one' } });

    renderApp(`/my-bookings/${booking.reference}/check-in`);
    expect(await screen.findByText('This sign-in has ended.')).toBeInTheDocument();
    const again = screen.getByRole('link', { name: 'Look the booking up again' });
    expect(again).toHaveAttribute('href', `/booking/${booking.reference}`);
    // The ended session is forgotten: the look-up's form shows, not the ended booking.
    await userEvent.setup().click(again);
    expect(await screen.findByRole('button', { name: 'Find my booking' })).toBeInTheDocument();
  });

  it('a logged-in customer checks in with their account as before: the steps link to the account page', async () => {
    const { token } = await registerCustomer('Winston Account');
    const car = await addCar({ brand: 'Kia', model: 'Rio' });
    const tomorrow = addDays(companyToday(), 1);
    const booking = await createBooking(token, car._id, tomorrow, addDays(tomorrow, 1));
    await setBookingStatus(booking._id, 'confirmed');
    renderApp(`/my-bookings/${booking.reference}/check-in`, { token });
    const drivers = await screen.findByRole('region', { name: '1. Drivers' });
    expect(within(drivers).getByRole('link', { name: 'Give your licence and documents' })).toHaveAttribute('href', '/account');
    expect(within(drivers).queryByText(DETAILS_WITHOUT_ACCOUNT)).toBeNull();
    expect(screen.getByRole('link', { name: `Booking ${booking.reference}` })).toHaveAttribute('href', `/my-bookings/${booking.reference}`);
  });
});
