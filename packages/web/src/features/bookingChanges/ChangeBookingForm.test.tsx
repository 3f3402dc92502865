import { addDays, companyToday } from '@rental/contract/rentalDates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangeBookingForm } from './ChangeBookingForm';
import type { ChangeableBookingView } from './changeForm';

const booking = (status: ChangeableBookingView['status'], pickupIn = 5): ChangeableBookingView => ({
  _id: 'b1',
  reference: 'WR-7KQ2M9',
  status,
  pickupDate: addDays(companyToday(), pickupIn),
  returnDate: addDays(companyToday(), pickupIn + 2),
  car: { _id: 'c1', brand: 'Toyota', model: 'Yaris' },
});
const cars = [
  { _id: 'c1', name: 'Toyota Yaris' },
  { _id: 'c2', name: 'Honda Fit' },
];

function renderForm(shown: ChangeableBookingView, asker: 'staff' | 'customer') {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <ChangeBookingForm booking={shown} asker={asker} cars={cars} onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

describe('the change form', () => {
  it('offers staff a rental on the road its return day and car, never its pickup day', () => {
    renderForm(booking('on_rent', -1), 'staff');
    expect(screen.queryByLabelText('Pickup date')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Return date')).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Toyota Yaris', 'Honda Fit']);
  });

  it('shows nothing to a customer once the pickup day has come', () => {
    const { container } = renderForm(booking('confirmed', 0), 'customer');
    expect(container).toBeEmptyDOMElement();
  });
});
