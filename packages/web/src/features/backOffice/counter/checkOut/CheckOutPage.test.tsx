/**
 * The check-out page against the real server: a confirmed booking of today by an approved driver,
 * the form filled as staff would at the car, the keys handed over. jsdom draws nothing on a canvas,
 * so the signatures come through a surface that hands over a real PNG (what the server checks).
 */
import { TOKEN_STORAGE_KEY } from '@rental/contract/constants';
import { COUNTER_MESSAGES } from '@rental/contract/counter';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { toastQueryError } from '../../../../lib/queryClient';
import { SessionProvider } from '../../../../session/SessionProvider';
import { addCar, createBooking, ownerApi, ownerToken, registerCustomer, setBookingStatus, testApi, uniqueWord } from '../../../../test/api';
import { pictureFile, useNodeFormData } from '../../staffTestKit';
import { CheckOutPage } from './CheckOutPage';
import { type RenderSignatureSurface, SignatureSurfaceContext } from '../../../../components/SignatureSurface';

const SLOW = { timeout: 15_000 };
const TODAY = companyToday();
const LICENCE = 'JM 4471 220';

/** A real PNG, as a canvas would give it. */
const SIGNATURE_PNG = () => `data:image/png;base64,${inject('carImageBase64')}`;

/** Stands in for the finger on the pad: one tap "signs". */
const tapToSign: RenderSignatureSurface = ({ label, onChange }) => (
  <button type="button" onClick={() => onChange(SIGNATURE_PNG())}>
    Sign as {label}
  </button>
);

async function bookingToHandOver(options: { approved?: boolean; confirmed?: boolean } = {}) {
  const name = `${uniqueWord('Keisha')} Brown`;
  const { token } = await registerCustomer(name, { phone: '876 555 0142' });
  await testApi(token).call('saveDriver', {
    body: { licenceNumber: LICENCE, licenceCountry: 'Jamaica', licenceIssued: '2015-06-01', licenceExpires: '2034-06-01', dateOfBirth: '1990-05-03' },
  });
  const { user } = await testApi(token).call('userData');
  if (options.approved !== false) await ownerApi().call('decideVetting', { body: { userId: user._id, decision: 'approved' } });
  const car = await addCar({ brand: uniqueWord('Counter'), model: 'Corolla' });
  const booking = await createBooking(token, car._id, TODAY, addDays(TODAY, 2));
  if (options.confirmed !== false) await setBookingStatus(booking._id, 'confirmed');
  return { name, booking, car, token };
}

function renderCheckOut(bookingId: string, token = ownerToken()) {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  const queryClient = new QueryClient({ queryCache: new QueryCache({ onError: toastQueryError }), defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SignatureSurfaceContext.Provider value={tapToSign}>
        <MemoryRouter initialEntries={[`/owner/desk/${bookingId}/check-out`]}>
          {/* The session says the staff member's role: pay at return is offered to owners and managers. */}
          <SessionProvider>
            <Routes>
              <Route path="/owner/desk/:id/check-out" element={<CheckOutPage />} />
              <Route path="/owner/desk" element={<h1>The desk</h1>} />
            </Routes>
          </SessionProvider>
        </MemoryRouter>
      </SignatureSurfaceContext.Provider>
    </QueryClientProvider>,
  );
}

const handOver = () => screen.getByRole('button', { name: 'Hand over the keys' });

/** The customer checks in online (decision 124) through the API: documents, the code read from the outbox, the signature. */
async function checkInOnline(token: string, bookingId: string) {
  for (const kind of ['licence_front', 'licence_back', 'passport', 'proof_of_address']) {
    const form = await new Response(new URLSearchParams({ kind })).formData();
    form.append('file', await pictureFile(`${kind}.png`));
    await testApi(token).call('uploadDocument', { form: form as FormData });
  }
  const { user } = await testApi(token).call('userData');
  await testApi(token).call('sendCheckInCode', { params: { id: bookingId } });
  const { messages } = await ownerApi().call('ownerOutbox');
  const subject = messages.find((m) => m.recipient === user.email && m.subject.startsWith('Your check-in code'))?.subject ?? '';
  const code = /(\d{6})/.exec(subject)?.[1] ?? '';
  await testApi(token).call('completeCheckIn', { params: { id: bookingId }, body: { pickupTime: '12:00', code, signature: SIGNATURE_PNG() } });
}

const ADDRESS = '21 Ackee Close, Waterford, Portmore';

/** The agreement as the customer reads it before signing. */
async function showAgreement(again = false) {
  await userEvent.click(screen.getByRole('button', { name: again ? 'Show the agreement again' : 'Show the agreement' }));
  return screen.findByRole('article', { name: 'Rental agreement' }, SLOW);
}

/** Everything but the licence, filled as staff would at the car, the agreement shown and both signatures. */
async function fillReadingsToSignatures(name: string) {
  await userEvent.type(screen.getByLabelText(`${name}'s address`), ADDRESS);
  const odometer = screen.getByLabelText('Odometer (km)');
  await userEvent.clear(odometer);
  await userEvent.type(odometer, '12345');
  await userEvent.click(screen.getByRole('radio', { name: '6/8 of a tank' }));
  await userEvent.click(screen.getByRole('checkbox', { name: /there is no damage other than what I mark below/ }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Spare tyre' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Jack' }));
  await userEvent.type(screen.getByLabelText('Anything else handed over'), 'Umbrella');
  // The balance paid at the counter, by bank deposit; the security deposit in cash.
  const payment = screen.getByRole('region', { name: 'Payment' });
  await userEvent.click(within(payment).getByRole('radio', { name: 'Paid now' }));
  await userEvent.click(within(payment).getByRole('radio', { name: 'Bank deposit' }));
  await userEvent.type(within(payment).getByLabelText(/^Payment reference/), 'NCB 7781');
  await userEvent.click(within(screen.getByRole('region', { name: 'Security deposit taken' })).getByRole('radio', { name: 'Cash' }));
  // No pad before the customer has read the agreement.
  expect(screen.queryByRole('button', { name: `Sign as ${name}'s signature` })).not.toBeInTheDocument();
  await showAgreement();
  await userEvent.click(screen.getByRole('button', { name: `Sign as ${name}'s signature` }));
  await userEvent.click(screen.getByRole('button', { name: 'Sign as Staff signature' }));
}

