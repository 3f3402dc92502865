import type { StaffBooking } from '@rental/contract/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BookingStatusSelect, isSelectableStatus } from './BookingStatusSelect';

const booking = (status: StaffBooking['status']): StaffBooking =>
  ({
    _id: crypto.randomUUID(),
    reference: 'WR-7K3M9Q',
    status,
    pickupDate: '2026-11-28',
    returnDate: '2026-11-30',
    car: { _id: 'c1', image: '', brand: 'Toyota', model: 'Corolla', year: 2022, category: 'Sedan', location: 'Waterford, Portmore' },
    user: { _id: 'u1', name: 'Ann Brown', email: 'ann@example.com', phone: '876 555 0142', vetting: 'approved', doNotRent: false },
  }) as StaffBooking;

function renderSelect(shown: StaffBooking) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BookingStatusSelect booking={shown} />
    </QueryClientProvider>,
  );
}

describe('the status select', () => {
  it('offers the three statuses staff set by hand', () => {
    renderSelect(booking('confirmed'));
    const select = screen.getByRole('combobox', { name: /^Status of Ann Brown’s booking/ });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Waiting for confirmation', 'Confirmed', 'Cancelled']);
  });

  it('shows a booking picked up, returned or not picked up as a badge: the counter moves it on, not the select', () => {
    for (const status of ['on_rent', 'returned', 'no_show'] as const) expect(isSelectableStatus(status)).toBe(false);
    renderSelect(booking('on_rent'));
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByText('Picked up')).toBeInTheDocument();
  });
});
