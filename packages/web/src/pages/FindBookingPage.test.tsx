import { BOOKING_LOOKUP_MESSAGES, BOOKING_LOOKUP_REFUSALS } from '@rental/contract/bookingLookup';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addCar, createBooking, registerCustomer } from '../test/api';
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
    expect(found).toHaveTextContent('Suzuki Swift');
    expect(found).toHaveTextContent('Still to pay');
    expect(found).not.toHaveTextContent('Nadine');
  });

  it('a used or made-up sign-in link says so and leads back to the look-up', async () => {
    renderApp('/booking/sign-in?token=not-a-sent-token');
    expect(await screen.findByRole('alert')).toHaveTextContent(BOOKING_LOOKUP_REFUSALS.lookup_link_gone);
    expect(screen.getByRole('link', { name: 'Find your booking' })).toHaveAttribute('href', '/booking');
  });
});
