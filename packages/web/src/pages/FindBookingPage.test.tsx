import { BOOKING_LOOKUP_MESSAGES, BOOKING_LOOKUP_REFUSALS } from '@rental/contract/bookingLookup';
import { CHECK_IN_CLOSED_WORDS } from '@rental/contract/onlineCheckIn';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addCar, createBooking, registerCustomer, setBookingStatus } from '../test/api';
import { renderApp } from '../test/renderApp';

describe('finding a booking without a password', () => {
  it('the reference from the address, a wrong name refused in plain words, the last name shows the booking read-only and says a link was e-mailed', async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer('Nadine Forbes');
    const car = await addCar({ brand: 'Suzuki', model: 'Swift' });
    const pickup = addDays(companyToday(), 240);
    const booking = await createBooking(token, car._id, pickup, addDays(pickup, 2));
    renderApp(`/booking/${booking.reference}`);
    const reference = await screen.findByLabelText('Booking reference');
    expect(reference).toHaveValue(booking.reference);
    const name = screen.getByLabelText('Last name or e-mail address');

    await user.type(name, 'Forbez');
    await user.click(screen.getByRole('button', { name: 'Find my booking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BOOKING_LOOKUP_REFUSALS.lookup_no_match);

    await user.clear(name);
    await user.type(name, ' FORBES ');
    await user.click(screen.getByRole('button', { name: 'Find my booking' }));
    const found = await screen.findByRole('region', { name: `Booking ${booking.reference}` });
    expect(found).toHaveTextContent(BOOKING_LOOKUP_MESSAGES.linkSent);
    // The card's code arrives once a booking is found.
    await within(found).findByText(/Suzuki Swift/);
    expect(found).toHaveTextContent('Still to pay');
    expect(found).not.toHaveTextContent('Nadine');
    // Not confirmed yet: check-in says why not, and offers no button.
    const checkIn = await within(found).findByRole('region', { name: 'Check in online' });
    expect(checkIn).toHaveTextContent(CHECK_IN_CLOSED_WORDS.not_confirmed);
    expect(within(checkIn).queryByRole('link')).toBeNull();
  });

  it('a confirmed booking found by name says check-in is open from the e-mailed link; weeks ahead, when it opens', async () => {
    const user = userEvent.setup();
    const { token } = await registerCustomer('Garfield Spence');
    const car = await addCar({ brand: 'Suzuki', model: 'Jimny' });
    const soon = await createBooking(token, car._id, addDays(companyToday(), 1), addDays(companyToday(), 2));
    const later = await createBooking(token, car._id, addDays(companyToday(), 200), addDays(companyToday(), 201));
    for (const booking of [soon, later]) await setBookingStatus(booking._id, 'confirmed');

    renderApp(`/booking/${soon.reference}`);
    await user.type(await screen.findByLabelText('Last name or e-mail address'), 'spence');
    await user.click(screen.getByRole('button', { name: 'Find my booking' }));
    const found = await screen.findByRole('region', { name: `Booking ${soon.reference}` });
    const open = await within(found).findByRole('region', { name: 'Check in online' });
    expect(open).toHaveTextContent('Open the link we e-mailed you');
    expect(within(open).queryByRole('link')).toBeNull();

    const reference = screen.getByLabelText('Booking reference');
    await user.clear(reference);
    await user.type(reference, later.reference);
    await user.click(screen.getByRole('button', { name: 'Find my booking' }));
    const ahead = await screen.findByRole('region', { name: `Booking ${later.reference}` });
    expect(await within(ahead).findByRole('region', { name: 'Check in online' })).toHaveTextContent(/It opens on/);
  });

  it('a used or made-up sign-in link says so and leads back to the look-up', async () => {
    renderApp('/booking/sign-in?token=not-a-sent-token');
    expect(await screen.findByRole('alert')).toHaveTextContent(BOOKING_LOOKUP_REFUSALS.lookup_link_gone);
    expect(screen.getByRole('link', { name: 'Find your booking' })).toHaveAttribute('href', '/booking');
  });
});
