/**
 * A toll added after the return on the staff booking page, against the real server: a booking of
 * today checked out and back in through the API, then "Add a toll or ticket": checked before
 * sending, then sent with its scan; the toll is listed with its scan and the folio owes its amount,
 * without GCT. Manage Bookings' "Owing after return" keeps itself in the address.
 */
import { LATE_CHARGE_MESSAGES } from '@rental/contract/lateCharges';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addCar, createBooking, ownerApi, ownerToken, registerCustomer, setBookingStatus, testApi, uniqueWord } from '../../../test/api';
import { renderApp } from '../../../test/renderApp';
import { pictureFile, useNodeFormData } from '../staffTestKit';

const SLOW = { timeout: 15_000 };
const TODAY = companyToday();
const LICENCE = 'JM 5521 904';

async function counterForm(fields: Record<string, unknown>): Promise<FormData> {
  return (await new Response(new URLSearchParams({ data: JSON.stringify(fields) })).formData()) as FormData;
}

/** A booking of today, keys out and back through the API: returned, nothing owing. */
async function returnedBooking() {
  const { token } = await registerCustomer(`${uniqueWord('Toll')} Reid`, { phone: '876 555 0143' });
  await testApi(token).call('saveDriver', {
    body: { licenceNumber: LICENCE, licenceCountry: 'Jamaica', licenceIssued: '2015-06-01', licenceExpires: '2034-06-01', dateOfBirth: '1990-05-03' },
  });
  const { user } = await testApi(token).call('userData');
  await ownerApi().call('decideVetting', { body: { userId: user._id, decision: 'approved' } });
  const car = await addCar({ brand: uniqueWord('Toll'), model: 'Axio', plate: `T ${Math.random().toString(36).slice(2, 8).toUpperCase()}` });
  const booking = await createBooking(token, car._id, TODAY, addDays(TODAY, 2));
  await setBookingStatus(booking._id, 'confirmed');
  const { folio } = await ownerApi().call('folio', { params: { id: booking._id } });
  const out = await counterForm({
    licenceNumber: LICENCE,
    renterAddress: '8 Guava Road, Portmore',
    odometerKm: 30_000,
    fuelEighths: 8,
    existingDamagesConfirmed: true,
    damages: [],
    items: [],
    deposit: { amount: 20_000, method: 'cash' },
    payment: { method: 'cash', amount: folio.totals.balance },
    signature: `data:image/png;base64,${inject('carImageBase64')}`,
  });
  await ownerApi().call('checkOut', { params: { id: booking._id }, form: out });
  await ownerApi().call('checkIn', { params: { id: booking._id }, form: await counterForm({ odometerKm: 30_100, fuelEighths: 8 }) });
  return booking;
}

describe('a toll after the return', { timeout: 60_000 }, () => {
  let restoreFormData: () => void = () => {};
  beforeAll(async () => {
    await import('../StaffRoutes');
    restoreFormData = await useNodeFormData();
  });
  afterAll(() => restoreFormData());

  it('is checked before sending, then added with its scan: listed, and the folio owes its amount without GCT', async () => {
    const booking = await returnedBooking();
    const before = (await ownerApi().call('folio', { params: { id: booking._id } })).folio.totals.balance;
    renderApp(`/owner/bookings/${booking._id}`, { token: ownerToken() });
    const panel = await screen.findByRole('region', { name: 'Tolls and tickets' }, SLOW);
    await userEvent.click(within(panel).getByRole('button', { name: 'Add a toll or ticket' }));

    const form = within(screen.getByRole('form', { name: 'Add a toll or ticket' }));
    await userEvent.click(form.getByRole('button', { name: 'Add it and e-mail the customer' }));
    expect(await form.findByText('Please choose what it is: toll or traffic ticket.')).toBeInTheDocument();
    expect(form.getByText(/scan of the toll record or the ticket/)).toBeInTheDocument();

    await userEvent.selectOptions(form.getByLabelText('What it is'), 'toll');
    await userEvent.type(form.getByLabelText('Day of the toll or ticket'), addDays(TODAY, 0));
    await userEvent.type(form.getByLabelText('Amount'), '1250');
    await userEvent.type(form.getByLabelText('Plaza or ticket number'), 'Portmore plaza, eastbound');
    await userEvent.upload(form.getByLabelText('Scan of the toll record or ticket'), await pictureFile('toll.png'));
    await userEvent.click(form.getByRole('button', { name: 'Add it and e-mail the customer' }));

    expect(await screen.findByText(LATE_CHARGE_MESSAGES.added, {}, SLOW)).toBeInTheDocument();
    const list = await within(panel).findByRole('list', { name: 'Tolls and tickets after the return' }, SLOW);
    expect(within(list).getByText(/Portmore plaza, eastbound/)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /^Open the scan of the Toll/ })).toBeInTheDocument();
    await waitFor(async () => expect((await ownerApi().call('folio', { params: { id: booking._id } })).folio.totals.balance).toBe(before + 1250));
  });

  it('Manage Bookings keeps "Owing after return" in the address', async () => {
    renderApp('/owner/manage-bookings?balance=owing_after_return', { token: ownerToken() });
    const box = await screen.findByRole('checkbox', { name: 'Owing after return' }, SLOW);
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(box).not.toBeChecked();
  });
});
