/**
 * The desk's customers waiting for an answer, drawn from an answer of GET /api/owner/messages/unread
 * (the web tests' server sends no WhatsApp or SMS, so no customer of it can write; the server's
 * channelOutbox.test.ts and the messages journey make real ones): each booking's count as a badge,
 * linking to the booking's messages; a desk card's badge likewise; nothing when no one waits.
 */
import type { DeskBooking, UnreadMessagesResponse } from '@rental/contract/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DeskCard } from './DeskCard';
import { WaitingCustomers } from './WaitingCustomers';

const waiting: UnreadMessagesResponse = {
  success: true,
  bookings: [
    { bookingId: 'b-2', reference: 'WR-2NEWER', customerName: 'Devon Waiting', unread: 1, lastAt: '2026-11-29T15:10:00.000Z', lastWords: 'Running late' },
    {
      bookingId: 'b-1',
      reference: 'WR-1OLDER',
      customerName: 'Shanice Waiting',
      unread: 3,
      lastAt: '2026-11-29T14:00:00.000Z',
      lastWords: 'Can I pick up at 8?',
    },
  ],
  total: 2,
};

const inRouter = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('customers waiting for an answer, on the desk', () => {
  it('lists each booking newest first with its count, the customer, the first words, linking to its messages', () => {
    inRouter(<WaitingCustomers waiting={waiting} />);
    const section = screen.getByRole('region', { name: /^Customers waiting for an answer/ });
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/owner/bookings/b-2#messages', '/owner/bookings/b-1#messages']);
    expect(links[1]).toHaveTextContent('3 new messages');
    expect(links[1]).toHaveTextContent('Shanice Waiting');
    expect(links[1]).toHaveTextContent('WR-1OLDER');
    expect(links[1]).toHaveTextContent('“Can I pick up at 8?”');
    expect(links[0]).toHaveTextContent('1 new message');
    expect(within(section).getByText('(2)')).toBeInTheDocument();
  });

  it('says how many more wait beyond those listed', () => {
    inRouter(<WaitingCustomers waiting={{ ...waiting, total: 55 }} />);
    expect(screen.getByText('53 more customers are waiting too: they show here as these are answered.')).toBeInTheDocument();
  });

  it('shows nothing while no one waits', () => {
    const { container } = inRouter(<WaitingCustomers waiting={{ success: true, bookings: [], total: 0 }} />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it("puts the badge on the booking's desk card, linking to its messages, and none when nothing waits", () => {
    const booking = {
      _id: 'b-1',
      reference: 'WR-1OLDER',
      pickupDate: '2026-11-29',
      returnDate: '2026-12-01',
      status: 'confirmed',
      paymentStatus: 'unpaid',
      totalPrice: 10000,
      amountPaid: 0,
      user: { _id: 'u-1', name: 'Shanice Waiting', phone: null, vetting: { status: 'none' } },
      car: { _id: 'c-1', brand: 'Toyota', model: 'Yaris', plate: 'AB 1234' },
    } as unknown as DeskBooking;
    const { unmount } = inRouter(<DeskCard booking={booking} kind="pickups" unread={3} onNoShow={() => undefined} />);
    const card = screen.getByRole('article', { name: 'WR-1OLDER' });
    expect(within(card).getByRole('link', { name: '3 new messages from Shanice Waiting' })).toHaveAttribute('href', '/owner/bookings/b-1#messages');
    unmount();
    inRouter(<DeskCard booking={booking} kind="pickups" unread={0} onNoShow={() => undefined} />);
    expect(screen.queryByRole('link', { name: /new message/ })).not.toBeInTheDocument();
  });
});
