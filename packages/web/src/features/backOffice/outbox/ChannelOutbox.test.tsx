/**
 * The outbox's switch between e-mails and WhatsApp and SMS, against the real server (which sends
 * e-mail only, so it says so and lists no message); and a list of messages as staff read them,
 * drawn from an answer of GET /api/owner/outbox/messages (the server's channelOutbox.test.ts and the
 * messages journey make real ones).
 */
import type { ChannelOutboxMessage } from '@rental/contract/schemas';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownerToken } from '../../../test/api';
import { renderApp } from '../../../test/renderApp';
import { Cards, Table } from './ChannelOutbox';

const SLOW = { timeout: 15_000 };

const message = (fields: Partial<ChannelOutboxMessage>): ChannelOutboxMessage => ({
  _id: '1',
  direction: 'out',
  channel: 'whatsapp',
  phone: '+18765550142',
  kind: 'booking_confirmed',
  template: 'booking_confirmed',
  body: 'Your booking WR-7K3M9Q is confirmed.',
  state: 'delivered',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-29T15:00:00.000Z',
  sentAt: '2026-11-29T15:00:01.000Z',
  deliveredAt: '2026-11-29T15:00:02.000Z',
  readAt: null,
  failedAt: null,
  bookingId: 'b-1',
  bookingReference: 'WR-7K3M9Q',
  ...fields,
});

const messages = [
  message({
    _id: '3',
    direction: 'in',
    kind: 'customer',
    template: null,
    body: 'Can I come at 8?',
    state: 'received',
    attempts: 0,
    sentAt: null,
    deliveredAt: null,
  }),
  message({
    _id: '2',
    channel: 'sms',
    kind: 'check_in_code',
    template: 'check_in_code',
    body: '•••••• is your code to sign your rental agreement online.',
    state: 'failed',
    attempts: 3,
    lastError: 'Unknown destination handset',
    failedAt: '2026-11-29T15:01:00.000Z',
    deliveredAt: null,
  }),
  message({ _id: '1' }),
];

describe('the outbox: e-mails, or WhatsApp and SMS', { timeout: 60_000 }, () => {
  beforeAll(() => import('../StaffRoutes'));

  it('switches to WhatsApp and SMS and back; says the site sends e-mail only, and filters by channel', async () => {
    renderApp('/owner/outbox', { token: ownerToken() });
    const emails = await screen.findByRole('button', { name: 'E-mails' }, SLOW);
    expect(emails).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'WhatsApp and SMS' }));
    expect(screen.getByRole('button', { name: 'WhatsApp and SMS' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('/owner/outbox?show=messages');
    expect(await screen.findByText(/This site sends e-mail only: WhatsApp and SMS are not set up/, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/^No WhatsApp or SMS messages yet/)).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Channel'), 'SMS text');
    expect(await screen.findByText('No WhatsApp or SMS message matches these choices.', {}, SLOW)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'E-mails' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/owner\/outbox$/);
    expect(screen.queryByLabelText('Channel')).not.toBeInTheDocument();
  });

  it.each([
    ['a table', Table],
    ['cards', Cards],
  ])('shows each message in %s: direction, channel, phone, what it is, its booking, its state and why it failed, its tries', (_, List) => {
    render(
      <MemoryRouter>
        <List messages={messages} />
      </MemoryRouter>,
    );
    const list = screen.getByRole(List === Table ? 'table' : 'list', { name: 'WhatsApp and SMS messages, newest first' });
    const rows = within(list)
      .getAllByRole(List === Table ? 'row' : 'listitem')
      .filter((row) => within(row).queryAllByRole('link').length > 0);
    expect(rows).toHaveLength(3);
    const [theirs, failed, delivered] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(theirs).toHaveTextContent(/WhatsApp\s*from the customer/i);
    expect(theirs).toHaveTextContent('Their message');
    expect(theirs).toHaveTextContent('From the customer');
    expect(theirs).not.toHaveTextContent(/tr(y|ies)/);
    expect(failed).toHaveTextContent(/SMS text\s*to the customer/i);
    expect(failed).toHaveTextContent('Check in code');
    expect(failed).toHaveTextContent('•••••• is your code');
    expect(failed).toHaveTextContent('Not delivered');
    expect(failed).toHaveTextContent('Why: Unknown destination handset');
    expect(failed).toHaveTextContent('+18765550142');
    expect(delivered).toHaveTextContent('Delivered');
    expect(delivered).not.toHaveTextContent('Why:');
    expect(within(delivered).getByRole('link', { name: 'WR-7K3M9Q' })).toHaveAttribute('href', '/owner/bookings/b-1#messages');
  });
});
