import { TOKEN_STORAGE_KEY } from '@rental/contract/constants';
import type { Statement } from '@rental/contract/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownerToken } from '../../../test/api';
import { renderApp } from '../../../test/renderApp';
import { MappingForm } from './StatementsPage';
import { StatementView } from './StatementView';

const SLOW = { timeout: 10_000 };

/**
 * A statement as the server answers it. The tests' server does not hold it: what staff send goes to
 * the real server, which does not know the statement and says so.
 */
const line = (fields: Partial<Statement['lines'][number]>): Statement['lines'][number] => ({
  id: crypto.randomUUID(),
  date: '2026-11-20',
  amount: 12_500,
  description: 'CASH DEPOSIT',
  bankId: 'N-1',
  match: null,
  state: 'open',
  ...fields,
});
const statement: Statement = {
  id: crypto.randomUUID(),
  bankAccount: '3541027889',
  format: 'ofx',
  fileName: 'november.ofx',
  currency: 'JMD',
  uploadedAt: '2026-11-28T15:00:00.000Z',
  lineCount: 4,
  openCredits: 3,
  lines: [
    line({
      description: 'DEP wr 7k2 m9x',
      match: { bookingId: crypto.randomUUID(), reference: 'WR-7K2M9X', confidence: 'certain', reason: 'The reference WR-7K2M9X is in the description.' },
    }),
    line({
      description: 'TRANSFER FROM CARL REID',
      amount: 8_000,
      match: { bookingId: crypto.randomUUID(), reference: 'WR-ABCDEF', confidence: 'likely', reason: 'No booking reference, but the renter’s name is in it.' },
    }),
    line({ description: 'ATM DEPOSIT', amount: 3_000 }),
    line({ description: 'SERVICE CHARGE', amount: -350, state: 'ignored' }),
  ],
};

function renderView() {
  localStorage.setItem(TOKEN_STORAGE_KEY, ownerToken());
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <StatementView statement={statement} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('bank statements', () => {
  beforeAll(() => import('../StaffRoutes'));

  it('is in the owner’s menu and opens the upload form', async () => {
    renderApp('/owner', { token: ownerToken() });
    const menu = await screen.findByRole('navigation', { name: 'Owner menu' }, SLOW);
    await userEvent.click(within(menu).getByRole('link', { name: 'Bank statements' }));
    expect(await screen.findByRole('heading', { name: 'Bank statements', level: 1 }, SLOW)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Upload a statement' });
    expect(within(form).getByLabelText(/Statement file/)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Upload and match' })).toBeDisabled();
  });

  it('shows each line with its match and state, accepts all certain matches in one tap, and assigns a line by hand', async () => {
    renderView();
    const lines = screen.getByRole('list', { name: 'Lines of the statement' });
    expect(within(lines).getAllByRole('listitem')).toHaveLength(4);
    expect(within(lines).getByText('Certain:')).toBeInTheDocument();
    expect(within(lines).getByRole('link', { name: 'WR-7K2M9X' })).toBeInTheDocument();
    expect(within(lines).getByText(/the renter’s name is in it/)).toBeInTheDocument();
    expect(within(lines).getByText('Money out: ignored')).toBeInTheDocument();
    expect(within(lines).getByRole('button', { name: 'Apply to WR-ABCDEF' })).toBeInTheDocument();

    // One tap sends the certain line; the real server does not know this statement and says so.
    await userEvent.click(screen.getByRole('button', { name: 'Accept all certain matches (1)' }));
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('Statement not found.');

    const atm = within(lines).getAllByRole('listitem')[2]!;
    await userEvent.click(within(atm).getByRole('button', { name: 'Assign to a booking' }));
    await userEvent.type(within(atm).getByLabelText('Booking reference'), 'wr 7k2 m9x');
    expect(within(atm).getByRole('button', { name: 'Record the payment' })).toBeEnabled();
  });

  it('chooses a CSV’s columns against a preview of its first rows', async () => {
    const chosen: unknown[] = [];
    render(
      <MappingForm
        preview={{ headers: ['Date', 'Description', 'Credit', 'Balance'], rows: [['02/11/2026', 'LODGEMENT WR7K2M9X', '12,500.00', '60,000.00']] }}
        mapping={{ date: 'Date', description: 'Description', dateFormat: 'DD/MM/YYYY' }}
        onChange={(m) => chosen.push(m)}
      />,
    );
    expect(screen.getByRole('cell', { name: 'LODGEMENT WR7K2M9X' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Money in (credit)'), 'Credit');
    expect(chosen.at(-1)).toEqual({ date: 'Date', description: 'Description', credit: 'Credit', dateFormat: 'DD/MM/YYYY' });
  });
});
