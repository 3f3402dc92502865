/**
 * The check-in page against the real server: a booking of today checked out through the API (as
 * the check-out page would, with a damage noted and three items handed over), then brought back
 * through the page: readings, a damage tapped on the car's outline and photographed, the items
 * ticked back, cleaning, the charges live, the server's figures and the receipt. jsdom opens no tabs and makes
 * no object URLs, so the receipt's tab is watched instead.
 */
import { TOKEN_STORAGE_KEY } from '@rental/contract/constants';
import { COUNTER_MESSAGES } from '@rental/contract/counter';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { toastQueryError } from '../../../../lib/queryClient';
import { addCar, createBooking, ownerApi, ownerToken, registerCustomer, setBookingStatus, testApi, uniqueWord } from '../../../../test/api';
import { pictureFile, useNodeFormData } from '../../staffTestKit';
import { CheckInPage } from './CheckInPage';

const SLOW = { timeout: 15_000 };
const TODAY = companyToday();
const LICENCE = 'JM 4471 220';
const ODOMETER_OUT = 42_000;

async function checkOutForm(fields: Record<string, unknown>): Promise<FormData> {
  return (await new Response(new URLSearchParams({ data: JSON.stringify(fields) })).formData()) as FormData;
}

/** A booking of today, its keys handed over through the API with the odometer at 42,000 and a full tank. */
async function carOnRent() {
  const name = `${uniqueWord('Return')} Brown`;
  const { token } = await registerCustomer(name, { phone: '876 555 0142' });
  await testApi(token).call('saveDriver', {
    body: { licenceNumber: LICENCE, licenceCountry: 'Jamaica', licenceIssued: '2015-06-01', licenceExpires: '2034-06-01', dateOfBirth: '1990-05-03' },
  });
  const { user } = await testApi(token).call('userData');
  await ownerApi().call('decideVetting', { body: { userId: user._id, decision: 'approved' } });
  const plate = `R ${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const car = await addCar({ brand: uniqueWord('Return'), model: 'Yaris', plate });
  const booking = await createBooking(token, car._id, TODAY, addDays(TODAY, 2));
  await setBookingStatus(booking._id, 'confirmed');
  const form = await checkOutForm({
    licenceNumber: LICENCE,
    renterAddress: '8 Guava Road, Portmore',
    odometerKm: ODOMETER_OUT,
    fuelEighths: 8,
    existingDamagesConfirmed: true,
    damages: [{ zone: 'front', description: 'Scratch on the bumper' }],
    items: ['Spare tyre', 'Jack', 'Child seat'],
    deposit: { amount: 20_000, method: 'cash' },
    // The owner lets the rental be paid at return: the deposit then settles against it too.
    payAtReturn: { reason: 'Pays at return' },
    signature: `data:image/png;base64,${inject('carImageBase64')}`,
  });
  await ownerApi().call('checkOut', { params: { id: booking._id }, form });
  return { name, plate, booking, car };
}

function renderCheckIn(bookingId: string) {
  localStorage.setItem(TOKEN_STORAGE_KEY, ownerToken());
  const queryClient = new QueryClient({ queryCache: new QueryCache({ onError: toastQueryError }), defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/owner/desk/${bookingId}/check-in`]}>
        <Routes>
          <Route path="/owner/desk/:id/check-in" element={<CheckInPage />} />
          <Route path="/owner/desk" element={<h1>The desk</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

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

const submit = () => screen.getByRole('button', { name: 'Check in and e-mail the receipt' });
const money = (text: string) => Number(text.replace(/[^\d]/g, ''));

describe('the check-in page', { timeout: 60_000 }, () => {
  let restoreFormData: () => void = () => {};
  beforeAll(async () => {
    // The damage photo is a Node file in a Node form, as the server's fetch can read it.
    restoreFormData = await useNodeFormData();
  });
  afterAll(() => restoreFormData());
  afterEach(() => {
    vi.restoreAllMocks();
    URL.createObjectURL = realObjectUrl.create;
    URL.revokeObjectURL = realObjectUrl.revoke;
  });

  it('takes the keys back: readings, a damage tapped on the outline with its photo, the items ticked back, cleaning; the charges live, then the server’s, and the receipt', async () => {
    const { plate, booking, car } = await carOnRent();
    renderCheckIn(booking._id);

    const facts = await screen.findByRole('region', { name: 'The booking' }, SLOW);
    expect(within(facts).getByText(`${car.brand} Yaris · ${plate}`)).toBeInTheDocument();
    expect(within(facts).getByText('42,000 km')).toBeInTheDocument();
    expect(within(facts).getByText('Full')).toBeInTheDocument();
    expect(within(facts).getByText(/Cash/)).toHaveTextContent('$20,000');

    // Nothing read yet: the page says what is missing and sends nothing.
    await userEvent.click(submit());
    expect(await screen.findByText('Please read the odometer.')).toBeInTheDocument();
    expect(screen.getByText('Please choose the fuel level on the gauge.')).toBeInTheDocument();

    const charges = screen.getByRole('region', { name: 'Charges so far' });
    expect(within(charges).getByText(/^No charges/)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Odometer now (km)'), '42150');
    await userEvent.click(screen.getByRole('radio', { name: 'Full' }));
    // The car's drawing as at check-out: the damage noted then is counted on its side and listed there; a new pin is placed on the left side.
    const sides = screen.getByRole('group', { name: 'Side of the car shown' });
    await userEvent.click(within(sides).getByRole('button', { name: 'Front, 1 damage' }));
    expect(screen.getByRole('button', { name: 'Damage 1, already noted: Scratch on the bumper (front)' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Damages already noted' })).getByText('Scratch on the bumper')).toBeInTheDocument();
    await userEvent.click(within(sides).getByRole('button', { name: 'Left side' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark a damage: left side' }));
    expect(screen.getByRole('group', { name: 'New damage 1: Left side' })).toBeInTheDocument();
    expect(within(sides).getByRole('button', { name: 'Left side, 1 damage' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('What is the damage (left side)?'), 'Scratch on the door');
    await userEvent.type(screen.getByLabelText('Amount charged'), '10000');
    await userEvent.upload(screen.getByLabelText('Add a photo'), await pictureFile('door.png'));
    expect(await screen.findByText('Photo: door.png')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'New damage 1, left side' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));

    // The items handed over, none ticked until the agent ticks it; the child seat stays out, charged.
    const items = screen.getByRole('region', { name: 'Items handed over' });
    for (const item of ['Spare tyre', 'Jack', 'Child seat']) expect(within(items).getByRole('checkbox', { name: item })).not.toBeChecked();
    await userEvent.click(within(items).getByRole('checkbox', { name: 'Spare tyre' }));
    await userEvent.click(within(items).getByRole('checkbox', { name: 'Jack' }));
    expect(within(items).getByRole('group', { name: /recorded as not returned/ })).toHaveTextContent('Not ticked, so recorded as not returned: Child seat');
    await userEvent.type(within(items).getByLabelText('Charge for the child seat (leave empty for none)'), '5000');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cleaning needed' }));
    await userEvent.type(screen.getByLabelText('Cleaning charge'), '2000');

    // The charges as typed, before anything is sent.
    expect(within(charges).getByRole('row', { name: /Damage \(left side\): Scratch on the door/ })).toHaveTextContent('$10,000');
    expect(within(charges).getByRole('row', { name: /^Cleaning/ })).toHaveTextContent('$2,000');
    expect(within(charges).getByRole('row', { name: /Not returned: Child seat/ })).toHaveTextContent('$5,000');
    const liveTotal = money(within(charges).getByRole('row', { name: /^Total charges/ }).textContent ?? '');
    expect(liveTotal).toBeGreaterThanOrEqual(17_000);

    await userEvent.click(submit());
    expect(await screen.findByText(COUNTER_MESSAGES.checkedIn, {}, SLOW)).toBeInTheDocument();
    // The server's sum is the one shown live.
    expect(screen.getByRole('list', { name: 'Charges' })).toHaveTextContent('Damage (left side): Scratch on the door');
    expect(screen.getByRole('list', { name: 'Charges' })).toHaveTextContent('Not returned: Child seat');
    expect(screen.getByRole('heading', { name: 'Not returned' }).nextElementSibling).toHaveTextContent('Child seat');
    const totals = screen.getByText('Total charges').nextElementSibling;
    expect(money(totals?.textContent ?? '')).toBe(liveTotal);
    expect(screen.getByRole('link', { name: 'Back to the desk' })).toHaveAttribute('href', '/owner/desk');

    const { tab, files } = watchNewTab();
    await userEvent.click(screen.getByRole('link', { name: 'Open the receipt (PDF)' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:file-1'), SLOW);
    expect(files[0]?.type).toBe('application/pdf');

    // What the server kept: returned, the readings, the damage with its photo.
    const { booking: after } = await ownerApi().call('counterBooking', { params: { id: booking._id } });
    expect(after.status).toBe('returned');
    expect(after.counter.checkIn).toMatchObject({ odometerKm: 42_150, fuelEighths: 8 });
    expect(after.counter.checkIn?.damages).toMatchObject([
      { zone: 'left', view: 'left', x: 0.5, y: 0.5, foundStage: 'check_in', description: 'Scratch on the door', amount: 10_000, photo: expect.any(String) },
    ]);
    expect(after.counter.checkIn?.itemsMissing).toEqual(['Child seat']);
  });

  it('ticks every item back in one explicit tap, and then none is to be recorded missing', async () => {
    const { booking } = await carOnRent();
    renderCheckIn(booking._id);
    const items = await screen.findByRole('region', { name: 'Items handed over' }, SLOW);
    expect(within(items).getByRole('group', { name: /recorded as not returned/ })).toHaveTextContent('Spare tyre, Jack, Child seat');
    await userEvent.click(within(items).getByRole('button', { name: 'All returned' }));
    for (const item of ['Spare tyre', 'Jack', 'Child seat']) expect(within(items).getByRole('checkbox', { name: item })).toBeChecked();
    expect(within(items).queryByRole('group', { name: /recorded as not returned/ })).not.toBeInTheDocument();
    expect(within(items).queryByRole('button', { name: 'All returned' })).not.toBeInTheDocument();
    // One back out after all: it is missing again.
    await userEvent.click(within(items).getByRole('checkbox', { name: 'Jack' }));
    expect(within(items).getByRole('group', { name: /recorded as not returned/ })).toHaveTextContent('recorded as not returned: Jack');
  });

  it('keeps everything filled in and shows the server’s words when someone else checked the car in first', async () => {
    const { booking } = await carOnRent();
    renderCheckIn(booking._id);
    await userEvent.type(await screen.findByLabelText('Odometer now (km)', {}, SLOW), '42100');
    await userEvent.click(screen.getByRole('radio', { name: '6/8 of a tank' }));

    // Another member of staff, on another phone, at the same moment.
    await ownerApi().call('checkIn', { params: { id: booking._id }, form: await checkOutForm({ odometerKm: 42_050, fuelEighths: 8 }) });

    await userEvent.click(submit());
    expect(await screen.findByText(COUNTER_MESSAGES.alreadyCheckedIn, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('Odometer now (km)')).toHaveValue('42100');
    expect(screen.getByRole('radio', { name: '6/8 of a tank' })).toBeChecked();
    expect(submit()).toBeEnabled();
  });

  it('says in words that a car not out on rent cannot be checked in, and shows no form', async () => {
    const name = `${uniqueWord('Early')} Brown`;
    const { token } = await registerCustomer(name);
    const car = await addCar({ brand: uniqueWord('Early'), model: 'Yaris' });
    const booking = await createBooking(token, car._id, addDays(TODAY, 10), addDays(TODAY, 12));
    renderCheckIn(booking._id);
    expect(await screen.findByText(COUNTER_MESSAGES.notOnRent, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check in and e-mail the receipt' })).not.toBeInTheDocument();
  });
});
