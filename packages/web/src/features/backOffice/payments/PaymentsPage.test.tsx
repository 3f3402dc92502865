import { TOKEN_STORAGE_KEY } from '@rental/contract/constants';
import type { PaymentAttempt } from '@rental/contract/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownerToken } from '../../../test/api';
import { renderApp } from '../../../test/renderApp';
import { AttemptCard } from './PaymentsPage';

const SLOW = { timeout: 10_000 };

/**
 * The tests' server takes no card payments (no provider is set up for it), so it holds no attempt.
 * A card is drawn from an attempt as the list answers it; what staff send goes to the real server,
 * which does not know the attempt and says so in the dialog.
 */
const attempt = (fields: Partial<PaymentAttempt>): PaymentAttempt => ({
  _id: crypto.randomUUID(),
  orderId: 'WR-7KQ2M9-1',
  provider: 'wipay',
  bookingId: crypto.randomUUID(),
  reference: 'WR-7KQ2M9',
  customerName: 'Carl Reid',
  amount: 25_000,
  currency: 'JMD',
  status: 'expired',
  message: null,
  transactionId: null,
  cardLast4: null,
  refundedAmount: 0,
  createdAt: '2026-11-30T19:05:00.000Z',
  updatedAt: '2026-11-30T19:35:00.000Z',
  ...fields,
});

function renderCard(shown: PaymentAttempt) {
  localStorage.setItem(TOKEN_STORAGE_KEY, ownerToken());
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ul>
        <AttemptCard attempt={shown} mayCloseOrRefund />
      </ul>
    </QueryClientProvider>,
  );
  return screen.getByRole('article', { name: shown.reference });
}

describe('card payments', () => {
  beforeAll(() => import('../StaffRoutes'));

  it('is in the side menu, shows the attempts that never came back first, and all of them on asking', async () => {
    renderApp('/owner', { token: ownerToken() });
    const menu = await screen.findByRole('navigation', { name: 'Owner menu' }, SLOW);
    await userEvent.click(within(menu).getByRole('link', { name: 'Card payments' }));
    expect(await screen.findByRole('heading', { name: 'Card payments', level: 1 }, SLOW)).toBeInTheDocument();
    expect(document.title).toMatch(/^Card payments \|/);
    const lists = screen.getByRole('navigation', { name: 'Which payments' });
    expect(within(lists).getByRole('link', { name: 'Never came back' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('Every card payment came back from the provider: there is nothing to look up.', {}, SLOW)).toBeInTheDocument();

    await userEvent.click(within(lists).getByRole('link', { name: 'All attempts' }));
    expect(within(lists).getByRole('link', { name: 'All attempts' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('location')).toHaveTextContent('/owner/payments?state=all');
    // Empty unless another file paid by card on this server.
    await waitFor(
      () => expect(screen.queryByText('No customer has paid by card yet.') ?? screen.queryByRole('list', { name: 'Card payments' })).toBeInTheDocument(),
      SLOW,
    );
  });

  it('shows an attempt that never came back with its booking, customer, amount and status, and asks before closing it', async () => {
    const card = within(renderCard(attempt({ message: 'Customer left the page' })));
    expect(card.getByText('Carl Reid')).toBeInTheDocument();
    expect(card.getByText('Never came back')).toHaveClass('bg-amber-50');
    expect(card.getByText('$25,000 JMD')).toBeInTheDocument();
    expect(card.getByText('WR-7KQ2M9-1')).toBeInTheDocument();
    expect(card.getByText('Customer left the page')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Record a refund' })).not.toBeInTheDocument();

    const open = card.getByRole('button', { name: 'Close as paid' });
    await userEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Close WR-7KQ2M9’s payment as paid?' });
    expect(dialog).toHaveAccessibleDescription(/provider’s dashboard shows this payment as paid/);
    const note = within(dialog).getByLabelText('Note (optional)');
    expect(note).toHaveFocus();
    await userEvent.type(note, 'Dashboard shows it paid at 2:10 pm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close as paid' }));
    // The server's answer, in the dialog where staff look.
    expect(await within(dialog).findByRole('alert', {}, SLOW)).toHaveTextContent('Payment attempt not found.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('offers a refund on a paid payment, at most what is left of it', async () => {
    const card = within(renderCard(attempt({ status: 'refunded', refundedAmount: 5_000, cardLast4: '4242', transactionId: 'T-1188' })));
    expect(card.getByText('Refunded')).toHaveClass('bg-slate-100');
    expect(card.getByText('Refunded $5,000 JMD of $25,000 JMD')).toBeInTheDocument();
    expect(card.getByText('ending 4242')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Close as paid' })).not.toBeInTheDocument();

    await userEvent.click(card.getByRole('button', { name: 'Record a refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a refund on WR-7KQ2M9?' });
    const amount = within(dialog).getByLabelText('Amount refunded');
    expect(amount).toHaveFocus();
    expect(amount).toHaveAccessibleDescription('Whole JMD, at most $20,000 JMD.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Record the refund' }));
    expect(amount).toHaveAccessibleDescription('Amount refunded is required.');
    await userEvent.type(amount, '25000');
    expect(amount).toHaveAccessibleDescription('Amount refunded can be at most $20,000 JMD, what is left of this payment.');
    await userEvent.clear(amount);
    await userEvent.type(amount, '2000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record the refund' }));
    expect(await within(dialog).findByRole('alert', {}, SLOW)).toHaveTextContent('Payment attempt not found.');

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
