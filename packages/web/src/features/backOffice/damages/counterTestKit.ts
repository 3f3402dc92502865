/**
 * Bookings brought to the counter for the web tests, through the real API as staff do it: a
 * customer approved as a driver, a booking confirmed for today, the keys handed over.
 */
import type { CheckInDataInput, CheckOutDataInput } from '@rental/contract/schemas';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { inject } from 'vitest';
import { addCar, createBooking, ownerApi, registerCustomer, setBookingStatus, testApi, uniqueWord } from '../../../test/api';

export const LICENCE = 'JM 5512 093';

/** The tests' real PNG (globalServer.ts), as a photo or a signature. */
const png = () => Uint8Array.from(atob(inject('carImageBase64')), (c) => c.charCodeAt(0));

/**
 * A counter form Node's fetch can send: the `data` field and a photo when asked. jsdom's FormData
 * and File cannot be read by Node's fetch, so Node's own are used (as test/api.ts does).
 */
const NODE_BUFFER = 'node:buffer';
export async function counterForm(data: CheckOutDataInput | CheckInDataInput, withPhoto = false): Promise<FormData> {
  const form = await new Response(new URLSearchParams({ data: JSON.stringify(data) })).formData();
  if (withPhoto) {
    const { File: NodeFile } = (await import(/* @vite-ignore */ NODE_BUFFER)) as { File: typeof File };
    form.append('photo', new NodeFile([png()], 'damage.png', { type: 'image/png' }));
  }
  return form;
}

/** A customer approved as a driver, with a confirmed booking picked up today and the keys handed over. */
export async function pickedUp(word: string, form: Partial<CheckOutDataInput> = {}, withPhoto = false) {
  const { token } = await registerCustomer(`${uniqueWord(word)} Brown`, { phone: '876 555 0142' });
  await testApi(token).call('saveDriver', {
    body: { licenceNumber: LICENCE, licenceCountry: 'Jamaica', licenceIssued: '2015-06-01', licenceExpires: '2034-06-01', dateOfBirth: '1990-05-03' },
  });
  const { user } = await testApi(token).call('userData');
  await ownerApi().call('decideVetting', { body: { userId: user._id, decision: 'approved' } });
  const car = await addCar({ brand: uniqueWord('Counter'), model: 'Yaris' });
  const today = companyToday();
  const booking = await createBooking(token, car._id, today, addDays(today, 2));
  await setBookingStatus(booking._id, 'confirmed');
  const data: CheckOutDataInput = {
    licenceNumber: LICENCE,
    renterAddress: '3 Mango Walk, Waterford, Portmore',
    odometerKm: 20_000,
    fuelEighths: 6,
    existingDamagesConfirmed: true,
    damages: [{ zone: 'left', description: 'Scratch on the rear door' }],
    items: ['Spare tyre', 'Jack'],
    deposit: { amount: 15_000, method: 'card', reference: 'AUTH 7731' },
    signature: `data:image/png;base64,${inject('carImageBase64')}`,
    ...form,
  };
  // Keys go out once the balance is paid: paid at the counter by card, as most are.
  const { booking: atCounter } = await ownerApi().call('counterBooking', { params: { id: booking._id } });
  if (atCounter.balance > 0 && !data.payment && !data.payAtReturn) data.payment = { method: 'card', amount: atCounter.balance, reference: 'AUTH 7730' };
  await ownerApi().call('checkOut', { params: { id: booking._id }, form: await counterForm(data, withPhoto) });
  return { token, booking, car };
}

export async function checkIn(bookingId: string, data: CheckInDataInput) {
  return ownerApi().call('checkIn', { params: { id: bookingId }, form: await counterForm(data) });
}
