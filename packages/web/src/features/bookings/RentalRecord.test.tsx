import { TOKEN_STORAGE_KEY } from '@rental/contract/constants';
import { COUNTER_MESSAGES, fuelWords } from '@rental/contract/counter';
import { DEFAULT_COMPANY } from '@rental/contract/company';
import { formatMoney } from '@rental/contract/format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatInstantWithTime } from '../../lib/dates';
import { registerCustomer, testApi } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { checkIn as checkInAtCounter, pickedUp } from '../backOffice/damages/counterTestKit';

const SLOW = { timeout: 10_000 };
const jmd = (amount: number) => formatMoney(amount, DEFAULT_COMPANY.currency);
const section = (name: string) => within(screen.getByRole('region', { name }));
const fact = (region: ReturnType<typeof section>, term: string) => region.getByText(term, { selector: 'dt' }).nextElementSibling;

/**
 * The tab a tap opens, and the object URLs the page makes: the file the page read is kept to look
 * at (jsdom opens no tabs and makes no object URLs).
 */
const realObjectUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
function watchNewTab() {
  const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn<() => void>() };
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  const files: Blob[] = [];
  URL.createObjectURL = (blob: Blob) => {
    files.push(blob);
    return `blob:file-${files.length}`;
  };
  URL.revokeObjectURL = () => {};
  return { tab, files };
}

describe('the booking page at the counter', { timeout: 60_000 }, () => {
  beforeAll(() => import('./RentalRecord'));
  afterEach(() => {
    vi.restoreAllMocks();
    URL.createObjectURL = realObjectUrl.create;
    URL.revokeObjectURL = realObjectUrl.revoke;
  });

  it('shows what was recorded when the keys went out, opens the signed agreement, and offers no cancelling', async () => {
    const { token, booking } = await pickedUp('Out');
    const { booking: stored } = await testApi(token).call('userBooking', { params: { reference: booking.reference } });
    const checkOut = stored.counter!.checkOut!;
    renderApp(`/my-bookings/${booking.reference}`, { token });

    const picked = within(await screen.findByRole('region', { name: 'Picked up' }, SLOW));
    expect(fact(picked, 'When')).toHaveTextContent(formatInstantWithTime(checkOut.at));
    expect(fact(picked, 'Odometer')).toHaveTextContent('20,000 km');
    expect(fact(picked, 'Fuel')).toHaveTextContent(fuelWords(6));
    expect(fact(picked, 'Security deposit taken')).toHaveTextContent('$15,000 JMD by card (AUTH 7731)');
    expect(fact(picked, 'Handed over with the car')).toHaveTextContent('Spare tyre, Jack');
    expect(picked.getByText('Left side: Scratch on the rear door')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Returned' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel this booking' })).not.toBeInTheDocument();

    // The agreement is read with the session and shown in the tab opened within the tap.
    const { tab, files } = watchNewTab();
    await userEvent.click(picked.getByRole('button', { name: 'Your rental agreement (PDF)' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:file-1'), SLOW);
    expect(files[0]!.type).toBe('application/pdf');
    expect(files[0]!.size).toBeGreaterThan(1000);
    expect(tab.opener).toBeNull();
  });

  it('shows the return: each charge and their total, the security deposit held for a damage to assess, what is still to pay, and the receipt', async () => {
    const { token, booking } = await pickedUp('Back');
    const answer = await checkInAtCounter(booking._id, {
      odometerKm: 20_180,
      fuelEighths: 4,
      damages: [{ zone: 'front', description: 'Cracked headlight', amount: null }],
      cleaning: 2_000,
    });
    expect(answer.message).toBe(COUNTER_MESSAGES.checkedIn);
    const { booking: stored } = await testApi(token).call('userBooking', { params: { reference: booking.reference } });
    const checkIn = stored.counter!.checkIn!;
    expect(checkIn.charges.length).toBeGreaterThan(0);
    renderApp(`/my-bookings/${booking.reference}`, { token });

    const back = within(await screen.findByRole('region', { name: 'Returned' }, SLOW));
    expect(fact(back, 'When')).toHaveTextContent(formatInstantWithTime(checkIn.returnedAt));
    expect(fact(back, 'Odometer')).toHaveTextContent('20,180 km');
    expect(fact(back, 'Fuel')).toHaveTextContent(fuelWords(4));
    expect(back.getByText('Front: Cracked headlight')).toBeInTheDocument();
    const charges = back.getByRole('table', { name: 'Charges of the return' });
    for (const charge of checkIn.charges) {
      expect(within(charges).getByRole('rowheader', { name: charge.label }).nextElementSibling).toHaveTextContent(jmd(charge.amount));
    }
    expect(within(charges).getByRole('rowheader', { name: 'Total' }).nextElementSibling).toHaveTextContent(jmd(checkIn.chargesTotal));
    expect(checkIn.toBeAssessed).toBe(true);
    // While a damage is to be assessed the whole security deposit is held; the charges are owed meanwhile.
    expect(fact(back, 'Security deposit held')).toHaveTextContent(jmd(15_000));
    expect(checkIn.owing).toBe(checkIn.chargesTotal);
    expect(fact(back, 'Still to pay')).toHaveTextContent(jmd(checkIn.owing));
    expect(back.getByText(/still to be assessed: we hold the security deposit until it is/)).toBeInTheDocument();
    expect(checkIn.receiptNumber).toMatch(/^R-\d{4}-\d{6}$/);
    expect(back.getByRole('button', { name: `Your receipt ${checkIn.receiptNumber} (PDF)` })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Picked up' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel this booking' })).not.toBeInTheDocument();
  });

  it('says "No charges" for a return on time, full and within the allowance, and the receipt opens', async () => {
    const { token, booking } = await pickedUp('Clean');
    await checkInAtCounter(booking._id, { odometerKm: 20_050, fuelEighths: 6 });
    renderApp(`/my-bookings/${booking.reference}`, { token });
    const back = within(await screen.findByRole('region', { name: 'Returned' }, SLOW));
    expect(back.getByText('No charges')).toBeInTheDocument();
    expect(fact(back, 'Security deposit refunded')).toHaveTextContent(jmd(15_000));
    expect(fact(back, 'Security deposit kept')).toHaveTextContent(jmd(0));
    expect(fact(back, 'Still to pay')).toHaveTextContent('Nothing');
    expect(back.queryByText(/still to be assessed/)).not.toBeInTheDocument();

    const { tab, files } = watchNewTab();
    await userEvent.click(back.getByRole('button', { name: /^Your receipt R-\d{4}-\d{6} \(PDF\)$/ }));
    await waitFor(() => expect(tab.location.href).toBe('blob:file-1'), SLOW);
    expect(files[0]!.type).toBe('application/pdf');
  });

  it('says plainly when a file cannot be read, and closes the empty tab', async () => {
    const { token, booking } = await pickedUp('Gone');
    const stranger = await registerCustomer('Someone Else');
    renderApp(`/my-bookings/${booking.reference}`, { token });
    const picked = within(await screen.findByRole('region', { name: 'Picked up' }, SLOW));
    // Another person's session: the server refuses the file, and the page says what it answered.
    localStorage.setItem(TOKEN_STORAGE_KEY, stranger.token);
    const { tab, files } = watchNewTab();
    await userEvent.click(picked.getByRole('button', { name: 'Your rental agreement (PDF)' }));
    expect(await picked.findByRole('alert', {}, SLOW)).not.toBeEmptyDOMElement();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
    expect(files).toHaveLength(0);
  });
});