describe('the check-out page', { timeout: 60_000 }, () => {
  let restoreFormData: () => void = () => {};
  beforeAll(async () => {
    // The damage photo is a Node file in a Node form, as the server's fetch can read it.
    restoreFormData = await useNodeFormData();
  });
  afterAll(() => restoreFormData());

  it('hands over the keys of a confirmed booking of today: the licence checked, a damage with its photo, the deposit, both signatures', async () => {
    const { name, booking } = await bookingToHandOver();
    renderCheckOut(booking._id);

    expect(await screen.findByRole('heading', { name: `Check-out ${booking.reference}`, level: 1 }, SLOW)).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'The booking' });
    expect(within(facts).getByText(name)).toBeInTheDocument();
    expect(within(facts).getByRole('link', { name: '876 555 0142' })).toHaveAttribute('href', 'tel:876 555 0142');
    expect(within(facts).getByText('Not paid yet')).toBeInTheDocument();
    expect(within(facts).getByText('Balance to pay').nextElementSibling).toHaveTextContent(String(booking.price.toLocaleString('en-US')));

    // Nothing filled: the page says what is missing and sends nothing.
    await userEvent.click(handOver());
    const missing = await screen.findByRole('alert');
    expect(missing).toHaveTextContent("Type the licence number from the customer's card.");
    expect(missing).toHaveTextContent('Have the customer sign.');
    expect(missing).toHaveTextContent('Take the payment of the balance, or choose pay at return.');

    // The licence: a wrong number is pointed out; the right one typed another way matches.
    const licence = screen.getByLabelText(`Licence number on ${name}'s card`);
    await userEvent.type(licence, 'JM 4471 221');
    expect(screen.getByText(/does not match the licence number/)).toBeInTheDocument();
    await userEvent.clear(licence);
    await userEvent.type(licence, 'jm-4471220');
    expect(screen.getByText("Matches the customer's driver details.")).toBeInTheDocument();

    // The deposit is prefilled from the booking's quote.
    expect(screen.getByLabelText(/^Security deposit taken/)).toHaveValue(String(booking.quote?.securityDeposit));

    // A new damage at the front, photographed: the front of the car, then a pin in its middle (as a keyboard places it).
    await userEvent.click(screen.getByRole('button', { name: 'Front' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark a damage: front' }));
    expect(screen.getByRole('button', { name: 'Damage 1, new: not described yet (front)' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('What is the damage (front)?'), 'Scratch on the bumper');
    await userEvent.upload(screen.getByLabelText('Take a photo (front)'), await pictureFile('bumper.png'));
    expect(await screen.findByRole('img', { name: 'New damage 1, front' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));

    // A damage marked by mistake is taken away again.
    await userEvent.click(screen.getByRole('button', { name: 'Top' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark a damage: top' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove new damage 2 (roof)' }));
    expect(screen.queryByLabelText('What is the damage (roof)?')).not.toBeInTheDocument();

    await fillReadingsToSignatures(name);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    // The agreement read before signing holds what the PDF prints: the renter, the licence, the money paid now.
    const agreement = screen.getByRole('article', { name: 'Rental agreement' });
    expect(agreement).toHaveTextContent(ADDRESS);
    expect(agreement).toHaveTextContent('Date of birth3 May 1990');
    expect(agreement).toHaveTextContent('JM 4471 220, issued in Jamaica, expires 1 Jun 2034');
    expect(agreement).toHaveTextContent(/Payment by bank deposit \(NCB 7781\)/);
    expect(agreement).toHaveTextContent('Nothing more to pay');
    expect(agreement).toHaveTextContent('Scratch on the bumper (new)');
    expect(agreement).toHaveTextContent('Damage waiverDeclined');

    // A signature cleared is asked for again, and only it.
    await userEvent.click(screen.getByRole('button', { name: 'Clear: Staff signature' }));
    await userEvent.click(handOver());
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Before the keys go:Sign as the staff member handing over the keys\.$/);
    await userEvent.click(screen.getByRole('button', { name: 'Sign as Staff signature' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    await userEvent.click(handOver());

    expect(await screen.findByText(COUNTER_MESSAGES.checkedOut, {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Open the rental agreement (PDF)' }, SLOW)).toHaveAttribute('href', expect.stringMatching(/^blob:/));
    expect(screen.getByRole('link', { name: 'Back to the desk' })).toHaveAttribute('href', '/owner/desk');

    // What the server kept: the readings, the items, the deposit, the damage with its photo.
    const { booking: after } = await ownerApi().call('counterBooking', { params: { id: booking._id } });
    expect(after.status).toBe('on_rent');
    // The balance was recorded with the keys: nothing is owing now.
    expect(after.balance).toBe(0);
    expect(after.paymentStatus).toBe('paid');
    expect(after.counter.checkOut).toMatchObject({
      odometerKm: 12_345,
      fuelEighths: 6,
      items: ['Spare tyre', 'Jack', 'Umbrella'],
      deposit: { amount: booking.quote?.securityDeposit, method: 'cash', reference: '' },
    });
    expect(after.counter.checkOut?.damages).toMatchObject([
      { zone: 'front', view: 'front', x: 0.5, y: 0.5, foundStage: 'check_out', description: 'Scratch on the bumper', photo: expect.any(String) },
    ]);
  });

  it("keeps everything filled in and shows the server's words when someone else handed the keys over first", async () => {
    const { name, booking } = await bookingToHandOver();
    renderCheckOut(booking._id);
    await userEvent.type(await screen.findByLabelText(`Licence number on ${name}'s card`, {}, SLOW), LICENCE);
    await fillReadingsToSignatures(name);

    // Another member of staff, on another phone, at the same moment.
    const form = await new Response(
      new URLSearchParams({
        data: JSON.stringify({
          licenceNumber: LICENCE,
          renterAddress: ADDRESS,
          odometerKm: 100,
          fuelEighths: 8,
          existingDamagesConfirmed: true,
          deposit: { amount: 0, method: 'card' },
          payAtReturn: { reason: 'Paid at return' },
          signature: SIGNATURE_PNG(),
        }),
      }),
    ).formData();
    await ownerApi().call('checkOut', { params: { id: booking._id }, form });

    await userEvent.click(handOver());
    expect(await screen.findByText(COUNTER_MESSAGES.alreadyCheckedOut, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('Odometer (km)')).toHaveValue('12345');
    expect(screen.getByRole('radio', { name: '6/8 of a tank' })).toBeChecked();
    expect(screen.getByLabelText('Anything else handed over')).toHaveValue('Umbrella');
    expect(handOver()).toBeEnabled();
  });

  it('lets an owner hand over the keys with the balance to pay at return, saying why', async () => {
    const { name, booking } = await bookingToHandOver();
    renderCheckOut(booking._id);
    await userEvent.type(await screen.findByLabelText(`Licence number on ${name}'s card`, {}, SLOW), LICENCE);
    await fillReadingsToSignatures(name);
    const payment = screen.getByRole('region', { name: 'Payment' });
    await userEvent.click(within(payment).getByRole('radio', { name: 'Pay at return' }));
    expect(within(payment).queryByRole('radio', { name: 'Bank deposit' })).not.toBeInTheDocument();
    await userEvent.click(handOver());
    // The agreement shown said the balance was paid: it must be shown again, and the pads wait for it.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Before the keys go:Give the reason the customer may pay at return\.Show the customer the rental agreement before they sign\.$/,
    );
    expect(screen.queryByRole('button', { name: 'Sign as Staff signature' })).not.toBeInTheDocument();
    await userEvent.type(within(payment).getByLabelText('Why the customer may pay at return'), 'Corporate account, invoiced monthly');
    const agreement = await showAgreement(true);
    expect(agreement).toHaveTextContent('To pay at return');
    expect(agreement).toHaveTextContent('Corporate account, invoiced monthly');
    expect(agreement).toHaveTextContent('Nothing paid yet.');
    await userEvent.click(handOver());

    expect(await screen.findByText(COUNTER_MESSAGES.checkedOut, {}, SLOW)).toBeInTheDocument();
    const { booking: after } = await ownerApi().call('counterBooking', { params: { id: booking._id } });
    expect(after.status).toBe('on_rent');
    expect(after.balance).toBe(booking.price);
    expect(after.counter.checkOut?.payAtReturn).toBe('Corporate account, invoiced monthly');
  });

  it('asks a booking checked in online only for the car, the keys, the deposit and the staff signature, then shows On rent', async () => {
    const { name, booking, token } = await bookingToHandOver();
    await checkInOnline(token, booking._id);
    renderCheckOut(booking._id);

    expect(await screen.findByText(/^Checked in online at /, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByLabelText(`Licence number on ${name}'s card`)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show the agreement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Sign as ${name}'s signature` })).not.toBeInTheDocument();

    await userEvent.click(handOver());
    const missing = await screen.findByRole('alert');
    expect(missing).toHaveTextContent('Tick the keys as handed over.');
    expect(missing).toHaveTextContent('Sign as the staff member handing over the keys.');
    expect(missing).not.toHaveTextContent('licence');

    await userEvent.type(screen.getByLabelText('Odometer (km)'), '12345');
    await userEvent.click(screen.getByRole('radio', { name: '6/8 of a tank' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /there is no damage other than what I mark below/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: `Keys handed over to ${name}` }));
    const payment = screen.getByRole('region', { name: 'Payment' });
    await userEvent.click(within(payment).getByRole('radio', { name: 'Paid now' }));
    await userEvent.click(within(payment).getByRole('radio', { name: 'Cash' }));
    await userEvent.click(within(screen.getByRole('region', { name: 'Security deposit taken' })).getByRole('radio', { name: 'Card' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign as Staff signature' }));
    await userEvent.click(handOver());

    expect(await screen.findByText('On rent', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Condition at handover (PDF)' }, SLOW)).toHaveAttribute('href', expect.stringMatching(/^blob:/));
  });

  it('shows why a booking cannot be checked out, in words, and no form', async () => {
    const { booking } = await bookingToHandOver({ approved: false });
    renderCheckOut(booking._id);
    expect(await screen.findByText(COUNTER_MESSAGES.driverNotApproved, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Check-out' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hand over the keys' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the desk' })).toHaveAttribute('href', '/owner/desk');
  });

  it("takes a walk-in's licence at the desk: the rules said before saving, then saved, approved there, and the form appears", async () => {
    const name = `${uniqueWord('Desmond')} Walkin`;
    const car = await addCar({ brand: uniqueWord('Walkin'), model: 'Yaris' });
    const { booking } = await ownerApi().call('staffBooking', {
      body: {
        customer: { name, phone: '876 555 0199' },
        car: car._id,
        pickupDate: TODAY,
        returnDate: addDays(TODAY, 2),
        paymentMethod: 'upfront',
        status: 'confirmed',
      },
    });
    renderCheckOut(booking._id);
    expect(await screen.findByText(COUNTER_MESSAGES.driverNotApproved, {}, SLOW)).toBeInTheDocument();
    const licence = await screen.findByRole('form', { name: 'Driving licence' }, SLOW);
    await userEvent.type(within(licence).getByLabelText('Licence number'), LICENCE);
    await userEvent.type(within(licence).getByLabelText('Issuing country'), 'Jamaica');
    fireEvent.change(within(licence).getByLabelText('Licence issue date'), { target: { value: '2016-02-01' } });
    fireEvent.change(within(licence).getByLabelText('Licence expiry date'), { target: { value: '2034-02-01' } });
    // 20 years old on the pickup day: the company's rule (23) is said at once, and nothing can be saved.
    fireEvent.change(within(licence).getByLabelText('Date of birth'), { target: { value: addDays(TODAY, -20 * 366) } });
    expect(within(licence).getByRole('alert')).toHaveTextContent(`${name} must be 23 or older on the pickup day`);
    expect(within(licence).getByRole('button', { name: 'Save the licence' })).toBeDisabled();

    fireEvent.change(within(licence).getByLabelText('Date of birth'), { target: { value: '1988-04-12' } });
    await userEvent.click(within(licence).getByRole('button', { name: 'Save the licence' }));
    await userEvent.click(await screen.findByRole('button', { name: `Approve ${name} as a driver` }, SLOW));
    expect(await screen.findByRole('form', { name: 'Check-out' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(COUNTER_MESSAGES.driverNotApproved)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add another driver' })).toBeInTheDocument();
  });
});
